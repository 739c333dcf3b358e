"""A translator that speaks a game's theme (the Theme its declaration supplies: bangbot.games.contract)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bangbot.games.contract import Marked, Theme
from bangbot.i18n import Translator


class ThemedTranslator(Translator):
    """A translator of one language that renders the messages its theme overrides by the theme's wording."""

    def __init__(self, plain: Translator, theme: Theme) -> None:
        super().__init__(plain.language, plain._t)
        self.theme = theme

    def gettext(self, message: str, **values: object) -> str:
        """Returns message translated as the theme words it (if it does), with {placeholders} filled from values."""
        override = self.theme.messages.get(message)
        return self.pgettext(override[0], override[1], **values) if override else super().gettext(message, **values)

    def ngettext(self, singular: str, plural: str, n: int, **values: object) -> str:
        """Returns the plural form for n as the theme words it (if it does), with {n} and placeholders filled."""
        override = self.theme.plurals.get(singular)
        if override is None:
            return super().ngettext(singular, plural, n, **values)
        context, one, many = override
        return self.npgettext(context, one, many, n, **values)


def spoken(tr: Translator) -> Theme | None:
    """Returns the theme a translator speaks, None for a plain one."""
    return tr.theme if isinstance(tr, ThemedTranslator) else None


def themed_name(tr: Translator, table: str, key: str) -> str | None:
    """Returns the theme's word for key in one of its tables (a field name of Theme), or None if it has none."""
    theme = spoken(tr)
    if theme is None:
        return None
    marked: Mapping[str, Marked] = getattr(theme, table)
    return tr.name(marked[key]) if key in marked else None


def extension(tr: Translator, table: str) -> Mapping[str, Any]:
    """Returns one of the theme's presenter extensions (lines, prompts, passes, actions, causes); empty without one."""
    theme = spoken(tr)
    return getattr(theme, table) if theme is not None else {}
