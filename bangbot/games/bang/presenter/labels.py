"""How a BANG! family card and a list of cards are shown to a reader: by the theme of the reader's translator."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from bangbot.games.bang.rules.cards import CARDS
from bangbot.games.bang.texts.glossary import card_name, character_name, is_character
from bangbot.i18n import Translator
from bangbot.i18n.theme import extension, spoken
from bangbot.i18n.wording import join_list, with_marks

LABELS_KEPT = 4096  # card labels kept, per translator and card (a bounded set: few languages and themes)


@lru_cache(maxsize=LABELS_KEPT)
def card_label(tr: Translator, index: int) -> str:
    """Returns a card as the theme shows it; the base game: its name with its suit and rank, e.g. 'BANG! Q♥'
    (kept per translator and card)."""
    theme = spoken(tr)
    if theme is not None:
        return theme.label(tr, index)
    c = CARDS[index]
    return with_marks(card_name(tr, c.kind), c.label)


def cards_label(tr: Translator, cards: Sequence[int]) -> str:
    """Returns cards as a list in the reader's language ('A, B and C'), or a dash for none."""
    return join_list(tr, (card_label(tr, c) for c in cards))


def cause_name(tr: Translator, reason: str) -> str:
    """Returns what checked or moved a card: a character's (a Star Wars ability's), a card kind's or a fate's name."""
    if (cause := extension(tr, "causes").get(reason)) is not None:
        return with_marks(tr.name(cause), "")
    return with_marks(character_name(tr, reason) if is_character(tr, reason) else card_name(tr, reason), "")
