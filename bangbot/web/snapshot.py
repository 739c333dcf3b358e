"""A board's snapshot: what one page shows of a game at one version, made only from the viewer's per-seat view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bangbot.games import game as declared
from bangbot.games.contract import TOP
from bangbot.i18n import Translator
from bangbot.i18n.glossary import game_name
from bangbot.messaging.press.confirm import prompt_text

SNAPSHOT_FORMAT = 1  # the shape's version: a page built for another one reloads


def menu(tr: Translator, view: Any, names: Sequence[str], level: str) -> dict[str, Any] | None:
    """Returns the question and buttons of one step of the viewer's choice, as its keyboard shows them; None when
    the viewer is not asked."""
    if view.seat is None or not view.legal:
        return None
    shows = declared(view.config.ruleset).presenter
    keyboard = shows.keyboard(tr, view, names, level, lambda choice: choice)
    rows = [[{"label": b.text, "choice": b.data} for b in row if b.data and not b.url] for row in keyboard]
    return {"level": level, "question": prompt_text(shows, tr, view, names, False, level), "rows": rows}


def snapshot(
    tr: Translator,
    view: Any,
    names: Sequence[str],
    level: str = TOP,
    log: Sequence[Mapping[str, Any]] = (),
    standin: bool = False,
) -> dict[str, Any]:
    """Returns the page's data of a view: the board its game draws, the step of the viewer's choice (level), the
    current turn's log as the viewer reads it; every text in tr's language."""
    rules_id = view.config.ruleset
    board = declared(rules_id).board
    if board is None:
        raise LookupError(f"the game {rules_id} draws no board")
    lines = declared(rules_id).presenter.log_text(tr, log, names, view.seat) if log else ""
    return {
        "format": SNAPSHOT_FORMAT,
        "game": game_name(tr, rules_id),
        "viewer": view.seat,
        "board": board(tr, view, names),
        "menu": None if standin else menu(tr, view, names, level),
        "log": [line for line in lines.split("\n") if line],
    }
