"""The heuristic player's answers to BANG! Star Wars' own decisions: fate, the first check, Nimble's rebound."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bangbot.ai.cardinfo import kind
from bangbot.ai.situation import Situation
from bangbot.ai.turn import DUEL_AT, SHOOT_AT, TAKE_AT, duel_score, take_score, volley_pays
from bangbot.ai.values import card_value, least_valuable
from bangbot.core.actions import HAND, Action, Answer, Fate, Pass, Pick, Play
from bangbot.core.cards import (
    BANG,
    BEER,
    CAT_BALOU,
    DUEL,
    GATLING,
    INDIANS,
    MISSED,
    NEW_HOPE,
    PANIC,
    STAGECOACH,
    WELLS_FARGO,
)
from bangbot.core.starwars import FATE_HEAL_OTHER

REBOUND_AT = 1.5  # a card worth less than this is worth discarding for an energy


def choose_fate_answer(sit: Situation, request: Mapping[str, Any]) -> Action | None:
    """Returns the answer to a Star Wars decision of this seat, or None for a decision of another game."""
    legal = sit.view.legal
    kind_of_request = request.get("type")
    if kind_of_request == "FateOrder":
        return fate_order(sit, str(request["effect"]))
    if kind_of_request in ("FateTake", "FateHeal"):
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return Pass()
        if kind_of_request == "FateTake":  # an enemy's best card; from a friend, the one that hurts least (or a Jail)
            return max(plays, key=lambda a: (take_score(sit, a), sit.tiebreak(a.target or 0), -(a.target_card or 0)))
        return max(plays, key=lambda a: heal_score(sit, a.target or 0))
    if kind_of_request == "FirstCheck":
        hope = [a for a in legal if isinstance(a, Pick) and kind(a.card) == NEW_HOPE]
        return hope[0] if hope else legal[0]  # New Hope first: its energy may outlast the compactor
    if kind_of_request == "Repeat":
        return repeat(sit, int(request["card"]), request.get("target"))
    if kind_of_request == "Rebound":
        cards = [a.card for a in legal if isinstance(a, Answer)]
        if cards:
            cheap = least_valuable(sit, cards, sit.view.hand)
            if card_value(sit, cheap, sit.view.hand) < REBOUND_AT:
                return Answer(cheap)
        return Pass()
    return None


def repeat(sit: Situation, card: int, target: int | None) -> Action:
    """«Закалённый» gives up his cheapest BANG! to apply the card once more only when playing it again would pay."""
    bangs = [a.card for a in sit.view.legal if isinstance(a, Answer)]
    if not bangs or not repeat_pays(sit, card, target):
        return Pass()
    return Answer(least_valuable(sit, bangs, sit.view.hand))


def repeat_pays(sit: Situation, card: int, target: int | None) -> bool:
    """Returns whether card's own effect once more, at the same target, is worth a BANG! from the hand."""
    k = kind(card)
    if k in (GATLING, INDIANS):
        return volley_pays(sit, k == INDIANS)
    if k in (STAGECOACH, WELLS_FARGO, NEW_HOPE):
        return True
    if k == BEER:
        return sit.beer_works() and sit.mine.life < sit.mine.max_life
    if target is None or not sit.view.seats[target].alive:
        return False
    if k in (BANG, MISSED):
        return sit.harm(target) >= SHOOT_AT
    if k == DUEL:
        return duel_score(sit, target) > DUEL_AT
    if k in (PANIC, CAT_BALOU):
        seat = sit.view.seats[target]
        which = [*seat.in_play, *([HAND] if seat.hand_count else [])]
        return any(take_score(sit, Play(card, target, c)) >= TAKE_AT for c in which)
    return False


def fate_order(sit: Situation, effect: str) -> Action:
    """Applies the fate effect first, except Bacta's gift of energy when no friend needs it (healing first cancels)."""
    if effect != FATE_HEAL_OTHER:
        return Fate(True)
    friends = [s.seat for s in sit.view.seats if s.alive and s.seat != sit.me and sit.stance.friend[s.seat] > 0.5]
    needy = [s for s in friends if sit.view.seats[s].life < sit.view.seats[s].max_life]
    return Fate(bool(needy))


def heal_score(sit: Situation, seat: int) -> tuple[float, float]:
    """Returns how much giving seat an energy helps this seat: friends first, the most hurt first."""
    st = sit.stance
    target = sit.view.seats[seat]
    missing = target.max_life - target.life
    return ((st.friend[seat] - st.enemy[seat]) * (1.0 if missing else 0.1), sit.tiebreak(seat))
