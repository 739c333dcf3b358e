"""A player that picks uniformly among the legal actions, the same way every time for the same view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bangbot.ai.mixing import mix
from bangbot.ai.player import Memory
from bangbot.core.actions import Action
from bangbot.core.views import PlayerView

SEED_KEY = "seed"


class RandomPlayer:
    """Uniform over view.legal, from a hash of the seat, the view's version and turn, and memory's seed."""

    def decide(self, view: PlayerView, memory: Memory) -> Action:
        """Returns a legal action chosen by hashing (memory seed, seat, version, turn number)."""
        if not view.legal:
            raise ValueError("the seat has nothing to decide")
        seed = int(memory.get(SEED_KEY, 0))
        seat = -1 if view.seat is None else view.seat
        return view.legal[mix(seed, seat, view.version, view.turn_number) % len(view.legal)]

    def observe(self, memory: Memory, seat: int, events: Sequence[Mapping[str, Any]]) -> None:
        """Ignores what happened: random play needs no memory."""
