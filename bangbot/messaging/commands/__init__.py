"""Typed commands: each one's handler, the flood gate in front of them, and their replies."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bangbot.messaging import exported

if TYPE_CHECKING:
    from bangbot.messaging.commands.dispatch import on_command
    from bangbot.messaging.commands.flood_limits import FloodGate
    from bangbot.messaging.commands.forget_me import forget_press, is_forget
    from bangbot.messaging.commands.game import cancel_open
    from bangbot.messaging.commands.games_help import games_intro, table_note
    from bangbot.messaging.commands.language_menu import language_press
    from bangbot.messaging.commands.reply import reply, unknown_command
    from bangbot.messaging.commands.rules import as_played_here, topic_names
    from bangbot.messaging.commands.user_text import ELLIPSIS, MAX_ECHO, echo

__all__ = [
    "ELLIPSIS",
    "MAX_ECHO",
    "FloodGate",
    "as_played_here",
    "cancel_open",
    "echo",
    "forget_press",
    "games_intro",
    "is_forget",
    "language_press",
    "on_command",
    "reply",
    "table_note",
    "topic_names",
    "unknown_command",
]

_HOMES: dict[str, str] = {
    "ELLIPSIS": "user_text",
    "FloodGate": "flood_limits",
    "MAX_ECHO": "user_text",
    "as_played_here": "rules",
    "cancel_open": "game",
    "echo": "user_text",
    "forget_press": "forget_me",
    "games_intro": "games_help",
    "is_forget": "forget_me",
    "language_press": "language_menu",
    "on_command": "dispatch",
    "reply": "reply",
    "table_note": "games_help",
    "topic_names": "rules",
    "unknown_command": "reply",
}


def __getattr__(name: str) -> object:
    """Returns a public name of the room from its module."""
    return exported(__name__, _HOMES, name)
