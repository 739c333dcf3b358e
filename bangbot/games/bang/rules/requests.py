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
class FirstCheck:
    """BANG! Star Wars: seat has both the compactor and New Hope in play and picks which is checked first."""

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


@dataclass(frozen=True, slots=True)
class FateOrder:
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
class FateTake:
    """BANG! Star Wars fate effect: seat takes (steal) or makes target discard one of target's cards."""

    seat: int
    card: int
    target: int
    steal: bool
    reason: str = ""  # what takes the card when not a fate effect (a repeated Panic! or Cat Balou)


@dataclass(frozen=True, slots=True)
class FateHeal:
    """BANG! Star Wars fate effect of Bacta: seat picks another player who regains an energy."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Repeat:
    """BANG! Star Wars, «Закалённый»: seat may discard a BANG! to apply the brown card it just played once more."""

    seat: int
    card: int
    target: int | None = None


@dataclass(frozen=True, slots=True)
class Rebound:
    """BANG! Star Wars, «Проворный»: another played Bacta; seat may discard a card from the hand for an energy."""

    seat: int


# Decisions that hold every decision queued behind them (a play's fate effects come before the reactions to it).
EXCLUSIVE = (FateOrder, FateTake, FateHeal)
NO_HEAL_BETWEEN = (Dying, FateOrder)  # a rescue, or a play not finished yet: no anytime heal while it is pending
QUEUED = (Respond, IndiansRespond)  # the decisions a seat may answer before those ahead of it are done


def is_open(r: object) -> bool:
    """Returns whether a pending decision still waits for its seat (not an answer queued behind others)."""
    return getattr(r, "answer", UNANSWERED) == UNANSWERED


_REQUEST_CLASSES = (
    Respond, IndiansRespond, DuelTurn, Dying, StorePick, DrawChoice, KitChoice,
    FirstCheck, Theft, Aim, Rebound, FateOrder, FateTake, FateHeal, Repeat,
)  # fmt: skip

Request = (
    Respond
    | IndiansRespond
    | DuelTurn
    | Dying
    | StorePick
    | DrawChoice
    | KitChoice
    | FirstCheck
    | Theft
    | Aim
    | Rebound
    | FateOrder
    | FateTake
    | FateHeal
    | Repeat
)

REQUEST_TYPES: dict[str, type[Request]] = {cls.__name__: cls for cls in _REQUEST_CLASSES}
