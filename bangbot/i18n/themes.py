"""The translator a game's texts are rendered with: a themed game's words (its declaration's theme) in a language."""

from __future__ import annotations

from functools import cache

from bangbot import games
from bangbot.games.contract import Theme
from bangbot.i18n import Translator, translator
from bangbot.i18n.theme import ThemedTranslator, spoken


def theme_of(ruleset_id: str | None) -> Theme | None:
    """Returns the theme of a game (None for an unthemed game, or an id no registered game has)."""
    try:
        return games.game(ruleset_id).theme if ruleset_id is not None else None
    except KeyError:
        return None


@cache
def _themed(language: str, ruleset_id: str) -> Translator:
    """Returns the translator of a language speaking the words of a themed game."""
    theme = theme_of(ruleset_id)
    assert theme is not None
    return ThemedTranslator(translator(language), theme)


def themed(tr: Translator, ruleset_id: str | None) -> Translator:
    """Returns the translator for the texts of a game of ruleset_id, in tr's language; tr itself if it fits."""
    theme = theme_of(ruleset_id)
    if theme is None or ruleset_id is None:
        return tr if spoken(tr) is None else translator(tr.language)
    if spoken(tr) is theme:
        return tr
    return _themed(tr.language, ruleset_id)
