"""The contract of an AI player: a decision from a seat's view and its own JSON memory, nothing else."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from bangbot.core.actions import Action
from bangbot.core.views import PlayerView

Memory = dict[str, Any]
"""What an AI keeps between calls: JSON-ready (str keys, lists, numbers), stored by the caller."""


@runtime_checkable
class AIPlayer(Protocol):
    """Chooses one of view.legal from the view and memory; learns only from the events its seat may see."""

    def decide(self, view: PlayerView, memory: Memory) -> Action:
        """Returns one action of view.legal; reads memory but leaves it unchanged."""
        ...

    def observe(self, memory: Memory, seat: int, events: Sequence[Mapping[str, Any]]) -> None:
        """Updates memory with events as seat may see them (Event.for_seat(seat) dicts)."""
        ...
