"""Saved is shown: what a change must show is stored with it and delivered after it, again after any crash.

Every change writes an outbox row in its own transaction (see stored_game.finish and Repository.save) while it holds the
game's lock; nothing waits for the network there. Once the lock is released, the game's runner (`kick`) shows the
rows in order, holding no lock and no database connection while a message waits: the players' lane shows each
row's private part at once, the group's lane follows and may wait for the group's flood limit. A row is deleted
only once every message of it is confirmed; a failure is retried with backoff (as long as the messenger asks, if it
says), never dropped before a day. Steps that send new messages are counted in the row, so a delivery started again
never sends one twice, except one whose reply Telegram lost (it may have shown it: the Bot API offers no idempotency
key and no id for it), which is sent again and counted (telegram.lost); a copy left with live buttons loses them once
pressed (player_messages.drop_copy: never the current message). Edits render the stored state and are idempotent.
Across workers (PostgreSQL) a lease makes one worker deliver a game at a time. A row left by a crash is delivered at
start-up (`recover`), by the timer (`sweep`) or when its game is touched again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta
from functools import partial

from bangbot.checkpoints import checkpoint
from bangbot.messaging.adapter import ChatMoved, Undeliverable
from bangbot.messaging.context import Context
from bangbot.messaging.delivery.bystanders import catch_up
from bangbot.messaging.delivery.lanes import FAILURES_BEFORE_PAUSE, Backoff, GameLanes
from bangbot.messaging.delivery.quiet_turn import hold, table_may_wait
from bangbot.messaging.delivery.sender import deliver_group, deliver_private, over
from bangbot.messaging.delivery.to_show import LOBBY_SHOW, decoded
from bangbot.messaging.lobby.view import close_lobby, show_lobby
from bangbot.messaging.play.bot_absent import pause
from bangbot.messaging.play.chat_moved import move_chat
from bangbot.messaging.play.stored_game import Batch, finish, load, load_since_now, loaded, run_ai, stored_since_now
from bangbot.storage.models import RUNNING, Outbox
from bangbot.storage.repository import STORAGE_ERRORS
from bangbot.storage.times import aware

log = logging.getLogger(__name__)
UNSENT_GRACE = timedelta(seconds=5)  # a row nobody delivered for this long was left by a crash or a failure
SETTLE_GRACE = timedelta(minutes=3)  # a row handed over this long ago whose queued group edits were never confirmed
GIVE_UP_AFTER = timedelta(days=1)  # a row that failed for a day is dropped: /status shows everything from storage
UNREACHABLE_ROUNDS = 3
PRIVATE_WAIT_SECONDS = 5.0  # a press's answer waits this long at most for the players' messages to show the move


def save(ctx: Context, batch: Batch) -> None:
    """Saves a batch with its outbox row in one transaction; raises StaleGame (nothing saved) if the game changed."""
    finish(ctx, batch)
    checkpoint("saved")


async def commit(ctx: Context, batch: Batch) -> None:
    """Saves a batch with its outbox row and starts showing it (after the caller releases the game's lock).

    Raises StaleGame (nothing saved) if the game changed meanwhile.
    """
    save(ctx, batch)
    kick(ctx, batch.game.id or 0)


def kick(ctx: Context, game_id: int) -> None:
    """Makes this process show the game's outbox rows soon, in a runner of its own; returns at once."""
    lanes = ctx.lanes.of(game_id)
    lanes.rouse()
    if lanes.runner is None or lanes.runner.done():
        lanes.runner = asyncio.get_running_loop().create_task(run(ctx, game_id, lanes))


async def shown(ctx: Context, game_id: int, row: Outbox | None, timeout: float = PRIVATE_WAIT_SECONDS) -> bool:
    """Waits until the players' part of a saved row was shown (or tried), at most timeout; returns whether it was."""
    if row is None or row.id is None:
        return True
    lanes = ctx.lanes.of(game_id)
    if lanes.holds(row) or row.id in lanes.seen:
        return True
    try:
        await asyncio.wait_for(lanes.shown_event(row.id).wait(), timeout)
    except TimeoutError:
        return False
    return True


async def all_shown(ctx: Context, game_id: int, timeout: float = PRIVATE_WAIT_SECONDS) -> bool:
    """Waits until every row the game has now had its players' part shown (or tried), at most timeout."""
    lanes = ctx.lanes.of(game_id)
    until = asyncio.get_running_loop().time() + timeout
    waiting = [
        lanes.shown_event(r.id)
        for r in await rows_now(ctx, game_id, lanes, timeout)
        if r.id is not None and not lanes.holds(r) and r.id not in lanes.seen
    ]
    if not waiting:
        return True
    try:
        left = max(until - asyncio.get_running_loop().time(), 0.0)
        await asyncio.wait_for(asyncio.gather(*(event.wait() for event in waiting)), left)
    except TimeoutError:
        return False
    return True


async def rows_now(ctx: Context, game_id: int, lanes: GameLanes, timeout: float) -> list[Outbox]:
    """Returns the game's outbox rows as stored now: where this process is the database's only writer and its runner
    is roused to read them (a row saved since its last read), as its first read since finds them (waiting at most
    timeout); else read here."""
    runner, wanted = lanes.runner, lanes.due_read  # a read begun before the last rouse may miss a row saved since
    if ctx.repo.defers and lanes.last_read[0] < wanted and runner is not None and not runner.done():
        until = asyncio.get_running_loop().time() + timeout
        while (left := until - asyncio.get_running_loop().time()) > 0:
            try:
                await asyncio.wait_for(asyncio.shield(lanes.read.wait()), left)
            except TimeoutError:
                break
            number, rows = lanes.last_read
            if rows is None:
                break
            if number >= wanted:
                return rows
    return await ctx.repo.run_brief(ctx.repo.outbox, game_id)


async def run(ctx: Context, game_id: int, lanes: GameLanes) -> None:
    """Delivers a game's rows while this worker holds its lease; looks again after giving it back."""
    lanes.failures = 0
    try:
        while True:
            # another worker delivers it: it looks again when it is done
            if not await ctx.repo.run_brief(ctx.repo.leases.claim, game_id):
                return
            lanes.leased = True
            try:
                await drain(ctx, game_id, lanes)
            finally:
                lanes.leased = False
                await ctx.repo.run_brief(ctx.repo.leases.release, game_id)
            if lanes.failures >= FAILURES_BEFORE_PAUSE:
                return
            # another worker may have left rows meanwhile; a row kicked in since the lane's last look found this
            # runner still going (wake is set), so this runner shows it
            left = ctx.repo.leases.shared and bool(await ctx.repo.run_brief(ctx.repo.outbox, game_id))
            if not left and not lanes.wake.is_set():
                return
    except Exception:
        log.exception("delivery of game %s stopped; the timer starts it again", game_id)
    finally:
        lanes.rows_read(lanes.reads, None)  # whoever waits for a read of this runner reads the rows itself
        settle_later(ctx, game_id)
        for event in list(lanes.waiters.values()):
            event.set()
        lanes.waiters.clear()
        if ctx.lanes.games.get(game_id) is lanes and not lanes.shown:
            del ctx.lanes.games[game_id]


def settle_later(ctx: Context, game_id: int) -> None:
    """Deletes the shown rows a game's delivery held back (storage.deferred) ctx.held_writes_seconds after it stopped,
    unless the game's next write carried them first: a move made meanwhile deletes them with its save."""
    rows = ctx.repo.deferred.done_rows(game_id)
    if not rows:
        return
    loop = asyncio.get_running_loop()

    def due() -> None:
        if ctx.repo.deferred.done_rows(game_id) & rows:  # else a write carried them (its row settles on its own)
            task = loop.create_task(settle(ctx, game_id))
            ctx.lanes.settling.add(task)
            task.add_done_callback(ctx.lanes.settling.discard)

    loop.call_later(ctx.held_writes_seconds, due)


async def settle(ctx: Context, game_id: int) -> None:
    """Writes what a game's delivery held back (a failure leaves it to the game's next write or the timer's sweep)."""
    try:
        await ctx.repo.run(ctx.repo.flush_deferred, 0.0, game_id)
    except STORAGE_ERRORS:
        log.warning("could not write what the delivery of game %s held back", game_id)


async def drain(ctx: Context, game_id: int, lanes: GameLanes) -> None:
    """Runs the players' lane of a game until no row is left, with the group's lane beside it."""
    backoff = Backoff()
    group: asyncio.Task[None] | None = None
    try:
        while lanes.failures < FAILURES_BEFORE_PAUSE:  # else the rows wait for the timer's sweep
            lanes.wake.clear()
            number = lanes.begin_read()
            # a row deleted is gone from here: ids may be used again later (SQLite), so the rows are read while the
            # group's lane deletes none: a row it deletes meanwhile would look new, and a new row taking its id shown
            async with lanes.deleting:
                rows = await ctx.repo.run_brief(ctx.repo.outbox, game_id)
                fresh = [r for r in rows if r.id not in lanes.shown]
            lanes.rows_read(number, rows)
            lanes.version = max([lanes.version, *(r.version for r in rows)])
            if not rows and (group is None or group.done()):
                return
            for row in fresh:
                if too_old(ctx, row):
                    log.warning("giving up outbox row %s of game %s", row.id, game_id)
                    await ctx.repo.run_brief(ctx.repo.outbox_done, game_id, row.id or 0)
                    continue
                lanes.delivering = row.id
                try:
                    lost = await show_private_part(ctx, row, lanes)
                except Exception as error:
                    ctx.lanes.retries += 1
                    lanes.failures += 1
                    log.warning("could not show row %s of game %s to its players: %r", row.id, game_id, error)
                    lanes.private_tried(row.id or 0)
                    if lanes.failures < FAILURES_BEFORE_PAUSE:
                        await backoff.wait(error)
                    break
                finally:
                    lanes.delivering = None
                backoff.reset()
                lanes.failures = 0
                lanes.shown[row.id or 0] = row
                lanes.news.set()
                lanes.edited.pop(row.id or 0, None)
                lanes.private_tried(row.id or 0)
                if lost:
                    await hand_over_unreachable(ctx, game_id, lost)
                if lane_ended(group):
                    group = asyncio.get_running_loop().create_task(group_lane(ctx, game_id, lanes))
            else:
                if lanes.failures >= FAILURES_BEFORE_PAUSE:
                    return
                if lanes.shown and lane_ended(group):  # shown by a runner that died before the group's lane
                    group = asyncio.get_running_loop().create_task(group_lane(ctx, game_id, lanes))
                await wait_for_news(lanes, group)
                if nothing_new(ctx, lanes, group):
                    lanes.wake.clear()  # woken by the group's lane alone: the runner is done
                    return
    except asyncio.CancelledError:
        if group is not None:
            group.cancel()  # a stop: what the group has not confirmed stays in the outbox for the next start
        raise
    finally:
        if group is not None and not group.done():
            await group


def nothing_new(ctx: Context, lanes: GameLanes, group: asyncio.Task[None] | None) -> bool:
    """Returns whether the players' lane is done without reading the game's rows again: where this process is the
    database's only writer (SQLite) every row it saves rouses the lane (kick), so none came since its last read unless
    it was roused; and the group's lane forgot every row that read found and ended."""
    return ctx.repo.defers and not lanes.unread and not lanes.shown and (group is None or group.done())


def lane_ended(group: asyncio.Task[None] | None) -> bool:
    """Returns whether the group's lane may start (again): it never ran or ended; one that died raises its error.

    group_lane handles every Exception itself: what ends it otherwise (the process dying, a cancellation) must stop
    this runner too, not start the lane again and again.
    """
    if group is None:
        return True
    if not group.done():
        return False
    group.result()
    return True


async def wait_for_news(lanes: GameLanes, group: asyncio.Task[None] | None) -> None:
    """Waits until a row is kicked in or the group's lane is done with what it had."""
    wake: asyncio.Task[object] = asyncio.ensure_future(lanes.wake.wait())
    waiting: list[asyncio.Future[object]] = [wake]
    if group is not None and not group.done():
        waiting.append(group)  # type: ignore[arg-type]  # a task of None is a future of object here
    try:
        await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
    finally:
        wake.cancel()


async def show_private_part(ctx: Context, row: Outbox, lanes: GameLanes) -> list[int]:
    """Shows a row's private part (nothing for a lobby row), its presser's message first, skipping the seats whose
    message shows it already; returns the seats whose player could not be reached."""
    showing = decoded(row.payload)
    if showing.lobby:
        return []
    batch = await load_since_now(ctx, row.game_id, lanes.version)
    if batch is None:
        return []
    row_id = row.id or 0
    return await deliver_private(
        ctx, batch, showing, row, partial(lanes.presser_saw, row_id), lanes.seats_showing(row_id), lanes
    )


async def group_lane(ctx: Context, game_id: int, lanes: GameLanes) -> None:
    """Shows the group's part of every row whose private part is shown, in order, merging edits; deletes them."""
    backoff = Backoff()
    since: float | None = None  # when the lane began to hold what it has not finished showing
    while lanes.shown and lanes.failures < FAILURES_BEFORE_PAUSE:
        since = asyncio.get_running_loop().time() if since is None else since
        await hold(ctx, lanes, since)
        rows = [lanes.shown[i] for i in sorted(lanes.shown)]
        try:
            table_behind = await show_group_part(ctx, game_id, rows, table_may_wait(ctx, lanes, rows))
        except Undeliverable as error:  # the bot is not in the group: its game pauses, a lobby's rows are dropped
            log.info("game %s cannot reach its group: %s", game_id, error)
            if not await pause_away(ctx, game_id):
                await forget(ctx, game_id, lanes, rows)
            lanes.rouse()
            continue
        except ChatMoved as moved:  # the group lives on under a new id: move the game there and show it again
            game = await ctx.repo.run(ctx.repo.game, game_id)
            if game is not None and game.chat_id != moved.new_id:
                for other in move_chat(ctx, game.chat_id, moved.new_id):
                    kick(ctx, other)  # this game's own lane is woken: it hands over the row that shows the game
                lanes.rouse()  # the players' lane hands over the row that shows the game in the new chat
                await all_shown(ctx, game_id)  # its notice comes before the turn's log and table shown there again
                continue
            ctx.lanes.retries += 1
            await backoff.wait(moved)
            continue
        except Exception as error:
            ctx.lanes.retries += 1
            lanes.failures += 1
            log.warning("could not show game %s to its group: %r", game_id, error)
            if lanes.failures < FAILURES_BEFORE_PAUSE:
                await backoff.wait(error)
            continue
        backoff.reset()
        lanes.failures = 0
        if (
            table_behind
        ):  # shown but the kept table: the rows wait with the turn's next moves (messaging.delivery.quiet_turn)
            lanes.table_behind.update(row.id or 0 for row in rows)
            continue
        await forget(ctx, game_id, lanes, rows)
        lanes.wake.set()
        since = None


async def forget(ctx: Context, game_id: int, lanes: GameLanes, rows: list[Outbox]) -> None:
    """Deletes rows whose group part is done, and lets the players' lane forget them, while it reads no rows; first
    shows the seats whose message waited for them (messaging.delivery.bystanders)."""
    await catch_up(ctx, game_id, lanes, rows)
    async with lanes.deleting:
        await ctx.repo.run_brief(ctx.repo.outbox_done, game_id, *(row.id or 0 for row in rows))
        for row in rows:
            del lanes.shown[row.id or 0]
            lanes.table_behind.discard(row.id or 0)


async def show_group_part(ctx: Context, game_id: int, rows: list[Outbox], table_may_wait: bool = False) -> bool:
    """Shows rows to the group (the table once, from the latest state) and waits until the messenger confirms it.

    Returns whether the kept table was left as it was though a turn began (table_may_wait, the game going on: the
    turn's log shows the table, the kept one is edited later).
    """
    game, seats = await stored_since_now(ctx.repo, game_id, max(row.version for row in rows))
    if game is None:
        return False
    batch: Batch | None = None
    behind = False
    showings = [decoded(row.payload) for row in rows]
    turn_began = any(len(showing.log) > 1 for showing in showings)  # the kept table is edited once per turn
    gone = any(showing.gone for showing in showings)  # ... and at once when someone went out of the game
    for i, (row, showing) in enumerate(zip(rows, showings, strict=True)):
        latest = i == len(rows) - 1
        if showing.lobby == LOBBY_SHOW:
            if latest:
                await show_lobby(ctx, game, seats)
        elif showing.lobby:
            await close_lobby(ctx, game, showing.lobby)
        else:
            batch = batch or loaded(ctx, game, seats)  # the game as read above: read once
            if batch is not None:
                behind = table_may_wait and turn_began and not gone and game.status == RUNNING and not over(batch)
                await deliver_group(ctx, batch, showing, row, latest, (turn_began and not behind) or gone)
    queued = ctx.messenger.queued(game.chat_id)
    if queued is not None:
        await queued
    return behind


async def pause_away(ctx: Context, game_id: int) -> bool:
    """Pauses a running game whose group the bot cannot reach; returns whether the game is paused now."""
    async with ctx.repo.game_lock(game_id):
        paused = await ctx.repo.run(pause_loaded, ctx, game_id)
    if paused is None:
        kick(ctx, game_id)
    return paused is not False


def pause_loaded(ctx: Context, game_id: int) -> bool | None:
    """Pauses a running game (in a thread, under its lock): None when paused now, else whether it was already."""
    fresh = load(ctx, game_id)
    if fresh is None or fresh.game.status != RUNNING:
        return False
    if fresh.game.paused:
        return True
    pause(ctx, fresh)
    return None


async def hand_over_unreachable(ctx: Context, game_id: int, lost: list[int]) -> None:
    """Marks seats whose player could not be reached and lets the AI play them; the change is shown as any other."""
    async with ctx.repo.game_lock(game_id):
        changed = await ctx.repo.run(mark_unreachable, ctx, game_id, lost)
    if changed:
        kick(ctx, game_id)


def mark_unreachable(ctx: Context, game_id: int, lost: list[int]) -> bool:
    """Marks the seats unreachable and lets the AI move for them (in a thread, under the lock); returns if it saved.

    The group is told, except of a seat the AI plays already (its player left or missed deadlines): the group was told
    that, and one true line about a player is enough.
    """
    fresh = load(ctx, game_id)
    if fresh is None:
        return False
    marked = [fresh.seats[position] for position in lost if not fresh.seats[position].unreachable]
    for seat in marked:
        seat.unreachable = True
        if not seat.standin:
            fresh.notices.append(("unreachable", {"seat": seat.position}))
    if not marked:
        return False
    run_ai(ctx, fresh)
    save(ctx, fresh)
    return True


def too_old(ctx: Context, row: Outbox) -> bool:
    """Returns whether a row has failed for so long that showing it would only confuse (GIVE_UP_AFTER)."""
    return aware(row.created_at) < ctx.clock() - GIVE_UP_AFTER


@asynccontextmanager
async def touching(ctx: Context, game_id: int) -> AsyncIterator[None]:
    """Holds a game's lock for a change or a view, and has what its earlier changes still have to show delivered."""
    async with ctx.repo.game_lock(game_id):
        yield
    runner = ctx.lanes.of(game_id).runner
    if runner is None or runner.done():  # one stopped by failures starts again: the game is reachable now
        kick(ctx, game_id)


async def recover(ctx: Context) -> int:
    """Starts delivering every row left in the outbox (at start-up); returns how many games had one."""
    games = await ctx.repo.run(ctx.repo.outbox_games)
    for game_id in games:
        kick(ctx, game_id)
    return len(games)


async def sweep(ctx: Context) -> None:
    """Writes the delivery's writes held back for a while (storage.deferred), then starts delivering the rows that are
    overdue (left by a crash or a failure) whose game no runner serves."""
    if ctx.repo.deferred.waiting(ctx.held_writes_seconds):
        await ctx.repo.run(ctx.repo.flush_deferred, ctx.held_writes_seconds)
    now = ctx.clock()
    unsent, sent = now - UNSENT_GRACE, now - SETTLE_GRACE
    overdue = await ctx.repo.run_brief(ctx.repo.outbox_games, unsent_before=unsent, sent_before=sent)
    for game_id in overdue:
        runner = ctx.lanes.of(game_id).runner
        if runner is None or runner.done():
            kick(ctx, game_id)


async def idle(ctx: Context) -> None:
    """Waits until every runner of this process is done: nothing saved is left to show (for shutdown and tests)."""
    while busy := ctx.lanes.busy():
        await asyncio.gather(*busy, return_exceptions=True)
