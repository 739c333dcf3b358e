"""Pending decisions: who must answer what before the game can go on."""

from __future__ import annotations

from dataclasses import dataclass

UNANSWERED = -1
PASSED = -2  # a queued answer that takes the hit


@dataclass(frozen=True, slots=True)
class Respond:
    """A BANG! effect (BANG!, Gatling) aimed at seat; needed Missed! effects still cancel it.

    answer holds a choice made before the seats earlier in clockwise order were done: a card or PASSED.
    """

    seat: int
    attacker: int
    source: str
    needed: int
    answer: int = UNANSWERED


@dataclass(frozen=True, slots=True)
class IndiansRespond:
    """Indians! aimed at seat: discard a BANG! or lose a life; answer as in Respond."""

    seat: int
    attacker: int
    answer: int = UNANSWERED


@dataclass(frozen=True, slots=True)
class DuelTurn:
    """A Duel where seat must discard a BANG! or lose a life; opponent answers next."""

    seat: int
    initiator: int
    opponent: int


@dataclass(frozen=True, slots=True)
class Dying:
    """Seat lost its last life to cause; needed more heals (Beer, Sid Ketchum) keep it in the game.

    no_beer: a failed «Опасный» check forbids Bacta for this rescue.
    """

    seat: int
    killer: int | None
    needed: int
    damage: int
    cause: str = ""
    no_beer: bool = False


@dataclass(frozen=True, slots=True)
class StorePick:
    """General Store: seat picks one of cards; then the seats in order pick in turn."""

    seat: int
    cards: tuple[int, ...]
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DrawChoice:
    """Phase 1 for Jesse Jones or Pedro Ramirez: where the card number `step` comes from."""

    seat: int
    step: int


@dataclass(frozen=True, slots=True)
class KitChoice:
    """Kit Carlson looked at cards and puts one back on top of the deck."""

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Theft:
    """BANG! Star Wars, «Мстительный»: seat's Panic! or Cat Balou on target, held until its BANG! effect is over.

    It asks nobody: it resolves when it reaches the head of the queue (answer is always PASSED).
    """

    seat: int
    target: int
    which: int
    steal: bool
    answer: int = PASSED
    reason: str = "panic"


@dataclass(frozen=True, slots=True)
class Aim:
    """A BANG! effect at seat whose checks (Barrel, Jourdonnais) wait while a play's fate decision is ahead of it.

    It asks nobody (answer is always PASSED): once nothing exclusive is ahead, its checks are drawn and it becomes
    seat's Respond, or a dodge.
    """

    seat: int
    attacker: int
    source: str
    needed: int
    answer: int = PASSED


class VariantRequest:
    """A variant's own pending decision (its package declares it as a frozen dataclass of this class, with a seat);
    its class name is its type tag in saved games and views, so it must be unique in the family."""

    __slots__ = ()
    seat: int


class Exclusive(VariantRequest):
    """A variant's decision that holds every decision queued behind it (a play's fate effects come before the
    reactions to it)."""

    __slots__ = ()


class Unfinished(Exclusive):
    """An exclusive decision in the middle of a play: no anytime heal is offered while it is pending."""

    __slots__ = ()


EXCLUSIVE = Exclusive
NO_HEAL_BETWEEN = (Dying, Unfinished)  # a rescue, or a play not finished yet: no anytime heal while it is pending
QUEUED = (Respond, IndiansRespond)  # the decisions a seat may answer before those ahead of it are done


def is_open(r: object) -> bool:
    """Returns whether a pending decision still waits for its seat (not an answer queued behind others)."""
    return getattr(r, "answer", UNANSWERED) == UNANSWERED


_REQUEST_CLASSES = (Respond, IndiansRespond, DuelTurn, Dying, StorePick, DrawChoice, KitChoice, Theft, Aim)

Request = (
    Respond | IndiansRespond | DuelTurn | Dying | StorePick | DrawChoice | KitChoice | Theft | Aim | VariantRequest
)

# Every decision's class by its type tag: the base game's, and each registered variant's (register_requests).
REQUEST_TYPES: dict[str, type[Request]] = {cls.__name__: cls for cls in _REQUEST_CLASSES}


def register_requests(classes: tuple[type[VariantRequest], ...]) -> None:
    """Adds a variant's own decisions to REQUEST_TYPES; raises ValueError for a type tag another class has."""
    for cls in classes:
        if REQUEST_TYPES.setdefault(cls.__name__, cls) is not cls:
            raise ValueError(f"two decisions are tagged {cls.__name__!r}")
