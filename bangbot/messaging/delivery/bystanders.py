"""A bystander's message waits with the group's view: it is edited once the turn is quiet, with the news of every
change it waited for, instead of once per move.

A seat may wait when the group's lane holds its view (messaging.delivery.quiet_turn), the change only goes on with a
running game (no notice, elimination or end), its player did not press it, the game does not wait for them, and their
message shows no buttons and gains none (sender.may_wait). Its news is kept per change (GameLanes.held_news). The
group's lane shows each waiting seat the stored state and that news before it forgets the changes; a later change that
shows the seat at once shows the news kept with it. A process that dies keeps nothing here: the changes stay stored
and are shown again at its next start.
"""

from __future__ import annotations

import logging

from bangbot.games.contract import TOP
from bangbot.messaging.adapter import Undeliverable
from bangbot.messaging.context import Context
from bangbot.messaging.delivery.lanes import GameLanes, News
from bangbot.messaging.delivery.sender import show_private
from bangbot.messaging.delivery.to_show import RECENT_LINES
from bangbot.messaging.play.stored_game import load
from bangbot.storage.models import Outbox

log = logging.getLogger(__name__)


async def catch_up(ctx: Context, game_id: int, lanes: GameLanes, rows: list[Outbox]) -> None:
    """Shows each seat that waited for these rows (about to be forgotten) the stored state and their news; a seat that
    also waits for a later row keeps the news for it, shown then."""
    ids = {row.id or 0 for row in rows}
    for position in [p for p, kept in lanes.held_news.items() if ids & set(kept)]:
        async with ctx.seat_messages.hold((game_id, position)):
            if not ids & set(lanes.held_news.get(position, {})):
                continue  # a change shown to the seat meanwhile showed the news with it
            news = lanes.take_news(position, ids)
            later = lanes.held_news.get(position)
            if later:
                later[min(later)] = news + later[min(later)]
                continue
            await show_waiting(ctx, game_id, position, news)


async def show_waiting(ctx: Context, game_id: int, position: int, news: News) -> None:
    """Shows a seat the game as stored now (read under the seat's lock: nothing newer was shown to it) and its news."""
    batch = await ctx.repo.run_brief(load, ctx, game_id)
    if batch is None:
        return
    seat = batch.seats[position]
    if seat.user_id is None or seat.unreachable:
        return
    try:
        await show_private(ctx, batch, seat, TOP, recent=news[-RECENT_LINES:])
    except Undeliverable:
        log.info("could not show game %s's seat %s its waiting news", game_id, position)
