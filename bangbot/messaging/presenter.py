"""What a game shows people, as one contract: the table, a seat's private message and buttons, the turn log."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bangbot.i18n import Translator
from bangbot.i18n.wording import players
from bangbot.messaging.adapter import Keyboard

MakeData = Callable[[str], str]  # a press's choice -> the button's data
EventData = Mapping[str, Any]
EventLine = Callable[[Translator, EventData, Sequence[str], int | None], str | None]
MAX_LOG_LINES = 40
TOP = ""  # the first step of a seat's buttons
BACK = "x"  # the choice of « Back: the first step again


TableText = Callable[[Translator, Any, Sequence[str], str], str]  # (tr, the public view, names, title)
# (tr, a seat's view, names, title, what it is asked, news: a rendered log)
SeatText = Callable[[Translator, Any, Sequence[str], str, str, str], str]
PromptText = Callable[[Translator, Any, Sequence[str], bool, str], str]  # (tr, a seat's view, names, standin, level)
RiskQuestion = Callable[[Translator, Any, Any, str, Sequence[str]], str]  # (tr, view, action, risk, names) -> text
StepKeyboard = Callable[[Translator, Any, Sequence[str], str, MakeData], Keyboard]  # (tr, view, names, level, make)
Reachable = Callable[[Translator, Any, Sequence[str]], frozenset[str]]  # (tr, a seat's view, names)
LogText = Callable[[Translator, Sequence[EventData], Sequence[str], int | None], str]  # (tr, events, names, viewer)


@dataclass(frozen=True, slots=True)
class Presenter:
    """Renders one game's views and events for a reader: every text and button of a game goes through one of these.

    view is the game's per-seat view (the ruleset's view(state, seat)); names are the seats' names as stored. What a
    seat is asked is confirm.prompt_text's: a confirmation step's risk_question, else the game's prompt.
    """

    table_text: TableText  # the group's table of a game titled title (view: the public view)
    seat_text: SeatText  # a seat's private message: its table, own cards, news and what it is asked
    prompt: PromptText  # what a step of a seat's choice asks (at a later step: about which card), or what it waits for
    risk_question: RiskQuestion  # "Are you sure? …" of a risky action, by its risk code (the ruleset's risk)
    keyboard: StepKeyboard  # the buttons of one step of a seat's choice (TOP first), their data made by make
    reachable_choices: Reachable  # the choices of the buttons of every step a seat can reach from TOP
    log_text: LogText  # events as lines for a reader (viewer None: the group)


def log_lines(
    tr: Translator, events: Sequence[EventData], names: Sequence[str], viewer: int | None, line: EventLine
) -> str:
    """Returns the lines line writes for a turn's events (names as written by wording.players), the newest 40."""
    written = players(tr, names)
    lines = [text for e in events if (text := line(tr, e, written, viewer))]
    if len(lines) > MAX_LOG_LINES:
        lines = ["…", *lines[-MAX_LOG_LINES:]]
    return "\n".join(lines)
