"""What a game shows people, as one contract: the table, a seat's private message and buttons, the turn log."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from bangbot.i18n import Translator
from bangbot.i18n.wording import players
from bangbot.messaging.adapter import Keyboard

MakeData = Callable[[str], str]  # a press's choice -> the button's data
EventData = Mapping[str, Any]
EventLine = Callable[[Translator, EventData, Sequence[str], int | None], str | None]
MAX_LOG_LINES = 40
TOP = ""  # the first step of a seat's buttons
BACK = "x"  # the choice of « Back: the first step again


class Presenter(Protocol):
    """Renders one game's views and events for a reader: every text and button of a game goes through one of these.

    view is the game's per-seat view (the ruleset's view(state, seat)); names are the seats' names as stored.
    """

    def table_text(self, tr: Translator, view: Any, names: Sequence[str], title: str) -> str:
        """Returns the group's table of a game titled title (view: the public view)."""
        ...

    def private_text(
        self, tr: Translator, view: Any, names: Sequence[str], title: str, standin: bool, level: str, news: str
    ) -> str:
        """Returns a seat's private message: its table, its own cards, news (a rendered log) and what it is asked."""
        ...

    def prompt_text(self, tr: Translator, view: Any, names: Sequence[str], standin: bool, level: str) -> str:
        """Returns what a step of a seat's choice asks (its confirmation's question on a confirmation step)."""
        ...

    def keyboard(self, tr: Translator, view: Any, names: Sequence[str], level: str, make: MakeData) -> Keyboard:
        """Returns the buttons of one step of a seat's choice (TOP first), their data made by make."""
        ...

    def reachable_choices(self, tr: Translator, view: Any, names: Sequence[str]) -> frozenset[str]:
        """Returns the choices of the buttons of every step a seat can reach from TOP."""
        ...

    def log_text(self, tr: Translator, events: Sequence[EventData], names: Sequence[str], viewer: int | None) -> str:
        """Returns events as lines for a reader (viewer None: the group)."""
        ...


def log_lines(
    tr: Translator, events: Sequence[EventData], names: Sequence[str], viewer: int | None, line: EventLine
) -> str:
    """Returns the lines line writes for a turn's events (names as written by wording.players), the newest 40."""
    written = players(tr, names)
    lines = [text for e in events if (text := line(tr, e, written, viewer))]
    if len(lines) > MAX_LOG_LINES:
        lines = ["…", *lines[-MAX_LOG_LINES:]]
    return "\n".join(lines)
