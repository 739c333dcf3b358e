"""Lobbies: a table gathered, shown and started, and what brings a group back to the next one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bangbot.messaging import exported

if TYPE_CHECKING:
    from bangbot.messaging.lobby.actions import (
        MAX_DEADLINE,
        MIN_DEADLINE,
        NO_RIGHTS,
        Rights,
        change_lobby,
        create_lobby,
        expire_lobby,
        join_by_link,
        lobby_press,
        lobby_rights,
        may_manage,
        parse_duration,
    )
    from bangbot.messaging.lobby.final_buttons import AGAIN, CALL, final_keyboard
    from bangbot.messaging.lobby.invite import answer_inline
    from bangbot.messaging.lobby.open_calls import call_players, notify_usage, set_call, wanted
    from bangbot.messaging.lobby.options import table_choices
    from bangbot.messaging.lobby.pinning import pin_table, unpin_table
    from bangbot.messaging.lobby.play_again import play_again
    from bangbot.messaging.lobby.view import MODE, close_lobby, level_name, lobby_text, show_lobby

__all__ = [
    "AGAIN",
    "CALL",
    "MAX_DEADLINE",
    "MIN_DEADLINE",
    "MODE",
    "NO_RIGHTS",
    "Rights",
    "answer_inline",
    "call_players",
    "change_lobby",
    "close_lobby",
    "create_lobby",
    "expire_lobby",
    "final_keyboard",
    "join_by_link",
    "level_name",
    "lobby_press",
    "lobby_rights",
    "lobby_text",
    "may_manage",
    "notify_usage",
    "parse_duration",
    "pin_table",
    "play_again",
    "set_call",
    "show_lobby",
    "table_choices",
    "unpin_table",
    "wanted",
]

_HOMES: dict[str, str] = {
    "AGAIN": "final_buttons",
    "CALL": "final_buttons",
    "MAX_DEADLINE": "actions",
    "MIN_DEADLINE": "actions",
    "MODE": "view",
    "NO_RIGHTS": "actions",
    "Rights": "actions",
    "answer_inline": "invite",
    "call_players": "open_calls",
    "change_lobby": "actions",
    "close_lobby": "view",
    "create_lobby": "actions",
    "expire_lobby": "actions",
    "final_keyboard": "final_buttons",
    "join_by_link": "actions",
    "level_name": "view",
    "lobby_press": "actions",
    "lobby_rights": "actions",
    "lobby_text": "view",
    "may_manage": "actions",
    "notify_usage": "open_calls",
    "parse_duration": "actions",
    "pin_table": "pinning",
    "play_again": "play_again",
    "set_call": "open_calls",
    "show_lobby": "view",
    "table_choices": "options",
    "unpin_table": "pinning",
    "wanted": "open_calls",
}


def __getattr__(name: str) -> object:
    """Returns a public name of the room from its module."""
    return exported(__name__, _HOMES, name)
