"""The heuristic player's answers to BANG! Star Wars' own decisions: fate, the first check, Nimble's rebound."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bangbot.games.bang.ai.cardinfo import kind
from bangbot.games.bang.ai.situation import Situation
from bangbot.games.bang.ai.turn import DUEL_AT, TAKE_AT, duel_score, take_score, volley_pays
from bangbot.games.bang.ai.values import card_value, least_valuable
from bangbot.games.bang.ai.variants import Answer as AnswerHook
from bangbot.games.bang.rules.actions import HAND, Action, Answer, Pass, Pick, Play
from bangbot.games.bang.rules.cards import (
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
from bangbot.games.bang.starwars.rules.actions import Fate
from bangbot.games.bang.starwars.rules.data import FATE_HEAL_OTHER

REBOUND_AT = 1.5  # a card worth less than this is worth discarding for an energy


def _fate_order(sit: Situation, request: Mapping[str, Any]) -> Action:
    """Returns which comes first: the fate effect or the card's own (fate_order)."""
    return fate_order(sit, str(request["effect"]))


def _fate_take(sit: Situation, request: Mapping[str, Any]) -> Action:
    """Returns an enemy's best card; from a friend, the one that hurts least (or a Jail); declines without one."""
    plays = [a for a in sit.view.legal if isinstance(a, Play)]
    if not plays:
        return Pass()
    return max(plays, key=lambda a: (take_score(sit, a), sit.tiebreak(a.target or 0), -(a.target_card or 0)))


def _fate_heal(sit: Situation, request: Mapping[str, Any]) -> Action:
    """Returns the player a fate effect heals best; declines without one."""
    plays = [a for a in sit.view.legal if isinstance(a, Play)]
    if not plays:
        return Pass()
    return max(plays, key=lambda a: heal_score(sit, a.target or 0))


def _first_check(sit: Situation, request: Mapping[str, Any]) -> Action:
    """Returns New Hope's check first: its energy may outlast the compactor."""
    legal = sit.view.legal
    hope = [a for a in legal if isinstance(a, Pick) and kind(a.card) == NEW_HOPE]
    return hope[0] if hope else legal[0]


def _repeat(sit: Situation, request: Mapping[str, Any]) -> Action:
    """Returns whether «Закалённый» applies the card once more (repeat)."""
    return repeat(sit, int(request["card"]), request.get("target"))


def _rebound(sit: Situation, request: Mapping[str, Any]) -> Action:
    """Returns the cheapest card for an energy when it is worth less than REBOUND_AT, else declines."""
    cards = [a.card for a in sit.view.legal if isinstance(a, Answer)]
    if cards:
        cheap = least_valuable(sit, cards, sit.view.hand)
        if card_value(sit, cheap, sit.view.hand) < REBOUND_AT:
            return Answer(cheap)
    return Pass()


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
        return sit.harm(target) >= sit.shoot_at
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


# The answer to each kind of Star Wars decision.
ANSWERS: dict[str, AnswerHook] = {
    "FateOrder": _fate_order,
    "FateTake": _fate_take,
    "FateHeal": _fate_heal,
    "FirstCheck": _first_check,
    "Repeat": _repeat,
    "Rebound": _rebound,
}
