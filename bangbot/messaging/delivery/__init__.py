"""Saved is shown: the outbox, the delivery lanes, the order of traffic and the messages they send."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bangbot.messaging import exported

if TYPE_CHECKING:
    from bangbot.messaging.delivery.after_lock import Later, run_later
    from bangbot.messaging.delivery.group_message import edit_group, show_kept
    from bangbot.messaging.delivery.lanes import Backoff, Lanes
    from bangbot.messaging.delivery.last_shown import Shown
    from bangbot.messaging.delivery.outbox import UNSENT_GRACE, all_shown, idle, kick, recover, save, sweep, touching
    from bangbot.messaging.delivery.player_messages import (
        drop_copy,
        reachable_again,
        show_current,
        show_player,
        within_reach,
    )
    from bangbot.messaging.delivery.presser_ahead import show_presser
    from bangbot.messaging.delivery.reply_queue import ChatSenders
    from bangbot.messaging.delivery.sender import (
        BACK,
        BACK_FROM_AI,
        changes,
        group_reminder,
        has_live_buttons,
        is_awaited,
        notice_text,
        private_message,
        private_reminder,
        show_table,
        shown_digest,
        turn_message,
        waiting_line,
    )
    from bangbot.messaging.delivery.to_show import (
        LOBBY_CANCELLED,
        LOBBY_EXPIRED,
        LOBBY_SHOW,
        MAINTENANCE,
        Showing,
        recent_of,
    )
    from bangbot.messaging.delivery.urgency import hurried, hurrying, in_background, is_background, is_urgent, urgently

__all__ = [
    "BACK",
    "BACK_FROM_AI",
    "LOBBY_CANCELLED",
    "LOBBY_EXPIRED",
    "LOBBY_SHOW",
    "MAINTENANCE",
    "UNSENT_GRACE",
    "Backoff",
    "ChatSenders",
    "Lanes",
    "Later",
    "Showing",
    "Shown",
    "all_shown",
    "changes",
    "drop_copy",
    "edit_group",
    "group_reminder",
    "has_live_buttons",
    "hurried",
    "hurrying",
    "idle",
    "in_background",
    "is_awaited",
    "is_background",
    "is_urgent",
    "kick",
    "notice_text",
    "private_message",
    "private_reminder",
    "reachable_again",
    "recent_of",
    "recover",
    "run_later",
    "save",
    "show_current",
    "show_kept",
    "show_player",
    "show_presser",
    "show_table",
    "shown_digest",
    "sweep",
    "touching",
    "turn_message",
    "urgently",
    "waiting_line",
    "within_reach",
]

_HOMES: dict[str, str] = {
    "BACK": "sender",
    "BACK_FROM_AI": "sender",
    "Backoff": "lanes",
    "ChatSenders": "reply_queue",
    "LOBBY_CANCELLED": "to_show",
    "LOBBY_EXPIRED": "to_show",
    "LOBBY_SHOW": "to_show",
    "Lanes": "lanes",
    "Later": "after_lock",
    "MAINTENANCE": "to_show",
    "Showing": "to_show",
    "Shown": "last_shown",
    "UNSENT_GRACE": "outbox",
    "all_shown": "outbox",
    "changes": "sender",
    "drop_copy": "player_messages",
    "edit_group": "group_message",
    "group_reminder": "sender",
    "has_live_buttons": "sender",
    "hurried": "urgency",
    "hurrying": "urgency",
    "idle": "outbox",
    "in_background": "urgency",
    "is_awaited": "sender",
    "is_background": "urgency",
    "is_urgent": "urgency",
    "kick": "outbox",
    "notice_text": "sender",
    "private_message": "sender",
    "private_reminder": "sender",
    "reachable_again": "player_messages",
    "recent_of": "to_show",
    "recover": "outbox",
    "run_later": "after_lock",
    "save": "outbox",
    "show_current": "player_messages",
    "show_kept": "group_message",
    "show_player": "player_messages",
    "show_presser": "presser_ahead",
    "show_table": "sender",
    "shown_digest": "sender",
    "sweep": "outbox",
    "touching": "outbox",
    "turn_message": "sender",
    "urgently": "urgency",
    "waiting_line": "sender",
    "within_reach": "player_messages",
}


def __getattr__(name: str) -> object:
    """Returns a public name of the room from its module."""
    return exported(__name__, _HOMES, name)
