"""The deadline clock and what each of its ticks fires."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bangbot.messaging import exported

if TYPE_CHECKING:
    from bangbot.messaging.timers.game_timers import tick
    from bangbot.messaging.timers.ticker import DeadlineTimer

__all__ = [
    "DeadlineTimer",
    "tick",
]

_HOMES: dict[str, str] = {
    "DeadlineTimer": "ticker",
    "tick": "game_timers",
}


def __getattr__(name: str) -> object:
    """Returns a public name of the room from its module."""
    return exported(__name__, _HOMES, name)
