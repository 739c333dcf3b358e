"""How a card, a list of cards and a life bar are shown to a reader: by the theme of the reader's translator."""

from __future__ import annotations

from collections.abc import Sequence

from bangbot.games.bang.rules.cards import CARDS
from bangbot.games.bang.texts.starwars import SW_FATE_NAMES, sw_fate_name
from bangbot.i18n import Translator
from bangbot.i18n.glossary import card_name, character_name, is_character
from bangbot.i18n.wording import join_list, with_marks

BASE_BARS = ("♥", "♡")


def card_label(tr: Translator, index: int) -> str:
    """Returns a card as the theme shows it; the base game: its name with its suit and rank, e.g. 'BANG! Q♥'."""
    if tr.theme is not None:
        return tr.theme.label(tr, index)
    c = CARDS[index]
    return with_marks(card_name(tr, c.kind), c.label)


def cards_label(tr: Translator, cards: Sequence[int]) -> str:
    """Returns cards as a list in the reader's language ('A, B and C'), or a dash for none."""
    return join_list(tr, (card_label(tr, c) for c in cards))


def life_bar(tr: Translator, life: int, max_life: int) -> str:
    """Returns life as full and empty marks (the theme's, else hearts), then the count: '♥♥♡ 2/3'."""
    full, empty = tr.theme.bars if tr.theme is not None else BASE_BARS
    return f"{full * life}{empty * (max_life - life)} {life}/{max_life}"


def cause_name(tr: Translator, reason: str) -> str:
    """Returns what checked or moved a card: a character's (a Star Wars ability's), a card kind's or a fate's name."""
    if reason in SW_FATE_NAMES:
        return sw_fate_name(tr, reason)
    return character_name(tr, reason) if is_character(tr, reason) else card_name(tr, reason)
