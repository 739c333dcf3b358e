"""The Telegram Application: updates to the game service, deadlines on a timer, polling or a webhook."""

from __future__ import annotations

import asyncio
import logging
import os
import sys

from telegram import Update
from telegram.ext import (
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    ChatMemberHandler,
    ContextTypes,
    InlineQueryHandler,
    MessageHandler,
    filters,
)
from telegram.request import HTTPXRequest

from bangbot.ai.players import heuristic_players
from bangbot.i18n import system_language, translator
from bangbot.messaging.context import Context
from bangbot.messaging.service import GameService
from bangbot.messaging.timer import DeadlineTimer
from bangbot.storage.db import open_engine
from bangbot.storage.locks import KeyedLocks
from bangbot.storage.repository import Repository
from bangbot.telegram.adapter import TelegramMessenger
from bangbot.telegram.commands import register_commands
from bangbot.telegram.held import HeldApplication, HeldBot
from bangbot.telegram.limiter import StrictRateLimiter
from bangbot.telegram.settings import BotSettings
from bangbot.telegram.startup import connection_problem, webhook_problem
from bangbot.telegram.updates import to_command, to_departure, to_inline_query, to_move, to_presence, to_press

log = logging.getLogger(__name__)
# No edited messages (an edited command is not run again); inline queries answer with card texts; the bot's own
# membership pauses and resumes games; a member leaving a group hands their seat to the AI.
ALLOWED_UPDATES = [
    Update.MESSAGE,
    Update.CALLBACK_QUERY,
    Update.INLINE_QUERY,
    Update.MY_CHAT_MEMBER,
    Update.CHAT_MEMBER,
]
RATE_LIMIT_RETRIES = 3
SHUTDOWN_FLUSH_SECONDS = 5.0
REQUEST_POOL = 256  # connections for requests other than getUpdates, as the application builder's default
QUIET_LOGGERS = ("httpx", "alembic")  # their INFO lines (each request, each migration) are no news


class BangBot:
    """Connects a telegram Application to the game service; one instance per worker process."""

    def __init__(self, settings: BotSettings) -> None:
        self.settings = settings
        limiter = StrictRateLimiter(settings.group_rate, max_retries=RATE_LIMIT_RETRIES)
        bot = HeldBot(
            settings.token,
            **({"base_url": settings.api_url} if settings.api_url else {}),
            request=HTTPXRequest(connection_pool_size=REQUEST_POOL),
            get_updates_request=HTTPXRequest(),
            rate_limiter=limiter,
        )
        builder = ApplicationBuilder().bot(bot).application_class(HeldApplication).concurrent_updates(True)
        self.application = builder.post_init(self._post_init).post_stop(self._post_stop).build()
        self.messenger = TelegramMessenger(self.application.bot)
        context = Context(Repository(open_engine(settings.database_url)), self.messenger, heuristic_players())
        context.group_merge_seconds = settings.group_merge_seconds
        context.group_quiet_seconds = settings.group_quiet_seconds
        context.group_hold_seconds = settings.group_hold_seconds
        if settings.seed is not None:
            seed = settings.seed
            context.seeds = lambda: seed  # every game dealt the same way: for tests and reproducing a report
        self.service = GameService(context)
        self.timer = DeadlineTimer(self.service.tick, context.repo.shift_deadlines, settings.tick_seconds)
        self.locks = KeyedLocks()
        # Only new messages: a webhook set elsewhere may still deliver edits, which must not run a command twice.
        self.application.add_handler(MessageHandler(filters.COMMAND & filters.UpdateType.MESSAGE, self.on_command))
        self.application.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, self.on_migrate))
        self.application.add_handler(CallbackQueryHandler(self.on_press))
        self.application.add_handler(InlineQueryHandler(self.on_inline_query))
        self.application.add_handler(ChatMemberHandler(self.on_presence, ChatMemberHandler.MY_CHAT_MEMBER))
        self.application.add_handler(MessageHandler(filters.StatusUpdate.LEFT_CHAT_MEMBER, self.on_departure))
        self.application.add_handler(ChatMemberHandler(self.on_departure, ChatMemberHandler.CHAT_MEMBER))
        self.application.add_error_handler(self.on_error)

    async def _post_init(self, application: Application) -> None:  # type: ignore[type-arg]
        """Learns the bot's username, sets the command menus and starts the deadline timer."""
        self.messenger.username = application.bot.username
        await register_commands(application.bot)
        shown = await self.service.start()
        if shown:
            log.info("delivered what %d games still had to show", shown)
        self.timer.start()

    async def _post_stop(self, _: Application) -> None:  # type: ignore[type-arg]
        """Stops the timer and sends the group edits still queued, waiting SHUTDOWN_FLUSH_SECONDS at most.

        What is not confirmed then stays in the outbox and is delivered at the next start; the tasks still waiting
        for it are cancelled, so none is left pending when the event loop closes.
        """
        await self.timer.stop()

        async def drain() -> None:
            await self.messenger.group_edits.flush()
            await self.service.stop()

        try:
            await asyncio.wait_for(drain(), SHUTDOWN_FLUSH_SECONDS)
        except TimeoutError:
            log.warning("%d group edits were not sent before stopping", len(self.messenger.group_edits))
        await cancel_leftovers()
        self.service.ctx.repo.close(wait=False)  # its threads end once the work they run (if any) is done

    async def on_command(self, update: Update, _: ContextTypes.DEFAULT_TYPE) -> None:
        """Hands a command to the service, one update at a time per chat."""
        command = to_command(update, self.messenger.username)
        if command is None:
            return
        key = ("user", command.user.id) if command.private else ("chat", command.chat_id)
        async with self.locks.hold(key):
            await self.service.on_command(command)

    async def on_migrate(self, update: Update, _: ContextTypes.DEFAULT_TYPE) -> None:
        """Moves a group upgraded to a supergroup to its new id, in turn with the commands of the old chat."""
        move = to_move(update)
        if move is not None:
            async with self.locks.hold(("chat", move[0])):
                self.service.chat_moved(*move)

    async def on_presence(self, update: Update, _: ContextTypes.DEFAULT_TYPE) -> None:
        """Pauses a group's game when the bot is removed from the group and resumes it when the bot is back."""
        presence = to_presence(update)
        if presence is None:
            return
        chat_id, present = presence
        async with self.locks.hold(("chat", chat_id)):
            await (self.service.bot_back(chat_id) if present else self.service.bot_left(chat_id))

    async def on_press(self, update: Update, _: ContextTypes.DEFAULT_TYPE) -> None:
        """Hands a button press to the service at once: presses of one chat never wait for each other's messages."""
        press = to_press(update)
        if press is None:
            if update.callback_query is not None:
                await update.callback_query.answer()
            return
        await self.service.on_press(press)  # the service holds the game's lock only while it saves

    async def on_inline_query(self, update: Update, _: ContextTypes.DEFAULT_TYPE) -> None:
        """Hands text typed after the bot's name in any chat to the service, which answers with card explanations."""
        query = to_inline_query(update)
        if query is not None:
            await self.service.on_inline_query(query)

    async def on_departure(self, update: Update, _: ContextTypes.DEFAULT_TYPE) -> None:
        """Hands a person's leaving a group to the service (the AI takes their seat), one update at a time per chat."""
        departure = to_departure(update)
        if departure is None:
            return
        async with self.locks.hold(("chat", departure.chat_id)):
            await self.service.on_departure(departure)

    async def on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Logs an update that failed; the game state is safe in the database."""
        log.error("update %r failed", update, exc_info=context.error)

    def run(self) -> None:
        """Runs until stopped: a webhook server when a webhook URL is set, else long polling."""
        s = self.settings
        if s.webhook_url:
            self.application.run_webhook(
                listen=s.webhook_listen,
                port=s.webhook_port,
                url_path=s.webhook_path,
                webhook_url=s.webhook_url if s.set_webhook else None,
                secret_token=s.secret(),
                allowed_updates=ALLOWED_UPDATES,
            )
        else:
            self.application.run_polling(allowed_updates=ALLOWED_UPDATES)


async def cancel_leftovers() -> None:
    """Cancels every other task of the running event loop and waits until they ended."""
    leftovers = asyncio.all_tasks() - {asyncio.current_task()}
    for task in leftovers:
        task.cancel()
    await asyncio.gather(*leftovers, return_exceptions=True)


def run_bot(settings: BotSettings) -> int:
    """Runs the Telegram bot with these settings; 1 with one line on standard error if it cannot connect."""
    level = os.environ.get("BANGBOT_LOG_LEVEL", "WARNING").upper()
    logging.basicConfig(format="%(asctime)s %(levelname)s %(name)s: %(message)s", level=level)
    for noisy in QUIET_LOGGERS:
        logging.getLogger(noisy).setLevel(logging.WARNING)
    tr = translator(system_language())
    problem = webhook_problem(settings, tr) or asyncio.run(connection_problem(settings, tr))
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    BangBot(settings).run()
    return 0
