"""A player's private game messages shown again: of their running games, at one step of a choice, and once they can
be reached again (the seats the AI held for them given back)."""

from __future__ import annotations

import logging

from bangbot.games.contract import TOP
from bangbot.messaging.adapter import MessageRef, Undeliverable
from bangbot.messaging.context import Context
from bangbot.messaging.delivery.outbox import kick, save, shown, touching
from bangbot.messaging.delivery.sender import BACK, show_private, stored_now
from bangbot.messaging.play.stored_game import Batch, load
from bangbot.storage.models import Seat

log = logging.getLogger(__name__)


async def show_player(
    ctx: Context, user_id: int, resend: bool, chat_id: int | None = None, game_id: int | None = None
) -> bool:
    """Shows a user's private message of each running game (of one chat or one game, if given).

    Returns False if the user is unreachable.
    """
    for game in await ctx.repo.run_brief(ctx.repo.running_games_of, user_id):
        if game.id is None or (chat_id is not None and game.chat_id != chat_id):
            continue
        if game_id is not None and game.id != game_id:
            continue
        # read without the game's lock: the message shows the stored state as it is when its own lock is held
        batch = await ctx.repo.run_brief(load, ctx, game.id)
        for seat in batch.seats if batch else []:
            if seat.user_id == user_id and batch is not None:
                try:
                    async with ctx.seat_messages.hold((game.id, seat.position)):
                        now = await stored_now(ctx, batch, seat)
                        if now is not None:
                            await show_private(ctx, now, now.seats[seat.position], TOP, resend=resend)
                except Undeliverable:
                    return False
    return True


async def drop_copy(ctx: Context, game_id: int, position: int, ref: MessageRef) -> None:
    """Takes the buttons off a pressed private message that is not the seat's current one (a copy a lost reply left).

    The pressed message may be the new one whose id its sender has not stored yet: a new message is sent and its id
    stored under the seat's message lock, so under that lock the stored id is the current message. Where another
    worker may be sending the seat a message now (it holds the game's delivery), the copy is left as it is: a copy's
    buttons work like the current message's, and a stripped current message would leave its player without buttons.
    """
    lanes = ctx.lanes.games.get(game_id)
    if ctx.repo.leases.shared and (lanes is None or not lanes.leased):
        return
    async with ctx.seat_messages.hold((game_id, position)):
        known = ctx.repo.known(game_id)  # where this process alone writes, the seats it keeps are as stored
        seats = known[1] if known is not None else await ctx.repo.run(ctx.repo.seats, game_id)
        current = seats[position].private_message_id if position < len(seats) else None
        if current is not None and current != ref.message_id:
            await ctx.messenger.drop_buttons(ref)


async def show_current(ctx: Context, batch: Batch, seat: Seat, level: str) -> None:
    """Edits a seat's private message to show a step of its choice, if it shows something else.

    The game may have moved on since the press was checked: the step is then shown no more (the change's own
    delivery shows the seat its new choices), so an older menu never overwrites a newer one.
    """
    game_id = batch.game.id or 0
    async with ctx.seat_messages.hold((game_id, seat.position)):
        fresh = await stored_now(ctx, batch, seat)  # its message as stored too: a new one may be sent
        if fresh is None:
            return
        now = fresh.seats[seat.position]
        if (now.user_id, now.prompt_version) != (seat.user_id, seat.prompt_version):
            return
        try:
            await show_private(ctx, fresh, now, level, force=True)  # the press asked for it: see show_private
        except Undeliverable:
            log.info("could not show game %s to seat %s", game_id, seat.position)


async def reachable_again(ctx: Context, user_id: int) -> None:
    """Gives back to a player the seats the AI held because they could not be reached, and shows them."""
    for game in await ctx.repo.run_brief(ctx.repo.running_games_of, user_id):
        assert game.id is not None
        async with touching(ctx, game.id):
            batch, changed = await ctx.repo.run(reach_again, ctx, game.id, user_id)
            if changed:
                kick(ctx, game.id)
        if batch is None:
            continue
        if changed:
            await shown(ctx, game.id, batch.outbox)
        await show_player(ctx, user_id, resend=True, chat_id=game.chat_id)


def reach_again(ctx: Context, game_id: int, user_id: int) -> tuple[Batch | None, bool]:
    """Gives a reachable player back their seats the AI held and saves it (in a thread, under the game's lock);
    returns the game and whether it changed."""
    batch = load(ctx, game_id)
    if batch is None:
        return None, False
    changed = False
    for seat in batch.seats:
        if seat.user_id == user_id and seat.unreachable:
            within_reach(batch, seat)
            changed = True
    if changed:
        save(ctx, batch)
    return batch, changed


def within_reach(batch: Batch, seat: Seat) -> None:
    """Marks a seat's player reachable again; unless the AI still stands in for them, it no longer plays for them and
    the group is told."""
    seat.unreachable = False
    if not seat.standin:
        batch.notices.append((BACK, {"seat": seat.position}))
