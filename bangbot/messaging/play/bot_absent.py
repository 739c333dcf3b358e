"""The bot away from a group: its running game pauses, resumes when the bot is back, or is given up in time."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

from bangbot.i18n import Translator
from bangbot.i18n.wording import duration
from bangbot.messaging.context import OFFER_SHARE, REMINDER_SHARE, Context
from bangbot.messaging.delivery.to_show import Showing
from bangbot.messaging.play.stored_game import Batch
from bangbot.storage.models import CANCELLED, Outbox

PAUSED = "paused"
RESUMED = "resumed"
ABANDONED = "abandoned"


def pause(ctx: Context, batch: Batch) -> bool:
    """Saves a running game as paused, to be given up after its time per move; returns False if it was already."""
    game = batch.game
    if game.paused:
        return False
    game.paused = True
    game.deadline_at = ctx.clock() + timedelta(seconds=game.deadline_seconds)
    game.reminder_at = game.offer_at = None
    _save(ctx, batch, PAUSED)
    return True


def resume(ctx: Context, batch: Batch) -> bool:
    """Saves a paused game as running again with a fresh deadline, shown anew in the group; False if not paused."""
    game = batch.game
    if not game.paused:
        return False
    now, window = ctx.clock(), timedelta(seconds=game.deadline_seconds)
    game.paused = False
    game.deadline_at = now + window
    game.reminder_at = now + window - window / REMINDER_SHARE
    game.offer_at = now + window / OFFER_SHARE
    game.log_message_id = None  # the group sees the game again in new messages, below what happened meanwhile
    _save(ctx, batch, RESUMED, log=[json.loads(game.log_json or "[]")])
    return True


def abandon(ctx: Context, batch: Batch) -> None:
    """Saves a paused game whose bot did not come back in time as cancelled; its record stays."""
    game = batch.game
    game.status = CANCELLED
    game.paused = False
    game.deadline_at = game.reminder_at = game.offer_at = None
    for seat in batch.seats:
        seat.prompt_version = game.version + 1
    _save(ctx, batch, ABANDONED)


def _save(ctx: Context, batch: Batch, absence: str, log: list[list[dict[str, Any]]] | None = None) -> None:
    """Saves the game and its seats with the outbox row that shows the change; raises StaleGame if it changed."""
    batch.game.updated_at = ctx.clock()
    batch.showing = Showing(log=log or [], absence=absence)
    batch.outbox = Outbox(game_id=batch.game.id or 0, payload=batch.showing.to_json(), created_at=ctx.clock())
    ctx.repo.save(batch.game, batch.seats, outbox=batch.outbox)


def private_note(tr: Translator, absence: str, title: str, seconds: int) -> str:
    """Returns what each player of a game is told privately when the bot left its group or did not come back."""
    if absence == PAUSED:
        return tr.gettext(
            "I was removed from {title}: the game is paused. If I am not added back within {time}, it is cancelled.",
            title=title,
            time=duration(tr, seconds),
        )
    if absence == ABANDONED:
        return tr.gettext("The game in {title} was cancelled: I was not added back to the group in time.", title=title)
    return tr.gettext("I am back in {title}: the game goes on.", title=title)


def group_note(tr: Translator) -> str:
    """Returns what the group is told when the bot is back and its game goes on."""
    return tr.gettext("I am back: the game goes on where it stopped.")
