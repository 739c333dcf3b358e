"""The confirmation step of any game: a choice its ruleset calls risky asks "Are you sure?" before it is applied.

A button that would apply a risky legal action ('a<index>') opens the step 'k<index>' instead: the question, then
"Yes" (the action itself) and « Back (the first step). In Telegram that is a second button to press, in the terminal
a second numbered choice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from bangbot.games import game as registered
from bangbot.games.contract import BACK, Presenter, RiskQuestion
from bangbot.i18n import Translator
from bangbot.messaging.adapter import BACK as FIXED_BACK
from bangbot.messaging.press.step_menu import PRESS, Entry, Menu

CONFIRM = "k"  # a choice that opens the confirmation of the legal action of this index: 'k<index>'


def risky(view: Any, index: int) -> str | None:
    """Returns the risk of the view's legal action of this index (see Ruleset.risk), or None."""
    if not 0 <= index < len(view.legal):
        return None
    return registered(view.config.ruleset).ruleset.risk(view, view.legal[index])


def guarded(view: Any, choice: str) -> str:
    """Returns choice, or the opening of its confirmation when it would apply a risky action."""
    index = choice[len(PRESS) :]
    if choice.startswith(PRESS) and index.isdigit() and risky(view, int(index)) is not None:
        return CONFIRM + index
    return choice


def confirmed(view: Any, level: str) -> int | None:
    """Returns the index of the risky action a confirmation step is about, or None for any other step."""
    index = level[len(CONFIRM) :]
    if not level.startswith(CONFIRM) or not index.isdigit() or risky(view, int(index)) is None:
        return None
    return int(index)


def confirm_menu(tr: Translator, index: int) -> Menu:
    """Returns the entries of a confirmation: Yes (apply the action) and « Back (the first step)."""
    yes = Entry(f"{PRESS}{index}", lambda: tr.gettext("Yes"))
    return ((yes,), (Entry(BACK, lambda: tr.gettext("« Back"), fixed=FIXED_BACK),))


StepEntries = Callable[[Translator, Any, Sequence[str], str], Menu]


def with_confirmations(steps: StepEntries, tr: Translator, view: Any, names: Sequence[str], level: str) -> Menu:
    """Returns a step's entries as steps builds them, each risky action guarded; or the confirmation step's own."""
    index = confirmed(view, level)
    if index is not None:
        return confirm_menu(tr, index)
    menu = steps(tr, view, names, level)
    return tuple(tuple(replace(e, choice=guarded(view, e.choice)) for e in row) for row in menu)


def question(tr: Translator, view: Any, names: Sequence[str], level: str, ask: RiskQuestion) -> str | None:
    """Returns the question of a confirmation step, as the game asks it of its risk (ask), or None for another step."""
    index = confirmed(view, level)
    if index is None:
        return None
    code = risky(view, index)
    assert code is not None
    return ask(tr, view, view.legal[index], code, names)


def prompt_text(shows: Presenter, tr: Translator, view: Any, names: Sequence[str], standin: bool, level: str) -> str:
    """Returns what a step of a seat's choice asks: a confirmation step's question (never a stand-in's), else the
    prompt of the game shows presents."""
    asked = None if standin else question(tr, view, names, level, shows.risk_question)
    return asked or shows.prompt(tr, view, names, standin, level)
