"""The presenter of base BANG! and BANG! Star Wars (themed by the reader's translator): render, prompts, keyboards."""

from __future__ import annotations

from bangbot.games.bang.presenter import keyboards, render
from bangbot.games.bang.presenter.prompts import prompt
from bangbot.games.bang.presenter.risks import risk_question
from bangbot.games.contract import Presenter

# Shows a game of the base engine (its PlayerView) through the modules that always did.
BASE_PRESENTER = Presenter(
    table_text=render.table_text,
    seat_text=render.private_text,
    prompt=prompt,
    risk_question=risk_question,
    keyboard=keyboards.keyboard,
    reachable_choices=keyboards.reachable_choices,
    log_text=render.log_text,
)
