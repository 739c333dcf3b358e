"""The heuristic player's answers to BANG! Star Wars' own decisions: fate, the first check, Nimble's rebound."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bangbot.ai.cardinfo import kind
from bangbot.ai.situation import Situation
from bangbot.ai.turn import take_score
from bangbot.ai.values import card_value, least_valuable
from bangbot.core.actions import Action, Answer, Fate, Pass, Pick, Play
from bangbot.core.cards import NEW_HOPE
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
    if kind_of_request == "Rebound":
        cards = [a.card for a in legal if isinstance(a, Answer)]
        if cards:
            cheap = least_valuable(sit, cards, sit.view.hand)
            if card_value(sit, cheap, sit.view.hand) < REBOUND_AT:
                return Answer(cheap)
        return Pass()
    return None


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
