"""Card facts the AI reads by card index: kind, border and weapon range (from the printed deck table)."""

from __future__ import annotations

from bangbot.games.bang.rules.cards import CARDS, KINDS, Border

KIND: tuple[str, ...] = tuple(c.kind for c in CARDS)
RANGE: tuple[int, ...] = tuple(KINDS[c.kind].weapon_range for c in CARDS)
BLUE: tuple[bool, ...] = tuple(KINDS[c.kind].border is Border.BLUE for c in CARDS)


def kind(card: int) -> str:
    """Returns the kind of the card with this index, e.g. 'bang'."""
    return KIND[card]


def weapon_range(card: int) -> int:
    """Returns the card's weapon range (0 for anything but a weapon)."""
    return RANGE[card]


def is_weapon(card: int) -> bool:
    """Returns whether the card is a weapon."""
    return RANGE[card] > 0
