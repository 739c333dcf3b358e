"""The turn log's lines as every game's presenter writes them (the presenter's contract: bangbot.games.contract)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bangbot.games.contract import EventData
from bangbot.i18n import Translator
from bangbot.i18n.wording import players

EventLine = Callable[[Translator, EventData, Sequence[str], int | None], str | None]
MAX_LOG_LINES = 40


def log_lines(
    tr: Translator, events: Sequence[EventData], names: Sequence[str], viewer: int | None, line: EventLine
) -> str:
    """Returns the lines line writes for a turn's events (names as written by wording.players), the newest 40."""
    written = players(tr, names)
    lines = [text for e in events if (text := line(tr, e, written, viewer))]
    if len(lines) > MAX_LOG_LINES:
        lines = ["…", *lines[-MAX_LOG_LINES:]]
    return "\n".join(lines)
