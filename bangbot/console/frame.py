"""Framed terminal messages: lines wrapped to the terminal's width, wide East Asian characters counted twice."""

from __future__ import annotations

import shutil
import unicodedata
from collections.abc import Iterable

MIN_WIDTH = 20
INDENT = "  "  # a wrapped line's continuation is indented under its first part


def char_width(char: str) -> int:
    """Returns the columns a character takes: 2 for wide and full-width ones, 0 for combining marks, else 1."""
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def text_width(text: str) -> int:
    """Returns the columns a text takes in a terminal."""
    return sum(char_width(c) for c in text)


def wrap(line: str, width: int) -> list[str]:
    """Splits a line into parts of at most width columns, at spaces where it can, continuations indented."""
    parts: list[str] = []
    prefix, rest = "", line
    while text_width(prefix + rest) > width:
        room = width - text_width(prefix)
        used, cut, space = 0, 0, 0
        for i, char in enumerate(rest):
            used += char_width(char)
            if used > room:
                break
            cut = i + 1
            if char == " ":
                space = i
        cut = space or max(cut, 1)
        parts.append(prefix + rest[:cut].rstrip())
        prefix, rest = INDENT, rest[cut:].lstrip()
    parts.append((prefix + rest).rstrip())
    return parts


def terminal_width() -> int:
    """Returns the columns of the terminal (or $COLUMNS; 80 when unknown)."""
    return max(shutil.get_terminal_size(fallback=(80, 24)).columns, MIN_WIDTH)


def frame(label: str, lines: Iterable[str], width: int) -> str:
    """Returns lines framed under a label, each wrapped to fit width columns with the frame's left border."""
    body = [f"│ {part}" for line in lines for part in wrap(line, width - 2)]
    return "\n".join([f"┌─ {label}", *body, "└─"]) + "\n"
