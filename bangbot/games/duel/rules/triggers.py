"""What happens by itself after a change: a hurt or dead character's abilities, a new attacker, a robbed player."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bangbot.core import rng
from bangbot.core.events import Event
from bangbot.games.duel.rules.abilities import loot_request
from bangbot.games.duel.rules.data import CHARACTER, type_id
from bangbot.games.duel.rules.hits import dodged, start_hit
from bangbot.games.duel.rules.renegade_effects import after_swap, hick_draws, marshal_enters
from bangbot.games.duel.rules.renegades import HICK_ADDAMS, IGNORES_EQUIPMENT
from bangbot.games.duel.rules.requests import (
    LOOTS_THE_DEAD,
    BecameAttacker,
    Died,
    Dodged,
    DuelRequest,
    Entered,
    Hurt,
    Out,
    Replace,
    ResourceIn,
    Robbed,
    ShootBack,
)
from bangbot.games.duel.rules.resources import resource_in
from bangbot.games.duel.rules.state import DuelState, seat_of
from bangbot.games.duel.rules.table import (
    DEATH_DRAW,
    Events,
    ability,
    attacker_slot,
    cover_slot,
    draw,
    enter_play,
    has_active,
    opponents,
    own_target,
    remove_dead,
)

Requests = list[DuelRequest]


def hurt(state: DuelState, r: Hurt, events: Events) -> Requests:
    """A character lost life to someone: Pinkerton hits back, the Lone Ranger draws, Slim Poet makes them discard."""
    slot, by = r.slot, r.by
    seat = seat_of(slot)
    out: Requests = []
    if by is None or by == seat or not state.squads[by].alive:
        return out
    if r.cause in IGNORES_EQUIPMENT:
        return out  # Sharps ignores the target's ability
    if ability(state, seat, "hurt_hits_back", slot) and by in opponents(state, seat, "hurt_hits_back"):
        target = attacker_slot(state, by)
        if target is not None:
            out += start_hit(state, seat, target, None, events, rider="alan_pinkerton")
    if ability(state, seat, "hurt_draws", slot):
        draw(state, seat, 1, events, reason="hurt_draws")
    if ability(state, seat, "hurt_discards_random", slot) and state.squads[by].hand:
        hand = state.squads[by].hand
        state.rng, pick = rng.below(state.rng, len(hand))
        lost = hand.pop(pick)
        state.discard.append(lost)
        events.append(Event("discarded", {"seat": by, "card": lost, "by": seat}))
        out.append(Robbed(by, seat))
    return out


def died(state: DuelState, r: Died, events: Events) -> Requests:
    """A character died: its cards go, its player draws two, a reserve character steps in (asked when several)."""
    slot = r.slot
    seat = seat_of(slot)
    squad = state.squads[seat]
    position = slot % 2
    dead = state.fighter(slot)
    cards = dead.in_play() if dead is not None else []
    remove_dead(state, slot, events)
    for other in state.alive_seats():
        if ability(state, other, "draws_on_any_death"):
            draw(state, other, 2, events, reason="draws_on_any_death")
    if squad.fighters or squad.reserve:
        draw(state, seat, 2, events, reason=DEATH_DRAW)
    # Bull Anderson takes his pick once the dead character's cards are discarded and its player drew two; a hand
    # card is taken at random (ASSUMPTIONS: bull_anderson_after_draw).
    loots = [q for q in state.alive_seats() if ability(state, q, LOOTS_THE_DEAD)] if squad.fighters else []
    out: Requests = [x for q in loots for x in loot_request(state, q, seat, cards)]
    if len(squad.reserve) == 1:
        enter_play(state, seat, squad.reserve[0], position, events)
        return [*out, Entered(seat, position)]
    if squad.reserve:
        return [*out, Replace(seat, position, tuple(squad.reserve))]
    if not squad.fighters:
        return [Out(seat, r.by)]
    # The marker moves to the survivor: its own player moves it.
    return [*out, BecameAttacker(seat, seat)] if position == 0 else out


def entered(state: DuelState, r: Entered, events: Events) -> Requests:
    """A reserve character came into play: the Marshal draws; as the attacker, the attacker changed."""
    squad = state.squads[r.seat]
    new = squad.fighters[min(r.position, len(squad.fighters) - 1)] if squad.fighters else None
    out = marshal_enters(state, r.seat, new.character) if new is not None else []
    return out + ([BecameAttacker(r.seat, r.seat)] if r.position == 0 else [])


def became_attacker(state: DuelState, r: BecameAttacker, events: Events) -> Requests:
    """A player's attacker changed: Jango and Pocket Watch draw, Tom Horn and Partner hit."""
    seat = r.seat
    out: Requests = []
    if not state.squads[seat].alive:
        return out
    # Jango and the Pocket Watch draw when the opponent moves its own marker (its swap, Panic, its own card,
    # a new attacker after a death), not when this player moved it for them (ASSUMPTIONS: marker_moves).
    if r.by == seat:
        _marker_draws(state, seat, events)
    out += _entry_hits(state, seat, events)
    if r.swap:
        out += after_swap(state, r, events)
    return out


def _marker_draws(state: DuelState, seat: int, events: Events) -> None:
    """Jango and the Pocket Watch of seat's opponents draw a card: seat moved its own attacker marker."""
    for other in state.alive_seats():
        if other == seat:
            continue
        if ability(state, other, "draws_when_attacker_moves") and seat in opponents(
            state, other, "draws_when_attacker_moves"
        ):
            draw(state, other, 1, events, reason="draws_when_attacker_moves")
        if has_active(state, other, "watch") is not None and seat in opponents(state, other, "watch"):
            draw(state, other, 1, events, reason="watch")


def _entry_hits(state: DuelState, seat: int, events: Events) -> Requests:
    """Returns the hits of seat's new attacker: Tom Horn at each opponent's cover, a Partner at each attacker."""
    out: Requests = []
    new = state.squads[seat].fighters[0]
    # The lineup puts the first attacker in play without this trigger (ASSUMPTIONS: tom_horn_lineup).
    if CHARACTER[new.character].ability == "enters_hits_cover":
        for other in opponents(state, seat, "enters_hits_cover"):
            cover = cover_slot(state, other)
            if cover is not None:
                out += start_hit(state, seat, cover, None, events, rider="tom_horn")
    if any(type_id(c) == "partner" for c in new.equipment):
        # Partner: the opponent's attacker is the target of a Derringer-like hit (any hand card dodges it).
        for other in opponents(state, seat, "partner"):
            target = attacker_slot(state, other)
            if target is not None:
                out += start_hit(state, seat, target, None, events, rider="partner")
    return out


def robbed(state: DuelState, r: Robbed, events: Events) -> Requests:
    """Someone stole or discarded a player's cards: Wild Bill hits back, Hick Addams draws."""
    seat, by = r.seat, r.by
    out: Requests = []
    if seat == by or not state.squads[seat].alive or not state.squads[by].alive:
        return out
    if ability(state, seat, "robbed_hits_back"):
        target = attacker_slot(state, by)
        if target is not None:
            out += start_hit(state, seat, target, None, events, rider="wild_bill")
    if hick_draws(state, r):
        draw(state, seat, 1, events, reason=HICK_ADDAMS)
    return out


def out_of_game(state: DuelState, r: Out, events: Events) -> Requests:
    """A player's last character died: the game ends (the standoff: whoever had that player as the target wins)."""
    seat = r.seat
    events.append(Event("squad_out", {"seat": seat}))
    if len(state.squads) == 3:
        winner = next(s for s in range(3) if own_target(state, s) == seat)
        state.winner = state.squads[winner].side
    else:
        state.winner = state.squads[1 - seat].side
    events.append(Event("game_over", {"winner": state.winner}))
    return []


def shoot_back(state: DuelState, r: ShootBack, events: Events) -> Requests:
    """Kid Curry's check showed a barrel: he dodges and his hit goes at the shooter's attacker."""
    target = attacker_slot(state, r.at)
    return start_hit(state, r.by, target, None, events, rider="kid_curry") if target is not None else []


# How each request that resolves by itself applies, by its type.
AUTOMATIC: dict[type, Callable[[DuelState, Any, Events], Requests]] = {
    Hurt: hurt,
    Died: died,
    Entered: entered,
    BecameAttacker: became_attacker,
    Robbed: robbed,
    Out: out_of_game,
    ShootBack: shoot_back,
    Dodged: dodged,
    ResourceIn: resource_in,
}
