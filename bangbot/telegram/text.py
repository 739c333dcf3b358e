"""Plain text with mention tokens to Telegram HTML, split to Telegram's message length."""

from __future__ import annotations

import html
import re

MAX_TEXT = 4096
_MENTION = re.compile("\x00m(-?\\d+)\x00(.*?)\x00", re.S)


def mention_token(user_id: int, name: str) -> str:
    """Returns a token that to_html turns into a mention of the user."""
    return f"\x00m{user_id}\x00{name}\x00"


def to_html(text: str) -> str:
    """Returns text escaped for Telegram's HTML mode, with mention tokens as user links."""
    escaped = html.escape(text, quote=False)
    return _MENTION.sub(lambda m: f'<a href="tg://user?id={m[1]}">{m[2]}</a>', escaped)


def visible_length(text: str) -> int:
    """Returns how many characters a text shows once mention tokens are names."""
    return len(_MENTION.sub(lambda m: m[2], text))


def split(text: str, limit: int = MAX_TEXT) -> list[str]:
    """Returns text cut at line ends into parts that each show at most limit characters."""
    parts: list[str] = []
    current = ""
    for line in text.split("\n"):
        while visible_length(line) > limit:
            head, line = line[:limit], line[limit:]
            if current:
                parts.append(current)
                current = ""
            parts.append(head)
        candidate = f"{current}\n{line}" if current else line
        if current and visible_length(candidate) > limit:
            parts.append(current)
            current = line
        else:
            current = candidate
    parts.append(current)
    return [p for p in parts if p.strip()] or ["…"]
