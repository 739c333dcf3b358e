"""What a game cancelled while it ran shows: the final table with every role, and a note to each player."""

from __future__ import annotations

from typing import Any

from bangbot.games import game as registered
from bangbot.i18n import Translator
from bangbot.i18n.wording import player
from bangbot.messaging.context import Context
from bangbot.messaging.delivery.to_show import Showing
from bangbot.messaging.play.stored_game import Batch, split_log
from bangbot.storage.models import CANCELLED, Outbox


def final_view(batch: Batch) -> Any:
    """Returns the public view of a cancelled game as its game shows it (every role shown, nobody awaited)."""
    shown = registered(batch.rules.id).cancelled_view
    return shown(batch.state) if shown is not None else batch.rules.view(batch.state, None)


def cancel_running(ctx: Context, batch: Batch, by: str) -> None:
    """Saves a running game as cancelled by a person named by, with its outbox row; raises StaleGame if it changed.

    Every seat's buttons become stale at once; what the players and the group are shown is delivered from the row.
    """
    game = batch.game
    game.status = CANCELLED
    game.deadline_at = game.reminder_at = game.offer_at = None
    game.updated_at = ctx.clock()
    for seat in batch.seats:
        seat.prompt_version = game.version + 1
    split_log(batch)
    batch.showing = Showing(log=batch.log_segments, cancelled_by=by)
    batch.outbox = Outbox(game_id=game.id or 0, payload=batch.showing.to_json(), created_at=ctx.clock())
    ctx.repo.save(game, batch.seats, outbox=batch.outbox)


def cancelled_table(tr: Translator, batch: Batch, by: str = "") -> str:
    """Returns the final table of a cancelled game (cancelled by a person named by, if known): every role shown."""
    table = batch.declared.presenter.table_text(tr, final_view(batch), batch.names, batch.game.chat_title)
    if not by:
        return "\n\n".join([table, tr.gettext("This game was cancelled.")])
    return "\n\n".join([table, tr.gettext("{name} cancelled the game: nobody wins.", name=player(tr, by))])


def cancelled_note(tr: Translator, title: str, by: str) -> str:
    """Returns what each player of a cancelled game is told privately."""
    return tr.gettext(
        "The game in {title} was cancelled by {name}: nobody wins. The group shows the final table with every role.",
        title=title,
        name=player(tr, by),
    )
