"""A group chat that moved to a new id (upgraded to a supergroup): its games, settings and outbox follow it."""

from __future__ import annotations

import json
import logging

from bangbot.messaging.context import Context
from bangbot.messaging.delivery.to_show import LOBBY_SHOW, Showing
from bangbot.storage.models import GATHERING, Game

log = logging.getLogger(__name__)
MOVED = "moved"  # the group notice shown in the new chat


def moved_payload(game: Game) -> str:
    """Returns the outbox payload that shows an open game in its new chat: the lobby, or the turn's log and table."""
    if game.status == GATHERING:
        return Showing(lobby=LOBBY_SHOW).to_json()
    return Showing(log=[json.loads(game.log_json or "[]")], notices=[(MOVED, {})]).to_json()


def move_chat(ctx: Context, old_id: int, new_id: int) -> list[int]:
    """Moves what a chat holds to its new id in one transaction; returns the open games moved (to be kicked)."""
    if old_id == new_id:
        return []
    moved = ctx.repo.move_chat(old_id, new_id, moved_payload, ctx.clock())
    ctx.forget_language(("chat", old_id))
    ctx.forget_language(("chat", new_id))
    log.info("chat %s moved to %s", old_id, new_id)
    return moved
