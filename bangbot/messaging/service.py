"""The game service: the one entry the messengers' adapters call, for commands, presses, group events and timers.

Each concern lives in its own module (commands, presses, timers, group events); this class holds what they share
(the context) and hands each update to its module.
"""

from __future__ import annotations

from datetime import datetime

from bangbot.messaging.adapter import Command, Departure, InlineQuery, Press
from bangbot.messaging.commands.dispatch import on_command
from bangbot.messaging.context import Context
from bangbot.messaging.delivery.outbox import idle, recover
from bangbot.messaging.delivery.player_messages import show_player
from bangbot.messaging.lobby.invite import answer_inline
from bangbot.messaging.play.advance import resume_ai
from bangbot.messaging.play.group_events import bot_back, bot_left, chat_moved, person_left
from bangbot.messaging.press.answer import on_press
from bangbot.messaging.timers.game_timers import tick


class GameService:
    """Turns commands and presses into lobby changes and moves, saved before anything is shown."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.pruned_at: datetime | None = None  # when the answers of old presses were last forgotten

    async def on_command(self, cmd: Command) -> None:
        """Handles a text command; anything unknown gets a localized hint."""
        await on_command(self.ctx, cmd)

    async def on_press(self, press: Press) -> None:
        """Handles a button press and always acknowledges it, with an alert when it changes nothing."""
        await on_press(self.ctx, press)

    async def on_inline_query(self, query: InlineQuery) -> None:
        """Answers text typed after the bot's name in any chat with the card or character it names."""
        await answer_inline(self.ctx, query)

    async def on_departure(self, departure: Departure) -> None:
        """A person left a group: the AI takes their seat in its running game at once; they are told how to return."""
        await person_left(self.ctx, departure)

    def chat_moved(self, old_id: int, new_id: int) -> None:
        """Moves a group's games, settings and outbox to the chat's new id and shows its open games there."""
        chat_moved(self.ctx, old_id, new_id)

    async def bot_left(self, chat_id: int) -> None:
        """The bot was removed from a group: its running games pause and every player is told privately."""
        await bot_left(self.ctx, chat_id)

    async def bot_back(self, chat_id: int) -> None:
        """The bot was added back to a group: its paused games resume and the group is told."""
        await bot_back(self.ctx, chat_id)

    async def show_player(
        self, user_id: int, resend: bool, chat_id: int | None = None, game_id: int | None = None
    ) -> bool:
        """Shows a user's private message of each running game (of one chat or one game, if given); returns False if
        the user is unreachable."""
        return await show_player(self.ctx, user_id, resend, chat_id, game_id)

    async def resume_ai(self, game_id: int) -> None:
        """Lets the AI players of a game move now, after ctx.hold_ai held them."""
        await resume_ai(self.ctx, game_id)

    async def tick(self) -> None:
        """Fires every passed timer of every game, side by side, then delivers what was left behind
        (game_timers.tick)."""
        self.pruned_at = await tick(self.ctx, self.pruned_at)

    async def start(self) -> int:
        """Delivers what the changes saved before a crash or a stop still had to show; returns how many games."""
        return await recover(self.ctx)

    async def stop(self) -> None:
        """Waits until what this process saved is shown (no group lane holds its rows then) and every reply is sent,
        then writes what the delivery held back (storage.deferred)."""
        self.ctx.lanes.hurry.set()
        await self.idle()
        await self.ctx.repo.run(self.ctx.repo.flush_deferred)  # what the delivery held back (storage.deferred)

    async def idle(self) -> None:
        """Waits until nothing this process saved or posted is left to show (for shutdown, the terminal and tests)."""
        while self.ctx.lanes.busy() or self.ctx.replies.tasks:
            await idle(self.ctx)
            await self.ctx.replies.idle()
