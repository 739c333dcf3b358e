"""Structured events, each saying who may see which of its fields."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PUBLIC: tuple[int, ...] = ()


_FRESH: dict[str, Any] = {}  # stands for "no secret given": each event then gets a dict of its own


@dataclass(frozen=True, slots=True, init=False)
class Event:
    """Something that happened: public data for all, secret data only for the seats in `to`."""

    kind: str
    data: dict[str, Any]
    secret: dict[str, Any] = field(default_factory=dict)
    to: tuple[int, ...] = PUBLIC

    def __init__(
        self, kind: str, data: dict[str, Any], secret: dict[str, Any] = _FRESH, to: tuple[int, ...] = PUBLIC
    ) -> None:
        """Sets the fields straight through their slots: the engines make several events per action, and a frozen
        dataclass's own __init__ costs several times as much."""
        _set_kind(self, kind)
        _set_data(self, data)
        _set_secret(self, {} if secret is _FRESH else secret)
        _set_to(self, to)

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """Returns what seat may see of this event (None: a spectator or the group chat)."""
        out: dict[str, Any] = {"kind": self.kind, **self.data}
        if self.secret and seat is not None and seat in self.to:
            out.update(self.secret)
        return out

    def full(self) -> dict[str, Any]:
        """Returns every field, for logs that only the engine's tests read."""
        return {"kind": self.kind, **self.data, **self.secret}


# The slots' own setters, which a frozen class's __setattr__ does not stand in front of.
_SLOTS: Any = Event.__dict__
_set_kind = _SLOTS["kind"].__set__
_set_data = _SLOTS["data"].__set__
_set_secret = _SLOTS["secret"].__set__
_set_to = _SLOTS["to"].__set__
