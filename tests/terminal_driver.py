"""The terminal game played in this process by a seeded typist: whole games of every game and mode, fast enough to
run in every language, with the transcript the person would have read."""

from __future__ import annotations

import asyncio
import io
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from bangbot.console.game import TerminalOptions, play

CHOICE = re.compile(r"^│ (\d+)\) (.*)$", re.M)
# Every game and mode the terminal offers: (game, preset or mode, players).
TABLES = [
    ("base", "standard", 4),
    ("base", "ja", 5),
    ("starwars", "standard", 4),
    *(("duel", mode, 3 if mode == "standoff" else 2) for mode in ("duel", "third_law", "third_outlaws")),
    ("duel", "reinforcements", 2),
    ("duel", "standoff", 3),
]
MAX_ANSWERS = 400  # a typist's patience: the input ends after this many lines

Policy = Callable[["Typist", list[tuple[str, str]]], str]


@dataclass
class Typist:
    """Standard input that answers what the terminal printed last: a number from its last question, chosen by
    policy (seeded), or Enter at a pause; the input ends after max_answers lines."""

    out: io.StringIO
    policy: Policy
    rng: random.Random
    max_answers: int = MAX_ANSWERS
    typed: list[str] = field(default_factory=list)
    marks: list[int] = field(default_factory=list)  # where the output stood when each line was typed

    def readline(self) -> str:
        """Returns the next line typed ("" at the end of the input)."""
        if len(self.typed) >= self.max_answers:
            return ""
        text = self.out.getvalue()
        last = text.rfind("┌─")
        choices = CHOICE.findall(text[last:]) if last >= 0 else []
        line = self.policy(self, choices) if choices else ""
        self.typed.append(line)
        self.marks.append(len(text))
        return line + "\n"

    def fileno(self) -> int:
        """Raises OSError: this input is no terminal (nothing typed ahead is dropped)."""
        raise OSError("not a terminal")


def random_choice(typist: Typist, choices: list[tuple[str, str]]) -> str:
    """Chooses any number shown, « Back (9) now and then too."""
    return typist.rng.choice([number for number, _ in choices])


@dataclass
class Played:
    """A whole terminal game: everything printed, the lines typed and where the output stood at each."""

    text: str
    typed: list[str]
    marks: list[int]
    status: int


def play_terminal(
    game: str,
    preset: str,
    players: int,
    language: str,
    seed: int,
    policy: Policy = random_choice,
    database: str | None = None,
    max_answers: int = MAX_ANSWERS,
) -> Played:
    """Plays the terminal game in this process with a seeded typist; returns what it printed."""
    options = TerminalOptions(
        players=players,
        language=language,
        seed=seed,
        preset=preset,
        database=database,
        name="Ann",
        game=game,
    )
    out = io.StringIO()
    typist = Typist(out, policy, random.Random(seed), max_answers)
    status = asyncio.run(play(options, typist, out))  # type: ignore[arg-type]
    return Played(out.getvalue(), typist.typed, typist.marks, status)
