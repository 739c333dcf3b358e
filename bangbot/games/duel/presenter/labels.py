"""How the Duel's cards, characters in play and squads are named to a reader: a card with its check symbol."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from bangbot.games.duel.rules.data import CARDS, CHARACTER, CHARACTERS
from bangbot.games.duel.rules.views import DuelView, FighterView
from bangbot.games.duel.texts.names import (
    DUEL_CARD_NAMES,
    duel_card_name,
    duel_character_name,
    duel_side_name,
    duel_symbol_name,
)
from bangbot.i18n import Translator
from bangbot.i18n.wording import glyph_list, join_list, with_marks

LABELS_KEPT = 4096  # card labels kept, per translator and card (a bounded set: few languages and themes)

# A glyph per check symbol (not translated), and the mark of a card that may be discarded to reload.
SYMBOL_GLYPHS = {"barrel": "🛢", "horseshoe": "Ω", "snake": "🐍", "dynamite": "🧨"}
RELOAD_MARK = "♻"
ATTACKER, COVER = 0, 1


@lru_cache(maxsize=LABELS_KEPT)
def card_label(tr: Translator, index: int) -> str:
    """Returns a physical card as a reader sees it: its name, its check symbol, and the reload mark if it has
    one (kept per translator and card)."""
    card = CARDS[index]
    marks = SYMBOL_GLYPHS.get(card.symbol, "") + (RELOAD_MARK if card.type.reload else "")
    name = duel_card_name(tr, card.type.id)
    return with_marks(name, marks)


def cards_label(tr: Translator, cards: Sequence[int]) -> str:
    """Returns cards as a list in the reader's language, or a dash for none."""
    return join_list(tr, (card_label(tr, c) for c in cards))


def source_name(tr: Translator, id: str) -> str:
    """Returns the name of what caused something: a card's or a character's name (an ability), else the id.

    Ids like "double_barrel_second" (a card's second shot) are named by the card they start with.
    """
    return with_marks(_source(tr, id), "")  # a name's words never part at a line's end


def _source(tr: Translator, id: str) -> str:
    """Returns source_name's name, its words not yet glued."""
    if id in DUEL_CARD_NAMES:
        return duel_card_name(tr, id)
    if id in CHARACTER:
        return duel_character_name(tr, id)
    if (owner := ability_owner(id)) is not None:
        return duel_character_name(tr, owner)
    known = next((c for c in DUEL_CARD_NAMES if id.startswith(c + "_")), None)
    return duel_card_name(tr, known) if known else tr.gettext("an effect")


def ability_owner(atom: str) -> str | None:
    """Returns the character whose ability an atom is, or None."""
    return next((c.id for c in CHARACTERS if c.ability == atom), None)


def symbol_legend(tr: Translator) -> str:
    """Returns the line that explains the check symbols' glyphs and the reload mark."""
    symbols = glyph_list(tr, SYMBOL_GLYPHS, duel_symbol_name)
    return tr.gettext(
        "Check symbols: {symbols}. {reload} reload: may be discarded to draw a card once a player has one character "
        "left.",
        symbols=symbols,
        reload=RELOAD_MARK,
    )


def position_label(tr: Translator, character: str, position: int) -> str:
    """Returns a character with its place: 'Jango (attacking)' / 'Jango (covering)'."""
    name = duel_character_name(tr, character)
    if position == ATTACKER:
        return tr.gettext("{character} (attacking)", character=name)
    return tr.gettext("{character} (covering)", character=name)


def fighter_at(view: DuelView, slot: int) -> FighterView | None:
    """Returns the character in play in a slot as the view shows it, or None when the slot is empty."""
    squad = view.squads[slot // 2]
    return next((f for f in squad.fighters if f.slot == slot), None)


def slot_label(tr: Translator, view: DuelView, names: Sequence[str], slot: int) -> str:
    """Returns a target character's button text: the character, its place and its player ('Jango (attacking), Ann').

    names are written as sentences write them (wording.players).
    """
    f = fighter_at(view, slot)
    seat = slot // 2
    if f is None:
        return names[seat]
    return tr.gettext("{character} — {name}", character=position_label(tr, f.character, slot % 2), name=names[seat])


def side_label(tr: Translator, name: str, side: str) -> str:
    """Returns a player with their side: 'Ann (Law)'."""
    return tr.gettext("{name} ({side})", name=name, side=duel_side_name(tr, side))
