"""Names as messages show them: isolated from the text around them, whatever characters a messenger sends."""

from __future__ import annotations

import re
import unicodedata

MAX_NAME = 32  # a player's name, in characters
MAX_TITLE = 128  # a group's title, as long as Telegram allows
# Embeddings and overrides (U+202A–E), isolates (U+2066–9), the marks (U+200E/F, U+061C): a name could reorder
# the text after it with them, so none is kept.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
# Characters that show nothing: zero-width space, non-joiner, joiner, word joiner, invisible operators, BOM, and the
# Mongolian vowel separator.
ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\u2061\u2062\u2063\u2064\ufeff\u180e")
DROPPED = BIDI_CONTROLS | ZERO_WIDTH
FIRST_STRONG_ISOLATE = "\u2068"
POP_DIRECTIONAL_ISOLATE = "\u2069"
_SPACES = re.compile(r"\s+")


def display_name(raw: str, limit: int = MAX_NAME) -> str:
    """Returns a name safe amid any text: no bidi, control or zero-width characters, at most limit of them kept.

    A name with right-to-left letters comes wrapped in a first-strong isolate, so it cannot reorder what follows it
    (the isolate is added after the cut, so it is always closed). Empty if nothing visible is left.
    """
    kept = "".join(" " if _is_space_or_control(ch) else ch for ch in raw if ch not in DROPPED)
    name = _SPACES.sub(" ", kept).strip()[:limit].rstrip()
    if any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in name):
        return f"{FIRST_STRONG_ISOLATE}{name}{POP_DIRECTIONAL_ISOLATE}"
    return name


def _is_space_or_control(char: str) -> bool:
    """Returns whether a character breaks a line or controls a terminal: shown as a space in a name."""
    return unicodedata.category(char) in ("Cc", "Zl", "Zp")
