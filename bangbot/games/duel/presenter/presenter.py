"""The presenter of BANG! The Duel: its table, private messages, buttons and log over the Duel's own view."""

from __future__ import annotations

from collections.abc import Sequence

from bangbot.games.contract import Presenter
from bangbot.games.duel.presenter import keyboards, lines, render
from bangbot.games.duel.presenter.prompts import prompt
from bangbot.games.duel.presenter.risks import risk_question
from bangbot.games.duel.rules.views import DuelView
from bangbot.i18n import Translator


def step_prompt(tr: Translator, view: DuelView, names: Sequence[str], standin: bool, level: str) -> str:
    """Returns what a step of a seat's choice asks, from the steps its level stands for."""
    return prompt(tr, view, names, standin, keyboards.level_steps(view, level))


# Shows a Duel game (its DuelView) in the reader's language.
DUEL_PRESENTER = Presenter(
    table_text=render.table_text,
    seat_text=render.private_text,
    prompt=step_prompt,
    risk_question=risk_question,
    keyboard=keyboards.keyboard,
    reachable_choices=keyboards.reachable_choices,
    log_text=lines.log_text,
)
