"""The person's typing: one line at a time; on a terminal, what was typed before a question appeared can be dropped."""

from __future__ import annotations

import os
import select
from typing import TextIO

try:
    import termios
except ImportError:  # no terminal control on this system: nothing typed ahead is ever dropped
    termios = None  # type: ignore[assignment]


class Keyboard:
    """Reads the lines a person types on standard input."""

    def __init__(self, stdin: TextIO) -> None:
        self.stdin = stdin

    def read_line(self) -> str | None:
        """Returns the next line typed, without its surrounding blanks, or None at the end of the input."""
        line = self.stdin.readline()
        return None if line == "" else line.strip()

    def drop_typed_ahead(self) -> bool:
        """Drops what a person at a terminal typed before the question now shown; returns whether there was any.

        Input that is not a terminal (a file, a pipe) is a script written in advance and is kept.
        """
        try:
            fd = self.stdin.fileno()
        except (OSError, ValueError):
            return False
        if termios is None or not os.isatty(fd):
            return False
        waiting = bool(select.select([fd], [], [], 0)[0])
        if waiting:
            termios.tcflush(fd, termios.TCIFLUSH)
        return waiting
