"""How a life bar is shown to a reader, in every game: by the theme of the reader's translator."""

from __future__ import annotations

from bangbot.i18n import Translator
from bangbot.i18n.theme import spoken

BASE_BARS = ("♥", "♡")


def life_bar(tr: Translator, life: int, max_life: int) -> str:
    """Returns life as full and empty marks (the theme's, else hearts), then the count: '♥♥♡ 2/3'."""
    theme = spoken(tr)
    full, empty = theme.bars if theme is not None else BASE_BARS
    return f"{full * life}{empty * (max_life - life)} {life}/{max_life}"
