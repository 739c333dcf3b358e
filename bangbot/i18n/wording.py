"""Babel's grammar for the reader's language: lists, exact durations and how a player's name is written."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache

from babel.lists import format_list

from bangbot.i18n import NP_, Translator

JOINED_KEPT = 4096  # lists join_list keeps written, all languages together
WRITTEN_TABLES = 1024  # tables whose names players() keeps written, per translator

MINUTE = 60
HOUR = 60 * MINUTE
DAY = 24 * HOUR
NOTHING = "—"
GLUE = "\u00a0"  # a no-break space: a card's name and its suit or symbols never part at a line's end


def with_marks(name: str, marks: str) -> str:
    """Returns a card's name and its marks (suit and rank, check symbols) joined so no line breaks them apart, nor
    the words of the name ("Rev. Carabine")."""
    glued = name.replace(" ", GLUE)
    return f"{glued}{GLUE}{marks}" if marks else glued


def glyph_list(tr: Translator, glyphs: Mapping[str, str], name: Callable[[Translator, str], str]) -> str:
    """Returns a legend's list of glyphs, each joined to the name of the symbol it stands for ('🛢 barrel, Ω …')."""
    return join_list(tr, (f"{glyph}{GLUE}{name(tr, symbol)}" for symbol, glyph in glyphs.items()))


def join_list(tr: Translator, items: Iterable[str], empty: str = NOTHING) -> str:
    """Returns items as one list in the reader's language ('A, B and C', 'A、B、C'), or empty for none."""
    parts = tuple(items)
    return joined(tr.language, parts) if parts else empty


@lru_cache(maxsize=JOINED_KEPT)
def joined(language: str, parts: tuple[str, ...]) -> str:
    """Returns parts as one list in a language, as Babel writes it (kept: Babel looks its locale up every call)."""
    return str(format_list(list(parts), locale=language))


def waiting_for(tr: Translator, names: Sequence[str], awaiting: Iterable[int], reader: int | None) -> str:
    """Returns whom the table waits for (names by seat), the reader first and as "you" when they are awaited."""
    asked = list(awaiting)
    others = join_list(tr, (names[s] for s in asked if s != reader))
    if reader is None or reader not in asked:
        return tr.gettext("Waiting for: {names}.", names=others)
    if len(asked) == 1:
        return tr.gettext("Waiting for you.")
    return tr.ngettext(
        "Waiting for you and {n} more player: {names}.",
        "Waiting for you and {n} more players: {names}.",
        len(asked) - 1,
        names=others,
    )


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


AI_SEAT_NAME = "🤖 {n}"  # how an AI seat's name is stored; shown as AI_NAMES[n - 1] in the reader's language
AI_SEAT = re.compile(r"🤖 (\d+)")
AI_NAMES = (
    NP_("AI player", "Annie"),
    NP_("AI player", "Bill"),
    NP_("AI player", "Clementine"),
    NP_("AI player", "Doc"),
    NP_("AI player", "Etta"),
    NP_("AI player", "Frank"),
    NP_("AI player", "Grace"),
    NP_("AI player", "Hank"),
)


def ai_slot(name: str) -> int | None:
    """Returns the index into AI_NAMES of a stored AI seat name ('🤖 2' -> 1), or None for a person's name."""
    found = AI_SEAT.fullmatch(name)
    return (int(found.group(1)) - 1) % len(AI_NAMES) if found else None


def ai_name(tr: Translator, slot: int, taken: Iterable[str] = ()) -> str:
    """Returns an AI player's name in the reader's language ('🤖 Annie'): the slot's, else the next one not taken."""
    used = set(taken)
    for step in range(len(AI_NAMES)):
        text = "🤖 " + tr.name(AI_NAMES[(slot + step) % len(AI_NAMES)])
        if text not in used:
            return text
    return AI_SEAT_NAME.format(n=slot + 1)


def player(tr: Translator, name: str) -> str:
    """Returns a player's name as a sentence of the reader's language writes it (Japanese adds さん to people).

    An AI seat gets its name in the reader's language, without an honorific.
    """
    slot = ai_slot(name)
    return ai_name(tr, slot) if slot is not None else person(tr, name)


def person(tr: Translator, name: str) -> str:
    """Returns a person's name with the reader's honorific (Japanese さん), unless the name already carries it."""
    before, after = tr.name_affixes()
    if (after and name.endswith(after)) or (before and name.startswith(before)):
        return name
    return f"{before}{name}{after}"


def players(tr: Translator, names: Iterable[str]) -> list[str]:
    """Returns every name as player() writes it; an AI name never equals a person's name at the table."""
    return list(written_players(tr, tuple(names)))


@lru_cache(maxsize=WRITTEN_TABLES)
def written_players(tr: Translator, stored: tuple[str, ...]) -> tuple[str, ...]:
    """Returns a table's names as players() writes them, worked out once per translator (each language's is one object
    that never changes) and table: every message of a game writes them."""
    people = [person(tr, n) for n in stored if ai_slot(n) is None]
    taken = set(people) | set(stored)
    written: list[str] = []
    for n in stored:
        slot = ai_slot(n)
        if slot is None:
            written.append(person(tr, n))
            continue
        text = ai_name(tr, slot, taken)
        taken.add(text)
        written.append(text)
    return tuple(written)
