"""The Duel's heuristic player: answers what it is asked, plays what is worth most, and never leaves view.legal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bangbot.games.contract import Memory
from bangbot.games.duel.ai.answers import answer
from bangbot.games.duel.ai.board import read
from bangbot.games.duel.ai.turn import best_turn_action
from bangbot.games.duel.rules.actions import DuelAction, EndTurn, Pass
from bangbot.games.duel.rules.views import DuelView


class DuelPlayer:
    """A heuristic Duel player reading only its seat's view; the same view always gives the same action."""

    def decide(self, view: DuelView, memory: Memory) -> DuelAction:
        """Returns one action of view.legal: the answer to the pending decision, or the turn's best play."""
        if not view.legal:
            raise ValueError("the seat has nothing to decide")
        board = read(view)
        request = view.requests[0] if view.requests else None
        if request is not None and request.seat == view.seat:
            chosen = answer(board, request)
        else:
            chosen = best_turn_action(board)
        return chosen if chosen is not None and chosen in view.legal else fallback(view.legal)

    def observe(self, memory: Memory, seat: int, events: Sequence[Mapping[str, Any]]) -> None:
        """Keeps nothing: every decision reads the table as the view shows it now."""


def fallback(legal: Sequence[DuelAction]) -> DuelAction:
    """Returns the safe answer to a decision this player does not know: decline or end the turn, else the first."""
    for safe in (Pass(), EndTurn()):
        if safe in legal:
            return safe
    return legal[0]
