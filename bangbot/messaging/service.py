"""The game service: commands and button presses from any messenger, deadlines, and saving before showing."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from functools import partial

from babel import Locale

from bangbot.faults import checkpoint
from bangbot.i18n import LANGUAGES, Translator, normalize_language, translator
from bangbot.i18n.wording import duration
from bangbot.messaging.absence import abandon
from bangbot.messaging.adapter import (
    Button,
    ChatMoved,
    Command,
    Departure,
    InlineQuery,
    Keyboard,
    MessageRef,
    Press,
    Undeliverable,
)
from bangbot.messaging.again import play_again
from bangbot.messaging.calls import call_players, notify_usage, set_call, wanted
from bangbot.messaging.cancelled import cancel_running
from bangbot.messaging.card_alert import topic_alert
from bangbot.messaging.choice_topic import choice_topic
from bangbot.messaging.codec import (
    JOIN_PAYLOAD,
    BadButton,
    ButtonData,
    chat_button,
    decode,
    offered_choices,
    parse_join_token,
    user_button,
)
from bangbot.messaging.context import Context
from bangbot.messaging.delivery import BACK, BACK_FROM_AI, show_private, show_table
from bangbot.messaging.departure import hand_over_departed
from bangbot.messaging.final import AGAIN, CALL
from bangbot.messaging.games_help import games_intro, table_note
from bangbot.messaging.group_events import bot_back, bot_left, chat_moved
from bangbot.messaging.invite import answer_inline
from bangbot.messaging.later import Later, run_later
from bangbot.messaging.lobby import (
    MAX_DEADLINE,
    MIN_DEADLINE,
    NO_RIGHTS,
    change_lobby,
    create_lobby,
    expire_lobby,
    join_by_link,
    lobby_press,
    lobby_rights,
    may_manage,
    parse_duration,
)
from bangbot.messaging.lobby_view import show_lobby
from bangbot.messaging.outbox import all_shown, idle, kick, recover, save, shown, sweep, touching
from bangbot.messaging.play import Batch, apply_move, batch_of, expire_deadline, load, run_ai, seat_view
from bangbot.messaging.presenter import TOP
from bangbot.messaging.records import record_command
from bangbot.messaging.refusals import game_press_refusal
from bangbot.messaging.replace import REPLACE, offer, replace_press
from bangbot.messaging.rules import rules_answer, table_rules
from bangbot.messaging.seat_choices import seat_choices
from bangbot.messaging.showing import LOBBY_CANCELLED, Showing
from bangbot.messaging.sight import unpin_table
from bangbot.messaging.stats_text import records_help, stats_command
from bangbot.messaging.step_menu import ABOUT
from bangbot.messaging.storage_log import StorageFailures
from bangbot.storage.models import CANCELLED, GATHERING, RUNNING, Game, Outbox, PressAnswer, Seat
from bangbot.storage.repository import STORAGE_ERRORS, StaleGame

log = logging.getLogger(__name__)
storage_failures = StorageFailures(log)
RETRIES = 3
PRESS_MEMORY = timedelta(days=2)  # a messenger delivers an update again for a day at most
PRUNE_EVERY = timedelta(hours=1)
TIMERS_AT_ONCE = 16  # deadlines, reminders and expiries of different games fired side by side


class GameService:
    """Turns commands and presses into lobby changes and moves, saved before anything is shown."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.pruned_at: datetime | None = None

    async def on_command(self, cmd: Command) -> None:
        """Handles a text command; anything unknown gets a localized hint."""
        ctx = self.ctx
        name = cmd.name.lower().lstrip("/").split("@")[0]
        try:  # in a database thread, as every read and write of a command: the event loop never waits for one
            await ctx.repo.run(ctx.remember_user, cmd.user)
            tr = await ctx.repo.run(command_translator, ctx, cmd)
        except STORAGE_ERRORS:
            storage_failures.failed("could not read for /%s", name)
            await self.reply(cmd, not_saved(translator(normalize_language(cmd.user.language))))
            return
        handler = {
            "start": self.cmd_start,
            "newgame": self.cmd_newgame,
            "cancel": self.cmd_cancel,
            "status": self.cmd_status,
            "help": self.cmd_help,
            "rules": self.cmd_rules,
            "language": self.cmd_language,
            "deadline": self.cmd_deadline,
            "record": self.cmd_record,
            "stats": self.cmd_stats,
            "notify": self.cmd_notify,
        }.get(name)
        if handler is None:
            await self.reply(cmd, tr.gettext("I don't know that command. /help lists what I understand."))
            return
        for attempt in range(RETRIES):
            try:
                await handler(cmd, tr)
                return
            except ChatMoved as moved:  # the group moved (say, to a supergroup): its game is shown there
                self.chat_moved(cmd.chat_id, moved.new_id)
                return
            except StaleGame:  # another worker changed the same game meanwhile: read it again and retry
                if attempt == RETRIES - 1:
                    await self.reply(cmd, tr.gettext("Many things happen at once here: please try again."))
            except STORAGE_ERRORS:
                storage_failures.failed("could not save or read for /%s", name)
                await self.reply(cmd, not_saved(ctx.tr_user(cmd.user.id)))
                return

    async def reply(self, cmd: Command, text: str, buttons: tuple[tuple[Button, ...], ...] = ()) -> None:
        """Answers a command in the chat it came from, behind the replies posted there before, without waiting."""
        self.reply_to(cmd.chat_id, text, buttons, cmd.thread)

    def reply_to(self, chat_id: int, text: str, buttons: Keyboard = (), thread: int = 0) -> None:
        """Sends a message to a chat (in a forum topic, if thread) behind the replies posted there before, at once."""
        messenger = self.ctx.messenger

        async def send() -> None:
            try:
                try:
                    await messenger.send(chat_id, text, buttons, thread=thread)
                except ChatMoved as moved:  # the group moved (say, to a supergroup): everything follows, then this
                    self.chat_moved(chat_id, moved.new_id)
                    await messenger.send(moved.new_id, text, buttons, thread=thread)
            except Undeliverable:
                log.info("could not reply in chat %s", chat_id)

        self.ctx.replies.post(chat_id, send)

    def chat_moved(self, old_id: int, new_id: int) -> None:
        """Moves a group's games, settings and outbox to the chat's new id and shows its open games there."""
        chat_moved(self.ctx, old_id, new_id)

    async def bot_left(self, chat_id: int) -> None:
        """The bot was removed from a group: its running games pause and every player is told privately."""
        await bot_left(self.ctx, chat_id)

    async def bot_back(self, chat_id: int) -> None:
        """The bot was added back to a group: its paused games resume and the group is told."""
        await bot_back(self.ctx, chat_id)

    async def cmd_start(self, cmd: Command, tr: Translator) -> None:
        """A private /start (from a lobby's join link: /start join_<token>): the player can be reached now."""
        if not cmd.private:
            await self.reply(cmd, tr.gettext("Type /newgame to gather players for a game of BANG!"))
            return
        payload = cmd.args.strip()
        if payload.startswith(JOIN_PAYLOAD):
            await self.reply(cmd, await join_by_link(self.ctx, parse_join_token(payload), cmd.user))
        else:
            await self.reply(
                cmd,
                tr.gettext(
                    "Hello! I run games of BANG! in group chats. "
                    "Your cards and choices will come here. /help tells more."
                ),
            )
        await self.reachable_again(cmd.user.id)

    async def reachable_again(self, user_id: int) -> None:
        """Gives back to a player the seats the AI held because they could not be reached, and shows them."""
        ctx = self.ctx
        for game in await ctx.repo.run(ctx.repo.running_games_of, user_id):
            assert game.id is not None
            async with touching(ctx, game.id):
                batch, changed = await ctx.repo.run(reach_again, ctx, game.id, user_id)
                if changed:
                    kick(ctx, game.id)
            if batch is None:
                continue
            if changed:
                await shown(ctx, game.id, batch.outbox)
            await self.show_player(user_id, resend=True, chat_id=game.chat_id)

    async def cmd_newgame(self, cmd: Command, tr: Translator) -> None:
        """Opens a lobby in a group, or shows the game already there."""
        ctx = self.ctx
        if cmd.private:
            await self.reply(cmd, tr.gettext("Games live in group chats: add me to a group and type /newgame there."))
            return
        game = await ctx.repo.run(ctx.repo.open_game, cmd.chat_id, cmd.thread)
        if game is not None:
            await self.reply(cmd, tr.gettext("A game is already gathering or running in this chat."))
            await self.show_open_game(cmd)
            return
        try:
            game = await create_lobby(ctx, cmd)
        except StaleGame:
            await self.reply(cmd, tr.gettext("A game is already gathering or running in this chat."))
            return
        await call_players(ctx, game, {cmd.user.id})

    async def show_open_game(self, cmd: Command) -> None:
        """Shows the chat's lobby or table again as new messages."""
        ctx = self.ctx
        game = await ctx.repo.run(ctx.repo.open_game, cmd.chat_id, cmd.thread)
        if game is None or game.id is None:
            return
        if game.status == GATHERING:
            seats = await ctx.repo.run(ctx.repo.seats, game.id)
            ctx.replies.post(cmd.chat_id, lambda: show_lobby(ctx, game, seats, resend=True))
            return
        batch = await ctx.repo.run(load, ctx, game.id)
        if batch is not None:
            ctx.replies.post(cmd.chat_id, lambda: show_table(ctx, batch, resend=True))

    async def cmd_cancel(self, cmd: Command, tr: Translator) -> None:
        """Cancels the chat's lobby or game, for its creator or a chat admin."""
        ctx = self.ctx
        game = None if cmd.private else await ctx.repo.run(ctx.repo.open_game, cmd.chat_id, cmd.thread)
        if game is None:
            await self.reply(cmd, tr.gettext("There is no game to cancel here."))
            return
        if not await may_manage(ctx, game, cmd.user.id):
            await self.reply(cmd, tr.gettext("Only the creator of the game or a chat admin can do this."))
            return
        assert game.id is not None
        async with touching(ctx, game.id):
            batch = await ctx.repo.run(load, ctx, game.id)
            if batch is None:  # a lobby: its message says so
                game.status = CANCELLED
                game.deadline_at = game.reminder_at = None
                await change_lobby(ctx, game, ("", False), what=LOBBY_CANCELLED)
            else:  # the final table, every player's note and stale buttons are shown from the outbox row
                await ctx.repo.run(cancel_running, ctx, batch, cmd.user.name)
        if batch is None:
            await self.reply(cmd, tr.gettext("This game was cancelled."))
        else:
            kick(ctx, game.id)
            await unpin_table(ctx, game)

    async def cmd_notify(self, cmd: Command, tr: Translator) -> None:
        """Subscribes the user to a private call when a lobby opens in this group; /notify off unsubscribes."""
        if cmd.private:
            await self.reply(cmd, tr.gettext("Send /notify in the group where you want to be called for games."))
            return
        wish = wanted(cmd.args)
        if wish is None:
            await self.reply(cmd, notify_usage(tr))
            return
        await self.reply(cmd, await self.ctx.repo.run(set_call, self.ctx, tr, cmd.chat_id, cmd.user.id, wish))

    async def cmd_status(self, cmd: Command, tr: Translator) -> None:
        """Shows the table again in a group and the player's own message in private."""
        ctx = self.ctx
        if not cmd.private:
            if await ctx.repo.run(ctx.repo.open_game, cmd.chat_id, cmd.thread) is None:
                await self.reply(cmd, tr.gettext("No game is running here. Type /newgame to start one."))
                return
            await self.show_open_game(cmd)
        games = await ctx.repo.run(ctx.repo.running_games_of, cmd.user.id)
        if cmd.private and not games:
            await self.reply(cmd, tr.gettext("You are not playing in any game right now."))
        if not await self.show_player(cmd.user.id, resend=True, chat_id=None if cmd.private else cmd.chat_id):
            await self.reply(cmd, tr.gettext("I cannot write to you: open a private chat with me and send /start."))

    async def show_player(
        self, user_id: int, resend: bool, chat_id: int | None = None, game_id: int | None = None
    ) -> bool:
        """Shows a user's private message of each running game (of one chat or one game, if given).

        Returns False if the user is unreachable.
        """
        ctx = self.ctx
        for game in await ctx.repo.run(ctx.repo.running_games_of, user_id):
            if game.id is None or (chat_id is not None and game.chat_id != chat_id):
                continue
            if game_id is not None and game.id != game_id:
                continue
            # read without the lock: the message shows the stored state as it is
            batch = await ctx.repo.run(load, ctx, game.id)
            for seat in batch.seats if batch else []:
                if seat.user_id == user_id and batch is not None:
                    try:
                        await show_private(ctx, batch, seat, TOP, resend=resend)
                    except Undeliverable:
                        return False
        return True

    async def cmd_help(self, cmd: Command, tr: Translator) -> None:
        """Explains the commands, how a game goes, and the buttons that keep their place."""
        fixed = tr.gettext(
            "“End the turn” (or taking the hit) and “« Back” are always the last button; "
            "in the terminal game they are always 0 and 9."
        )
        note = table_note(tr, (await self.ctx.repo.run(table_rules, self.ctx, cmd)).ruleset)
        if note is not None:
            fixed = f"{note}\n\n{fixed}"
        await self.reply(
            cmd,
            games_intro(tr)
            + "\n\n"
            + tr.gettext(
                "/newgame — gather players in a group chat (the creator chooses the game and its rules there)\n"
                "/status — show the table again (and your cards in private)\n"
                "/rules <card or character> — explain a card or a character\n"
                "/language — choose your language (in a group: the chat's language)\n"
                "/deadline <time> — time per move for this chat, e.g. 30m, 6h, 2d\n"
                "/cancel — cancel the game (its creator or a chat admin)\n"
                "/notify — a private message when a game gathers in this group (/notify off stops it)\n\n"
                "Your role, your cards and your choices come in a private chat with me; "
                "the group sees the table and what happens."
            )
            + "\n\n"
            + records_help(tr)
            + "\n\n"
            + fixed,
        )

    async def cmd_rules(self, cmd: Command, tr: Translator) -> None:
        """Explains a card or a character named in any of our languages, as the table's rules play it."""
        await self.reply(cmd, await self.ctx.repo.run(rules_answer, self.ctx, cmd, tr))

    async def cmd_language(self, cmd: Command, tr: Translator) -> None:
        """Offers the languages, each written in itself: the user's own in private, the chat's in a group."""
        if not cmd.private and not await self.ctx.messenger.is_admin(cmd.chat_id, cmd.user.id):
            await self.reply(cmd, tr.gettext("Only a chat admin can change the chat's language."))
            return
        buttons = language_keyboard(cmd.private, cmd.chat_id)
        text = tr.gettext("Choose your language:") if cmd.private else tr.gettext("Choose the language of this chat:")
        await self.reply(cmd, text, buttons)

    async def cmd_deadline(self, cmd: Command, tr: Translator) -> None:
        """Sets the time per move of a group chat (and of its lobby or game) from a text like '6h'."""
        ctx = self.ctx
        if cmd.private:
            await self.reply(cmd, tr.gettext("Set the time per move in the group chat where you play."))
            return
        seconds = parse_duration(cmd.args)
        if seconds is None or not MIN_DEADLINE <= seconds <= MAX_DEADLINE:
            await self.reply(
                cmd,
                tr.gettext(
                    "Give a time from 1 minute to 7 days, for example: /deadline 30m, /deadline 6h, /deadline 2d"
                ),
            )
            return
        game = await ctx.repo.run(ctx.repo.open_game, cmd.chat_id, cmd.thread)
        if not await ctx.messenger.is_admin(cmd.chat_id, cmd.user.id) and (
            game is None or game.creator_id != cmd.user.id
        ):
            await self.reply(cmd, tr.gettext("Only the creator of the game or a chat admin can do this."))
            return
        await ctx.repo.run(set_deadline, ctx, cmd.chat_id, game, seconds)
        if game is not None and game.status == GATHERING and game.id is not None:
            await show_lobby(ctx, game, await ctx.repo.run(ctx.repo.seats, game.id))
        await self.reply(cmd, tr.gettext("Time per move: {time}.", time=duration(tr, seconds)))

    async def cmd_record(self, cmd: Command, tr: Translator) -> None:
        """Sends a game's record as a document: the chat's or the user's latest game, or /record <number>."""
        answer = await record_command(self.ctx, cmd, tr)
        if answer is not None:
            await self.reply(cmd, answer)

    async def cmd_stats(self, cmd: Command, tr: Translator) -> None:
        """Shows one's statistics in private, the chat's table in a group; /stats off and on leave and rejoin tables."""
        await self.reply(cmd, await self.ctx.repo.run(stats_command, self.ctx, cmd, tr))

    async def on_press(self, press: Press) -> None:
        """Handles a button press and always acknowledges it, with an alert when it changes nothing.

        The game's lock is held only to read, check, apply and save; a move is answered once its players' messages
        show it (or after PRIVATE_WAIT_SECONDS), never behind the group's messages. A press whose change could not
        be saved is told so, and changes nothing.
        """
        ctx = self.ctx
        text, alert = "", False
        later: Later = []
        try:
            await ctx.repo.run(ctx.remember_user, press.user)
            data = decode(press.data)
            replacing = data.scope == "g" and data.choice == REPLACE
            allowed = replacing and await self.may_replace(press, data)  # asked before the lock: a network call
            if data.scope in "gl":
                rights = await lobby_rights(ctx, press, data) if data.scope == "l" else NO_RIGHTS  # before the lock
                async with ctx.repo.game_lock(data.target):
                    if replacing:
                        text, alert = await ctx.repo.run(self.locked_replace_press, press, data, allowed)
                    elif data.scope == "g":
                        text, alert = await ctx.repo.run(self.locked_game_press, press, data, later)
                    elif (known := await ctx.repo.run(ctx.repo.press_answer, press.id)) is not None and (
                        known.user_id == press.user.id
                    ):  # an applied press delivered again
                        text, alert = known.text, known.alert
                    elif data.choice == AGAIN:
                        text, alert = await play_again(ctx, press, data.target)
                    else:
                        text, alert = await self.retrying(lambda: lobby_press(ctx, press, data, rights, later))
                kick(ctx, data.target)
                await all_shown(ctx, data.target)  # the players see the change before the press is answered
                await run_later(later)
            else:
                text, alert = await self.setting_press(press, data)
        except BadButton:
            text, alert = ctx.tr_user(press.user.id).gettext("This button is not mine or is too old."), True
        except StaleGame:
            text, alert = ctx.tr_user(press.user.id).gettext("This choice is no longer current."), True
        except STORAGE_ERRORS:
            storage_failures.failed("could not save or read the press %s", press.id)
            text, alert = not_saved(ctx.tr_user(press.user.id)), True
        except Undeliverable:
            log.info("could not show the press %s to its player", press.id)
        await ctx.messenger.answer(press, text, alert)

    async def may_replace(self, press: Press, data: ButtonData) -> bool:
        """Returns whether the presser may let the AI play for someone in the button's game: its creator or an admin."""
        game = await self.ctx.repo.run(self.ctx.repo.game, data.target)
        return game is not None and await may_manage(self.ctx, game, press.user.id)

    async def on_inline_query(self, query: InlineQuery) -> None:
        """Answers text typed after the bot's name in any chat with the card or character it names."""
        await answer_inline(self.ctx, query)

    async def on_departure(self, departure: Departure) -> None:
        """A person left a group: the AI takes their seat in its running game at once; they are told how to return."""
        ctx = self.ctx
        for game in await ctx.repo.run(ctx.repo.open_games, departure.chat_id):  # one per forum topic
            if game.id is None or game.status != RUNNING:
                continue
            async with touching(ctx, game.id):  # the private note on how to return goes out with the saved change
                await self.advance(game.id, partial(hand_over_departed, user_id=departure.user_id))

    async def retrying(self, attempt: Callable[[], Awaitable[tuple[str, bool]]]) -> tuple[str, bool]:
        """Runs a lobby change again when another worker saved the same game meanwhile."""
        for _ in range(RETRIES - 1):
            try:
                return await attempt()
            except StaleGame:
                continue
        return await attempt()

    async def setting_press(self, press: Press, data: ButtonData) -> tuple[str, bool]:
        """Sets the user's or (for chat admins, checked now) the chat's language; or calls the user to its games."""
        ctx = self.ctx
        if data.scope == "c" and data.choice == CALL and data.target == press.chat_id:
            tr = ctx.tr_user(press.user.id)
            return set_call(ctx, tr, data.target, press.user.id, True), False
        if data.choice not in offered_choices(language_keyboard(data.scope == "u", data.target)):
            raise BadButton(data.choice)
        code = data.choice.removeprefix("lang.")
        if data.scope == "u":
            settings = ctx.repo.user_settings(press.user.id)
            settings.language = code
            ctx.repo.save_user_settings(settings)
            ctx.forget_language(("user", press.user.id))
            tr = translator(code)
            await ctx.messenger.edit(
                MessageRef(press.chat_id, press.message_id), tr.gettext("Your language is now English.")
            )
            await self.show_player(press.user.id, resend=False)
            return tr.gettext("Your language is now English."), False
        if not await ctx.messenger.is_admin(data.target, press.user.id):
            return ctx.tr_user(press.user.id).gettext("Only a chat admin can change the chat's language."), True
        chat = ctx.repo.chat_settings(data.target)
        chat.language = code
        ctx.repo.save_chat_settings(chat)
        ctx.forget_language(("chat", data.target))
        tr = translator(code)
        await ctx.messenger.edit(
            MessageRef(press.chat_id, press.message_id), tr.gettext("This chat's language is now English.")
        )
        return tr.gettext("This chat's language is now English."), False

    def locked_game_press(self, press: Press, data: ButtonData, later: Later) -> tuple[str, bool]:
        """Answers a game press delivered again as it was answered, else applies it (game_press); in a thread."""
        known = self.ctx.repo.press_answer(press.id)
        if known is not None and known.user_id == press.user.id:  # an applied press delivered again
            later.append(partial(self.show_player, press.user.id, False, game_id=known.game_id))
            return known.text, known.alert
        return self.game_press(press, data, later)

    def locked_replace_press(self, press: Press, data: ButtonData, allowed: bool) -> tuple[str, bool]:
        """Answers a press of the group's AI button delivered again as it was answered, else hands the seat to the AI
        (replace_press); in a thread."""
        known = self.ctx.repo.press_answer(press.id)
        if known is not None and known.user_id == press.user.id:  # an applied press delivered again
            return known.text, known.alert
        return replace_press(self.ctx, press, data, allowed)

    def game_press(self, press: Press, data: ButtonData, later: Later) -> tuple[str, bool]:
        """Applies and saves a move (shown by the game's delivery) or picks the next step of a choice.

        Checks first whose and how current the button is. What must be shown to the presser alone (the next step,
        their message brought up to date) is appended to later, to run once the game's lock is released.
        """
        ctx = self.ctx
        tr = ctx.tr_user(press.user.id)
        dropping = False
        for _ in range(RETRIES):
            game = ctx.repo.game(data.target)  # read once: the press is checked, applied and saved on this row
            batch = batch_of(ctx, game)
            refusal = game_press_refusal(tr, game, batch, data.seat, press.user.id)
            if refusal is not None:
                return refusal, True
            assert batch is not None  # a game without a state is refused
            if batch.game.paused:
                return tr.gettext("The game is paused until I am added back to its group."), True
            seat = batch.seats[data.seat]
            if press.message_id != seat.private_message_id and press.chat_id == press.user.id and not dropping:
                dropping = True  # a copy a lost reply left (only the current message has live buttons): cleaned now
                later.append(partial(ctx.messenger.drop_buttons, MessageRef(press.chat_id, press.message_id)))
            unchanged = self.choose(tr, press, data, batch, seat, later)
            if unchanged is not None:
                return unchanged
            answer = ("", False) if data.choice != BACK_FROM_AI else (tr.gettext("Welcome back!"), False)
            if self.saved_with_answer(press, data, batch, answer):
                return answer
        return tr.gettext("This choice is no longer current."), True

    def choose(
        self, tr: Translator, press: Press, data: ButtonData, batch: Batch, seat: Seat, later: Later
    ) -> tuple[str, bool] | None:
        """Applies a current press's move, or the player's return from the AI, to batch and returns None; else returns
        the answer of a press that changes nothing (refused, a card's text, a step of the choice shown later)."""
        if data.version != seat.prompt_version:
            if press.message_id == seat.private_message_id:  # the message itself is behind: bring it up to date
                later.append(partial(self.show_current, batch, seat, TOP))
            return tr.gettext("This choice is no longer current."), True
        choice = data.choice
        if not seat.standin and choice not in seat_choices(self.ctx, tr, batch, seat):
            return tr.gettext("This choice is no longer current."), True
        if choice.startswith(ABOUT):  # changes nothing: the card's text
            topic = choice_topic(batch.state, seat.position, choice)
            text = topic_alert(tr, batch.state.config, topic) if topic is not None else ""
            return text, bool(text)
        if seat.unreachable:
            seat.unreachable = False
        if choice == BACK_FROM_AI:
            seat.standin = False
            seat.missed_deadlines = 0
            batch.notices.append((BACK, {"seat": seat.position}))
        elif seat.standin:
            return tr.gettext("The AI is playing for you: press “I'm back” first."), True
        elif choice.startswith("a"):
            return self.move(tr, batch, seat, choice)
        else:
            later.append(partial(self.show_current, batch, seat, choice if choice != "x" else TOP))
            return "", False
        return None

    def move(self, tr: Translator, batch: Batch, seat: Seat, choice: str) -> tuple[str, bool] | None:
        """Applies the move a choice "a<index>" names among the seat's legal moves and returns None; else a refusal."""
        legal = seat_view(self.ctx, batch, seat.position).legal  # as checked: the buttons' indexes are its
        index = int(choice[1:]) if choice[1:].isdigit() else -1
        if not 0 <= index < len(legal):
            return tr.gettext("This choice is no longer current."), True
        seat.missed_deadlines = 0
        apply_move(self.ctx, batch, seat.position, legal[index], "player")
        return None

    def saved_with_answer(self, press: Press, data: ButtonData, batch: Batch, answer: tuple[str, bool]) -> bool:
        """Lets the AI move, keeps the press's answer with batch and saves it; returns False (nothing saved) if another
        worker saved the game meanwhile."""
        ctx = self.ctx
        run_ai(ctx, batch)
        batch.answer = PressAnswer(
            press_id=press.id,
            game_id=data.target,
            user_id=press.user.id,
            text=answer[0],
            alert=answer[1],
            at=ctx.clock(),
        )
        try:
            save(ctx, batch)
        except StaleGame:
            return False
        return True

    async def show_current(self, batch: Batch, seat: Seat, level: str) -> None:
        """Edits a seat's private message to show a step of its choice, if it shows something else."""
        try:
            await show_private(self.ctx, batch, seat, level)
        except Undeliverable:
            log.info("could not show game %s to seat %s", batch.game.id, seat.position)

    async def start(self) -> int:
        """Delivers what the changes saved before a crash or a stop still had to show; returns how many games."""
        return await recover(self.ctx)

    async def stop(self) -> None:
        """Waits until what this process saved is shown and every reply is sent."""
        await self.idle()

    async def idle(self) -> None:
        """Waits until nothing this process saved or posted is left to show (for shutdown, the terminal and tests)."""
        while self.ctx.lanes.busy() or self.ctx.replies.tasks:
            await idle(self.ctx)
            await self.ctx.replies.idle()

    async def tick(self) -> None:
        """Fires every passed deadline, reminder and lobby expiry (also those that passed while down), side by side.

        Nothing here waits for the network: what the timers change is shown by each game's delivery afterwards. It
        then starts delivering outbox rows left behind (by another worker's crash or a messenger failure) and
        forgets the answers of presses too old to be delivered again.
        """
        ctx = self.ctx
        checkpoint("tick")
        deadlines, reminders, lobbies = await ctx.repo.run(ctx.repo.due, ctx.clock())
        timers = [(self.deadline, g) for g in deadlines] + [(self.remind, g) for g in reminders]
        timers += [(self.expire, g) for g in lobbies]
        timers += [(self.offer, g) for g in await ctx.repo.run(ctx.repo.offers_due, ctx.clock())]
        room = asyncio.Semaphore(TIMERS_AT_ONCE)

        async def fire(timer: Callable[[int], Awaitable[None]], game_id: int) -> None:
            async with room:
                try:
                    async with touching(ctx, game_id):
                        await timer(game_id)
                except Exception:
                    log.exception("the timer of game %s failed; it fires again at the next tick", game_id)

        await asyncio.gather(*(fire(timer, game_id) for timer, game_id in timers))
        await sweep(ctx)
        now = ctx.clock()
        if self.pruned_at is None or now - self.pruned_at >= PRUNE_EVERY:
            await ctx.repo.run(ctx.repo.forget_press_answers, now - PRESS_MEMORY)
            self.pruned_at = now

    async def expire(self, game_id: int) -> None:
        """Closes a lobby nobody started in time."""
        await expire_lobby(self.ctx, game_id)

    async def deadline(self, game_id: int) -> None:
        """Makes the automatic moves of a game whose deadline passed."""
        ctx = self.ctx

        def due(batch: Batch) -> bool:
            if batch.game.deadline_at is None or batch.game.deadline_at > ctx.clock():
                return False
            expire_deadline(ctx, batch)
            return True

        paused = await ctx.repo.run(load, ctx, game_id)
        if paused is not None and paused.game.status == RUNNING and paused.game.paused:
            if paused.game.deadline_at is not None and paused.game.deadline_at <= ctx.clock():
                await ctx.repo.run(abandon, ctx, paused)  # the bot was not added back in time; the game's record stays
                kick(ctx, game_id)
            return
        await self.advance(game_id, due)

    async def resume_ai(self, game_id: int) -> None:
        """Lets the AI players of a game move now, after ctx.hold_ai held them."""
        async with touching(self.ctx, game_id):
            await self.advance(game_id, lambda batch: True)

    async def advance(self, game_id: int, moves: Callable[[Batch], bool]) -> None:
        """Runs the AI on a running game after moves (which may make moves, or return False to do nothing); saves.

        The reading, the moves and the saving run in a database thread, off the event loop.
        """
        if await self.ctx.repo.run(self.advanced, game_id, moves):
            kick(self.ctx, game_id)

    def advanced(self, game_id: int, moves: Callable[[Batch], bool]) -> bool:
        """Loads, moves (see advance) and saves a game, again if another worker saved it meanwhile; returns if saved."""
        ctx = self.ctx
        for _ in range(RETRIES):
            batch = load(ctx, game_id)
            if batch is None or batch.game.status != RUNNING or not moves(batch):
                return False
            run_ai(ctx, batch)
            try:
                save(ctx, batch)
                return True
            except StaleGame:
                continue
        return False

    async def offer(self, game_id: int) -> None:
        """Shows the group's waiting line again with its buttons to let the AI play now, once a fifth has passed."""
        if await self.ctx.repo.run(offer, self.ctx, game_id):
            kick(self.ctx, game_id)

    async def remind(self, game_id: int) -> None:
        """Reminds the people being waited for, privately and in the group, once per deadline."""
        ctx = self.ctx
        batch = await ctx.repo.run(load, ctx, game_id)
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


def language_keyboard(private: bool, chat_id: int) -> Keyboard:
    """Returns one button per language, each written in itself: for the user's own language, or the chat's."""
    return tuple(
        (Button(language_name(code), user_button(f"lang.{code}") if private else chat_button(chat_id, f"lang.{code}")),)
        for code in LANGUAGES
    )


def language_name(code: str) -> str:
    """Returns a language's name written in that language, e.g. 'Русский'."""
    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]


def not_saved(tr: Translator) -> str:
    """Returns what a person is told when their change could not be saved: nothing happened, try again."""
    return tr.gettext("Not saved: the game did not change. Please try again in a moment.")


def command_translator(ctx: Context, cmd: Command) -> Translator:
    """Returns the translator a command is answered with: the user's in private, the chat's in a group (in a thread)."""
    return ctx.tr_user(cmd.user.id) if cmd.private else ctx.tr_chat(cmd.chat_id, reader=cmd.user.id)


def reach_again(ctx: Context, game_id: int, user_id: int) -> tuple[Batch | None, bool]:
    """Gives a reachable player back their seats the AI held and saves it (in a thread, under the game's lock);
    returns the game and whether it changed."""
    batch = load(ctx, game_id)
    if batch is None:
        return None, False
    changed = False
    for seat in batch.seats:
        if seat.user_id == user_id and seat.unreachable:
            seat.unreachable = False
            changed = True
            if not seat.standin:  # the AI no longer plays for them
                batch.notices.append((BACK, {"seat": seat.position}))
    if changed:
        save(ctx, batch)
    return batch, changed


def set_deadline(ctx: Context, chat_id: int, game: Game | None, seconds: int) -> None:
    """Stores a chat's time per move, and its open game's (in a thread)."""
    settings = ctx.repo.chat_settings(chat_id)
    settings.deadline_seconds = seconds
    ctx.repo.save_chat_settings(settings)
    if game is not None:
        game.deadline_seconds = seconds
        ctx.repo.save(game)
