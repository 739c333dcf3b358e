"""What a page receives: the words of its frame, and a game's snapshot at its stored version for one user."""

from __future__ import annotations

import json
from typing import Any

from bangbot.i18n import Translator
from bangbot.messaging.context import Context
from bangbot.messaging.play.stored_game import seat_view
from bangbot.storage.models import CANCELLED
from bangbot.web.access import Sight
from bangbot.web.snapshot import snapshot


def labels(tr: Translator) -> dict[str, str]:
    """Returns the page's own words in the reader's language (the game's come with each snapshot)."""
    return {
        "hand": tr.gettext("Your hand"),
        "log": tr.gettext("This turn"),
        "group": tr.gettext("The group's view"),
        "seat": tr.gettext("Your seat"),
        "offline": tr.gettext("Connection lost: reconnecting…"),
        "close": tr.gettext("Close"),
        "turn": tr.gettext("Turn {n}"),
        "yourTurn": tr.gettext("Your turn"),
        "awaited": tr.gettext("Awaited"),
        "inRange": tr.gettext("in range"),
        "outOfRange": tr.gettext("out of range"),
    }


def snapshot_of(ctx: Context, found: Sight, user_id: int, level: str) -> dict[str, Any]:
    """Returns the snapshot of a game as read for a user, at one step of their choice (run in a database thread)."""
    batch, seat = found.batch, found.seat
    position = seat.position if seat is not None else None
    tr = ctx.tr_user(user_id, batch.rules.id)
    view = seat_view(ctx, batch, position)
    log = json.loads(batch.game.log_json or "[]")
    over = batch.game.status == CANCELLED or batch.rules.winner(batch.state) is not None
    standin = seat is None or seat.standin or over
    data = snapshot(tr, view, batch.names, level, log, standin)
    data.update(
        version=batch.game.version,
        prompt=seat.prompt_version if seat is not None else 0,
        seated=any(s.user_id == user_id for s in batch.seats),
        labels=labels(tr),
    )
    return data
