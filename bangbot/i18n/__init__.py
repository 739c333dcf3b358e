"""Translations: gettext catalogs per language, loaded from bangbot/locales/*/LC_MESSAGES/bangbot.po.

In a checkout bangbot/locales links to the repository's top-level locales/; an installed package holds the files.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

DOMAIN = "bangbot"
SOURCE_LANGUAGE = "en"
LANGUAGES: tuple[str, ...] = ("en", "ru", "ja", "cs")
LOCALES_DIR = Path(__file__).parents[1] / "locales"
# Languages we have no catalog for whose readers understand one we have.
READ_AS: dict[str, str] = {"sk": "cs"}


def N_(message: str) -> str:
    """Marks a message for extraction without translating it; returns it unchanged."""
    return message


def NP_(context: str, message: str) -> tuple[str, str]:
    """Marks a message with a context for extraction; returns (context, message)."""
    return context, message


def npgettext(context: str, singular: str, plural: str) -> tuple[str, str, str]:
    """Marks a plural message with a context for extraction (pybabel's default keyword); returns it unchanged."""
    return context, singular, plural


def catalog_path(language: str) -> Path:
    """Returns the .po file of a language."""
    return LOCALES_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def normalize_language(code: str | None) -> str:
    """Returns one of LANGUAGES for a code like 'ru-RU', 'pt-br' or 'cs_CZ.UTF-8' ('sk' reads Czech), else English."""
    if not code:
        return SOURCE_LANGUAGE
    base = re.split(r"[-_.@]", code.strip(), maxsplit=1)[0].lower()
    base = READ_AS.get(base, base)
    return base if base in LANGUAGES else SOURCE_LANGUAGE


def system_language(env: Mapping[str, str] | None = None) -> str:
    """Returns one of LANGUAGES from the environment's locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English."""
    env = os.environ if env is None else env
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        if value := env.get(variable, "").split(":")[0]:
            return normalize_language(value)
    return SOURCE_LANGUAGE


class Translator:
    """Renders messages in one language: gettext, ngettext and their context variants (a game's theme speaks
    through bangbot.i18n.theme.ThemedTranslator)."""

    def __init__(self, language: str, translations: NullTranslations) -> None:
        self.language = language
        self._t = translations
        self._name_affixes: tuple[str, str] | None = None
        self._names: dict[tuple[str, str], str] = {}  # name() looked up once per marked pair (a bounded set: NP_)

    def gettext(self, message: str, **values: object) -> str:
        """Returns message translated, with {placeholders} filled from values."""
        text = self._t.gettext(message)
        return text.format(**values) if values else text

    def ngettext(self, singular: str, plural: str, n: int, **values: object) -> str:
        """Returns the plural form for n, with {n} and placeholders filled."""
        return str(self._t.ngettext(singular, plural, n)).format(n=n, **values)

    def npgettext(self, context: str, singular: str, plural: str, n: int, **values: object) -> str:
        """Returns the plural form for n of a message in context, with {n} and placeholders filled."""
        return str(self._t.npgettext(context, singular, plural, n)).format(n=n, **values)

    def pgettext(self, context: str, message: str, **values: object) -> str:
        """Returns message in context translated, with placeholders filled."""
        text = str(self._t.pgettext(context, message))
        return text.format(**values) if values else text

    def name_affixes(self) -> tuple[str, str]:
        """Returns what the language writes before and after a person's name (Japanese: さん after), looked up once."""
        if self._name_affixes is None:
            before, _, after = self.pgettext("player name", "{name}", name="\0").partition("\0")
            self._name_affixes = (before, after)
        return self._name_affixes

    def name(self, marked: tuple[str, str]) -> str:
        """Returns the translation of a NP_-marked (context, message) pair."""
        found = self._names.get(marked)
        if found is None:
            found = self._names[marked] = str(self._t.pgettext(*marked))
        return found


@cache
def translator(language: str) -> Translator:
    """Returns the translator of a language (English, the source language, for unknown ones).

    Raises FileNotFoundError when the package lacks the language's catalog (an installation without its data).
    """
    language = normalize_language(language)
    if language == SOURCE_LANGUAGE:
        return Translator(language, NullTranslations())
    with catalog_path(language).open("rb") as f:
        catalog = read_po(f, locale=language, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return Translator(language, Translations(buffer, domain=DOMAIN))
