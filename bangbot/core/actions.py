"""The actions every game of the family has alike: answer with a card, discard, pick, pass, end the turn.

Each game's own actions module adds its others (play a card, draw, swap…) and exports these with them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Answer:
    """Answers the pending decision with a card from the hand: a Missed!, a BANG! in a Duel, a Beer when dying."""

    card: int


@dataclass(frozen=True, slots=True)
class Discard:
    """Discards a card from the hand when asked (phase 3's hand limit, an opponent's card, Stagecoach)."""

    card: int


@dataclass(frozen=True, slots=True)
class Pick:
    """Takes one of the cards the pending decision shows (General Store) or offers."""

    card: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Declines the pending decision: takes the hit, loses or stops a Duel, keeps the cards, or goes out of the game."""


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Ends the play phase (phase 2); discarding down to the hand limit follows."""
