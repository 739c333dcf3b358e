"""Babel's grammar for the reader's language: lists, exact durations and how a player's name is written."""

from __future__ import annotations

from collections.abc import Iterable

from babel.lists import format_list

from bangbot.i18n import Translator

MINUTE = 60
HOUR = 60 * MINUTE
DAY = 24 * HOUR
NOTHING = "—"


def join_list(tr: Translator, items: Iterable[str], empty: str = NOTHING) -> str:
    """Returns items as one list in the reader's language ('A, B and C', 'A、B、C'), or empty for none."""
    parts = list(items)
    return str(format_list(parts, locale=tr.language)) if parts else empty


def duration(tr: Translator, seconds: int) -> str:
    """Returns a length of time exact to the minute, rounded down: '1 day 12 hours', '1日12時間'."""
    seconds = max(seconds, 0)
    days, rest = divmod(seconds, DAY)
    hours, rest = divmod(rest, HOUR)
    minutes = rest // MINUTE
    parts = [
        text
        for count, text in (
            (days, tr.ngettext("{n} day", "{n} days", days)),
            (hours, tr.ngettext("{n} hour", "{n} hours", hours)),
            (minutes, tr.ngettext("{n} minute", "{n} minutes", minutes)),
        )
        if count
    ]
    if not parts:
        return tr.gettext("less than a minute")
    return str(format_list(parts, style="unit-narrow", locale=tr.language))


def player(tr: Translator, name: str) -> str:
    """Returns a player's name as a sentence of the reader's language writes it (Japanese adds さん)."""
    return tr.pgettext("player name", "{name}", name=name)


def players(tr: Translator, names: Iterable[str]) -> list[str]:
    """Returns every name as player() writes it."""
    return [player(tr, n) for n in names]
