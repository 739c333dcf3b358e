"""Pending decisions: who must answer what before the game can go on."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Respond:
    """A BANG! effect (BANG!, Gatling) aimed at seat; needed Missed! effects still cancel it."""

    seat: int
    attacker: int
    source: str
    needed: int


@dataclass(frozen=True, slots=True)
class IndiansRespond:
    """Indians! aimed at seat: discard a BANG! or lose a life."""

    seat: int
    attacker: int


@dataclass(frozen=True, slots=True)
class DuelTurn:
    """A Duel where seat must discard a BANG! or lose a life; opponent answers next."""

    seat: int
    initiator: int
    opponent: int


@dataclass(frozen=True, slots=True)
class Dying:
    """Seat lost its last life; needed more heals (Beer, Sid Ketchum) keep it in the game."""

    seat: int
    killer: int | None
    needed: int
    damage: int


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


Request = Respond | IndiansRespond | DuelTurn | Dying | StorePick | DrawChoice | KitChoice

REQUEST_TYPES: dict[str, type[Request]] = {
    cls.__name__: cls for cls in (Respond, IndiansRespond, DuelTurn, Dying, StorePick, DrawChoice, KitChoice)
}
