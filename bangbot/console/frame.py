"""Framed terminal messages: lines wrapped to the terminal's width, wide East Asian characters counted twice."""

from __future__ import annotations

import shutil
import unicodedata
from collections.abc import Collection, Iterable

MIN_WIDTH = 20
EMOJI = 0x1F000  # a pictograph from here on (🤖) belongs to the name after it
INDENT = "  "  # a wrapped line's continuation is indented under its first part
NO_BREAK = frozenset("\u00a0\u2060")  # a no-break space and a word joiner: a line never breaks next to them
# What never starts a line (closing marks and punctuation, Japanese small kana, the long vowel) and what never ends one.
NOT_FIRST = frozenset("、。，．！？）」』】〉》・ーぁぃぅぇぉっゃゅょァィゥェォッャュョ…,.;:!?)")
NOT_LAST = frozenset("（「『【〈《")


def char_width(char: str) -> int:
    """Returns the columns a character takes: 2 for wide and full-width ones, 0 for combining marks, else 1."""
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def text_width(text: str) -> int:
    """Returns the columns a text takes in a terminal."""
    return sum(char_width(c) for c in text)


def breakable(before: str, after: str) -> bool:
    """Returns whether a line may break between two characters with no space between them: next to a wide one
    (Japanese is written without spaces; no line starts with "。" or ends with "「"), never inside a run of narrow
    ones (a word, "10♥") nor at a no-break space."""
    if before in NO_BREAK or after in NO_BREAK or after in NOT_FIRST or before in NOT_LAST:
        return False
    return char_width(before) == 2 or char_width(after) == 2


def glued(text: str, i: int) -> bool:
    """Returns whether a line must not break before text[i]: inside a gloss in brackets ("Emporio(雑貨店)"), or at the
    space after a lone symbol that belongs to the name it precedes ("🤖 Аня", "⚔ Jango"; not a card's mark, which a
    no-break space joins to the card before it: "Vedle!\u00a0🐍 a")."""
    if text.rfind("«", 0, i) > text.rfind("»", 0, i):  # inside a quoted name: «Град пуль»
        return True
    opened = text.rfind("(", 0, i)
    if opened > 0 and opened > text.rfind(")", 0, i) and not text[opened - 1].isspace():
        return True
    emoji = i > 0 and ord(text[i - 1]) >= EMOJI and (i < 2 or not (text[i - 2].isalnum() or text[i - 2] in NO_BREAK))
    return text[i] == " " and emoji


def inside_names(text: str, names: Collection[str]) -> set[int]:
    """Returns the indexes of text a line must not break before because they fall inside one of names (a card, a
    character, a player: "Paul Regret", "ポール・レグレット"), spaces and no-break spaces alike."""
    plain = text.replace("\u00a0", " ")
    inside: set[int] = set()
    for name in (name.replace("\u00a0", " ") for name in names):
        start = plain.find(name)
        while start >= 0:
            inside.update(range(start + 1, start + len(name)))
            start = plain.find(name, start + 1)
    return inside


def wrap(line: str, width: int, names: Collection[str] = ()) -> list[str]:
    """Splits a line into parts of at most width columns, at spaces or between wide characters where it can (never
    between a card and its suit, which a no-break space joins, nor inside a name: see glued, and any of names that
    fits a line), continuations indented."""
    parts: list[str] = []
    prefix, rest = "", line
    while text_width(prefix + rest) > width:
        room = width - text_width(prefix)
        used, cut, best = 0, 0, 0
        fitting = [name for name in names if text_width(name) <= room]
        inside = inside_names(rest, fitting) if fitting else set()
        for i, char in enumerate(rest):
            if i and (char == " " or breakable(rest[i - 1], char)) and not glued(rest, i) and i not in inside:
                best = i  # what comes before char fits: the line may break there
            used += char_width(char)
            if used > room:
                break
            cut = i + 1
        cut = best or max(cut, 1)
        parts.append(prefix + rest[:cut].rstrip())
        prefix, rest = INDENT, rest[cut:].lstrip()
    parts.append((prefix + rest).rstrip())
    return parts


def terminal_width() -> int:
    """Returns the columns of the terminal (or $COLUMNS; 80 when unknown)."""
    return max(shutil.get_terminal_size(fallback=(80, 24)).columns, MIN_WIDTH)


def frame(label: str, lines: Iterable[str], width: int, names: Collection[str] = ()) -> str:
    """Returns lines framed under a label, each wrapped to fit width columns with the frame's left border, never
    inside one of names (see wrap)."""
    body = [f"│ {part}" for line in lines for part in wrap(line, width - 2, names)]
    return "\n".join([f"┌─ {label}", *body, "└─"]) + "\n"
