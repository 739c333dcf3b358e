"""The themed games, by ruleset id, and the translator a game's texts are rendered with."""

from __future__ import annotations

from functools import cache

from bangbot.i18n import Translator, translator
from bangbot.i18n.glossary import RULESETS
from bangbot.i18n.starwars import SW_TABLES
from bangbot.i18n.starwars_theme import STARWARS_THEME
from bangbot.i18n.theme import Theme

THEMES: dict[str, Theme] = {STARWARS_THEME.id: STARWARS_THEME}

# What /rules searches first at a table of BANG! Star Wars.
RULESETS.setdefault(STARWARS_THEME.id, SW_TABLES)


@cache
def _themed(language: str, ruleset_id: str) -> Translator:
    """Returns the translator of a language speaking the words of a themed game."""
    return translator(language).with_theme(THEMES[ruleset_id])


def themed(tr: Translator, ruleset_id: str) -> Translator:
    """Returns the translator for the texts of a game of ruleset_id, in tr's language; tr itself if it fits."""
    if ruleset_id not in THEMES:
        return tr if tr.theme is None else translator(tr.language)
    if tr.theme is THEMES[ruleset_id]:
        return tr
    return _themed(tr.language, ruleset_id)


def theme_of_topic(what: str, ident: str, ruleset_id: str) -> Theme | None:
    """Returns the theme whose own /rules topics hold (what, ident), the table's first; None for a base topic."""
    first = THEMES.get(ruleset_id)
    for theme in (first, *THEMES.values()):
        if theme is not None and ident in theme.topics.get(what, ({}, {}))[0]:
            return theme
    return None
