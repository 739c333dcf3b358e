"""Resources (green cards) used from play: discarded, then their effect; Charlie Bassett, Little Leroy, King Fisher."""

from __future__ import annotations

from bangbot.core.events import Event
from bangbot.games.duel.rules.data import HORSESHOE, type_id
from bangbot.games.duel.rules.hits import start_hit
from bangbot.games.duel.rules.renegades import (
    CHARLIE_BASSETT,
    COQUETTE_DELOU,
    KING_FISHER,
    has_ability_at,
    is_fresh,
)
from bangbot.games.duel.rules.requests import LITTLE_LEROY, DuelRequest, GoldPanTwice, LeroyRepeat, ResourceIn
from bangbot.games.duel.rules.state import DuelState
from bangbot.games.duel.rules.table import Events, ability, check, check_shows, discard_card, draw, heal, holder

Requests = list[DuelRequest]
ONCE = "once"  # Little Leroy's Gold Pan used once
# Resources whose effect is a hit (BANG! symbol; Sledge assumed one too: "the other player may react to the hit";
# ASSUMPTIONS: sledge_hit).
HIT_RESOURCES = frozenset({"buffalo", "double_barrel", "grapeshot", "sledge"})
_DRAWS = frozenset({"buffalo", "sledge", "dexterity", "lucky_penny"})


def use_resource(state: DuelState, seat: int, card: int, target: int | None, events: Events) -> Requests:
    """Uses a resource in the player's turn: discarded, then its effect applies (Gold Pan: the other way round)."""
    slot = holder(state, card)
    name = type_id(card)
    if is_fresh(state, card):
        state.used.append(COQUETTE_DELOU)  # Coquette Delou's once-a-turn use of a fresh resource
    events.append(Event("used", {"seat": seat, "card": card, "target": target}))
    if name == "gold_pan":
        if leroy_may(state, seat, slot):
            hand = [str(c) for c in sorted(set(state.squads[seat].hand))]
            return [GoldPanTwice(seat, card, (ONCE, *hand))]
        take_discards(state, seat, 1, events)
        discard_card(state, card)
        return after_use(state, seat, name, None, None, events)
    discard_card(state, card)
    return resource_effect(state, seat, name, target, events, card) + after_use(state, seat, name, slot, target, events)


def take_discards(state: DuelState, seat: int, n: int, events: Events) -> None:
    """Takes the top n cards of the discard pile into seat's hand (Gold Pan)."""
    for _ in range(n):
        if not state.discard:
            return
        taken = state.discard.pop()
        state.squads[seat].hand.append(taken)
        events.append(Event("taken", {"seat": seat, "card": taken, "from": -1}))


def resource_effect(
    state: DuelState, seat: int, name: str, target: int | None, events: Events, card: int | None = None
) -> Requests:
    """Applies a resource's effect once (after it was discarded): draw, heal, take from the discard pile or hit."""
    if name in _DRAWS:
        # drawn at once, before the hit is answered (Buffalo, Sledge, Lucky Penny)
        draw(state, seat, 1, events, reason=name)
    if name == "whisky" and state.squads[seat].fighters:
        # The check symbol was lost from rulebook 002's text: a horseshoe heals 2 (ASSUMPTIONS: whisky_check).
        heal(state, seat * 2, 2 if check_shows(check(state, seat, events, "whisky"), HORSESHOE) else 1, events)
    if name == "gold_pan":
        take_discards(state, seat, 1, events)
    if name in HIT_RESOURCES and target is not None and state.fighter(target) is not None:
        return start_hit(state, seat, target, card, events, rider=name)
    return []


def leroy_may(state: DuelState, seat: int, slot: int | None) -> bool:
    """Returns whether Little Leroy may repeat the resource used from this slot: hers, her ability counting, once."""
    return (
        slot is not None
        and LITTLE_LEROY not in state.used
        and has_ability_at(state, slot, LITTLE_LEROY)
        and ability(state, seat, LITTLE_LEROY, slot)
        and bool(state.squads[seat].hand)
    )


def after_use(state: DuelState, seat: int, name: str, slot: int | None, target: int | None, events: Events) -> Requests:
    """What follows using a resource: Charlie Bassett draws (once a turn), Little Leroy may repeat its effect."""
    if CHARLIE_BASSETT not in state.used and ability(state, seat, CHARLIE_BASSETT):
        state.used.append(CHARLIE_BASSETT)
        draw(state, seat, 1, events, reason=CHARLIE_BASSETT)
    if not leroy_may(state, seat, slot):
        return []
    hand = [str(c) for c in sorted(set(state.squads[seat].hand))]
    return [LeroyRepeat(seat, name, target, ("none", *hand))]


def leroy_repeats(state: DuelState, seat: int, r: LeroyRepeat, option: str, events: Events) -> Requests:
    """Little Leroy discards a hand card to apply the resource's effect once more."""
    discard_card(state, int(option))
    state.used.append(LITTLE_LEROY)
    events.append(Event("ability", {"seat": seat, "ability": LITTLE_LEROY, "card": int(option)}))
    return resource_effect(state, seat, r.name, r.target, events)  # the same target (ASSUMPTIONS: leroy_same_target)


def gold_pan(state: DuelState, seat: int, r: GoldPanTwice, option: str, events: Events) -> Requests:
    """Gold Pan with Little Leroy: once, or the top two discards taken before the Gold Pan and a hand card go."""
    card = r.card
    if option == ONCE:
        take_discards(state, seat, 1, events)
        discard_card(state, card)
        return after_use(state, seat, "gold_pan", None, None, events)
    state.used.append(LITTLE_LEROY)
    events.append(Event("ability", {"seat": seat, "ability": LITTLE_LEROY, "card": int(option)}))
    take_discards(state, seat, 2, events)
    discard_card(state, card)
    discard_card(state, int(option))
    return after_use(state, seat, "gold_pan", None, None, events)


def resource_in(state: DuelState, r: ResourceIn, events: Events) -> Requests:
    """A resource came into play on a character: King Fisher's player draws, the first time that character this turn."""
    f = state.fighter(r.slot)
    key = f"got_resource:{f.character}" if f is not None else ""
    if f is None or key in state.used:
        return []
    state.used.append(key)
    for seat in state.alive_seats():
        if ability(state, seat, KING_FISHER):
            draw(state, seat, 1, events, reason=KING_FISHER)
    return []
