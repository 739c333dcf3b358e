"""Structured events, each saying who may see which of its fields."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PUBLIC: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened: public data for all, secret data only for the seats in `to`."""

    kind: str
    data: dict[str, Any]
    secret: dict[str, Any] = field(default_factory=dict)
    to: tuple[int, ...] = PUBLIC

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """Returns what seat may see of this event (None: a spectator or the group chat)."""
        out: dict[str, Any] = {"kind": self.kind, **self.data}
        if self.secret and seat is not None and seat in self.to:
            out.update(self.secret)
        return out

    def full(self) -> dict[str, Any]:
        """Returns every field, for logs that only the engine's tests read."""
        return {"kind": self.kind, **self.data, **self.secret}
