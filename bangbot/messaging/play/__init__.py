"""A stored game moved on, and its group's and players' events while it runs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bangbot.messaging import exported

if TYPE_CHECKING:
    from bangbot.messaging.play.advance import advance, resume_ai
    from bangbot.messaging.play.bot_absent import ABANDONED, RESUMED, abandon, group_note, pause, private_note
    from bangbot.messaging.play.cancelled import cancel_running, cancelled_note, cancelled_table
    from bangbot.messaging.play.chat_moved import MOVED, move_chat
    from bangbot.messaging.play.departure import LEFT, return_text
    from bangbot.messaging.play.farewell import farewell_text
    from bangbot.messaging.play.group_events import bot_back, bot_left, chat_moved, person_left
    from bangbot.messaging.play.replace_now import (
        REPLACE,
        REPLACED,
        offer,
        offer_keyboard,
        replace_press,
        replaced_text,
    )
    from bangbot.messaging.play.stored_game import (
        STANDIN,
        Batch,
        apply_move,
        batch_of,
        expire_deadline,
        finish,
        load,
        loaded,
        run_ai,
        seat_view,
    )

__all__ = [
    "ABANDONED",
    "LEFT",
    "MOVED",
    "REPLACE",
    "REPLACED",
    "RESUMED",
    "STANDIN",
    "Batch",
    "abandon",
    "advance",
    "apply_move",
    "batch_of",
    "bot_back",
    "bot_left",
    "cancel_running",
    "cancelled_note",
    "cancelled_table",
    "chat_moved",
    "expire_deadline",
    "farewell_text",
    "finish",
    "group_note",
    "load",
    "loaded",
    "move_chat",
    "offer",
    "offer_keyboard",
    "pause",
    "person_left",
    "private_note",
    "replace_press",
    "replaced_text",
    "resume_ai",
    "return_text",
    "run_ai",
    "seat_view",
]

_HOMES: dict[str, str] = {
    "ABANDONED": "bot_absent",
    "Batch": "stored_game",
    "LEFT": "departure",
    "MOVED": "chat_moved",
    "REPLACE": "replace_now",
    "REPLACED": "replace_now",
    "RESUMED": "bot_absent",
    "STANDIN": "stored_game",
    "abandon": "bot_absent",
    "advance": "advance",
    "apply_move": "stored_game",
    "batch_of": "stored_game",
    "bot_back": "group_events",
    "bot_left": "group_events",
    "cancel_running": "cancelled",
    "cancelled_note": "cancelled",
    "cancelled_table": "cancelled",
    "chat_moved": "group_events",
    "expire_deadline": "stored_game",
    "farewell_text": "farewell",
    "finish": "stored_game",
    "group_note": "bot_absent",
    "load": "stored_game",
    "loaded": "stored_game",
    "move_chat": "chat_moved",
    "offer": "replace_now",
    "offer_keyboard": "replace_now",
    "pause": "bot_absent",
    "person_left": "group_events",
    "private_note": "bot_absent",
    "replace_press": "replace_now",
    "replaced_text": "replace_now",
    "resume_ai": "advance",
    "return_text": "departure",
    "run_ai": "stored_game",
    "seat_view": "stored_game",
}


def __getattr__(name: str) -> object:
    """Returns a public name of the room from its module."""
    return exported(__name__, _HOMES, name)
