"""The commands that open, show, time and end a chat's game: /start, /newgame, /status, /deadline, /cancel."""

from __future__ import annotations

from bangbot.i18n import Translator
from bangbot.i18n.wording import duration
from bangbot.messaging.adapter import Command
from bangbot.messaging.commands.reply import reply
from bangbot.messaging.context import Context
from bangbot.messaging.delivery.outbox import kick, touching
from bangbot.messaging.delivery.player_messages import reachable_again, show_player
from bangbot.messaging.delivery.sender import show_table
from bangbot.messaging.delivery.to_show import LOBBY_CANCELLED
from bangbot.messaging.lobby.actions import (
    MAX_DEADLINE,
    MIN_DEADLINE,
    change_lobby,
    create_lobby,
    join_by_link,
    may_manage,
    parse_duration,
)
from bangbot.messaging.lobby.open_calls import call_players
from bangbot.messaging.lobby.pinning import unpin_table
from bangbot.messaging.lobby.view import show_lobby
from bangbot.messaging.play.cancelled import cancel_running
from bangbot.messaging.play.stored_game import load
from bangbot.messaging.press.button_data import JOIN_PAYLOAD, parse_join_token
from bangbot.storage.models import CANCELLED, GATHERING, Game
from bangbot.storage.repository import StaleGame


async def cmd_start(ctx: Context, cmd: Command, tr: Translator) -> None:
    """A private /start (from a lobby's join link: /start join_<token>): the player can be reached now."""
    if not cmd.private:
        reply(ctx, cmd, tr.gettext("Type /newgame to gather players for a game of BANG!"))
        return
    payload = cmd.args.strip()
    if payload.startswith(JOIN_PAYLOAD):
        reply(ctx, cmd, await join_by_link(ctx, parse_join_token(payload), cmd.user))
    else:
        reply(
            ctx,
            cmd,
            tr.gettext(
                "Hello! I run games of BANG! in group chats. Your cards and choices will come here. /help tells more."
            ),
        )
    await reachable_again(ctx, cmd.user.id)


async def cmd_newgame(ctx: Context, cmd: Command, tr: Translator) -> None:
    """Opens a lobby in a group, or shows the game already there."""
    if cmd.private:
        reply(ctx, cmd, tr.gettext("Games live in group chats: add me to a group and type /newgame there."))
        return
    game = await ctx.repo.run(ctx.repo.open_game, cmd.chat_id, cmd.thread)
    if game is not None:
        reply(ctx, cmd, tr.gettext("A game is already gathering or running in this chat."))
        await show_open_game(ctx, cmd)
        return
    try:
        game = await create_lobby(ctx, cmd)
    except StaleGame:
        reply(ctx, cmd, tr.gettext("A game is already gathering or running in this chat."))
        return
    await call_players(ctx, game, {cmd.user.id})


async def show_open_game(ctx: Context, cmd: Command) -> None:
    """Shows the chat's lobby or table again as new messages."""
    game = await ctx.repo.run(ctx.repo.open_game, cmd.chat_id, cmd.thread)
    if game is None or game.id is None:
        return
    if game.status == GATHERING:
        seats = await ctx.repo.run(ctx.repo.seats, game.id)
        ctx.replies.post(cmd.chat_id, lambda: show_lobby(ctx, game, seats, resend=True))
        return
    batch = await ctx.repo.run_brief(load, ctx, game.id)
    if batch is not None:
        ctx.replies.post(cmd.chat_id, lambda: show_table(ctx, batch, resend=True))


async def cmd_cancel(ctx: Context, cmd: Command, tr: Translator) -> None:
    """Cancels the chat's lobby or game, for its creator or a chat admin."""
    game = None if cmd.private else await ctx.repo.run(ctx.repo.open_game, cmd.chat_id, cmd.thread)
    if game is None:
        reply(ctx, cmd, tr.gettext("There is no game to cancel here."))
        return
    if not await may_manage(ctx, game, cmd.user.id):
        reply(ctx, cmd, tr.gettext("Only the creator of the game or a chat admin can do this."))
        return
    if await cancel_open(ctx, game, cmd.user.name):
        reply(ctx, cmd, tr.gettext("This game was cancelled."))


async def cancel_open(ctx: Context, game: Game, by: str) -> bool:
    """Cancels a lobby or a running game for a person named by; returns whether it was a lobby. Raises StaleGame
    when the game changed since it was read."""
    assert game.id is not None
    async with touching(ctx, game.id):
        batch = await ctx.repo.run_brief(load, ctx, game.id)
        if batch is None:  # a lobby: its message says so
            game.status = CANCELLED
            game.deadline_at = game.reminder_at = None
            await change_lobby(ctx, game, ("", False), what=LOBBY_CANCELLED)
        else:  # the final table, every player's note and stale buttons are shown from the outbox row
            await ctx.repo.run(cancel_running, ctx, batch, by)
    if batch is not None:
        kick(ctx, game.id)
        await unpin_table(ctx, game)
    return batch is None


async def cmd_status(ctx: Context, cmd: Command, tr: Translator) -> None:
    """Shows the table again in a group and the player's own message in private."""
    if not cmd.private:
        if await ctx.repo.run(ctx.repo.open_game, cmd.chat_id, cmd.thread) is None:
            reply(ctx, cmd, tr.gettext("No game is running here. Type /newgame to start one."))
            return
        await show_open_game(ctx, cmd)
    games = await ctx.repo.run_brief(ctx.repo.running_games_of, cmd.user.id)
    if cmd.private and not games:
        reply(ctx, cmd, tr.gettext("You are not playing in any game right now."))
    if not await show_player(ctx, cmd.user.id, resend=True, chat_id=None if cmd.private else cmd.chat_id):
        reply(ctx, cmd, tr.gettext("I cannot write to you: open a private chat with me and send /start."))


async def cmd_deadline(ctx: Context, cmd: Command, tr: Translator) -> None:
    """Sets the time per move of a group chat (and of its lobby or game) from a text like '6h'."""
    if cmd.private:
        reply(ctx, cmd, tr.gettext("Set the time per move in the group chat where you play."))
        return
    seconds = parse_duration(cmd.args)
    if seconds is None or not MIN_DEADLINE <= seconds <= MAX_DEADLINE:
        reply(
            ctx,
            cmd,
            tr.gettext("Give a time from 1 minute to 7 days, for example: /deadline 30m, /deadline 6h, /deadline 2d"),
        )
        return
    game = await ctx.repo.run(ctx.repo.open_game, cmd.chat_id, cmd.thread)
    if not await ctx.messenger.is_admin(cmd.chat_id, cmd.user.id) and (game is None or game.creator_id != cmd.user.id):
        reply(ctx, cmd, tr.gettext("Only the creator of the game or a chat admin can do this."))
        return
    await ctx.repo.run(set_deadline, ctx, cmd.chat_id, game, seconds)
    if game is not None and game.status == GATHERING and game.id is not None:
        await show_lobby(ctx, game, await ctx.repo.run(ctx.repo.seats, game.id))
    reply(ctx, cmd, tr.gettext("Time per move: {time}.", time=duration(tr, seconds)))


def set_deadline(ctx: Context, chat_id: int, game: Game | None, seconds: int) -> None:
    """Stores a chat's time per move, and its open game's (in a thread)."""
    settings = ctx.repo.chat_settings(chat_id)
    settings.deadline_seconds = seconds
    ctx.repo.save_chat_settings(settings)
    if game is not None:
        game.deadline_seconds = seconds
        ctx.repo.save(game)
