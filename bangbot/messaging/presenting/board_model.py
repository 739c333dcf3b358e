"""The board a Mini App draws, as JSON: what every game's board function (Game.board) fills from a seat's view.

Every text is already in the reader's words; the page only lays it out. Nothing here reads a game's state: a board
is made from the per-seat view alone, as the text presenter's messages are.
"""

from __future__ import annotations

from typing import Any, TypedDict


class CardFace(TypedDict):
    """One card: its label as the text shows it, its help, and its tone (the page's colour: "blue", "brown"...)."""

    label: str
    help: str
    tone: str


class Figure(TypedDict):
    """A character on the table: name, ability, life, its place's mark (the Duel's attacker or cover), cards."""

    name: str
    help: str
    life: int
    max_life: int
    bar: str
    place: str
    cards: list[CardFace]


class SeatBoard(TypedDict):
    """One seat at the table, as the viewer may see it."""

    seat: int
    name: str
    you: bool
    turn: bool
    awaited: bool
    alive: bool
    role: str
    star: bool
    distance: str
    in_range: bool | None
    hand: str
    figures: list[Figure]
    notes: list[str]


class Pile(TypedDict):
    """A pile: its name, its count, and its top card if it shows one."""

    label: str
    count: int
    top: CardFace | None


class Look(TypedDict):
    """How a game looks: its accent and felt colours, and the glyph of the Sheriff's star."""

    accent: str
    felt: str
    star: str


class Board(TypedDict):
    """A whole board: the table around from the viewer, the viewer's own hand and extras, the piles, the status."""

    look: Look
    turn_number: int
    seats: list[SeatBoard]
    hand: list[CardFace]
    own: list[Figure]  # what the viewer alone holds beside the hand (the Duel's reserve)
    own_label: str
    role: str
    piles: list[Pile]
    status: str


def from_viewer(seats: list[SeatBoard], viewer: int | None) -> list[SeatBoard]:
    """Returns seats in turn order starting with the viewer's (the table's order for the group)."""
    if viewer is None:
        return seats
    at = next((i for i, s in enumerate(seats) if s["seat"] == viewer), 0)
    return seats[at:] + seats[:at]


def seat_board(seat: int, name: str, viewer: int | None, **fields: Any) -> SeatBoard:
    """Returns a seat's board with the fields a game gives and the rest at their neutral value."""
    board: dict[str, Any] = {
        "seat": seat,
        "name": name,
        "you": seat == viewer,
        "turn": False,
        "awaited": False,
        "alive": True,
        "role": "",
        "star": False,
        "distance": "",
        "in_range": None,
        "hand": "",
        "figures": [],
        "notes": [],
    }
    board.update(fields)
    return board  # type: ignore[return-value]
