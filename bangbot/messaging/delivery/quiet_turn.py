"""When a game's group lane shows its rows: at once when one sends a new group message, else once the turn is quiet.

A row that only adds to the current turn's log (Showing.edits_only) is held: the rows that follow it within the
quiet spell share its edit of the log and table. The lane shows them once no change came for `group_quiet_seconds`,
`group_hold_seconds` after it began to hold at the latest, as soon as a row that sends a new group message (a new
turn, a notice, a reminder, an elimination, the game's end) joins them, or when the process stops. The players are
shown every change at once; only the group's view waits, a few seconds behind.

A new turn's log message (with the table in it) is sent at once, but the kept (pinned) table's edit then waits the
same way with the new turn's moves (table_may_wait): quick turns share one edit of it.
"""

from __future__ import annotations

import asyncio

from bangbot.messaging.context import Context
from bangbot.messaging.delivery.lanes import GameLanes
from bangbot.messaging.delivery.to_show import decoded
from bangbot.storage.models import Outbox


def edits_only(lanes: GameLanes) -> bool:
    """Returns whether every row waiting for the group only adds to the current turn's log, or was shown to it but
    for the kept table's edit."""
    return all(i in lanes.table_behind or decoded(row.payload).edits_only for i, row in lanes.shown.items())


def table_may_wait(ctx: Context, lanes: GameLanes, rows: list[Outbox]) -> bool:
    """Returns whether the kept table's edit for a new turn may wait while the group is busy
    (messaging.delivery.quiet_turn): the group's lane holds rows, no stop hurries it, a row not shown yet began a turn,
    and no row has a lobby, pin, cancellation, absence or someone going out of the game (the kept table is edited at
    those at once)."""
    if ctx.group_hold_seconds <= 0 or ctx.lanes.hurry.is_set():
        return False
    showings = {row.id or 0: decoded(row.payload) for row in rows}
    plain = not any(s.lobby or s.pin or s.cancelled_by or s.absence or s.gone for s in showings.values())
    return plain and any(len(s.log) > 1 and i not in lanes.table_behind for i, s in showings.items())


def cancelled(lanes: GameLanes) -> bool:
    """Returns whether a row waiting for the group cancels the game: nothing will come to share its edits."""
    return any(decoded(row.payload).cancelled_by for row in lanes.shown.values())


async def merge_window(ctx: Context, lanes: GameLanes) -> None:
    """Waits the group's merge window (rows of a quick run of moves share their edits), cut short by a stop or by a
    row that cancels the game."""
    loop = asyncio.get_running_loop()
    until = loop.time() + ctx.group_merge_seconds
    while not ctx.lanes.hurry.is_set() and not cancelled(lanes):
        left = until - loop.time()
        if left <= 0:
            return
        lanes.news.clear()
        await either(lanes.news, ctx.lanes.hurry, left)


async def hold(ctx: Context, lanes: GameLanes, since: float) -> None:
    """Waits the group's merge window, then while the group's rows may wait (see the module); since is the loop time
    the lane began to hold them."""
    if ctx.group_merge_seconds > 0:
        await merge_window(ctx, lanes)
    if ctx.group_hold_seconds <= 0 or cancelled(lanes):
        return
    loop = asyncio.get_running_loop()
    latest = since + ctx.group_hold_seconds
    quiet_until = loop.time() + ctx.group_quiet_seconds
    while not ctx.lanes.hurry.is_set() and edits_only(lanes):
        left = min(latest, quiet_until) - loop.time()
        if left <= 0:
            return
        lanes.news.clear()
        if not await either(lanes.news, ctx.lanes.hurry, left):
            return
        quiet_until = loop.time() + ctx.group_quiet_seconds


async def either(first: asyncio.Event, second: asyncio.Event, timeout: float) -> bool:
    """Waits until one of two events is set, at most timeout seconds; returns whether one was."""
    waits = [asyncio.ensure_future(first.wait()), asyncio.ensure_future(second.wait())]
    try:
        done, _ = await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for wait in waits:
            wait.cancel()
    return bool(done)
