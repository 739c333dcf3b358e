"""A player of any game that picks uniformly among the legal actions, the same way every time for the same view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Generic, TypeVar

from bangbot.ai.mixing import mix
from bangbot.games.contract import Memory, SeatView

SEED_KEY = "seed"
T = TypeVar("T")
A = TypeVar("A")


def uniform_pick(legal: Sequence[T], memory: Memory, seat: int | None, version: int, turn_number: int) -> T:
    """Returns one of legal chosen by hashing (memory seed, seat, version, turn number); raises on an empty list."""
    if not legal:
        raise ValueError("the seat has nothing to decide")
    seed = int(memory.get(SEED_KEY, 0))
    return legal[mix(seed, -1 if seat is None else seat, version, turn_number) % len(legal)]


class RandomPlayer(Generic[A]):
    """Uniform over view.legal, from a hash of the seat, the view's version and turn, and memory's seed (any game)."""

    def decide(self, view: SeatView[A], memory: Memory) -> A:
        """Returns a legal action chosen by hashing (memory seed, seat, version, turn number)."""
        return uniform_pick(view.legal, memory, view.seat, view.version, view.turn_number)

    def observe(self, memory: Memory, seat: int, events: Sequence[Mapping[str, Any]]) -> None:
        """Ignores what happened: random play needs no memory."""
