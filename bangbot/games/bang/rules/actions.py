"""Typed, frozen actions a seat can take; legal_actions lists exactly the allowed ones."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import repeat
from operator import is_

from bangbot.core.actions import Answer, Discard, EndTurn, Pass, Pick

__all__ = [
    "HAND",
    "Action",
    "Answer",
    "Discard",
    "DrawDeck",
    "DrawDiscard",
    "DrawHand",
    "EndTurn",
    "Heal",
    "Pass",
    "Pick",
    "Play",
    "PutBack",
    "VariantAction",
    "among",
]

HAND = -1  # target_card value of Panic! and Cat Balou meaning "a random card from the hand"


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card from the hand in phase 2, at a seat and (Panic!, Cat Balou) one of its cards."""

    card: int
    target: int | None = None
    target_card: int | None = None


@dataclass(frozen=True, slots=True)
class Heal:
    """Sid Ketchum: discard these cards from the hand to regain one life."""

    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DrawDeck:
    """Phase 1 choice: take this card from the deck."""


@dataclass(frozen=True, slots=True)
class DrawDiscard:
    """Phase 1 choice (Pedro Ramirez): take the top card of the discard pile."""


@dataclass(frozen=True, slots=True)
class DrawHand:
    """Phase 1 choice (Jesse Jones): take a random card from target's hand."""

    target: int


@dataclass(frozen=True, slots=True)
class PutBack:
    """Kit Carlson: put this card back on top of the deck and keep the other two."""

    card: int


class VariantAction:
    """A variant's own action (its package declares it as a frozen dataclass of this class)."""

    __slots__ = ()

    def text(self) -> str:
        """Returns the action's notation: its verb (a variant's words) and what follows."""
        raise NotImplementedError

    def answer_step(self) -> str:
        """Returns the name of the answer button that takes it."""
        raise NotImplementedError


Action = (
    Play | Answer | Pass | EndTurn | Discard | Heal | DrawDeck | DrawDiscard | DrawHand | PutBack | Pick | VariantAction
)


def among(action: Action, actions: Sequence[Action]) -> bool:
    """Returns action in actions, looked for by identity first (the rules core shares action objects), then by value."""
    return any(map(is_, actions, repeat(action))) or action in actions
