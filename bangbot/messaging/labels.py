"""How a life bar is shown to a reader, in every game: by the theme of the reader's translator."""

from __future__ import annotations

from bangbot.i18n import Translator

BASE_BARS = ("♥", "♡")


def life_bar(tr: Translator, life: int, max_life: int) -> str:
    """Returns life as full and empty marks (the theme's, else hearts), then the count: '♥♥♡ 2/3'."""
    full, empty = tr.theme.bars if tr.theme is not None else BASE_BARS
    return f"{full * life}{empty * (max_life - life)} {life}/{max_life}"
