"""A Duel player that picks uniformly among the legal actions, the same way every time for the same view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bangbot.ai.player import Memory
from bangbot.ai.random_player import uniform_pick
from bangbot.core.duel.actions import DuelAction
from bangbot.core.duel.views import DuelView


class DuelRandomPlayer:
    """Uniform over view.legal, from a hash of the seat, the view's version and turn, and memory's seed."""

    def decide(self, view: DuelView, memory: Memory) -> DuelAction:
        """Returns a legal action chosen by hashing (memory seed, seat, version, turn number)."""
        return uniform_pick(view.legal, memory, view.seat, view.version, view.turn_number)

    def observe(self, memory: Memory, seat: int, events: Sequence[Mapping[str, Any]]) -> None:
        """Ignores what happened: random play needs no memory."""
