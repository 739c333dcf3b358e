"""A theme: how a game of the family that plays with the base game's cards and roles names them to its players."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bangbot.i18n import Translator

Marked = tuple[str, str]  # (context, English), as NP_ marks it
MarkedPlural = tuple[str, str, str]  # (context, English singular, English plural)
CardLabel = Callable[
    [Translator, int], str
]  # a card (its index in bangbot.games.bang.rules.cards.CARDS) as a reader sees it
Topic = tuple[Mapping[str, Marked], Mapping[str, Marked]]  # the names and the help texts of one kind of thing


@dataclass(frozen=True)
class Theme:
    """The words of one themed game: per base id a name and help, per base message the themed message.

    cards and card_help are keyed by base card kinds, characters by character ids, roles and role_goals by base role
    ids, terms by keys of glossary.GAME_WORDS; messages by the English msgid they replace (rendered with pgettext),
    plurals by the English singular they replace (rendered with npgettext). topics holds, per kind of thing /rules
    explains ('card', 'character', ...), the names and help texts keyed by the theme's own ids, and energy the life
    each character starts with. label shows a card; bars are the full and the empty mark of the life bar; legend,
    if any, is the line that explains the marks of a card label.
    """

    id: str
    game: Marked
    label: CardLabel
    cards: Mapping[str, Marked] = field(default_factory=dict)
    card_help: Mapping[str, Marked] = field(default_factory=dict)
    characters: Mapping[str, Marked] = field(default_factory=dict)
    character_help: Mapping[str, Marked] = field(default_factory=dict)
    roles: Mapping[str, Marked] = field(default_factory=dict)
    role_goals: Mapping[str, Marked] = field(default_factory=dict)
    terms: Mapping[str, Marked] = field(default_factory=dict)
    messages: Mapping[str, Marked] = field(default_factory=dict)
    plurals: Mapping[str, MarkedPlural] = field(default_factory=dict)
    topics: Mapping[str, Topic] = field(default_factory=dict)
    energy: Mapping[str, int] = field(default_factory=dict)
    bars: tuple[str, str] = ("♥", "♡")
    legend: Callable[[Translator], str] | None = None
    card_ids: Mapping[str, str] = field(default_factory=dict)  # base card kind -> the theme's own card id (/rules)
    # The presenter's extensions for what the base game does not have: an event kind's log line, a request type's
    # prompt and Pass button, an action class's button, and the name of a cause (e.g. a fate effect).
    lines: Mapping[str, Callable[..., str]] = field(default_factory=dict)
    own_lines: Mapping[str, Callable[..., str | None]] = field(default_factory=dict)  # the reader's own, if told apart
    prompts: Mapping[str, Callable[..., str]] = field(default_factory=dict)
    passes: Mapping[str, Callable[[Translator], str]] = field(default_factory=dict)
    actions: Mapping[str, Callable[[Translator, Any], str]] = field(default_factory=dict)
    causes: Mapping[str, Marked] = field(default_factory=dict)


def themed_name(tr: Translator, table: str, key: str) -> str | None:
    """Returns the theme's word for key in one of its tables (a field name of Theme), or None if it has none."""
    if tr.theme is None:
        return None
    marked: Mapping[str, Marked] = getattr(tr.theme, table)
    return tr.name(marked[key]) if key in marked else None


def extension(tr: Translator, table: str) -> Mapping[str, Any]:
    """Returns one of the theme's presenter extensions (lines, prompts, passes, actions, causes); empty without one."""
    return getattr(tr.theme, table) if tr.theme is not None else {}
