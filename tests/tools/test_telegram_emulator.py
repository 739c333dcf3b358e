"""The Bot API emulator, proven with the real python-telegram-bot client over real HTTP on 127.0.0.1."""

from __future__ import annotations

import asyncio
import datetime as dtm
import json
import socket
import threading
import time
import urllib.error
import urllib.request
import warnings
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
import telegram
from telegram import (
    BotCommand,
    BotCommandScopeAllGroupChats,
    BotCommandScopeChat,
    ChatMemberAdministrator,
    ChatMemberLeft,
    ChatMemberMember,
    ChatMemberOwner,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InputTextMessageContent,
    Update,
)
from telegram.error import BadRequest, ChatMigrated, Conflict, EndPointNotFound, Forbidden, InvalidToken, RetryAfter
from telegram.ext import Application, CallbackQueryHandler, CommandHandler, ContextTypes

from tools.telegram import BOT_USERNAME, WAIT_CEILING, BotApiEmulator

# PTB 22 warns inside RetryAfter.__init__ that retry_after will become a timedelta.
PTB_RETRY_AFTER_DEPRECATION = pytest.mark.filterwarnings("ignore:Deprecated since version v22.2")


@pytest.fixture
def emu() -> Iterator[BotApiEmulator]:
    """A running emulator, stopped after the test; the test fails if the emulator itself failed on a request."""
    with BotApiEmulator() as emulator:
        yield emulator
        assert emulator.internal_errors == []


def bot_for(emulator: BotApiEmulator) -> telegram.Bot:
    """A real PTB Bot talking to the emulator."""
    return telegram.Bot(emulator.token, base_url=emulator.base_url)


def keyboard(*rows: list[tuple[str, str]]) -> InlineKeyboardMarkup:
    """An inline keyboard of (text, callback_data) rows."""
    return InlineKeyboardMarkup([[InlineKeyboardButton(t, callback_data=d) for t, d in row] for row in rows])


def seconds(error: RetryAfter) -> float:
    """RetryAfter.retry_after as seconds, whichever type this PTB version gives (without its deprecation warning)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        value = error.retry_after
    return value.total_seconds() if isinstance(value, dtm.timedelta) else float(value)


def free_port() -> int:
    """A currently free TCP port on 127.0.0.1."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Receiver:
    """A small local webhook endpoint that records POSTed updates, answering with a configurable status."""

    def __init__(self, status: int = 200, gate: threading.Event | None = None) -> None:
        self.status = status
        self.gate = gate  # when given, every post is held until it is set
        self.posts: list[tuple[dict[str, str], dict[str, Any]]] = []
        self.hits = 0
        self.concurrent = 0
        self.max_concurrent = 0
        lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                with lock:
                    receiver.concurrent += 1
                    receiver.max_concurrent = max(receiver.max_concurrent, receiver.concurrent)
                body = self.rfile.read(int(self.headers["Content-Length"]))
                if receiver.gate is not None:
                    receiver.gate.wait(WAIT_CEILING)
                with lock:
                    receiver.concurrent -= 1
                    receiver.hits += 1
                    if receiver.status == 200:
                        receiver.posts.append((dict(self.headers), json.loads(body)))
                self.send_response(receiver.status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def test_get_me_and_identity(emu: BotApiEmulator) -> None:
    async def main() -> None:
        async with bot_for(emu) as bot:
            me = await bot.get_me()
            assert me.is_bot and me.username == BOT_USERNAME == bot.username
            assert me.id == emu.bot_id and me.can_join_groups and me.can_read_all_group_messages is False

    asyncio.run(main())
    assert [c.method for c in emu.calls] == ["getMe", "getMe"]


def test_send_message_with_inline_keyboard_and_html(emu: BotApiEmulator) -> None:
    alice = emu.add_user("Alice", username="alice", started=True)

    async def main() -> None:
        async with bot_for(emu) as bot:
            markup = InlineKeyboardMarkup(
                [
                    [InlineKeyboardButton("Join", callback_data="g1:join")],
                    [InlineKeyboardButton("Rules", url="https://example.org/rules")],
                ]
            )
            text = f'<b>Lobby</b> by <a href="tg://user?id={alice}">Alice</a> &amp; friends'
            sent = await bot.send_message(alice, text, parse_mode="HTML", reply_markup=markup)
            assert sent.text == "Lobby by Alice & friends"
            assert sent.text_html == f'<b>Lobby</b> by <a href="tg://user?id={alice}">Alice</a> &amp; friends'
            assert sent.from_user is not None and sent.from_user.id == emu.bot_id
            assert sent.chat.type == "private" and sent.chat.first_name == "Alice"
            assert sent.reply_markup == markup

    asyncio.run(main())
    [view] = emu.messages(alice)
    assert view.from_bot and view.text == "Lobby by Alice & friends" and view.parse_mode == "HTML"
    assert view.buttons == [[("Join", "g1:join")], [("Rules", "https://example.org/rules")]]
    assert [e["type"] for e in view.entities] == ["bold", "text_mention"]
    call = emu.calls_to("sendMessage")[0]
    assert call.ok and call.params["chat_id"] == alice
    assert call.params["reply_markup"]["inline_keyboard"][0][0]["callback_data"] == "g1:join"


def test_bad_requests_surface_as_bad_request(emu: BotApiEmulator) -> None:
    alice = emu.add_user("Alice", started=True)

    async def main() -> None:
        async with bot_for(emu) as bot:
            with pytest.raises(BadRequest, match=r"(?i)message is too long"):
                await bot.send_message(alice, "x" * 4097)
            await bot.send_message(alice, "x" * 4096)
            with pytest.raises(BadRequest, match=r"(?i)BUTTON_DATA_INVALID"):
                await bot.send_message(alice, "pick", reply_markup=keyboard([("A", "a" * 65)]))
            await bot.send_message(alice, "pick", reply_markup=keyboard([("A", "a" * 64)]))
            with pytest.raises(BadRequest, match=r"(?i)BUTTON_DATA_INVALID"):  # 64 characters, but 128 bytes
                await bot.send_message(alice, "pick", reply_markup=keyboard([("A", "é" * 64)]))
            with pytest.raises(BadRequest, match=r"(?i)message text is empty"):
                await bot.send_message(alice, "")
            with pytest.raises(BadRequest, match=r"(?i)message text is empty"):
                await bot.send_message(alice, "<b> </b>", parse_mode="HTML")
            with pytest.raises(
                BadRequest, match=r"(?i)can't parse entities: Can't find end tag corresponding to start tag b"
            ):
                await bot.send_message(alice, "<b>open", parse_mode="HTML")
            with pytest.raises(BadRequest, match=r"(?i)Character '\.' is reserved"):
                await bot.send_message(alice, "Done.", parse_mode="MarkdownV2")
            with pytest.raises(BadRequest, match=r"(?i)chat not found"):
                await bot.send_message(123456789, "hello")

    asyncio.run(main())
    assert len(emu.bot_messages(alice)) == 2
    failed = [c for c in emu.calls if not c.ok]
    assert {c.error_code for c in failed} == {400} and len(failed) == 8


def test_forbidden_when_never_started_or_blocked(emu: BotApiEmulator) -> None:
    bob = emu.add_user("Bob")

    async def main() -> None:
        async with bot_for(emu) as bot:
            with pytest.raises(Forbidden, match="bot can't initiate conversation with a user"):
                await bot.send_message(bob, "hi")
            emu.user_starts_bot(bob)
            await bot.send_message(bob, "welcome")
            emu.block(bob)
            with pytest.raises(Forbidden, match="bot was blocked by the user"):
                await bot.send_message(bob, "still there?")
            emu.user_starts_bot(bob, "g7")
            await bot.send_message(bob, "welcome back")
            updates = await bot.get_updates()
            kinds = [
                u.message.text if u.message else u.my_chat_member.new_chat_member.status  # type: ignore[union-attr]
                for u in updates
            ]
            assert kinds == ["/start", "kicked", "member", "/start g7"]

    asyncio.run(main())
    assert [v.text for v in emu.bot_messages(bob)] == ["welcome", "welcome back"]


def test_edit_delete_and_history(emu: BotApiEmulator) -> None:
    alice = emu.add_user("Alice", started=True)

    async def main() -> None:
        async with bot_for(emu) as bot:
            menu = keyboard([("Bang!", "bang")])
            sent = await bot.send_message(alice, "Your turn", reply_markup=menu)
            with pytest.raises(BadRequest, match=r"(?i)message is not modified: specified new message content"):
                await bot.edit_message_text("Your turn", alice, sent.message_id, reply_markup=menu)
            await bot.edit_message_text("Your turn", alice, sent.message_id)  # no markup: the keyboard goes
            assert emu.message(alice, sent.message_id).buttons == []
            edited = await bot.edit_message_text("Pick a target", alice, sent.message_id, reply_markup=menu)
            assert isinstance(edited, telegram.Message) and edited.edit_date is not None
            await bot.edit_message_reply_markup(alice, sent.message_id, reply_markup=keyboard([("Back", "b")]))
            with pytest.raises(BadRequest, match=r"(?i)message is not modified"):
                await bot.edit_message_reply_markup(alice, sent.message_id, reply_markup=keyboard([("Back", "b")]))
            assert await bot.delete_message(alice, sent.message_id)
            with pytest.raises(BadRequest, match=r"(?i)message to delete not found"):
                await bot.delete_message(alice, sent.message_id)
            with pytest.raises(BadRequest, match=r"(?i)message to edit not found"):
                await bot.edit_message_text("again", alice, sent.message_id)
            with pytest.raises(BadRequest, match=r"(?i)message to edit not found"):
                await bot.edit_message_text("again", alice, 999)

    asyncio.run(main())
    [view] = emu.messages(alice)
    assert view.deleted and view.edits == 3 and view.buttons == [[("Back", "b")]]
    assert emu.history(alice) == {view.message_id: ["Your turn", "Pick a target"]}
    assert emu.bot_messages(alice) == [] and emu.last_message(alice) is None


def test_get_updates_message_and_callback_query(emu: BotApiEmulator) -> None:
    alice = emu.add_user("Alice", username="alice", language_code="ru")
    group = emu.add_group("Saloon", members=[alice])

    async def main() -> None:
        async with bot_for(emu) as bot:
            emu.user_starts_bot(alice, "join_12")
            emu.user_sends(alice, group, f"/newgame@{BOT_USERNAME} fast")
            [start, newgame] = await bot.get_updates(timeout=1)
            assert start.message is not None and start.message.text == "/start join_12"
            assert start.effective_user is not None and start.effective_user.language_code == "ru"
            assert start.message.chat.type == "private" and start.message.chat.id == alice
            assert newgame.message is not None and newgame.message.chat.title == "Saloon"
            assert newgame.message.parse_entities() == {newgame.message.entities[0]: f"/newgame@{BOT_USERNAME}"}
            assert newgame.update_id > start.update_id

            sent = await bot.send_message(group, "Lobby", reply_markup=keyboard([("Join", "j1")]))
            query_id = emu.press_button(alice, group, "Join")
            [press] = await bot.get_updates(offset=newgame.update_id + 1, timeout=1)
            query = press.callback_query
            assert query is not None and query.id == query_id and query.data == "j1" and query.chat_instance
            assert query.from_user.id == alice
            assert isinstance(query.message, telegram.Message) and query.message.message_id == sent.message_id
            assert query.message.from_user is not None and query.message.from_user.id == emu.bot_id
            assert emu.unanswered() == [query_id]
            assert await query.answer("Joined", show_alert=True)
            with pytest.raises(
                BadRequest, match=r"(?i)query is too old and response timeout expired or query ID is invalid"
            ):
                await query.answer("twice")
            with pytest.raises(BadRequest, match=r"(?i)query ID is invalid"):
                await bot.answer_callback_query("424242")
            assert await bot.get_updates(offset=press.update_id + 1, timeout=0) == ()

    asyncio.run(main())
    answer = emu.answered(emu.updates[-1]["callback_query"]["id"])
    assert answer is not None and answer.text == "Joined" and answer.show_alert
    assert emu.unanswered() == [] and emu.pending_updates() == []


def test_long_polling_returns_promptly_and_older_poll_is_terminated(emu: BotApiEmulator) -> None:
    alice = emu.add_user("Alice", started=True)

    async def main() -> None:
        async with bot_for(emu) as bot:
            started = time.monotonic()
            poll = asyncio.create_task(bot.get_updates(timeout=50, read_timeout=60))
            await emu.wait_until_async(lambda: emu.polls_waiting() == 1, what="the poll to wait")
            await asyncio.to_thread(emu.user_sends, alice, alice, "hello")  # from another thread
            [update] = await poll
            assert update.message is not None and update.message.text == "hello"
            assert time.monotonic() - started < 50  # the update ended the poll, not its 50 s timeout

            empty_started = time.monotonic()
            assert await bot.get_updates(offset=update.update_id + 1, timeout=1) == ()
            assert time.monotonic() - empty_started > 0.9  # an empty poll waits out its timeout (and then ends)

            async with bot_for(emu) as second_instance:  # a second bot process polling the same token
                first = asyncio.create_task(bot.get_updates(offset=update.update_id + 1, timeout=50, read_timeout=60))
                await emu.wait_until_async(lambda: emu.polls_waiting() == 1, what="the first poll to wait")
                second = asyncio.create_task(
                    second_instance.get_updates(offset=update.update_id + 1, timeout=50, read_timeout=60)
                )
                with pytest.raises(Conflict, match="terminated by other getUpdates request"):
                    await first
                emu.user_sends(alice, alice, "again")
                [again] = await second
                assert again.message is not None and again.message.text == "again"

    asyncio.run(main())


def test_group_privacy_mode_and_bot_commands(emu: BotApiEmulator) -> None:
    alice = emu.add_user("Alice")
    group = emu.add_group("Saloon", members=[alice])

    async def main() -> None:
        async with bot_for(emu) as bot:
            emu.user_sends(alice, group, "just chatting")
            emu.user_sends(alice, group, "/status@other_bot")
            emu.user_sends(alice, group, "/status")
            sent = await bot.send_message(group, "Table")
            emu.user_sends(alice, group, "nice table", reply_to=sent.message_id)
            texts = [u.message.text for u in await bot.get_updates() if u.message]
            assert texts == ["/status", "nice table"]
            chatter = emu.messages(group)[0].message_id
            with pytest.raises(BadRequest, match=r"(?i)message can't be deleted"):
                await bot.delete_message(group, chatter)
            emu.set_bot_status(group, "administrator")
            assert await bot.delete_message(group, chatter)
            emu.user_edits(alice, group, chatter + 2, "/status full")
            [*_, edited] = await bot.get_updates()
            assert edited.edited_message is not None and edited.edited_message.text == "/status full"

    asyncio.run(main())
    assert [(v.text, v.deleted) for v in emu.messages(group)] == [
        ("just chatting", True),
        ("/status@other_bot", False),
        ("/status full", False),
        ("Table", False),
        ("nice table", False),
    ]
    assert emu.history(group)[3] == ["/status", "/status full"]


def test_callback_answers_expire_and_are_limited() -> None:
    now = [1000.0]  # the emulator's monotonic clock, moved by the test: no real waiting, no race with a busy machine
    with BotApiEmulator(callback_timeout=15.0, monotonic=lambda: now[0]) as emulator:
        alice = emulator.add_user("Alice", started=True)

        async def main() -> None:
            async with bot_for(emulator) as bot:
                sent = await bot.send_message(alice, "Pick", reply_markup=keyboard([("A", "a"), ("B", "b")]))
                late = emulator.user_presses(alice, alice, sent.message_id, "a")
                now[0] += 15.5
                with pytest.raises(BadRequest, match=r"(?i)query is too old"):
                    await bot.answer_callback_query(late)
                quick = emulator.user_presses(alice, alice, sent.message_id, "b")
                with pytest.raises(BadRequest, match=r"(?i)MESSAGE_TOO_LONG"):
                    await bot.answer_callback_query(quick, "x" * 201)
                assert await bot.answer_callback_query(quick, "x" * 200)

        asyncio.run(main())
        with pytest.raises(ValueError, match="no button"):
            emulator.user_presses(alice, alice, 1, "forged")
        assert emulator.unanswered() == [emulator.updates[0]["callback_query"]["id"]]


def test_webhook_delivery_with_secret_and_several_in_flight() -> None:
    gate = threading.Event()
    receiver = Receiver(gate=gate)

    async def main(emu: BotApiEmulator) -> None:
        alice = emu.add_user("Alice", started=True)
        async with bot_for(emu) as bot:
            assert await bot.set_webhook(receiver.url, secret_token="s3cret-token", max_connections=10)
            with pytest.raises(Conflict, match="can't use getUpdates method while webhook is active"):
                await bot.get_updates()
            for n in range(5):
                emu.user_sends(alice, alice, f"m{n}")
            # The receiver holds every post: in sequence, only one would ever be in flight.
            await emu.wait_until_async(lambda: receiver.concurrent == 5, what="5 webhook posts in flight at once")
            gate.set()
            await emu.wait_until_async(lambda: len(receiver.posts) == 5, what="5 webhook posts")
            await emu.wait_until_async(lambda: not emu.pending_updates(), what="the posts to be accepted")
            info = await bot.get_webhook_info()
            assert info.url == receiver.url and info.pending_update_count == 0 and info.last_error_message is None
            assert await bot.delete_webhook()

    try:
        with BotApiEmulator(webhook_timeout=WAIT_CEILING) as emulator:
            asyncio.run(main(emulator))
            assert emulator.internal_errors == []
    finally:
        gate.set()
        receiver.close()
    assert receiver.max_concurrent == 5
    assert {h["X-Telegram-Bot-Api-Secret-Token"] for h, _ in receiver.posts} == {"s3cret-token"}
    assert sorted(p["message"]["text"] for _, p in receiver.posts) == ["m0", "m1", "m2", "m3", "m4"]
    assert len({p["update_id"] for _, p in receiver.posts}) == 5


def test_webhook_failures_are_retried_and_reported(emu: BotApiEmulator) -> None:
    alice = emu.add_user("Alice", started=True)
    receiver = Receiver(status=500)

    async def main() -> None:
        async with bot_for(emu) as bot:
            await bot.set_webhook(receiver.url)
            emu.user_sends(alice, alice, "are you there?")
            await emu.wait_until_async(lambda: receiver.hits >= 1, what="a failed webhook post")
            deadline = time.monotonic() + WAIT_CEILING
            info = await bot.get_webhook_info()
            while info.last_error_message is None and time.monotonic() < deadline:  # the emulator saw the 500
                await asyncio.sleep(0.01)
                info = await bot.get_webhook_info()
            assert info.pending_update_count == 1
            assert info.last_error_message == "Wrong response from the webhook: 500 Internal Server Error"
            receiver.status = 200
            await emu.wait_until_async(lambda: not emu.pending_updates(), what="a retried webhook post accepted")
            assert receiver.posts
            assert (await bot.get_webhook_info()).pending_update_count == 0

    try:
        asyncio.run(main())
    finally:
        receiver.close()
    assert receiver.posts[0][1]["message"]["text"] == "are you there?"


@PTB_RETRY_AFTER_DEPRECATION
def test_group_flood_limit_surfaces_as_retry_after() -> None:
    now = [1000.0]  # the emulator's monotonic clock, moved by the test: however slow the machine, 0.1 s a request
    emu = BotApiEmulator(monotonic=lambda: now[0]).start()
    saloon = emu.add_group("Saloon")
    other = emu.add_group("Other")

    async def main() -> None:
        async with bot_for(emu) as bot:
            for n in range(20):
                await bot.send_message(saloon, f"line {n}")
                now[0] += 0.1
            with pytest.raises(RetryAfter) as caught:
                await bot.send_message(saloon, "one too many")
            assert seconds(caught.value) == 58  # the first line leaves the window 60 s after it came, 58 s from now
            await bot.send_message(other, "other groups are not affected")

    try:
        asyncio.run(main())
    finally:
        emu.stop()
    assert emu.internal_errors == []
    assert len(emu.bot_messages(saloon)) == 20
    [limited] = [c for c in emu.calls if c.error_code == 429]
    assert limited.description is not None and limited.description.startswith("Too Many Requests: retry after ")


@PTB_RETRY_AFTER_DEPRECATION
def test_flood_limits_count_the_bot_as_a_whole_across_connections() -> None:
    now = [1000.0]  # the emulator's monotonic clock, which the test holds still: every request in the same second
    with BotApiEmulator(global_limit=(30, 1.0), monotonic=lambda: now[0]) as emulator:
        people = [emulator.add_user(f"P{n}", started=True) for n in range(30)]
        group = emulator.add_group("Saloon", members=people)

        async def main() -> None:
            # Three workers of one bot, each with its own client and connections.
            async with bot_for(emulator) as one, bot_for(emulator) as two, bot_for(emulator) as three:
                workers = [one, two, three]
                for n, person in enumerate(people):
                    await workers[n % 3].send_message(person, "your turn")
                for worker in workers:
                    with pytest.raises(RetryAfter):
                        await worker.send_message(people[0], "one too many for the bot")
                now[0] += 1.0
                for n in range(20):
                    await workers[n % 3].send_message(group, f"line {n}")
                    now[0] += 0.1
                for worker in workers:
                    with pytest.raises(RetryAfter):
                        await worker.send_message(group, "one too many for the group")

        asyncio.run(main())
    assert len([c for c in emulator.calls if c.error_code == 429]) == 6


@PTB_RETRY_AFTER_DEPRECATION
def test_group_flood_window_is_configurable() -> None:
    now = [1000.0]  # the emulator's monotonic clock, moved by the test
    with BotApiEmulator(group_limit=(2, 0.3), monotonic=lambda: now[0]) as emulator:
        group = emulator.add_group("Saloon")

        async def main() -> None:
            async with bot_for(emulator) as bot:
                await bot.send_message(group, "1")
                now[0] += 0.1
                await bot.send_message(group, "2")
                now[0] += 0.1
                with pytest.raises(RetryAfter) as caught:
                    await bot.send_message(group, "3")
                assert seconds(caught.value) == 1
                now[0] += 0.1  # exactly 0.3 s after the first: it has left the window
                await bot.send_message(group, "3")

        asyncio.run(main())


def test_commands_are_recorded_per_scope_and_language(emu: BotApiEmulator) -> None:
    group = emu.add_group("Saloon")

    async def main() -> None:
        async with bot_for(emu) as bot:
            await bot.set_my_commands([BotCommand("newgame", "Open a lobby"), BotCommand("status", "Show the table")])
            await bot.set_my_commands(
                [BotCommand("newgame", "Открыть лобби")], scope=BotCommandScopeAllGroupChats(), language_code="ru"
            )
            await bot.set_my_commands([BotCommand("cancel", "Cancel")], scope=BotCommandScopeChat(group))
            ru = await bot.get_my_commands(scope=BotCommandScopeAllGroupChats(), language_code="ru")
            assert [(c.command, c.description) for c in ru] == [("newgame", "Открыть лобби")]
            with pytest.raises(BadRequest, match=r"(?i)BOT_COMMAND_INVALID"):
                await bot.set_my_commands([BotCommand("NewGame", "camel case is not allowed")])
            assert await bot.delete_my_commands(scope=BotCommandScopeAllGroupChats(), language_code="ru")
            assert await bot.get_my_commands(scope=BotCommandScopeAllGroupChats(), language_code="ru") == ()

    asyncio.run(main())
    assert emu.commands == {
        ("default", ""): [("newgame", "Open a lobby"), ("status", "Show the table")],
        (f"chat:{group}", ""): [("cancel", "Cancel")],
    }


def test_chat_members_and_chats(emu: BotApiEmulator) -> None:
    owner, admin, member, stranger = (emu.add_user(name) for name in ("Olga", "Adam", "Mia", "Sam"))
    group = emu.add_group("Saloon", creator=owner, admins=[admin], members=[member])

    async def main() -> None:
        async with bot_for(emu) as bot:
            statuses = [await bot.get_chat_member(group, uid) for uid in (owner, admin, member, stranger)]
            assert [type(s) for s in statuses] == [
                ChatMemberOwner,
                ChatMemberAdministrator,
                ChatMemberMember,
                ChatMemberLeft,
            ]
            assert statuses[0].user.first_name == "Olga"
            assert isinstance(await bot.get_chat_member(group, emu.bot_id), ChatMemberMember)
            admins = await bot.get_chat_administrators(group)
            assert [a.user.id for a in admins] == [owner, admin]
            chat = await bot.get_chat(group)
            assert chat.title == "Saloon" and chat.type == "supergroup"
            private = await bot.get_chat(member)
            assert private.type == "private" and private.first_name == "Mia"
            emu.kick_bot(group)
            with pytest.raises(Forbidden, match="bot was kicked from the supergroup chat"):
                await bot.send_message(group, "hello?")

    asyncio.run(main())


def test_migrated_group_answers_chat_migrated(emu: BotApiEmulator) -> None:
    alice = emu.add_user("Alice")
    old = emu.add_group("Saloon", type="group", creator=alice)
    new = emu.migrate_group(old)

    async def main() -> None:
        async with bot_for(emu) as bot:
            with pytest.raises(ChatMigrated) as caught:
                await bot.send_message(old, "hello")
            assert caught.value.new_chat_id == new
            sent = await bot.send_message(new, "hello")
            assert sent.chat.type == "supergroup"
            updates = await bot.get_updates()
            migrations = [(u.message.migrate_to_chat_id, u.message.migrate_from_chat_id) for u in updates if u.message]
            assert migrations == [(new, None), (None, old)]

    asyncio.run(main())


def test_real_application_over_polling(emu: BotApiEmulator) -> None:
    alice = emu.add_user("Alice")

    async def start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.effective_chat is not None
        args = " ".join(context.args or [])
        await context.bot.send_message(update.effective_chat.id, f"Hi {args}", reply_markup=keyboard([("Go", "go")]))

    async def press(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        assert query is not None
        await query.answer("Going")
        await query.edit_message_text("Gone")

    async def main() -> None:
        app = Application.builder().token(emu.token).base_url(emu.base_url).build()
        app.add_handler(CommandHandler("start", start))
        app.add_handler(CallbackQueryHandler(press))
        async with app:
            await app.start()
            assert app.updater is not None
            await app.updater.start_polling(poll_interval=0.0, timeout=1)
            emu.user_starts_bot(alice, "g12")
            hello = await emu.wait_for_message_async(alice, "Hi g12")
            query_id = emu.user_presses(alice, alice, hello.message_id, "go")
            answer = await emu.wait_for_answer_async(query_id)
            assert answer.text == "Going"
            await emu.wait_for_message_async(alice, "Gone")
            await app.updater.stop()
            await app.stop()

    asyncio.run(main())
    assert emu.history(alice)[2] == ["Hi g12", "Gone"]


def test_real_application_over_webhook(emu: BotApiEmulator) -> None:
    alice = emu.add_user("Alice")
    port = free_port()

    async def start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.effective_chat is not None
        await context.bot.send_message(update.effective_chat.id, "Hello over webhook")

    async def main() -> None:
        app = Application.builder().token(emu.token).base_url(emu.base_url).build()
        app.add_handler(CommandHandler("start", start))
        async with app:
            await app.start()
            assert app.updater is not None
            await app.updater.start_webhook(
                listen="127.0.0.1",
                port=port,
                url_path="hook",
                webhook_url=f"http://127.0.0.1:{port}/hook",
                secret_token="webhook-secret",
            )
            emu.user_starts_bot(alice)
            await emu.wait_for_message_async(alice, "Hello over webhook")
            await app.updater.stop()
            await app.stop()

    asyncio.run(main())
    set_webhook = emu.calls_to("setWebhook")[0]
    assert set_webhook.ok and set_webhook.params["secret_token"] == "webhook-secret"


def test_raw_http_encodings_and_routing(emu: BotApiEmulator) -> None:
    alice = emu.add_user("Alice", started=True)

    def call(path: str, body: bytes | None = None, ctype: str = "application/json") -> tuple[int, dict[str, Any]]:
        request = urllib.request.Request(f"http://127.0.0.1:{emu.port}{path}", data=body)
        if body is not None:
            request.add_header("Content-Type", ctype)
        try:
            with urllib.request.urlopen(request, timeout=WAIT_CEILING) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    status, payload = call(f"/bot{emu.token}/getMe")
    assert status == 200 and payload["ok"] and payload["result"]["username"] == BOT_USERNAME
    body = json.dumps(
        {
            "chat_id": alice,
            "text": "json body",
            "reply_markup": {"inline_keyboard": [[{"text": "A", "callback_data": "a"}]]},
        }
    )
    status, payload = call(f"/bot{emu.token}/sendMessage", body.encode())
    assert status == 200 and payload["result"]["reply_markup"]["inline_keyboard"][0][0]["callback_data"] == "a"
    status, payload = call(f"/bot{emu.token}/sendmessage?chat_id={alice}&text=query%20string")
    assert status == 200 and payload["result"]["text"] == "query string"
    boundary = "emulator-boundary"
    parts = [(b"chat_id", str(alice).encode()), (b"text", "multipart ✓".encode())]
    multipart = b"".join(
        b"--"
        + boundary.encode()
        + b'\r\nContent-Disposition: form-data; name="'
        + name
        + b'"\r\n\r\n'
        + value
        + b"\r\n"
        for name, value in parts
    )
    multipart += b"--" + boundary.encode() + b"--\r\n"
    status, payload = call(f"/bot{emu.token}/sendMessage", multipart, f"multipart/form-data; boundary={boundary}")
    assert status == 200 and payload["result"]["text"] == "multipart ✓"
    status, payload = call(f"/bot{emu.token}/fooBar")
    assert (status, payload) == (404, {"ok": False, "error_code": 404, "description": "Not Found: method not found"})
    status, payload = call("/bot123:wrong/getMe")
    assert status == 401 and payload["description"] == "Unauthorized"

    async def main() -> None:
        async with bot_for(emu) as bot:
            with pytest.raises(EndPointNotFound):
                await bot.do_api_request("fooBar")
        with pytest.raises(InvalidToken):
            async with telegram.Bot("123:wrong", base_url=emu.base_url):
                pass

    asyncio.run(main())


def test_concurrent_users_from_threads_get_unique_increasing_updates(emu: BotApiEmulator) -> None:
    users = [emu.add_user(f"U{n}", started=True) for n in range(8)]

    def chatter(uid: int) -> None:
        for n in range(10):
            emu.user_sends(uid, uid, f"{uid}:{n}")

    async def main() -> list[Update]:
        async with bot_for(emu) as bot:
            threads = [threading.Thread(target=chatter, args=(uid,)) for uid in users]
            for thread in threads:
                thread.start()
            received: list[Update] = []
            offset = 0
            while len(received) < 80:
                batch = await bot.get_updates(offset=offset, timeout=1)
                received.extend(batch)
                offset = batch[-1].update_id + 1 if batch else offset
            for thread in threads:
                thread.join()
            return received

    received = asyncio.run(main())
    ids = [u.update_id for u in received]
    assert ids == sorted(ids) and len(set(ids)) == 80
    for uid in users:
        texts = [u.message.text for u in received if u.message and u.message.chat.id == uid]
        assert texts == [f"{uid}:{n}" for n in range(10)]


def test_sync_waiting_helpers_from_another_thread(emu: BotApiEmulator) -> None:
    alice = emu.add_user("Alice", started=True)

    def bot_side() -> None:
        async def main() -> None:
            async with bot_for(emu) as bot:
                await asyncio.sleep(0.1)
                await bot.send_message(alice, "Table ready")

        asyncio.run(main())

    thread = threading.Thread(target=bot_side)
    thread.start()
    view = emu.wait_for_message(alice, "Table")
    thread.join()
    assert view.text == "Table ready"
    with pytest.raises(TimeoutError, match="waiting for a bot message"):
        emu.wait_for_message(alice, "never", timeout=0.1)


# -- pins, the bot's pin right, inline queries -------------------------------------------------------------------------


def test_pins_need_the_bots_right_and_follow_deletes(emu: BotApiEmulator) -> None:
    anna = emu.add_user("Anna", started=True)
    member = emu.add_group("Member", members=[anna])
    admin = emu.add_group("Admin", members=[anna], bot_is_admin=True)

    async def scenario() -> None:
        async with bot_for(emu) as bot:
            plain = await bot.send_message(member, "table")
            with pytest.raises(BadRequest, match=r"(?i)not enough rights"):
                await bot.pin_chat_message(member, plain.message_id)
            me = await bot.get_chat_member(member, bot.id)
            assert me.status == "member"
            first = await bot.send_message(admin, "one")
            second = await bot.send_message(admin, "two")
            rights = await bot.get_chat_member(admin, bot.id)
            assert rights.status == "administrator" and rights.can_pin_messages  # type: ignore[attr-defined]
            assert await bot.pin_chat_message(admin, first.message_id, disable_notification=True)
            assert await bot.pin_chat_message(admin, second.message_id)
            assert emu.pinned(admin) == [first.message_id, second.message_id]
            assert await bot.unpin_chat_message(admin)  # the newest
            assert emu.pinned(admin) == [first.message_id]
            with pytest.raises(BadRequest, match=r"(?i)message to unpin not found"):
                await bot.unpin_chat_message(admin, second.message_id)
            await bot.delete_message(admin, first.message_id)
            assert emu.pinned(admin) == []
            with pytest.raises(BadRequest, match=r"(?i)message to pin not found"):
                await bot.pin_chat_message(admin, first.message_id)
            emu.set_bot_pin_right(admin, False)
            rights = await bot.get_chat_member(admin, bot.id)
            assert rights.status == "administrator" and not rights.can_pin_messages  # type: ignore[attr-defined]
            third = await bot.send_message(admin, "three")
            with pytest.raises(BadRequest, match=r"(?i)not enough rights"):
                await bot.pin_chat_message(admin, third.message_id)
            assert emu.pinned(admin) == []

    asyncio.run(scenario())


def test_an_inline_query_is_an_update_answered_once(emu: BotApiEmulator) -> None:
    anna = emu.add_user("Anna", language_code="ru")

    async def scenario() -> None:
        async with bot_for(emu) as bot:
            query_id = emu.user_inline_query(anna, "Бочка")
            updates = await bot.get_updates(allowed_updates=["inline_query"], timeout=0)
            [update] = [u for u in updates if u.inline_query is not None]
            assert update.inline_query is not None
            assert update.inline_query.id == query_id and update.inline_query.query == "Бочка"
            assert update.inline_query.from_user.language_code == "ru"
            assert emu.inline_answer(query_id) is None
            article = InlineQueryResultArticle("card:barrel", "Бочка", InputTextMessageContent("«Бочка»: …"))
            assert await bot.answer_inline_query(query_id, [article])
            [answered] = emu.inline_answer(query_id) or []
            assert answered["id"] == "card:barrel" and answered["input_message_content"]["message_text"] == "«Бочка»: …"
            with pytest.raises(BadRequest, match=r"(?i)query is too old"):
                await bot.answer_inline_query(query_id, [])
            twins = emu.user_inline_query(anna, "Б")
            with pytest.raises(BadRequest, match=r"(?i)result_id_invalid"):
                await bot.answer_inline_query(twins, [article, article])
            assert await bot.answer_inline_query(twins, [])
            assert emu.inline_answer(twins) == []

    asyncio.run(scenario())
