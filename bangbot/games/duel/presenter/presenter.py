"""The presenter of BANG! The Duel: its table, private messages, buttons and log over the Duel's own view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bangbot.games.contract import EventData, MakeData
from bangbot.games.duel.presenter import keyboards as duel_keyboards
from bangbot.games.duel.presenter import lines as duel_lines
from bangbot.games.duel.presenter import render as duel_render
from bangbot.games.duel.presenter.prompts import prompt
from bangbot.games.duel.presenter.risks import risk_question
from bangbot.i18n import Translator
from bangbot.messaging.adapter import Keyboard
from bangbot.messaging.confirm import question


class DuelPresenter:
    """Shows a Duel game (its DuelView) in the reader's language."""

    def table_text(self, tr: Translator, view: Any, names: Sequence[str], title: str) -> str:
        """Returns the group's table."""
        return duel_render.table_text(tr, view, names, title)

    def private_text(
        self, tr: Translator, view: Any, names: Sequence[str], title: str, standin: bool, level: str, news: str
    ) -> str:
        """Returns a seat's private message with the prompt of the step shown."""
        asked = self.prompt_text(tr, view, names, standin, level)
        return duel_render.private_text(tr, view, names, title, asked, news)

    def prompt_text(self, tr: Translator, view: Any, names: Sequence[str], standin: bool, level: str) -> str:
        """Returns what the step asks: its confirmation's question, else its prompt."""
        confirming = None if standin else question(tr, view, names, level, risk_question)
        return confirming or prompt(tr, view, names, standin, duel_keyboards.level_steps(view, level))

    def keyboard(self, tr: Translator, view: Any, names: Sequence[str], level: str, make: MakeData) -> Keyboard:
        """Returns the buttons of one step."""
        return duel_keyboards.keyboard(tr, view, names, level, make)

    def reachable_choices(self, tr: Translator, view: Any, names: Sequence[str]) -> frozenset[str]:
        """Returns the choices of every reachable step."""
        return duel_keyboards.reachable_choices(tr, view, names)

    def log_text(self, tr: Translator, events: Sequence[EventData], names: Sequence[str], viewer: int | None) -> str:
        """Returns the events' lines."""
        return duel_lines.log_text(tr, events, names, viewer)


DUEL_PRESENTER = DuelPresenter()
