"""Whole terminal games played in this process by a random person at the keyboard, for reading what was printed."""

from __future__ import annotations

import asyncio
import io
import random
import re

from bangbot.console.game import TerminalOptions, play

MAX_ANSWERS = 1500  # a game longer than this stops with the end of the input


class RandomTypist(io.StringIO):
    """Standard input that answers each prompt printed on out with one of its numbered choices, chosen at random
    (Enter at a pause); the end of the input after MAX_ANSWERS answers."""

    def __init__(self, out: io.StringIO, seed: int) -> None:
        super().__init__()
        self.out, self.rng, self.answers = out, random.Random(seed), 0

    def readline(self, size: int | None = -1) -> str:
        """Returns the next answer, as a line typed."""
        self.answers += 1
        if self.answers > MAX_ANSWERS:
            return ""
        text = self.out.getvalue()
        last = text[text.rfind("┌─") :]
        choices = re.findall(r"^│ (\d+)\) ", last, re.M)
        if not choices:  # a pause: Enter lets the AI players go on (a number would too)
            return "\n"
        return self.rng.choice(choices) + "\n"


def terminal_game(game: str, preset: str, seats: int, language: str, seed: int) -> str:
    """Returns everything the terminal printed in a whole game of a person choosing at random (80 columns)."""
    out = io.StringIO()
    options = TerminalOptions(players=seats, language=language, seed=seed, preset=preset, name="Alice", game=game)
    asyncio.run(play(options, RandomTypist(out, seed), out))
    return out.getvalue()
