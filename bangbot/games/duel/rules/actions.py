"""What a Duel player can do: play, answer, use a card in play, swap, reload, pick, choose, pass, end the turn."""

from __future__ import annotations

from dataclasses import dataclass

from bangbot.core.actions import Answer, Discard, EndTurn, Pass, Pick

__all__ = ["Answer", "Choose", "Discard", "DuelAction", "EndTurn", "Pass", "Pick", "Play", "Reload", "Swap", "Use"]


@dataclass(frozen=True, slots=True)
class Play:
    """Plays a card from the hand; target is a slot (seat * 2 + position), target_card a card in play or -1 (hand)."""

    card: int
    target: int | None = None
    target_card: int | None = None
    how: str = ""  # "bang" or "missed": played as another card (Toco Ramirez, Annie Oakley, Companion)


@dataclass(frozen=True, slots=True)
class Use:
    """Uses a card in play (a resource, or a Hat against a hit); target as for Play.

    how "bang" or "missed": the Fortune Teller discards her card in play as that card instead."""

    card: int
    target: int | None = None
    how: str = ""


@dataclass(frozen=True, slots=True)
class Reload:
    """Discards a card with the reload symbol to draw a new one."""

    card: int


@dataclass(frozen=True, slots=True)
class Choose:
    """Picks a named option of the pending decision: a character, a slot, a deck, or yes/no."""

    option: str


@dataclass(frozen=True, slots=True)
class Swap:
    """Swaps the own attacking and covering characters (once a turn)."""


DuelAction = Play | Answer | Use | Reload | Discard | Pick | Choose | Swap | Pass | EndTurn
