"""The owner's side: the /admin desk and the chats the owner banned."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bangbot.messaging import exported

if TYPE_CHECKING:
    from bangbot.messaging.owner.ban_list import Bans
    from bangbot.messaging.owner.banned_chat import ChatBanned, banned_text, is_banned, refuse_if_banned
    from bangbot.messaging.owner.desk import cmd_admin, desk_press, is_desk

__all__ = [
    "Bans",
    "ChatBanned",
    "banned_text",
    "cmd_admin",
    "desk_press",
    "is_banned",
    "is_desk",
    "refuse_if_banned",
]

_HOMES: dict[str, str] = {
    "Bans": "ban_list",
    "ChatBanned": "banned_chat",
    "banned_text": "banned_chat",
    "cmd_admin": "desk",
    "desk_press": "desk",
    "is_banned": "banned_chat",
    "is_desk": "desk",
    "refuse_if_banned": "banned_chat",
}


def __getattr__(name: str) -> object:
    """Returns a public name of the room from its module."""
    return exported(__name__, _HOMES, name)
