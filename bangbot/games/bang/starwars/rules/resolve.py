"""BANG! Star Wars' own decisions carried out, and its hooks into base BANG!'s resolution: fate, repeat, rebound."""

from __future__ import annotations

from typing import Any

from bangbot.core.events import Event
from bangbot.games.bang.rules.abilities import HEALS_WHEN_OTHERS_DRINK, REPEATS_A_BROWN_EFFECT
from bangbot.games.bang.rules.actions import Action, Answer, Pick, Play
from bangbot.games.bang.rules.cards import BANG, BEER, CAT_BALOU, MISSED, NEW_HOPE, PANIC
from bangbot.games.bang.rules.effects import Events, attack, chosen_take, discard_from_hand, heal, missed_needed
from bangbot.games.bang.rules.legal import request_of
from bangbot.games.bang.rules.requests import Dying, Respond
from bangbot.games.bang.rules.resolve import (
    BROWN_EFFECTS,
    brown_effect,
    dodge_once,
    drink_while_dying,
    replace_request,
)
from bangbot.games.bang.rules.state import CARD_KIND, GameState
from bangbot.games.bang.rules.variants import BrownEffect, Resolver
from bangbot.games.bang.starwars.rules.actions import Fate
from bangbot.games.bang.starwars.rules.data import FATE_BARRAGE, FATE_DISCARD_ALL, FATE_ENERGY, FATE_STEAL
from bangbot.games.bang.starwars.rules.fate import apply_fate, fate_of, has_cards
from bangbot.games.bang.starwars.rules.flow import COMPACTOR_FIRST_PHASE, HOPE_FIRST_PHASE
from bangbot.games.bang.starwars.rules.requests import FateHeal, FateOrder, FateTake, FirstCheck, Rebound, Repeat


def play_brown(state: GameState, ev: Events, seat: int, action: Play) -> None:
    """Carries out a brown card just played: at low energy its fate effect too, in the order the player picks.

    A BANG! whose fate effect is the barrage hits every other player instead of its target.
    """
    c, t = action.card, action.target
    p = state.players[seat]
    effect = fate_of(state, seat, c) if CARD_KIND[c] != MISSED else None  # a Missed! played as a BANG! has no fate
    if effect == FATE_BARRAGE:  # instead of the shot, a hit on every other player
        state.bangs_played += 1
        ev.append(Event("fate", {"seat": seat, "card": c, "effect": effect, "life": p.life}))
        for other in state.others_in_order(seat):
            attack(state, ev, other, seat, BANG, missed_needed(p, BANG))
    elif effect is not None:
        state.requests.append(FateOrder(seat, c, effect, t, action.target_card))
    else:
        brown_effect(state, ev, seat, c, t, action.target_card)
        offer_repeat(state, seat, c, t)


def answered(state: GameState, ev: Events, r: Any, card: int) -> bool:
    """After a Missed! against a shot or a Bacta while dying: «Проворный» is asked (Bacta), and at low energy the
    answer's effect waits for the order of it and its fate effect; returns whether it waits."""
    if isinstance(r, Respond):
        effect = fate_of(state, r.seat, card) if CARD_KIND[card] == MISSED else None
        if effect is None:
            return False
        ask_fate_order(state, r, FateOrder(r.seat, card, effect, r.attacker, answering=True))
        return True
    assert isinstance(r, Dying)
    effect = fate_of(state, r.seat, card)
    offer_rebounds(state, r.seat)
    if effect is None:
        return False
    ask_fate_order(state, r, FateOrder(r.seat, card, effect, None, answering=True))
    return True


def _bacta(state: GameState, ev: Events, seat: int, c: int, t: int | None, which: int | None, held: bool) -> None:
    """A Bacta: the base game's Beer; then every other «Проворный» who could use it is asked."""
    BROWN_EFFECTS[BEER](state, ev, seat, c, t, which, held)
    offer_rebounds(state, seat)


# The base game's brown effects, Bacta answered by «Проворный».
SW_BROWN_EFFECTS: dict[str, BrownEffect] = {**BROWN_EFFECTS, BEER: _bacta}


def resolve_first_check(state: GameState, ev: Events, r: FirstCheck, action: Action) -> None:
    """The player chooses which check comes first: New Hope's or the Compactor's."""
    assert isinstance(action, Pick)
    replace_request(state, r, None)
    state.phase = HOPE_FIRST_PHASE if CARD_KIND[action.card] == NEW_HOPE else COMPACTOR_FIRST_PHASE
    ev.append(Event("first_check", {"seat": r.seat, "card": action.card}))


def resolve_rebound(state: GameState, ev: Events, r: Rebound, action: Action) -> None:
    """«Проворный» discards a card to regain 1 life after another's Bacta, or declines."""
    replace_request(state, r, None)
    if isinstance(action, Answer):
        discard_from_hand(state, r.seat, action.card)
        heal(state, r.seat, 1)
        ev.append(Event("rebound", {"seat": r.seat, "card": action.card, "life": state.players[r.seat].life}))


def resolve_fate_choice(state: GameState, ev: Events, r: FateOrder, action: Action) -> None:
    """The player chooses whether a card's fate effect or its own comes first."""
    assert isinstance(action, Fate)
    replace_request(state, r, None)
    resolve_fate_order(state, ev, r, action.first)


def resolve_fate_take(state: GameState, ev: Events, r: FateTake, action: Action) -> None:
    """A fate effect's card is chosen from the target (taken or discarded), or none when declined."""
    replace_request(state, r, None)
    if isinstance(action, Play):
        assert action.target_card is not None
        reason = r.reason or (FATE_STEAL if r.steal else FATE_DISCARD_ALL)
        chosen_take(state, ev, r.seat, r.target, action.target_card, r.steal, reason)


def resolve_fate_heal(state: GameState, ev: Events, r: FateHeal, action: Action) -> None:
    """A fate effect heals the chosen player by 1, or no one when declined."""
    replace_request(state, r, None)
    if not isinstance(action, Play) or action.target is None:
        return
    heal(state, action.target, 1)
    ev.append(Event("fate_heal", {"seat": r.seat, "target": action.target, "life": state.players[action.target].life}))


def resolve_repeat_offer(state: GameState, ev: Events, r: Repeat, action: Action) -> None:
    """«Закалённый» answers the offer to apply a brown card again (resolve_repeat)."""
    replace_request(state, r, None)
    resolve_repeat(state, ev, r, action)


def resolve_fate_order(state: GameState, ev: Events, r: FateOrder, fate_first: bool) -> None:
    """Applies a low-energy card's fate effect and its own in the chosen order; reactions to either wait for both.

    Own effect first: the fate effect still applies only if the player is still at low energy (Bacta lifting
    2 energy to 3 cancels it).
    """
    seat = r.seat
    if r.answering:
        answer_effect(state, ev, r, fate_first)
        return
    if fate_first:
        apply_fate(state, ev, seat, r.card, r.effect, r.target)
        brown_effect(state, ev, seat, r.card, r.target, r.target_card)
        offer_repeat(state, seat, r.card, r.target)
        return
    before = len(state.requests)
    brown_effect(state, ev, seat, r.card, r.target, r.target_card, held=True)
    reactions = state.requests[before:]
    del state.requests[before:]
    if state.players[seat].life <= FATE_ENERGY:
        apply_fate(state, ev, seat, r.card, r.effect, r.target)
    else:
        ev.append(Event("fate_cancelled", {"seat": seat, "card": r.card}))
    state.requests.extend(reactions)
    offer_repeat(state, seat, r.card, r.target)


def answer_effect(state: GameState, ev: Events, r: FateOrder, fate_first: bool) -> None:
    """Applies an answer's own effect (dodge the shot, or one rescue) and its fate effect, in the chosen order."""
    answered = request_of(state, r.seat)
    if fate_first:
        apply_fate(state, ev, r.seat, r.card, r.effect, r.target)
    if isinstance(answered, Respond):
        dodge_once(state, ev, answered)
    elif isinstance(answered, Dying):
        drink_while_dying(state, ev, answered)
    if not fate_first:
        apply_fate(state, ev, r.seat, r.card, r.effect, r.target)


def offer_rebounds(state: GameState, drinker: int) -> None:
    """After a Bacta (Beer) played by drinker, asks every other «Проворный» who could use it."""
    for q in state.players:
        if (
            q.seat != drinker
            and q.alive
            and q.hand
            and q.life < q.max_life
            and (HEALS_WHEN_OTHERS_DRINK in q.abilities)
        ):
            state.requests.append(Rebound(q.seat))


REPEAT = "repeat"  # the once-a-turn mark of «Закалённый»


def offer_repeat(state: GameState, seat: int, card: int, target: int | None) -> None:
    """After «Закалённый» played a brown card in his turn, offers to apply it again for a discarded BANG!."""
    p = state.players[seat]
    may = (REPEATS_A_BROWN_EFFECT in p.abilities) and REPEAT not in state.used and seat == state.turn and p.alive
    if may and any(CARD_KIND[c] == BANG for c in p.hand):
        state.requests.append(Repeat(seat, card, target))


def resolve_repeat(state: GameState, ev: Events, r: Repeat, action: Action) -> None:
    """«Закалённый» discards a BANG!: the card's own effect (never its fate) applies again, at the same target."""
    if not isinstance(action, Answer):
        return
    seat, kind = r.seat, CARD_KIND[r.card]
    discard_from_hand(state, seat, action.card)
    state.used.append(REPEAT)
    ev.append(Event("repeat", {"seat": seat, "card": r.card, "with": action.card}))
    if r.target is not None and not state.players[r.target].alive:
        return
    if kind in (PANIC, CAT_BALOU):
        assert r.target is not None
        if has_cards(state, r.target):
            state.requests.append(FateTake(seat, r.card, r.target, kind == PANIC, kind))
        return
    brown_effect(state, ev, seat, r.card, r.target, None)


def ask_fate_order(state: GameState, r: object, order: FateOrder) -> None:
    """Asks the order of an answer's two effects right before the decision the answer is for."""
    state.requests.insert(next(i for i, q in enumerate(state.requests) if q is r), order)


# How each of BANG! Star Wars' own pending decisions takes its answer.
ANSWERS: dict[type, Resolver] = {
    FirstCheck: resolve_first_check,
    Rebound: resolve_rebound,
    FateOrder: resolve_fate_choice,
    FateTake: resolve_fate_take,
    FateHeal: resolve_fate_heal,
    Repeat: resolve_repeat_offer,
}
