"""BANG! Star Wars' own pending decisions: the start order, fate effects, «Закалённый»'s repeat, «Проворный»'s rebound.

Each class name is its type tag in saved games and views, as it was when these lived in base BANG!'s requests.
"""

from __future__ import annotations

from dataclasses import dataclass

from bangbot.games.bang.rules.requests import Exclusive, Unfinished, VariantRequest


@dataclass(frozen=True, slots=True)
class FirstCheck(VariantRequest):
    """BANG! Star Wars: seat has both the compactor and New Hope in play and picks which is checked first."""

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class FateOrder(Unfinished):
    """BANG! Star Wars: seat played card at low energy and picks whether its fate effect or its own comes first.

    target and target_card are the play's, kept until the card's own effect is applied.
    """

    seat: int
    card: int
    effect: str
    target: int | None = None
    target_card: int | None = None
    answering: bool = False  # an answer (Missed! to a shot, Bacta while dying): its effect is on seat's next decision


@dataclass(frozen=True, slots=True)
class FateTake(Exclusive):
    """BANG! Star Wars fate effect: seat takes (steal) or makes target discard one of target's cards."""

    seat: int
    card: int
    target: int
    steal: bool
    reason: str = ""  # what takes the card when not a fate effect (a repeated Panic! or Cat Balou)


@dataclass(frozen=True, slots=True)
class FateHeal(Exclusive):
    """BANG! Star Wars fate effect of Bacta: seat picks another player who regains an energy."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Repeat(VariantRequest):
    """BANG! Star Wars, «Закалённый»: seat may discard a BANG! to apply the brown card it just played once more."""

    seat: int
    card: int
    target: int | None = None


@dataclass(frozen=True, slots=True)
class Rebound(VariantRequest):
    """BANG! Star Wars, «Проворный»: another played Bacta; seat may discard a card from the hand for an energy."""

    seat: int


# Every decision of BANG! Star Wars' own, registered with its variant.
STARWARS_REQUESTS: tuple[type[VariantRequest], ...] = (FirstCheck, FateOrder, FateTake, FateHeal, Repeat, Rebound)
