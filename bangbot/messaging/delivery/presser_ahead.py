"""A presser's own message brought up to every saved change of their game ahead of the game's players' lane.

The lane shows a game's changes one after another, each to every seat; a press would otherwise wait behind the
edits of the changes before it to the other players. The presser's message shows the stored state with the news of
every change it does not show yet, at once and ahead of the bot's other traffic; the lane then skips that seat for
those changes. Only the worker that holds the game's delivery lease does this (another worker's lane could edit the
same message meanwhile), and only while the lane is busy with an earlier change; otherwise the press waits for the
lane, which shows the presser first.
"""

from __future__ import annotations

from typing import Any

from bangbot.games.contract import TOP
from bangbot.messaging.adapter import Undeliverable
from bangbot.messaging.context import Context
from bangbot.messaging.delivery.outbox import all_shown
from bangbot.messaging.delivery.sender import notification_due, show_private
from bangbot.messaging.delivery.to_show import decoded
from bangbot.messaging.delivery.urgency import urgently
from bangbot.messaging.play.stored_game import Batch, load_since
from bangbot.storage.models import Outbox


async def show_presser(ctx: Context, game_id: int, position: int) -> None:
    """Shows a seat's player their message with every change of the game not yet shown to them, urgently; waits for
    the game's lane instead (at most the lane's wait) when the lane is free to show the presser first, or when this
    worker does not deliver the game."""
    lanes = ctx.lanes.of(game_id)
    if lanes.delivering is None or (ctx.repo.leases.shared and not lanes.leased):
        await all_shown(ctx, game_id)
        return
    async with ctx.seat_messages.hold((game_id, position)):
        rows, batch = await ctx.repo.run_brief(unshown, ctx, game_id, set(lanes.shown))
        behind = [
            row.id
            for row in rows
            if row.id is not None and row.id not in lanes.shown and position not in lanes.edited.get(row.id, ())
        ]
        if batch is None or not behind or not may_show(batch, position):
            return
        # taken now: a row the lane finishes meanwhile drops its set, so the seat is not marked in a row that later
        # takes the same id (SQLite uses the ids of deleted rows again)
        marks = [lanes.seats_showing(row_id) for row_id in behind]
        try:
            with urgently():
                await show_private(ctx, batch, batch.seats[position], TOP, recent=news_of(rows, behind, position))
        except Undeliverable:
            return  # the lane finds the player unreachable and hands the seat over
        for showing_it in marks:
            showing_it.add(position)


def news_of(rows: list[Outbox], behind: list[int], position: int) -> list[dict[str, Any]]:
    """Returns a seat's news from the rows whose ids are behind, in order (none from a row that only offers the
    group's AI button)."""
    news: list[dict[str, Any]] = []
    for row in rows:
        showing = decoded(row.payload)
        if row.id in behind and not showing.offer:
            news += showing.recent.get(position, [])
    return news


def unshown(ctx: Context, game_id: int, shown: set[int]) -> tuple[list[Outbox], Batch | None]:
    """Returns the game's outbox rows whose players' part is not shown yet, and the game as stored (reads
    only: Repository.run_brief); no game when there is no such row."""
    rows = [row for row in ctx.repo.outbox(game_id) if row.id not in shown]
    return rows, load_since(ctx, game_id, max(row.version for row in rows)) if rows else None


def may_show(batch: Batch, position: int) -> bool:
    """Returns whether a seat's message may be edited ahead of the lane: a reachable person's existing message that
    no new message (the lane's notification) is due to replace."""
    seat = batch.seats[position]
    reachable = seat.user_id is not None and not seat.unreachable
    return reachable and seat.private_message_id is not None and not notification_due(batch, seat)
