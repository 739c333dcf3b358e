"""Saved is shown: what a change must show is stored with it and delivered after it, again after any crash.

Every change writes an outbox row in its own transaction (see play.finish and Repository.save). The row is
delivered right after the commit; a row left behind by a crash or a messenger failure is delivered when its game is
touched again, at start-up (`recover`) and by the timer (`sweep`). Steps that send new messages are counted in the
row, so a delivery started again skips them; edits and private messages are rendered from the stored state and are
idempotent. With several workers the game lock makes one worker deliver a row at a time.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta

from bangbot.faults import checkpoint
from bangbot.messaging.context import Context
from bangbot.messaging.delivery import Step, deliver
from bangbot.messaging.play import Batch, finish, load, run_ai
from bangbot.messaging.showing import LOBBY_SHOW, Showing
from bangbot.storage.models import Game, Outbox, Seat

log = logging.getLogger(__name__)
UNSENT_GRACE = timedelta(seconds=5)  # a row nobody delivered for this long was left by a crash or a failure
SETTLE_GRACE = timedelta(minutes=3)  # a row handed over this long ago whose queued group edits were never confirmed
GIVE_UP_AFTER = timedelta(days=1)  # a row that failed for a day is dropped: /status shows everything from storage
UNREACHABLE_ROUNDS = 3

_settling: set[asyncio.Task[None]] = set()


async def commit(ctx: Context, batch: Batch) -> None:
    """Saves a batch with its outbox row, then shows it (see show_saved).

    Raises StaleGame (nothing saved) if the game changed meanwhile.
    """
    save(ctx, batch)
    await show_saved(ctx, batch)


def save(ctx: Context, batch: Batch) -> None:
    """Saves a batch with its outbox row in one transaction; raises StaleGame (nothing saved) if the game changed."""
    finish(ctx, batch)
    checkpoint("saved")


async def show_saved(ctx: Context, batch: Batch, between: Step | None = None) -> None:
    """Shows a saved batch, running between (the press's answer) once the players saw it and before the group.

    Players found unreachable are handed to the AI.

    Whatever fails is logged: the move stands, and the row is delivered again when the game is touched or by the
    timer.
    """
    assert batch.outbox is not None
    try:
        lost = await deliver_row(ctx, batch.outbox, batch, between)
        await hand_over_unreachable(ctx, batch.game.id, lost)
    except Exception:
        log.exception("could not show the change to game %s; it is kept for later", batch.game.id)


async def hand_over_unreachable(ctx: Context, game_id: int | None, lost: list[int]) -> None:
    """Marks seats whose player could not be reached, lets the AI play them and shows that (a few rounds at most)."""
    for _ in range(UNREACHABLE_ROUNDS):
        if not lost or game_id is None:
            return
        fresh = load(ctx, game_id)
        if fresh is None:
            return
        for position in lost:
            fresh.seats[position].unreachable = True
            fresh.notices.append(("unreachable", {"seat": position}))
        run_ai(ctx, fresh)
        finish(ctx, fresh)
        assert fresh.outbox is not None
        lost = await deliver_row(ctx, fresh.outbox, fresh)


async def deliver_row(
    ctx: Context,
    row: Outbox,
    batch: Batch | None = None,
    between: Step | None = None,
    lobby: tuple[Game, list[Seat]] | None = None,
) -> list[int]:
    """Shows one outbox row (with batch or lobby, the change just saved; else read from storage); returns lost seats.

    between runs once the players saw the change, before the group does (see delivery.deliver).
    The row is deleted once everything is shown, or once the messenger's queued group edits are sent.
    """
    from bangbot.messaging.lobby import close_lobby, show_lobby  # the lobby saves through this module

    showing = batch.showing if batch is not None else Showing.from_json(row.payload)
    lost: list[int] = []
    game = batch.game if batch is not None else lobby[0] if lobby is not None else ctx.repo.game(row.game_id)
    if game is None:
        ctx.repo.outbox_done(row.id or 0)
        return lost
    if showing.lobby == LOBBY_SHOW:
        await show_lobby(ctx, game, lobby[1] if lobby is not None else ctx.repo.seats(row.game_id))
    elif showing.lobby:
        await close_lobby(ctx, game, showing.lobby)
    else:
        batch = batch or load(ctx, row.game_id)
        if batch is not None:
            lost = await deliver(ctx, batch, showing, row, between)
    settle(ctx, row, ctx.messenger.queued(game.chat_id))
    return lost


def settle(ctx: Context, row: Outbox, queued: Awaitable[None] | None) -> None:
    """Deletes a delivered row now, or once the edits the messenger still queues for its chat are sent."""
    assert row.id is not None
    row_id = row.id
    if queued is None:
        ctx.repo.outbox_done(row_id)
        return
    row.sent_at = ctx.clock()
    ctx.repo.outbox_progress(row)

    async def done_when_sent() -> None:
        try:
            await queued
        except Exception:  # the row stays and is delivered again by the timer
            log.exception("queued edits of outbox row %s failed", row_id)
            return
        ctx.repo.outbox_done(row_id)

    task = asyncio.get_running_loop().create_task(done_when_sent())
    _settling.add(task)
    task.add_done_callback(_settling.discard)


async def show_pending(ctx: Context, game_id: int, everything: bool = False) -> None:
    """Delivers a game's outbox rows, oldest first; the caller holds the game's lock.

    Rows handed over recently and waiting only for queued group edits are left alone unless everything is asked
    (at start-up, when no edit of this process can be queued). A failure is logged and leaves the rest for later.
    """
    now = ctx.clock()
    for row in ctx.repo.outbox(game_id):
        assert row.id is not None
        if row.sent_at is not None and not everything and aware(row.sent_at) > now - SETTLE_GRACE:
            continue
        if aware(row.created_at) < now - GIVE_UP_AFTER:
            log.warning("giving up outbox row %s of game %s", row.id, game_id)
            ctx.repo.outbox_done(row.id)
            continue
        try:
            lost = await deliver_row(ctx, row)
            await hand_over_unreachable(ctx, game_id, lost)
        except Exception:
            log.exception("could not deliver outbox row %s of game %s", row.id, game_id)
            return


@asynccontextmanager
async def touching(ctx: Context, game_id: int) -> AsyncIterator[None]:
    """Holds a game's lock for a change or a view, first delivering what its earlier changes still have to show."""
    async with ctx.repo.game_lock(game_id):
        await show_pending(ctx, game_id)
        yield


async def recover(ctx: Context) -> int:
    """Delivers every row left in the outbox (at start-up); returns how many games had one."""
    games = ctx.repo.outbox_games()
    for game_id in games:
        async with ctx.repo.game_lock(game_id):
            await show_pending(ctx, game_id, everything=True)
    return len(games)


async def sweep(ctx: Context) -> None:
    """Delivers the rows that are overdue: left undelivered by a crash or a failure, or never confirmed."""
    now = ctx.clock()
    for game_id in ctx.repo.outbox_games(unsent_before=now - UNSENT_GRACE, sent_before=now - SETTLE_GRACE):
        async with ctx.repo.game_lock(game_id):
            await show_pending(ctx, game_id)


async def settled() -> None:
    """Waits until every row waiting for queued edits in this process was confirmed (for shutdown and tests)."""
    while _settling:
        await asyncio.gather(*list(_settling), return_exceptions=True)


def aware(moment: datetime) -> datetime:
    """Returns a stored time as UTC-aware (SQLite hands back naive times)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
