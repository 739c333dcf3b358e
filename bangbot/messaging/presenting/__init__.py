"""What a game shows people, as the platform asks its presenter for it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bangbot.messaging import exported

if TYPE_CHECKING:
    from bangbot.messaging.presenting.board_buttons import BOARD_BUTTON, table_board
    from bangbot.messaging.presenting.board_model import (
        Board,
        CardFace,
        Figure,
        Look,
        Pile,
        SeatBoard,
        from_viewer,
        seat_board,
    )
    from bangbot.messaging.presenting.life_bar import life_bar
    from bangbot.messaging.presenting.names import MAX_TITLE, display_name
    from bangbot.messaging.presenting.turn_log import log_lines

__all__ = [
    "BOARD_BUTTON",
    "MAX_TITLE",
    "Board",
    "CardFace",
    "Figure",
    "Look",
    "Pile",
    "SeatBoard",
    "display_name",
    "from_viewer",
    "life_bar",
    "log_lines",
    "seat_board",
    "table_board",
]

_HOMES: dict[str, str] = {
    "BOARD_BUTTON": "board_buttons",
    "Board": "board_model",
    "CardFace": "board_model",
    "Figure": "board_model",
    "Look": "board_model",
    "MAX_TITLE": "names",
    "Pile": "board_model",
    "SeatBoard": "board_model",
    "display_name": "names",
    "from_viewer": "board_model",
    "life_bar": "life_bar",
    "log_lines": "turn_log",
    "seat_board": "board_model",
    "table_board": "board_buttons",
}


def __getattr__(name: str) -> object:
    """Returns a public name of the room from its module."""
    return exported(__name__, _HOMES, name)
