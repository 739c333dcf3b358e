"""Legal actions as a tree of menu steps (Ruleset.steps), for any game: which buttons a step shows, which it opens."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from bangbot.games import game as registered
from bangbot.games.contract import BACK, MakeData, Step
from bangbot.messaging.adapter import Button, Keyboard

T = TypeVar("T")
Option = tuple[int, Any, tuple[Step, ...]]  # a legal action's index, the action, and its menu steps
ROW_WIDTH = 2
ENDING = ("pass", "end")  # the answers that play nothing: alone in the last row, on a fixed key
PRESS = "a"  # a choice that applies the legal action of this index: 'a<index>'
ABOUT = "i"  # a choice that changes nothing and answers with a card's text: 'i<card>'
OPENS = "s"  # a choice that opens a later step: 's<index>.<depth>', the first depth steps of that action's path


@dataclass(frozen=True, slots=True)
class Entry:
    """A button of a step before it is shown: its choice, its text (written only when shown), its fixed place."""

    choice: str
    label: Callable[[], str]
    fixed: str = ""


Menu = tuple[tuple[Entry, ...], ...]  # a step: which choices it offers, in rows, their texts not yet written


def render(menu: Menu, make: MakeData) -> Keyboard:
    """Returns a step's buttons: each entry's text written now, its data made by make from its choice."""
    return tuple(tuple(Button(e.label(), make(e.choice), fixed=e.fixed) for e in row) for row in menu)


def paths(view: Any) -> list[Option]:
    """Returns every legal action of a view (its .legal) with its index and the steps its game's ruleset gives it."""
    steps = registered(view.config.ruleset).ruleset.steps
    return [(i, a, steps(a)) for i, a in enumerate(view.legal)]


def number(step: Step) -> int:
    """Returns the card or seat a step picks."""
    assert isinstance(step.value, int), step
    return step.value


def rows(buttons: Sequence[T], width: int = ROW_WIDTH) -> tuple[tuple[T, ...], ...]:
    """Returns buttons (or entries) laid out in rows of width."""
    return tuple(tuple(buttons[i : i + width]) for i in range(0, len(buttons), width))


def opens(index: int, depth: int) -> str:
    """Returns the choice that opens the step after the first depth steps of a legal action's path."""
    return f"{OPENS}{index}.{depth}"


def pressed(options: Sequence[Option], level: str) -> tuple[Step, ...]:
    """Returns the steps a level (an opens() choice) stands for; none (the first step) for any other level."""
    if not level.startswith(OPENS):
        return ()
    index, _, depth = level[1:].partition(".")
    if not (index.isdigit() and depth.isdigit()):
        return ()
    found = next((path for i, _, path in options if i == int(index)), None)
    return found[: int(depth)] if found is not None and 0 < int(depth) < len(found) else ()


def parent(options: Sequence[Option], prefix: tuple[Step, ...]) -> str:
    """Returns the choice of « Back from the step after prefix: the step before it, or the first."""
    if len(prefix) <= 1:
        return BACK
    index = next(i for i, _, path in options if path[: len(prefix)] == prefix)
    return opens(index, len(prefix) - 1)


def branches(options: Sequence[Option], prefix: tuple[Step, ...]) -> tuple[list[Option], list[list[Option]]]:
    """Returns the actions whose path ends at prefix, and those that go on, grouped by their next step in order."""
    ended = [o for o in options if o[2] == prefix]
    groups: dict[Step, list[Option]] = {}
    for o in options:
        path = o[2]
        if len(path) > len(prefix) and path[: len(prefix)] == prefix:
            groups.setdefault(path[len(prefix)], []).append(o)
    return ended, list(groups.values())


def choice_path(state: Any, seat: int, choice: str) -> tuple[Step, ...] | None:
    """Returns what a choice of a seat's menu picks, as the steps from the first: the path of the action it applies
    ('a<index>'), or the steps it opens a later step after ('s<index>.<depth>'); None for any other choice.

    A card, a seat or a target keeps its path while the game moves on, though the actions' indexes change.
    """
    if not choice.startswith((PRESS, OPENS)):
        return None
    index, _, depth = choice[1:].partition(".")
    rules = registered(state.config.ruleset).ruleset
    legal = rules.legal_actions(state, seat)
    if not index.isdigit() or int(index) >= len(legal):
        return None
    path = tuple(rules.steps(legal[int(index)]))
    if choice.startswith(PRESS):
        return path
    return path[: int(depth)] if depth.isdigit() else None


def walk_choices(step: Callable[[str], Menu], top: str) -> frozenset[str]:
    """Returns the choices of the entries of every step: the first (top), and each one an entry of another opens.

    Only the step tree is walked: no button's text is written.
    """
    found: set[str] = set()
    levels, seen = [top], set()
    while levels:
        level = levels.pop()
        if level in seen:
            continue
        seen.add(level)
        for row in step(level):
            for entry in row:
                found.add(entry.choice)
                if not entry.choice.startswith((PRESS, ABOUT)) and entry.choice != BACK:
                    levels.append(entry.choice)
    return frozenset(found)
