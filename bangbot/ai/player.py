"""The contract of an AI player: a decision from a seat's view and its own JSON memory, nothing else."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

Memory = dict[str, Any]
"""What an AI keeps between calls: JSON-ready (str keys, lists, numbers), stored by the caller."""

View_contra = TypeVar("View_contra", contravariant=True)
Action_co = TypeVar("Action_co", covariant=True)


@runtime_checkable
class GamePlayer(Protocol[View_contra, Action_co]):
    """Chooses one of view.legal from the view and memory; learns only from the events its seat may see."""

    def decide(self, view: View_contra, memory: Memory) -> Action_co:
        """Returns one action of view.legal; reads memory but leaves it unchanged."""
        ...

    def observe(self, memory: Memory, seat: int, events: Sequence[Mapping[str, Any]]) -> None:
        """Updates memory with events as seat may see them (Event.for_seat(seat) dicts)."""
        ...


AIPlayer = GamePlayer[Any, Any]
"""An AI player of any game (BANG!'s PlayerView, the Duel's DuelView): the service holds one per ruleset."""
