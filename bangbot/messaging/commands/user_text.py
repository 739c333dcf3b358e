"""User-written text shown back to a chat: short, on one line, without control characters."""

from __future__ import annotations

import unicodedata

MAX_ECHO = 40
ELLIPSIS = "…"


def echo(text: str, limit: int = MAX_ECHO) -> str:
    """Returns text on one line without control characters, cut to limit characters plus '…' when longer."""
    visible = "".join(" " if unicodedata.category(c) == "Cc" else c for c in text)
    line = " ".join(visible.split())
    return line if len(line) <= limit else line[:limit].rstrip() + ELLIPSIS
