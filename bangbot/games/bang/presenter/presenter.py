"""The presenter of base BANG! and BANG! Star Wars (themed by the reader's translator): render, prompts, keyboards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bangbot.games.bang.presenter import keyboards, render
from bangbot.games.bang.presenter.prompts import prompt
from bangbot.games.bang.presenter.risks import risk_question
from bangbot.games.contract import EventData, MakeData
from bangbot.i18n import Translator
from bangbot.messaging.adapter import Keyboard
from bangbot.messaging.confirm import question


class BasePresenter:
    """Shows a game of the base engine (its PlayerView) through the modules that always did."""

    def table_text(self, tr: Translator, view: Any, names: Sequence[str], title: str) -> str:
        """Returns the group's table."""
        return render.table_text(tr, view, names, title)

    def private_text(
        self, tr: Translator, view: Any, names: Sequence[str], title: str, standin: bool, level: str, news: str
    ) -> str:
        """Returns a seat's private message with the prompt of the step shown."""
        return render.private_text(tr, view, names, title, self.prompt_text(tr, view, names, standin, level), news)

    def prompt_text(self, tr: Translator, view: Any, names: Sequence[str], standin: bool, level: str) -> str:
        """Returns what the step asks: its confirmation's question, else its prompt."""
        asked = None if standin else question(tr, view, names, level, risk_question)
        return asked or prompt(tr, view, names, standin, level)

    def keyboard(self, tr: Translator, view: Any, names: Sequence[str], level: str, make: MakeData) -> Keyboard:
        """Returns the buttons of one step."""
        return keyboards.keyboard(tr, view, names, level, make)

    def reachable_choices(self, tr: Translator, view: Any, names: Sequence[str]) -> frozenset[str]:
        """Returns the choices of every reachable step."""
        return keyboards.reachable_choices(tr, view, names)

    def log_text(self, tr: Translator, events: Sequence[EventData], names: Sequence[str], viewer: int | None) -> str:
        """Returns the events' lines."""
        return render.log_text(tr, events, names, viewer)


BASE_PRESENTER = BasePresenter()
