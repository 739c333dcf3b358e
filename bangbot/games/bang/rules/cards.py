"""The playing cards: kinds, suits and ranks, and the 80-card base deck."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

HEARTS = "H"
DIAMONDS = "D"
CLUBS = "C"
SPADES = "S"
SUITS = (HEARTS, DIAMONDS, CLUBS, SPADES)
SUIT_SYMBOLS = {HEARTS: "♥", DIAMONDS: "♦", CLUBS: "♣", SPADES: "♠"}
RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANKS = {name: value for value, name in enumerate(RANK_NAMES, start=2)}


class Border(Enum):
    """Brown cards act once; blue cards stay in play."""

    BROWN = "brown"
    BLUE = "blue"


@dataclass(frozen=True, slots=True)
class CardKind:
    """What every copy of one card shares: its id, border, weapon range and book symbol."""

    id: str
    border: Border
    weapon_range: int = 0
    book: bool = False

    @property
    def is_weapon(self) -> bool:
        """Returns whether the card is a weapon (it replaces the Colt .45)."""
        return self.weapon_range > 0


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card: its position in the deck table is its identity."""

    index: int
    kind: str
    suit: str
    rank: int

    @property
    def label(self) -> str:
        """Returns the suit and rank as printed, e.g. 'Q♥'."""
        return f"{RANK_NAMES[self.rank - 2]}{SUIT_SYMBOLS[self.suit]}"

    @property
    def ref(self) -> str:
        """Returns the stable text reference used by the action notation, e.g. 'bang#3'."""
        return f"{self.kind}#{self.index}"


BANG = "bang"
MISSED = "missed"
BEER = "beer"
SALOON = "saloon"
STAGECOACH = "stagecoach"
WELLS_FARGO = "wells_fargo"
GENERAL_STORE = "general_store"
PANIC = "panic"
CAT_BALOU = "cat_balou"
GATLING = "gatling"
INDIANS = "indians"
DUEL = "duel"
BARREL = "barrel"
SCOPE = "scope"
MUSTANG = "mustang"
JAIL = "jail"
DYNAMITE = "dynamite"
VOLCANIC = "volcanic"
SCHOFIELD = "schofield"
REMINGTON = "remington"
REV_CARABINE = "rev_carabine"
WINCHESTER = "winchester"
NEW_HOPE = "new_hope"  # BANG! Star Wars: in Wells Fargo's place (assumed), a check at the start of the turn

KINDS: dict[str, CardKind] = {
    k.id: k
    for k in (
        CardKind(BANG, Border.BROWN),
        CardKind(MISSED, Border.BROWN),
        CardKind(BEER, Border.BROWN),
        CardKind(SALOON, Border.BROWN),
        CardKind(STAGECOACH, Border.BROWN),
        CardKind(WELLS_FARGO, Border.BROWN),
        CardKind(GENERAL_STORE, Border.BROWN, book=True),
        CardKind(PANIC, Border.BROWN),
        CardKind(CAT_BALOU, Border.BROWN),
        CardKind(GATLING, Border.BROWN),
        CardKind(INDIANS, Border.BROWN, book=True),
        CardKind(DUEL, Border.BROWN, book=True),
        CardKind(BARREL, Border.BLUE),
        CardKind(SCOPE, Border.BLUE),
        CardKind(MUSTANG, Border.BLUE),
        CardKind(JAIL, Border.BLUE, book=True),
        CardKind(DYNAMITE, Border.BLUE, book=True),
        CardKind(VOLCANIC, Border.BLUE, weapon_range=1, book=True),
        CardKind(SCHOFIELD, Border.BLUE, weapon_range=2),
        CardKind(REMINGTON, Border.BLUE, weapon_range=3),
        CardKind(REV_CARABINE, Border.BLUE, weapon_range=4),
        CardKind(WINCHESTER, Border.BLUE, weapon_range=5),
        CardKind(NEW_HOPE, Border.BLUE),
    )
}

# The base deck as in spec/base-deck.md: kind, then the suit and rank of each copy.
_BASE_DECK_TABLE: tuple[tuple[str, str], ...] = (
    (BANG, "AS QH KH AH 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 2C 3C 4C 5C 6C 7C 8C 9C"),
    (MISSED, "10C JC QC KC AC 2S 3S 4S 5S 6S 7S 8S"),
    (BEER, "6H 7H 8H 9H 10H JH"),
    (SALOON, "5H"),
    (STAGECOACH, "9S 9S"),
    (WELLS_FARGO, "3H"),
    (GENERAL_STORE, "9C QS"),
    (PANIC, "JH QH AH 8D"),
    (CAT_BALOU, "KH 9D 10D JD"),
    (GATLING, "10H"),
    (INDIANS, "KD AD"),
    (DUEL, "QD JS 8C"),
    (BARREL, "QS KS"),
    (SCOPE, "AS"),
    (MUSTANG, "8H 9H"),
    (JAIL, "JS 10S 4H"),
    (DYNAMITE, "2H"),
    (VOLCANIC, "10S 10C"),
    (SCHOFIELD, "JC QC KS"),
    (REMINGTON, "KC"),
    (REV_CARABINE, "AC"),
    (WINCHESTER, "8S"),
)


def parse_suit_rank(text: str) -> tuple[str, int]:
    """Returns (suit, rank) for a code like 'QH' or '10D'; raises ValueError otherwise."""
    rank_name, suit = text[:-1], text[-1:].upper()
    if suit not in SUITS or rank_name.upper() not in RANKS:
        raise ValueError(f"not a suit and rank: {text!r}")
    return suit, RANKS[rank_name.upper()]


# Cards of the family's other games that no base card stands for, numbered after the base deck.
_EXTRA_TABLE: tuple[tuple[str, str], ...] = ((NEW_HOPE, "3H"),)


def _build_cards(table: tuple[tuple[str, str], ...], first: int) -> tuple[Card, ...]:
    """Returns the cards of a table (kind, then the suit and rank of each copy), numbered from first."""
    cards: list[Card] = []
    for kind, copies in table:
        for code in copies.split():
            suit, rank = parse_suit_rank(code)
            cards.append(Card(first + len(cards), kind, suit, rank))
    return tuple(cards)


BASE_DECK: tuple[Card, ...] = _build_cards(_BASE_DECK_TABLE, 0)
CARDS: tuple[Card, ...] = BASE_DECK + _build_cards(_EXTRA_TABLE, len(BASE_DECK))
"""Every physical card of the family's games; a card's index is its identity in every state and button."""


def deck_indices(simplified: bool, deck: tuple[int, ...] | None = None) -> list[int]:
    """Returns the card indices in play: a deck (the base 80 by default), without book-symbol cards if simplified."""
    cards = BASE_DECK if deck is None else tuple(CARDS[i] for i in deck)
    return [c.index for c in cards if not (simplified and KINDS[c.kind].book)]


def is_red(card: Card) -> bool:
    """Returns whether the card is a heart or a diamond."""
    return card.suit in (HEARTS, DIAMONDS)
