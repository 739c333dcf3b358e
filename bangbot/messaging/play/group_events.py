"""A group's life events for its games: the chat moved to a new id, the bot removed from it or added back, a person
left it."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from bangbot.messaging.adapter import Departure
from bangbot.messaging.context import Context
from bangbot.messaging.delivery.outbox import kick, touching
from bangbot.messaging.play.advance import advance
from bangbot.messaging.play.bot_absent import pause, resume
from bangbot.messaging.play.chat_moved import move_chat
from bangbot.messaging.play.departure import hand_over_departed
from bangbot.messaging.play.stored_game import Batch, load
from bangbot.storage.models import RUNNING
from bangbot.storage.repository import StaleGame

RETRIES = 3
Change = Callable[[Context, Batch], bool]  # saves a change of a running game; returns whether there was one


def chat_moved(ctx: Context, old_id: int, new_id: int) -> None:
    """Moves a group's games, settings and outbox to the chat's new id and shows its open games there."""
    for game_id in move_chat(ctx, old_id, new_id):
        kick(ctx, game_id)


async def bot_left(ctx: Context, chat_id: int) -> None:
    """The bot was removed from a group: its running games pause and every player is told privately."""
    await change_running(ctx, chat_id, pause)


async def bot_back(ctx: Context, chat_id: int) -> None:
    """The bot was added back to a group: its paused games resume and the group is told."""
    await change_running(ctx, chat_id, resume)


async def person_left(ctx: Context, departure: Departure) -> None:
    """A person left a group: the AI takes their seat in its running game at once; they are told how to return."""
    for game in await ctx.repo.run(ctx.repo.open_games, departure.chat_id):  # one per forum topic
        if game.id is None or game.status != RUNNING:
            continue
        async with touching(ctx, game.id):  # the private note on how to return goes out with the saved change
            await advance(ctx, game.id, partial(hand_over_departed, user_id=departure.user_id))


async def change_running(ctx: Context, chat_id: int, change: Change) -> None:
    """Applies change to each running game of a group (in every topic), each under its own lock."""
    for game in ctx.repo.open_games(chat_id):
        if game.id is not None and game.status == RUNNING:
            await change_one(ctx, game.id, change)


async def change_one(ctx: Context, game_id: int, change: Change) -> None:
    """Applies change to one running game, reading it again if another change was saved meanwhile; shows it."""
    for _ in range(RETRIES):
        async with touching(ctx, game_id):
            batch = load(ctx, game_id)
            if batch is None or batch.game.status != RUNNING:
                return
            try:
                changed = change(ctx, batch)
            except StaleGame:
                continue
        if changed:
            kick(ctx, game_id)
        return
