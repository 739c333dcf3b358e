"""A hit on a character: Barrel and Kid Curry's checks, the dodge request, and what happens when it lands or not."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from bangbot.core.events import Event
from bangbot.games.duel.rules.data import BANG, BARREL, CARDS, type_id
from bangbot.games.duel.rules.renegades import IGNORES_EQUIPMENT, MISSED_ONLY, spurs_protect
from bangbot.games.duel.rules.requests import Choice, DiscardOne, Dodge, Dodged, DuelRequest, ShootBack
from bangbot.games.duel.rules.state import DuelState, seat_of
from bangbot.games.duel.rules.table import (
    Events,
    ability,
    check,
    check_shows,
    draw,
    fighter,
    has_active,
    heal,
    lose_life,
    opponents,
)

__all__ = ["IGNORES_EQUIPMENT", "MISSED_ONLY", "dodged", "dodged_of", "landed", "start_hit"]

Requests = list[DuelRequest]


def start_hit(
    state: DuelState, by: int, slot: int, card: int | None, events: Events, rider: str = "", need: int = 1
) -> Requests:
    """Aims a hit at a slot; returns the requests that follow (a dodge question, or the hit's outcome)."""
    name = rider or (type_id(card) if card is not None else "")
    if name not in IGNORES_EQUIPMENT and spurs_protect(state, slot):
        # Spurs: with an empty hand this character cannot be the target of any hit (the lost symbol read as
        # BANG!'s: every hit; Sharps ignores them; ASSUMPTIONS: spurs_every_hit).
        shielded = state.fighter(slot)
        events.append(Event("spurs", {"slot": slot, "by": by, "character": shielded.character if shielded else ""}))
        return []
    seat = seat_of(slot)
    char = state.fighter(slot)
    hit = Dodge(seat, slot, char.character if char else "", by, card, name, need)
    events.append(Event("hit", {"by": by, "slot": slot, "card": card, "rider": name, "character": hit.char}))
    return _checks(state, hit, events)


def _checks(state: DuelState, hit: Dodge, events: Events) -> Requests:
    """Draws the target's Barrel and Kid Curry checks against a hit; returns its dodge question or what they decided."""
    by, seat, slot, name = hit.by, hit.seat, hit.slot, hit.rider
    bare = name in IGNORES_EQUIPMENT or name in MISSED_ONLY
    barrel = not bare and has_active(state, seat, "barrel", slot) is not None
    if barrel and check_shows(check(state, seat, events, "barrel"), BARREL):
        hit = replace(hit, need=hit.need - 1)
        if hit.need <= 0:
            return [dodged_of(hit)]
    # Kid Curry is on rulebook 002's "соперник" list: in the standoff only his own target's hits make him check.
    curry = not bare and ability(state, seat, "check_dodges_and_shoots", slot)
    curry = curry and by in opponents(state, seat, "check_dodges_and_shoots")
    if curry and check_shows(check(state, seat, events, "kid_curry", deck_of=by), BARREL):
        return [dodged_of(hit), ShootBack(seat, by)]
    return [hit]


def dodged_of(hit: Dodge) -> Dodged:
    """Returns the outcome of a hit that is dodged."""
    return Dodged(hit.seat, hit.slot, hit.char, hit.by, hit.card, hit.rider)


def landed(state: DuelState, hit: Dodge, events: Events) -> Requests:
    """Applies a hit that was not dodged: one life, two for Spencer on 4 or more; returns the triggers."""
    slot = hit.slot
    amount = 2 if hit.rider == "spencer" and fighter(state, slot).life >= 4 else 1
    if hit.rider == "grapeshot":
        return _grapeshot(state, hit, events)
    return lose_life(state, slot, amount, hit.by, events, hit.rider)


def _grapeshot(state: DuelState, hit: Dodge, events: Events) -> Requests:
    """Grapeshot that lands: the target player's attacking and covering characters lose one life each."""
    seat = hit.seat
    out: Requests = []
    for position in range(len(state.squads[seat].fighters) - 1, -1, -1):
        out += lose_life(state, seat * 2 + position, 1, hit.by, events, "grapeshot")
    return out


def dodged(state: DuelState, hit: Dodged, events: Events) -> Requests:
    """Applies what a dodged hit still does (the card's rider, Wyatt Earp's draw); returns follow-up requests."""
    by, seat, rider = hit.by, hit.seat, hit.rider
    events.append(Event("dodged", {"slot": hit.slot, "by": by, "rider": rider, "character": hit.char}))
    out: Requests = []
    # Wyatt Earp is on the "соперник" list too: in the standoff he draws only when his own target dodges.
    if ability(state, by, "dodged_draws") and seat in opponents(state, by, "dodged_draws"):
        draw(state, by, 1, events, reason="dodged_draws")
    if ability(state, by, "dodge_costs_card") and is_bang_hit(hit) and state.squads[seat].hand:
        out.append(DiscardOne(seat, "tex_killer", by))
    follow = DODGED_RIDERS.get(rider)
    if follow is not None:
        out += follow(state, hit, events)
    return out


def _carbine_dodged(state: DuelState, hit: Dodged, events: Events) -> Requests:
    """Carbine: its player may discard a card in play on an attacking character."""
    return [Choice(hit.by, "carbine", _attacker_cards(state))]


def _peacemaker_dodged(state: DuelState, hit: Dodged, events: Events) -> Requests:
    """Peacemaker: the target discards a card from the hand, if any."""
    seat = hit.seat
    if not state.squads[seat].hand:
        return []
    return [DiscardOne(seat, "peacemaker", hit.by)]


def _remington_dodged(state: DuelState, hit: Dodged, events: Events) -> Requests:
    """Remington: its player draws a card."""
    draw(state, hit.by, 1, events, reason=hit.rider)
    return []


def _schofield_dodged(state: DuelState, hit: Dodged, events: Events) -> Requests:
    """Schofield: its player's attacker regains a life."""
    by = hit.by
    if state.squads[by].fighters:
        heal(state, by * 2, 1, events)
    return []


def _shotgun_dodged(state: DuelState, hit: Dodged, events: Events) -> Requests:
    """Shotgun: its player may swap the attacker and cover of a player who has both."""
    options = ("none", *(str(s) for s in state.alive_seats() if len(state.squads[s].fighters) > 1))
    return [Choice(hit.by, "shotgun", options)]


def _walker_dodged(state: DuelState, hit: Dodged, events: Events) -> Requests:
    """Walker: the card goes back from the discard pile to its player's hand."""
    by, card = hit.by, hit.card
    if card is not None and card in state.discard:
        state.discard.remove(card)
        state.squads[by].hand.append(card)
        events.append(Event("returned", {"seat": by, "card": card}))
    return []


def _double_barrel_dodged(state: DuelState, hit: Dodged, events: Events) -> Requests:
    """Double Barrel: the opponent's other character becomes a target too (the cover after the attacker, or back)."""
    if len(state.squads[hit.seat].fighters) < 2:
        return []
    return start_hit(state, hit.by, hit.slot ^ 1, None, events, rider="double_barrel_second")


# What a dodged hit's card still does, by its rider.
DODGED_RIDERS: dict[str, Callable[[DuelState, Dodged, Events], Requests]] = {
    "carbine": _carbine_dodged,
    "peacemaker": _peacemaker_dodged,
    "remington": _remington_dodged,
    "schofield": _schofield_dodged,
    "shotgun": _shotgun_dodged,
    "walker": _walker_dodged,
    "double_barrel": _double_barrel_dodged,
}


def is_bang_hit(hit: Dodged) -> bool:
    """Returns whether a hit comes from a BANG! card (red, or a card played as a Colt), not a Knife or an ability."""
    card = hit.card
    return card is not None and (CARDS[card].type.frame == BANG or hit.rider == "colt")


def _attacker_cards(state: DuelState) -> tuple[str, ...]:
    """Returns "none" and every card in play on an attacking character, as options."""
    out = ["none"]
    for squad in state.squads:
        if squad.fighters:
            out += [str(c) for c in squad.fighters[0].in_play()]
    return tuple(out)
