"""Bad input never escapes: every press is answered once and changes nothing, every command is handled."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Coroutine, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from sqlalchemy import select
from sqlmodel import SQLModel
from telegram import Update

from bangbot.bench.messenger import CollectingMessenger
from bangbot.games.bang.presenter.keyboards import BACK, TOP, keyboard
from bangbot.games.bang.rules.views import view
from bangbot.i18n import LANGUAGES, translator
from bangbot.messaging.adapter import Button, Command, Press
from bangbot.messaging.commands.user_text import ELLIPSIS, MAX_ECHO, echo
from bangbot.messaging.delivery.sender import BACK_FROM_AI
from bangbot.messaging.lobby.actions import parse_duration
from bangbot.messaging.play.stored_game import load
from bangbot.messaging.press.button_data import (
    MAX_CALLBACK_DATA,
    MAX_GAME_ID,
    MAX_ID,
    MAX_SMALL,
    BadButton,
    ButtonData,
    chat_button,
    decode,
    game_button,
    lobby_button,
    offered_choices,
    parse_join_token,
    user_button,
)
from bangbot.storage.models import GATHERING, RUNNING
from bangbot.telegram.app import ALLOWED_UPDATES, BangBot
from bangbot.telegram.settings import BotSettings
from bangbot.telegram.updates import to_command
from tests.service_harness import GROUP, Table, make_users
from tools.telegram import BotApiEmulator

T = TypeVar("T")

# Checks that need code this part of issue 8 could not touch (game_move.game_press and answer.setting_press,
# actions.parse_duration). While a flag is True, its test is an expected failure and the property tests leave its inputs
# out; set it to False once the check is in.
PENDING_GAME_CHOICES = False
PENDING_SETTING_CHOICES = False
PENDING_DURATION = False

GROUP2 = -1009876543210
STORED = ("game", "seat", "action_log", "chat_settings", "user_settings", "press_answer")
# Where the game's messages are: /status and /newgame show them anew, which changes no game.
MESSAGE_REFS = frozenset(
    {"lobby_message_id", "table_message_id", "log_message_id", "private_message_id", "shown_digest", "updated_at"}
)
LOBBY_CHOICES = frozenset(
    {"join", "leave", "start", "preset", "opt.simplified", "time", "ai-", "ai+", "level", "remove", "cancel"}
)
COMMANDS = ("start", "newgame", "cancel", "status", "help", "rules", "language", "deadline")


# -- the codec ---------------------------------------------------------------------------------------------------------


def test_the_buttons_the_bot_makes_read_back() -> None:
    for data in (
        game_button(1, 0, 0, "a0"),
        game_button(MAX_GAME_ID, MAX_SMALL, MAX_SMALL, "t12.3"),
        lobby_button(7, 12, "ai+"),
        lobby_button(7, 12, "ai-"),
        user_button("lang.ru"),
        chat_button(GROUP, "lang.cs"),
        chat_button(-MAX_ID, "lang.ja"),
        game_button(3, 4, 5, BACK_FROM_AI),
    ):
        assert decode(data).encode() == data
    assert decode(chat_button(GROUP, "lang.cs")) == ButtonData("c", GROUP, 0, 0, "lang.cs")


@pytest.mark.parametrize(
    "data",
    [
        "",
        "g",
        "g1:0:0",
        "g1;0;0;a0",
        "g1:0:0;a0",
        "g1:0:0:a0:x",
        f"g{MAX_GAME_ID + 1}:0:0:a0",
        f"l{MAX_GAME_ID + 1}:0:0:join",
        f"g{MAX_ID}:0:0:a0",
        f"g{MAX_ID + 1}:0:0:a0",
        "g99999999999999999999999999:0:0:a0",
        f"g1:{MAX_SMALL + 1}:0:a0",
        f"g1:0:{MAX_SMALL + 1}:a0",
        "g-1:0:0:a0",
        "g1:-1:0:a0",
        "g1:0:-1:a0",
        f"c{-MAX_ID - 1}:0:0:lang.ru",
        "c-0:0:0:lang.ru",
        "g+1:0:0:a0",
        "g01:0:0:a0",
        "g1:00:0:a0",
        "g 1:0:0:a0",
        "g1 :0:0:a0",
        "g1_0:0:0:a0",
        "g١:0:0:a0",
        "g²:0:0:a0",
        "g1:0:0:á",
        "g1:0:0:a0\n",
        "g1:0:0:a 0",
        "s1:0:0:a0",
        "G1:0:0:a0",
        "x1:0:0:a0",
        "l1:0:2:join",
        "u1:0:0:lang.ru",
        "u0:1:0:lang.ru",
        "c5:1:0:lang.ru",
        "g1:0:0:" + "a" * MAX_CALLBACK_DATA,
    ],
)
def test_decode_refuses_what_the_bot_never_makes(data: str) -> None:
    with pytest.raises(BadButton):
        decode(data)


def test_encode_refuses_what_decode_would_refuse() -> None:
    for make in (
        lambda: game_button(MAX_GAME_ID + 1, 0, 0, "a0"),
        lambda: game_button(-1, 0, 0, "a0"),
        lambda: game_button(1, MAX_SMALL + 1, 0, "a0"),
        lambda: game_button(1, 0, 0, "a:0"),
        lambda: chat_button(-MAX_ID - 1, "lang.ru"),
        lambda: user_button("язык"),
    ):
        with pytest.raises(BadButton):
            make()


def test_parse_join_token_reads_only_what_a_start_parameter_carries() -> None:
    assert parse_join_token("join_Ab3-_x") == "Ab3-_x"
    assert parse_join_token("join_" + "z" * 64) == "z" * 64
    for text in ("", "join_", "join", "Ab3", "join_ 1", "join_1 ", "join_١", "join_²", "join_a.b", "join_" + "9" * 99):
        assert parse_join_token(text) is None


def test_offered_choices_are_the_presses_of_a_keyboard() -> None:
    keyboard = (
        (Button("Join", url="https://t.me/bangbot?start=join_1"), Button("Leave", lobby_button(1, 2, "leave"))),
        (Button("Start", lobby_button(1, 2, "start")),),
    )
    assert offered_choices(keyboard) == {"leave", "start"}


@given(st.text(max_size=2 * MAX_CALLBACK_DATA))
@settings(max_examples=300, deadline=None)
def test_decode_either_refuses_or_reads_back_exactly(data: str) -> None:
    try:
        button = decode(data)
    except BadButton:
        return
    assert button.encode() == data


def test_echo_is_short_and_on_one_line() -> None:
    assert echo("Barrel") == "Barrel"
    assert echo("x" * MAX_ECHO) == "x" * MAX_ECHO
    assert echo("x" * 20_000) == "x" * MAX_ECHO + ELLIPSIS
    assert echo("a\nb\x00c\td") == "a b c d"
    assert echo("\x00m1\x00Eve\x00") == "m1 Eve"


# -- a world to press in: a running game in GROUP, a lobby in GROUP2 ---------------------------------------------------


@dataclass
class World:
    """A table with a running game of users 0-3 in GROUP and a lobby of users 4-5 in GROUP2, on one event loop."""

    table: Table
    loop: asyncio.AbstractEventLoop
    game_id: int
    lobby_id: int

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        """Runs a coroutine on the world's loop and waits until what it saved is shown."""

        async def then_idle() -> Any:
            result = await coroutine
            await self.table.svc.idle()
            return result

        return self.loop.run_until_complete(then_idle())

    def snapshot(self, refs: bool = True) -> dict[str, list[tuple[Any, ...]]]:
        """Returns the stored rows of games, seats, actions, settings and press answers (refs: with MESSAGE_REFS)."""
        out: dict[str, list[tuple[Any, ...]]] = {}
        with self.table.repo.engine.connect() as connection:
            for name in STORED:
                table = SQLModel.metadata.tables[name]
                columns = [c for c in table.columns if refs or c.name not in MESSAGE_REFS]
                rows = connection.execute(select(*columns).order_by(*table.primary_key.columns)).all()
                out[name] = [tuple(row) for row in rows]
        return out

    def press(self, user: int, data: str, chat_id: int, message_id: int) -> None:
        """Presses data as user on a message; checks it got exactly one answer."""
        table = self.table
        table.presses += 1
        u = table.users[user]
        press = Press(f"p{table.presses}", u, chat_id, message_id, data, chat_id > 0)
        answers = len(table.messenger.answers)
        self.run(table.svc.on_press(press))
        assert len(table.messenger.answers) == answers + 1, f"{data!r} got {len(table.messenger.answers) - answers}"
        assert table.messenger.answers[-1].press == press

    def command(self, user: int, chat_id: int, name: str, args: str) -> None:
        """Sends a command as user in a chat (private when chat_id is the user's id)."""
        u = self.table.users[user]
        private = chat_id == u.id
        self.run(self.table.svc.on_command(Command(u, chat_id, private, name, args, "" if private else "Saloon")))

    def lobby_message(self) -> int:
        """Returns the id of the lobby's message."""
        game = self.table.repo.game(self.lobby_id)
        assert game is not None and game.lobby_message_id is not None
        return game.lobby_message_id

    def message_ids(self) -> list[int]:
        """Returns the ids of every message the bot sent, plus a few it never did."""
        return [m.ref.message_id for m in self.table.messenger.messages] + [0, 10**6, 2**63]

    def chats(self) -> list[int]:
        """Returns the chats of the world: both groups and every user's private chat."""
        return [GROUP, GROUP2, *(u.id for u in self.table.users)]


@pytest.fixture
def world(tmp_path: Path) -> Iterator[World]:
    """Yields a fresh world on its own event loop; user 0 created the running game and administers GROUP."""
    loop = asyncio.new_event_loop()
    table = Table(f"sqlite:///{tmp_path / 'bad.sqlite3'}", make_users(6))
    table.messenger.admins[GROUP] = {table.users[0].id}
    loop.run_until_complete(table.gather(4))
    game = table.game()
    assert game is not None and game.id is not None and game.status == RUNNING
    w = World(table, loop, game.id, 0)
    w.command(4, GROUP2, "newgame", "")
    lobby = table.repo.open_game(GROUP2)
    assert lobby is not None and lobby.id is not None
    w.lobby_id = lobby.id
    loop.run_until_complete(table.press(5, next(m for m in table.messenger.in_chat(GROUP2) if m.buttons), "join"))
    assert len(table.repo.seats(lobby.id)) == 2
    try:
        yield w
    finally:
        loop.close()


def seat_offers(world: World, position: int) -> frozenset[str]:
    """Returns every choice a seat's private message offers now, on its first step or any step reached from it."""
    batch = load(world.table.svc.ctx, world.game_id)
    assert batch is not None
    seat = batch.seats[position]
    if batch.state.winner is not None:
        return frozenset()
    if seat.standin:
        return frozenset({BACK_FROM_AI})
    seat_view = view(batch.state, position)
    if not seat_view.legal:
        return frozenset()
    tr, found, levels, seen = translator("en"), set(), [TOP], set()
    while levels:
        level = levels.pop()
        if level in seen:
            continue
        seen.add(level)
        for row in keyboard(tr, seat_view, batch.names, level, lambda choice: choice):
            for button in row:
                found.add(button.data)
                if not button.data.startswith("a") and button.data != BACK:
                    levels.append(button.data)
    return frozenset(found)


def bare_language(choice: str) -> bool:
    """Returns whether a setting choice names a language without the 'lang.' its buttons carry."""
    return choice != f"lang.{choice.removeprefix('lang.')}" and choice.removeprefix("lang.") in LANGUAGES


def genuine(world: World, user: int, data: str, message_id: int) -> bool:
    """Returns whether a press is one of the buttons shown now (or, while a check is pending, could change state)."""
    try:
        button = decode(data)
    except BadButton:
        return False
    repo, person = world.table.repo, world.table.users[user]
    if button.scope == "l":
        game = repo.game(button.target)
        return (
            game is not None
            and game.status == GATHERING
            and button.choice in LOBBY_CHOICES
            and message_id == game.lobby_message_id
        )
    if button.scope == "g":
        seats = repo.seats(button.target) if button.target == world.game_id else []
        if not button.seat < len(seats):
            return False
        seat = seats[button.seat]
        if seat.user_id != person.id or seat.prompt_version != button.version:
            return False
        return PENDING_GAME_CHOICES or button.choice in seat_offers(world, button.seat)
    valid = button.choice.removeprefix("lang.") in LANGUAGES
    if not PENDING_SETTING_CHOICES:
        valid = valid and not bare_language(button.choice)
    if button.scope == "u":
        return valid
    return valid and person.id in world.table.messenger.admins.get(button.target, set())


NUMBERS = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    st.integers(min_value=0, max_value=8).map(str),
    st.sampled_from(
        [str(GROUP), str(MAX_GAME_ID), str(MAX_GAME_ID + 1), str(MAX_ID), str(MAX_ID + 1), str(-MAX_ID - 1)]
    ),
    st.sampled_from(["-0", "+1", "01"]),
    st.sampled_from(["", " 1", "1_0", "١", "²", "9" * 40]),
)
CHOICES = st.one_of(
    st.text(max_size=12),
    st.sampled_from(sorted(LOBBY_CHOICES)),
    st.sampled_from(["a0", "a1", "a01", "a١", "a999", "a-1", "c", "cabc", "c999", "t1", "t1.2.3", "tx.y"]),
    st.sampled_from(["h", "x", "k", "", "lang.ru", "lang.xx", "lang.", "ru", "lang.lang.ru", "LANG.RU"]),
    st.from_regex(r"[acthk][0-9.]{0,6}", fullmatch=True),
)


def press_data(world: World) -> st.SearchStrategy[str]:
    """Returns data of every shape: any text, near-valid buttons, and buttons of the world's games with any choice."""
    seats = world.table.repo.seats(world.game_id)
    lobby = world.table.repo.game(world.lobby_id)
    assert lobby is not None
    near = st.tuples(st.sampled_from("glucsxG"), NUMBERS, NUMBERS, NUMBERS, CHOICES, st.sampled_from([":", ";", ""]))
    current_game = st.tuples(st.sampled_from(seats), CHOICES).map(
        lambda pair: f"g{world.game_id}:{pair[0].prompt_version}:{pair[0].position}:{pair[1]}"
    )
    return st.one_of(
        st.text(max_size=80),
        near.map(lambda p: f"{p[0]}{p[1]}{p[5]}{p[2]}{p[5]}{p[3]}{p[5]}{p[4]}"),
        current_game,
        CHOICES.map(lambda c: f"l{world.lobby_id}:{lobby.version}:0:{c}"),
        CHOICES.map(lambda c: f"l{world.game_id}:0:0:{c}"),
        CHOICES.map(lambda c: f"u0:0:0:{c}"),
        st.tuples(st.sampled_from([GROUP, GROUP2]), CHOICES).map(lambda p: f"c{p[0]}:0:0:{p[1]}"),
    )


def test_any_press_is_answered_once_and_changes_nothing(world: World) -> None:
    @given(st.data())
    @settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    def check(draw: st.DataObject) -> None:
        user = draw.draw(st.integers(0, len(world.table.users) - 1), "user")
        data = draw.draw(press_data(world), "data")
        chat = draw.draw(st.sampled_from(world.chats()), "chat")
        message_id = draw.draw(st.sampled_from(world.message_ids()), "message")
        assume(not genuine(world, user, data, message_id))
        before = world.snapshot()
        world.press(user, data, chat, message_id)
        assert world.snapshot() == before

    check()


def test_any_command_is_handled_and_echoes_little(world: World) -> None:
    names = st.one_of(
        st.text(max_size=20),
        st.sampled_from(COMMANDS),
        st.sampled_from(COMMANDS).map(lambda n: f"/{n.upper()}@bangbot"),
    )
    args = st.one_of(
        st.text(max_size=300),
        st.sampled_from(["join_1", "join_2", "join_01", "join_-1", "join_²", "join_" + "9" * 59, "2d", "0m", "²"]),
        st.sampled_from(["9" * 5000, "x" * 20_000, "Barrel\n" * 100, "\x00m1\x00Eve\x00"]),
    )

    @given(st.data())
    @settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    def check(draw: st.DataObject) -> None:
        user = draw.draw(st.integers(0, len(world.table.users) - 1), "user")
        name = draw.draw(names, "name")
        text = draw.draw(args, "args")
        chat = draw.draw(st.sampled_from([GROUP, GROUP2, world.table.users[user].id]), "chat")
        command = name.lower().lstrip("/").split("@")[0]
        private = chat > 0
        # What a command may change: cancelling or timing a game one manages (user 0 administers GROUP and created its
        # game, user 4 created the lobby: both are left out of these in either group). Joining needs the lobby's
        # random token, which no drawn text carries.
        assume(not (command in ("cancel", "deadline") and not private and user in (0, 4)))
        if PENDING_DURATION and command == "deadline":
            try:
                parse_duration(text)
            except ValueError:
                assume(False)
        before, sent = world.snapshot(refs=False), len(world.table.messenger.messages)
        world.command(user, chat, name, text)
        assert world.snapshot(refs=False) == before
        quoted = " ".join(text.split())
        if len(quoted) > 2 * MAX_ECHO:
            assert not any(quoted in m.text for m in world.table.messenger.messages[sent:])

    check()


def test_a_lobby_press_of_a_choice_its_keyboard_does_not_show(world: World) -> None:
    lobby, message = world.lobby_id, world.lobby_message()
    version = world.table.repo.game(lobby).version  # type: ignore[union-attr]
    before = world.snapshot()
    for data in (lobby_button(lobby, version, "zzz"), lobby_button(lobby, version, "join.x"), f"l{lobby}:0:0:"):
        world.press(4, data, GROUP2, message)  # user 4 created the lobby: before, a setting press saved anyway
        assert world.table.messenger.answers[-1].alert
    assert world.snapshot() == before


class LinkMessenger(CollectingMessenger):
    """The fake messenger with join links, as on Telegram: the lobby shows a link instead of a Join press."""

    def join_link(self, token: str) -> str | None:
        """Returns a deep link into the private chat."""
        return f"https://t.me/bangbot?start=join_{token}"


def test_a_join_press_is_refused_where_joining_is_a_link(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'link.sqlite3'}", make_users(3), messenger=LinkMessenger())
        await table.command(0, "newgame")
        lobby = table.lobby()
        assert not any(b.data and decode(b.data).choice == "join" for row in lobby.buttons for b in row)
        game = table.game()
        assert game is not None and game.id is not None
        data = lobby_button(game.id, game.version, "join")
        answer = await table.press(1, lobby, data=data)
        assert answer.alert and answer.text == "This button is not mine or is too old."
        assert [s.user_id for s in table.repo.seats(game.id)] == [table.users[0].id]
        assert table.repo.game(game.id).version == game.version  # type: ignore[union-attr]
        # Joining through the link still works.
        await table.command(1, "start", f"join_{game.join_token}", private=True)
        assert len(table.repo.seats(game.id)) == 2

    asyncio.run(scenario())


def test_rules_with_a_huge_argument_echoes_forty_characters(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'rules.sqlite3'}", make_users(1))
        await table.command(0, "rules", "Q" * 20_000)
        [reply] = table.messenger.in_chat(GROUP)
        assert "Q" * MAX_ECHO + ELLIPSIS in reply.text and "Q" * (MAX_ECHO + 1) not in reply.text
        assert len(reply.text) < 200
        await table.command(0, "rules", "Nope\nline\x00two", private=True)
        assert "“Nope line two”" in table.messenger.last(table.users[0].id).text

    asyncio.run(scenario())


def test_start_with_a_join_link_to_no_game_the_bot_could_make(world: World) -> None:
    user = world.table.users[5]
    for payload in (
        "join_" + "9" * 59,
        f"join_{MAX_GAME_ID + 1}",
        f"join_{MAX_ID}",
        "join_²",
        "join_١",
        "join_01",
        "join_-2",
    ):
        sent = len(world.table.messenger.messages)
        world.command(5, user.id, "start", payload)
        assert world.table.messenger.messages[sent:], payload
    assert len(world.table.repo.seats(world.lobby_id)) == 2


# -- checks that wait for code outside this change (see the PENDING flags) ---------------------------------------------


@pytest.mark.xfail(PENDING_GAME_CHOICES, strict=True, reason="game_press accepts any choice of a current button")
def test_a_game_press_of_a_choice_no_step_offers(world: World) -> None:
    seats = world.table.repo.seats(world.game_id)
    for seat in seats:
        assert seat.user_id is not None
        user = next(i for i, u in enumerate(world.table.users) if u.id == seat.user_id)
        offers = seat_offers(world, seat.position)
        for choice in ("cabc", "t1", "t1.2.3", "c999", "t999.0", "h", "", "a01", "a١", "k", "zz"):
            if choice in offers:
                continue
            fresh = world.table.repo.seats(world.game_id)[seat.position]
            before = world.snapshot()
            data = f"g{world.game_id}:{fresh.prompt_version}:{seat.position}:{choice}"
            world.press(user, data, seat.user_id, fresh.private_message_id or 0)
            assert world.snapshot() == before, choice


@pytest.mark.xfail(PENDING_SETTING_CHOICES, strict=True, reason="setting_press reads 'ru' as 'lang.ru'")
def test_a_setting_press_of_a_bare_language_code(world: World) -> None:
    before = world.snapshot()
    world.press(1, "u0:0:0:ru", world.table.users[1].id, 1)
    world.press(0, f"c{GROUP}:0:0:ja", GROUP, 1)
    assert world.snapshot() == before
    assert all(a.alert for a in world.table.messenger.answers[-2:])


@pytest.mark.xfail(PENDING_DURATION, strict=True, reason="parse_duration calls int on any str.isdigit text")
def test_deadline_with_digits_int_cannot_read(world: World) -> None:
    before = world.snapshot()
    for args in ("²", "³h", "9" * 5000, "1" * 5000 + "m"):
        world.command(0, GROUP, "deadline", args)
        assert "Give a time" in world.table.messenger.last(GROUP).text
    assert world.snapshot() == before


def test_the_largest_game_ids_on_postgresql(postgres_url: str) -> None:
    async def scenario() -> None:
        table = Table(postgres_url, make_users(4))
        await table.gather(4)
        version = table.repo.game(1).version  # type: ignore[union-attr]
        message = table.private(0) or table.messenger.last(GROUP)
        for data in (f"g{MAX_GAME_ID}:0:0:a0", f"l{MAX_GAME_ID}:0:0:join", f"g{MAX_ID}:0:0:a0"):
            answer = await table.press(0, message, data=data)
            assert answer.alert
        before = len(table.messenger.in_chat(table.users[1].id, live_only=False))
        await table.command(1, "start", f"join_{MAX_GAME_ID}", private=True)
        texts = [m.text for m in table.messenger.in_chat(table.users[1].id, live_only=False)[before:]]
        assert "There is no such lobby." in texts, texts
        assert table.repo.game(1).version == version  # type: ignore[union-attr]

    asyncio.run(scenario())


# -- the Telegram adapter against the Bot API emulator -----------------------------------------------------------------


def test_the_bot_asks_telegram_for_no_edited_messages() -> None:
    assert set(ALLOWED_UPDATES) == {
        Update.MESSAGE,
        Update.CALLBACK_QUERY,
        Update.INLINE_QUERY,
        Update.MY_CHAT_MEMBER,
        Update.CHAT_MEMBER,
    }


def test_odd_updates_through_the_telegram_app(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.ERROR)
    with BotApiEmulator() as emu:
        anna, boris = emu.add_user("Anna"), emu.add_user("Boris")
        group = emu.add_group("Saloon", members=[anna, boris], admins=[anna])
        settings_ = BotSettings(
            token=emu.token, database_url=f"sqlite:///{tmp_path / 'tg.sqlite3'}", api_url=emu.base_url
        )

        async def main() -> None:
            bot = BangBot(settings_)
            app = bot.application
            await app.initialize()
            bot.messenger.username = emu.bot_username
            fed = 0

            async def feed(extra: Sequence[dict[str, Any]] = ()) -> None:
                nonlocal fed
                updates = emu.updates
                for raw in [*updates[fed:], *extra]:
                    await app.process_update(Update.de_json(json.loads(json.dumps(raw)), app.bot))
                fed = len(updates)
                await bot.service.idle()

            try:
                emu.user_starts_bot(anna)
                command = emu.user_sends(anna, group, "/newgame")
                await feed()
                lobby = emu.last_message(group)
                assert lobby is not None and "gathering" in lobby.text
                shown = len(emu.messages(group))
                # An edited command is not run: editing /newgame into /cancel leaves the lobby open.
                emu.user_edits(anna, group, command, "/cancel")
                edited = emu.updates[-1]
                assert "edited_message" in edited
                assert to_command(Update.de_json(edited, app.bot), emu.bot_username) is None
                await feed()
                game = bot.service.ctx.repo.open_game(group)
                assert game is not None and game.status == GATHERING
                assert len(emu.messages(group)) == shown
                # Presses with ids no database holds, and with no data at all, are answered.
                for data in ("g99999999999999999999:0:0:a0", f"l{MAX_ID + 1}:0:0:join", "g1:0:0:a0\u00e9", ""):
                    query = emu.user_presses(boris, group, lobby.message_id, data or "x", check=False)
                    raw = emu.updates[-1]
                    if not data:  # a game's button carries a short name instead of data
                        raw["callback_query"].pop("data")
                        raw["callback_query"]["game_short_name"] = "bang"
                    await feed()
                    answer = emu.answered(query)
                    assert answer is not None, data
                    assert answer.show_alert == bool(data), data
                # Updates the bot never asked for are ignored.
                user = {"id": boris, "is_bot": False, "first_name": "Boris"}
                await feed(
                    [
                        {"update_id": 10**6, "inline_query": {"id": "9", "from": user, "query": "bang", "offset": ""}},
                        {
                            "update_id": 10**6 + 1,
                            "chosen_inline_result": {"result_id": "1", "from": user, "query": "bang"},
                        },
                    ]
                )
                emu.block(boris)
                await feed()
                assert len(bot.service.ctx.repo.seats(game.id or 0)) == 1
                assert len(emu.messages(group)) == shown
            finally:
                await app.shutdown()

        asyncio.run(main())
        assert emu.internal_errors == []
        assert emu.unanswered() == []
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []
