"""The Telegram Application: updates to the game service, deadlines on a timer, polling or a webhook."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
import time
from typing import Any

from starlette.applications import Starlette
from starlette.routing import BaseRoute, Mount
from telegram import Update
from telegram.error import Conflict, TelegramError
from telegram.ext import (
    ApplicationBuilder,
    CallbackQueryHandler,
    ChatMemberHandler,
    ContextTypes,
    InlineQueryHandler,
    MessageHandler,
    TypeHandler,
    filters,
)

from bangbot import heap
from bangbot.ai.levels import NORMAL, players_at
from bangbot.i18n import system_language, translator
from bangbot.messaging.commands.flood_limits import FloodGate
from bangbot.messaging.context import Context
from bangbot.messaging.lru import LruCache
from bangbot.messaging.service import GameService
from bangbot.messaging.timers.ticker import DeadlineTimer
from bangbot.server.app import Webhook, build_app
from bangbot.server.health import Reach, Readiness
from bangbot.server.logs import mark_update, setup_logging
from bangbot.server.metrics import count_update, observe_deadline, set_worker, worker
from bangbot.server.reports import OwnerReports, Report
from bangbot.server.serve import EmbeddedServer, embedded_server, started
from bangbot.settings import BOARD_PATH
from bangbot.storage.budgets import SharedBudgets
from bangbot.storage.db import check_driver, open_engine
from bangbot.storage.health import ping, totals
from bangbot.storage.locks import KeyedLocks
from bangbot.storage.repository import STORAGE_ERRORS, Repository
from bangbot.storage.timers.clock_steps import StoredClockReference
from bangbot.telegram.adapter import TelegramMessenger
from bangbot.telegram.commands import register_commands, set_board_menu
from bangbot.telegram.heartbeat import Heartbeat
from bangbot.telegram.held import HeldApplication, HeldBot
from bangbot.telegram.limiter import StrictRateLimiter
from bangbot.telegram.observed import ObservedRequest
from bangbot.telegram.settings import BotSettings
from bangbot.telegram.startup import connection_problem, webhook_problem
from bangbot.telegram.updates import (
    personal_strings,
    to_command,
    to_departure,
    to_inline_query,
    to_move,
    to_presence,
    to_press,
    unread_dropped,
    update_kind,
)
from bangbot.web.app import Board, BoardSettings, board_app

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
REQUEST_POOL = 256  # connections to the Bot API (python-telegram-bot's own default for concurrent updates)
ARRIVALS_KEPT = 10_000  # webhook updates whose arrival is remembered until a handler takes it


class BangBot:
    """Connects a telegram Application to the game service; one instance per worker process."""

    def __init__(self, settings: BotSettings) -> None:
        self.settings = settings
        self.reach = Reach()
        self.heartbeat = Heartbeat()
        engine = open_engine(settings.database_url, hide_parameters=not settings.log_personal)
        shared = SharedBudgets(engine) if engine.dialect.name == "postgresql" else None  # one worker on SQLite
        limiter = StrictRateLimiter(
            settings.group_rate,
            max_retries=RATE_LIMIT_RETRIES,
            on_limited=self.heartbeat.count_limited,
            shared=shared,
        )
        bot = HeldBot(  # its polls confirm an update only once handled (telegram.held)
            settings.token,
            **({"base_url": settings.api_url} if settings.api_url else {}),
            request=ObservedRequest(self.reach, connection_pool_size=REQUEST_POOL),
            get_updates_request=ObservedRequest(self.reach, connection_pool_size=1),
            rate_limiter=limiter,
        )
        builder = ApplicationBuilder().bot(bot).application_class(HeldApplication).concurrent_updates(True)
        if settings.webhook_url:
            builder = builder.updater(None)  # the bot's own HTTP app takes the updates (bangbot.server)
        self.application = builder.build()
        self.messenger = TelegramMessenger(self.application.bot, board=settings.board)
        repo = Repository(engine)
        context = Context(repo, self.messenger, players_at(NORMAL), flood=FloodGate(), owner_id=settings.owner_id)
        context.group_merge_seconds = settings.group_merge_seconds
        context.group_quiet_seconds = settings.group_quiet_seconds
        context.group_hold_seconds = settings.group_hold_seconds
        context.held_writes_seconds = settings.held_writes_seconds
        context.deadline_fired = observe_deadline
        if settings.seed is not None:
            seed = settings.seed
            context.seeds = lambda: seed  # every game dealt the same way: for tests and reproducing a report
        self.service = GameService(context)
        steps = StoredClockReference(engine) if shared is not None else None  # workers share one step's undoing
        self.timer = DeadlineTimer(self.tick, context.repo.shift_deadlines, settings.tick_seconds, reference=steps)
        self.locks = KeyedLocks()
        self.arrivals: LruCache[int, float] = LruCache(ARRIVALS_KEPT)  # webhook updates: id -> when they came
        self.conflict = False  # Telegram refused getUpdates: another worker polls, or a webhook is set
        self.board: Board | None = None  # the Mini App's board, once the HTTP app mounts it (extra_routes)
        self.stopping = asyncio.Event()  # set by SIGTERM, SIGINT or a polling conflict: serve() then stops
        self.application.add_handler(TypeHandler(Update, self.on_update), group=-1)  # before every other handler
        # Only new messages: a webhook set elsewhere may still deliver edits, which must not run a command twice.
        self.application.add_handler(MessageHandler(filters.COMMAND & filters.UpdateType.MESSAGE, self.on_command))
        self.application.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, self.on_migrate))
        self.application.add_handler(CallbackQueryHandler(self.on_press))
        self.application.add_handler(InlineQueryHandler(self.on_inline_query))
        self.application.add_handler(ChatMemberHandler(self.on_presence, ChatMemberHandler.MY_CHAT_MEMBER))
        self.application.add_handler(MessageHandler(filters.StatusUpdate.LEFT_CHAT_MEMBER, self.on_departure))
        self.application.add_handler(ChatMemberHandler(self.on_departure, ChatMemberHandler.CHAT_MEMBER))
        self.application.add_error_handler(self.on_error)

    async def _post_init(self) -> None:
        """Learns the bot's username, sets the command menus and starts the deadline timer."""
        self.messenger.username = self.application.bot.username
        await register_commands(self.application.bot)
        if self.settings.board is not None:
            await set_board_menu(self.application.bot, self.settings.board)
        shown = await self.service.start()
        if shown:
            log.info("delivered what %d games still had to show", shown)
        self.timer.start()

    async def _post_stop(self) -> None:
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

    async def tick(self) -> None:
        """The timer's tick: every passed deadline fired, then this worker's heartbeat stored (the owner's desk)."""
        await self.service.tick()
        await self.heartbeat.beat(self.service.ctx.repo)

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

    async def on_update(self, update: Update, _: ContextTypes.DEFAULT_TYPE) -> None:
        """Runs first for every update: counts it, marks its logs with its id (and hides its personal strings), and
        notes when a press came, so that its answer is timed from then."""
        count_update(update_kind(update))
        mark_update(update.update_id, personal_strings(update))
        arrived = self.arrivals.get(update.update_id)
        self.arrivals.pop(update.update_id)
        if update.callback_query is not None:
            self.messenger.press_arrived(update.callback_query.id, arrived)

    async def on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Logs an update that failed, by its id (its content only with personal logging); the game state is safe in
        the database."""
        if isinstance(update, Update) and not self.settings.log_personal:
            log.error("update %s (%s) failed", update.update_id, update_kind(update), exc_info=context.error)
        else:
            log.error("update %r failed", update, exc_info=context.error)

    async def accept(self, data: dict[str, Any]) -> None:
        """Hands an update the webhook received to the application, noting when it came; one that is not a valid
        update is dropped with a warning (Telegram would only send it again)."""
        try:
            update = Update.de_json(unread_dropped(data), self.application.bot)
        except (TypeError, ValueError, KeyError, AttributeError) as error:
            log.warning("update %s is not a valid update, dropped: %s", data.get("update_id"), type(error).__name__)
            return
        self.arrivals.put(update.update_id, time.monotonic())
        await self.application.update_queue.put(update)

    async def report(self, report: Report) -> None:
        """Sends an error report privately to the owner, in their language."""
        owner = self.settings.owner_id
        if owner is None:
            return
        ctx = self.service.ctx
        try:
            tr = await ctx.repo.run(ctx.tr_user, owner)
        except STORAGE_ERRORS:  # the database may be what failed
            tr = translator(system_language())
        await self.messenger.send(owner, report.text(tr))

    def http_app(self) -> Starlette:
        """Returns the bot's HTTP app: the webhook (in webhook mode), health, readiness and metrics."""
        s = self.settings
        repo = self.service.ctx.repo
        readiness = Readiness(
            ping=lambda: asyncio.to_thread(ping, repo.engine),
            totals=lambda: asyncio.to_thread(totals, repo.engine, repo.deferred.every_done()),
            reach=self.reach,
            probe=self.application.bot.get_me,
            backlog_bound=s.ready_backlog,
        )
        secret = s.secret()
        webhook = Webhook(s.webhook_path, secret, self.accept) if s.webhook_url and secret else None
        return build_app(readiness, webhook, self.extra_routes())

    def extra_routes(self) -> list[BaseRoute]:
        """Returns the routes the HTTP app serves beside the bot's own, in the bot's loop: the board's Mini App under
        /app when BANGBOT_WEBAPP_NAME is set (bangbot.web), none otherwise."""
        if self.settings.board is None:
            return []
        app, self.board = board_app(self.service.ctx, BoardSettings(self.settings.token))
        return [Mount(BOARD_PATH.rstrip("/"), app=app)]

    def run(self) -> None:
        """Runs until SIGTERM or SIGINT: a webhook when a webhook URL is set, else long polling; the HTTP app (with
        the webhook, or on BANGBOT_HTTP_PORT when polling) serves in the same event loop."""
        asyncio.run(self.serve())

    async def serve(self) -> None:
        """Starts the application, the HTTP app and the updates' source; stops them all in order when signalled (or
        when starting fails)."""
        s = self.settings
        stopping = self.stopping
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, stopping.set)
        reports = OwnerReports(self.report, loop, worker()) if s.owner_id is not None else None
        if reports is not None:
            logging.getLogger().addHandler(reports)
        port = s.webhook_port if s.webhook_url else s.http_port
        server = embedded_server(self.http_app(), s.webhook_listen, port) if port is not None else None
        serving: asyncio.Task[None] | None = None
        try:
            await self.application.initialize()
            await self._post_init()
            serving = await started(server) if server is not None else None
            await self.start_updates()
            await self.application.start()
            await stopping.wait()
        finally:
            if reports is not None:  # no report task may start once the stop cancels what is left
                logging.getLogger().removeHandler(reports)
            await self.stop(server, serving)

    async def stop(self, server: EmbeddedServer | None, serving: asyncio.Task[None] | None) -> None:
        """Stops taking requests (open ones may finish), then updates, then the application and the bot's own work."""
        if server is not None and serving is not None:
            server.should_exit = True
            await serving
        if self.application.updater is not None and self.application.updater.running:
            await self.application.updater.stop()
        if self.application.running:
            await self.application.stop()
        if self.board is not None:
            await self.board.close()
        await self._post_stop()
        await self.application.shutdown()

    async def start_updates(self) -> None:
        """Registers the webhook (unless another program does), or starts long polling."""
        s = self.settings
        if s.webhook_url:
            if s.set_webhook:
                await self.application.bot.set_webhook(
                    s.webhook_url, secret_token=s.secret(), allowed_updates=ALLOWED_UPDATES
                )
        elif self.application.updater is not None:
            await self.application.updater.start_polling(
                allowed_updates=ALLOWED_UPDATES, error_callback=self.on_polling_error
            )

    def on_polling_error(self, error: TelegramError) -> None:
        """Stops the bot when another poller or a webhook takes its updates (409 Conflict), which run_bot then says;
        hands any other polling error to the error handler."""
        if isinstance(error, Conflict):
            self.conflict = True
            self.stopping.set()
            return
        self.application.create_task(self.application.process_error(update=None, error=error))


async def cancel_leftovers() -> None:
    """Cancels every other task of the running event loop and waits until they ended."""
    leftovers = asyncio.all_tasks() - {asyncio.current_task()}
    for task in leftovers:
        task.cancel()
    await asyncio.gather(*leftovers, return_exceptions=True)


def run_bot(settings: BotSettings) -> int:
    """Runs the Telegram bot with these settings; 1 with one line on standard error if it cannot connect.

    MissingDriver when the database's driver is not installed, before anything is asked of Telegram.
    """
    check_driver(settings.database_url)
    set_worker(settings.worker_id)
    setup_logging(
        settings.log_level,
        settings.log_format == "json",
        settings.log_personal,
        (settings.token, settings.secret()),
        worker(),
    )
    tr = translator(system_language())
    problem = webhook_problem(settings, tr) or asyncio.run(connection_problem(settings, tr))
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    bot = BangBot(settings)
    heap.settle()
    bot.run()
    if bot.conflict:
        print(
            tr.gettext(
                "Another process takes this bot's updates (a second polling worker, or a webhook): "
                "to run several workers, give each the same BANGBOT_WEBHOOK_URL."
            ),
            file=sys.stderr,
        )
        return 1
    return 0
