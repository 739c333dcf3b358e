"""The timers of every game, fired at each tick: deadlines, reminders, lobby expiries and the offers to let the AI
play, side by side; then the outbox rows left behind, and the answers of presses too old to come again."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from bangbot.checkpoints import checkpoint
from bangbot.messaging.context import Context
from bangbot.messaging.delivery.outbox import kick, sweep, touching
from bangbot.messaging.delivery.to_show import Showing
from bangbot.messaging.lobby.actions import expire_lobby
from bangbot.messaging.play.advance import advance
from bangbot.messaging.play.bot_absent import abandon
from bangbot.messaging.play.replace_now import offer
from bangbot.messaging.play.stored_game import Batch, expire_deadline, load
from bangbot.storage.models import RUNNING, Outbox
from bangbot.storage.repository import StaleGame
from bangbot.storage.timers.claims import claim_timers, release_timers
from bangbot.storage.times import aware

log = logging.getLogger(__name__)
PRESS_MEMORY = timedelta(days=2)  # a messenger delivers an update again for a day at most
PRUNE_EVERY = timedelta(hours=1)
TIMERS_AT_ONCE = 16  # deadlines, reminders and expiries of different games fired side by side
Timer = Callable[[Context, int], Awaitable[None]]  # fired for one game, under its touch


async def tick(ctx: Context, pruned_at: datetime | None) -> datetime | None:
    """Fires every passed deadline, reminder and lobby expiry (also those that passed while down), side by side.

    Each due game is fired by the one worker that claimed it (storage.timers.claims). Nothing here waits for the
    network: what the timers change is shown by each game's delivery afterwards. It then starts delivering outbox
    rows left behind (by another worker's crash or a messenger failure) and forgets the answers of presses too old
    to be delivered again, if it last did (at pruned_at) an hour ago or more. Returns when it last forgot them.
    """
    checkpoint("tick")
    due = await ctx.repo.run_brief(ctx.repo.due, ctx.clock())  # a read (on SQLite at once: cheaper than a hop)
    timers: list[tuple[Timer, int]] = []
    timers += [(deadline, g) for g in due.deadlines] + [(remind, g) for g in due.reminders]
    timers += [(expire_lobby, g) for g in due.lobbies] + [(offer_ai, g) for g in due.offers]
    claimed: set[int] = set()
    if timers:  # most ticks find nothing due: no claim to ask for
        claimed = await ctx.repo.run_brief(claim_timers, ctx.repo.engine, {g for _, g in timers}, ctx.clock())
    timers = [(timer, g) for timer, g in timers if g in claimed]  # another worker fires the others
    room = asyncio.Semaphore(TIMERS_AT_ONCE)

    async def fire(timer: Timer, game_id: int) -> None:
        async with room:
            try:
                async with touching(ctx, game_id):
                    await timer(ctx, game_id)
            except Exception:
                log.exception("the timer of game %s failed; it fires again at the next tick", game_id)

    try:
        await asyncio.gather(*(fire(timer, game_id) for timer, game_id in timers))
    finally:
        if claimed:
            await ctx.repo.run_brief(release_timers, ctx.repo.engine, claimed)
    await sweep(ctx)
    now = ctx.clock()
    if pruned_at is None or now - pruned_at >= PRUNE_EVERY:
        await ctx.repo.run(ctx.repo.forget_press_answers, now - PRESS_MEMORY)
        return now
    return pruned_at


async def deadline(ctx: Context, game_id: int) -> None:
    """Makes the automatic moves of a game whose deadline passed; tells the context how late it fired."""
    late: list[float] = []

    def due(batch: Batch) -> bool:
        if batch.game.deadline_at is None or batch.game.deadline_at > ctx.clock():
            return False
        late[:] = [(ctx.clock() - aware(batch.game.deadline_at)).total_seconds()]
        expire_deadline(ctx, batch)
        return True

    paused = await ctx.repo.run_brief(load, ctx, game_id)
    if paused is not None and paused.game.status == RUNNING and paused.game.paused:
        if paused.game.deadline_at is not None and paused.game.deadline_at <= ctx.clock():
            await ctx.repo.run(abandon, ctx, paused)  # the bot was not added back in time; the game's record stays
            kick(ctx, game_id)
        return
    if await advance(ctx, game_id, due) and late:
        ctx.deadline_fired(late[0])


async def offer_ai(ctx: Context, game_id: int) -> None:
    """Shows the group's waiting line again with its buttons to let the AI play now, once a fifth has passed."""
    if await ctx.repo.run(offer, ctx, game_id):
        kick(ctx, game_id)


async def remind(ctx: Context, game_id: int) -> None:
    """Reminds the people being waited for, privately and in the group, once per deadline."""
    batch = await ctx.repo.run_brief(load, ctx, game_id)
    if batch is None or batch.game.status != RUNNING or batch.game.reminder_at is None:
        return
    batch.game.reminder_at = None
    batch.showing = Showing(remind=True)
    row = Outbox(game_id=game_id, payload=batch.showing.to_json(), created_at=ctx.clock())
    try:
        await ctx.repo.run(ctx.repo.save, batch.game, outbox=row)
    except StaleGame:
        return
    kick(ctx, game_id)
