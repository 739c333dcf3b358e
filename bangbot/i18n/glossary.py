"""Every game's name in a reader's language, and /rules' search over the topics every registered game explains."""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from bangbot import games
from bangbot.games.contract import TopicTables
from bangbot.i18n import LANGUAGES, Translator, translator
from bangbot.i18n.theme import spoken

# The English source strings. Ids are the keys of bangbot.core (cards.py, characters.py, roles.py);
# each language's names come from its own rulebook, see spec/glossary.md.


CARD = "card"
CHARACTER = "character"


def game_name(tr: Translator, ruleset_id: str) -> str:
    """Returns the name of a game (a ruleset id) in the translator's language; a themed game's from its theme."""
    theme = spoken(tr)
    if theme is not None and theme.id == ruleset_id:
        return tr.name(theme.game)
    try:
        return tr.name(games.game(ruleset_id).name)
    except KeyError:
        return ruleset_id


_GLOSS = re.compile(r"^(?P<name>.*?)\s*[(（](?P<gloss>[^()（）]*)[)）]\s*$")
_MIN_PREFIX = 3


def normalize_name(text: str) -> str:
    """Returns text folded for name matching: lower case, no accents, quotes, punctuation or spaces."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if ch.isalnum() and not unicodedata.combining(ch))


def _variants(name: str) -> list[str]:
    """Returns the normalized forms of a name: whole, for 'Barile(樽)' each part too, after a colon the rest."""
    forms = [name]
    match = _GLOSS.match(name)
    if match:
        forms += [match["name"], match["gloss"]]
    _, colon, subtitle = name.replace("：", ":").partition(":")
    if colon:  # 'Third squad: Renegades against the Law' is also found by what sets it apart
        forms.append(subtitle)
    return [n for n in map(normalize_name, forms) if n]


def topic_tables() -> dict[str, TopicTables]:
    """Returns what /rules can explain, per game (a ruleset id), in the registry's order."""
    return {g.id: g.rules.topics for g in games.GAMES}


def late_rulesets() -> set[str]:
    """Returns the games whose names never shadow another game's at that game's table (searched there last)."""
    return {g.id for g in games.GAMES if g.rules.late}


def search_order(ruleset: str) -> tuple[str, ...]:
    """Returns the rulesets to search for a table playing ruleset: its own first, then the others."""
    tables = topic_tables()
    return (ruleset, *(name for name in tables if name != ruleset)) if ruleset in tables else tuple(tables)


def _index_of(tr: Translator, ruleset: str) -> dict[str, tuple[str, str]]:
    """Returns normalized name -> (kind, id) for the names of one translator in one ruleset; a word of a name
    (Vader of Darth Vader) too, when it names one topic only and is no whole name."""
    index: dict[str, tuple[str, str]] = {}
    words: dict[str, set[tuple[str, str]]] = {}
    for what, table in topic_tables()[ruleset]:
        for id_, marked in table.items():
            name = tr.name(marked)
            for form in _variants(name):
                index.setdefault(form, (what, id_))
            for word in map(normalize_name, re.split(r"[\s\-]+", name)):
                if len(word) >= _MIN_PREFIX:
                    words.setdefault(word, set()).add((what, id_))
    for word, topics in words.items():
        if len(topics) == 1 and word not in index:
            index[word] = next(iter(topics))
    return index


@cache
def _global_index(ruleset: str) -> dict[str, tuple[str, str]]:
    """Returns normalized name or id -> (kind, id) over every language's names and the ids of one ruleset."""
    index: dict[str, tuple[str, str]] = {}
    for what, table in topic_tables()[ruleset]:
        for id_ in table:
            index.setdefault(normalize_name(id_), (what, id_))
    for what, readings in games.game(ruleset).rules.readings:
        for id_, forms in readings.items():
            for form in forms:
                index.setdefault(normalize_name(form), (what, id_))
    for language in LANGUAGES:
        for form, found in _index_of(translator(language), ruleset).items():
            index.setdefault(form, found)
    return index


def _search(tr: Translator, key: str, order: tuple[str, ...]) -> tuple[tuple[str, str] | None, bool]:
    """Returns (the topic found in these rulesets, whether any name matched even if unclearly)."""
    for name in order:
        found = _index_of(tr, name).get(key) or _global_index(name).get(key)
        if found is not None:
            return found, True
    candidates = _prefixed(key, order)
    return (candidates[0] if len(candidates) == 1 else None), bool(candidates)


def _prefixed(key: str, order: tuple[str, ...]) -> list[tuple[str, str]]:
    """Returns the topics of the first of these rulesets with a name that starts with key (none for a short key)."""
    if len(key) < _MIN_PREFIX:
        return []
    for name in order:
        candidates = {hit: None for form, hit in _global_index(name).items() if form.startswith(key)}
        if candidates:
            return list(candidates)
    return []


def _topic_name(tr: Translator, topic: tuple[str, str]) -> str:
    """Returns a topic's name in the translator's language, from the first ruleset table that has it."""
    what, id_ = topic
    for tables in topic_tables().values():
        for kind, table in tables:
            if kind == what and id_ in table:
                return tr.name(table[id_])
    return id_


def unclear(tr: Translator, text: str, ruleset: str = games.DEFAULT) -> list[str]:
    """Returns the names of the topics a name typed could mean when lookup finds it unclear (empty otherwise)."""
    key = normalize_name(text)
    if not key or lookup(tr, text, ruleset) is not None:
        return []
    order = search_order(ruleset)
    late = late_rulesets()
    early = tuple(name for name in order if name == ruleset or name not in late)
    for part in (early, tuple(name for name in order if name not in early)):
        candidates = _prefixed(key, part)
        if candidates:
            return [_topic_name(tr, topic) for topic in candidates] if len(candidates) > 1 else []
    return []


def lookup(tr: Translator, text: str, ruleset: str = games.DEFAULT) -> tuple[str, str] | None:
    """Returns (kind, id) for a name in any language or an id, the table's ruleset searched first; None if unclear.

    A late ruleset (see late_rulesets) is searched only at its own table, or when no other ruleset matches at all.
    """
    key = normalize_name(text)
    if not key:
        return None
    order = search_order(ruleset)
    late = late_rulesets()
    early = tuple(name for name in order if name == ruleset or name not in late)
    found, matched = _search(tr, key, early)
    if matched:
        return found
    return _search(tr, key, tuple(name for name in order if name not in early))[0]
