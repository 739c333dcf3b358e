"""What brings a group back: play again, a call when a table opens, a pinned table, invitations and inline answers."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import pytest

from bangbot.bench.messenger import CollectingMessenger, Sent
from bangbot.games.bang.texts.glossary import card_name
from bangbot.games.duel.ruleset import DUEL
from bangbot.i18n import translator
from bangbot.messaging.adapter import InlineQuery, User
from bangbot.messaging.press.button_data import decode
from bangbot.storage.models import Game
from tests.duel_harness import gather_duel
from tests.service_harness import GROUP, Table, make_users

LANGUAGES = ("en", "ru", "ja", "cs")
PIN_LINK = "https://t.me/bangbot?startgroup=true&admin=pin_messages"


def run(coro: Coroutine[Any, Any, None]) -> None:
    """Runs a test coroutine."""
    asyncio.run(coro)


def choices(message: Sent) -> list[str]:
    """Returns the choices of a message's press buttons."""
    return [decode(b.data).choice for row in message.buttons for b in row if b.data]


def finished_table(table: Table) -> tuple[Game, Sent]:
    """Returns the group's finished game and its table message."""
    game = table.repo.latest_game(GROUP)
    assert game is not None and game.status == "finished", "the game did not end"
    message = next(m for m in table.messenger.in_chat(GROUP) if m.ref.message_id == game.table_message_id)
    return game, message


async def play_a_duel(table: Table, mode: str = "duel", people: int = 2) -> tuple[Game, Sent]:
    """Plays a Duel in mode to its end by random presses; returns the finished game and its table message."""
    await gather_duel(table, mode, people)
    await table.play(random.Random(3), check=False)
    return finished_table(table)


@pytest.mark.parametrize("language", LANGUAGES)
def test_play_again_opens_the_same_game_with_every_player_invited(tmp_path: Path, language: str) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'again.sqlite3'}", make_users(3, language))
        await table.command(0, "deadline", "6h")
        table.messenger.admins[GROUP] = {table.users[0].id}
        await table.command(0, "deadline", "6h")
        old, final = await play_a_duel(table, "third_outlaws", 2)
        tr = translator(language)
        assert [b.text for row in final.buttons for b in row] == [
            tr.gettext("Play again"),
            tr.gettext("🔔 Call me for the next game"),
        ]
        answer = await table.press(1, final, "again")
        assert not answer.alert, answer.text
        assert answer.text == tr.gettext("A new game is gathering: the players of the last one are invited.")
        lobby = table.game()
        assert lobby is not None and lobby.id != old.id and lobby.status == "gathering"
        assert (lobby.ruleset, lobby.preset, lobby.deadline_seconds, lobby.ai_seats) == (
            DUEL,
            "third_outlaws",
            6 * 3600,
            old.ai_seats,
        )
        assert lobby.creator_id == table.users[1].id
        assert [s.user_id for s in table.repo.seats(lobby.id or 0)] == [table.users[1].id]
        invited = tr.gettext("Invited from the last game: {names}. Press “Join” to play again.", names="X")
        head = invited.split("X")[0]
        text = table.lobby().text
        assert head in text and "@Player0" in text and "@Player1" not in text.split(head)[1]
        # A second press, or another player's, opens nothing more.
        again = await table.press(0, final, "again")
        assert again.alert and again.text == tr.gettext("A game is already gathering or running in this chat.")
        assert table.game().id == lobby.id  # type: ignore[union-attr]
        # The invited player confirms with one press; the invitation line goes; the same table starts.
        assert not (await table.press(0, table.lobby(), "join")).alert
        assert head not in table.lobby().text
        started = await table.press(1, table.lobby(), "start")
        assert not started.alert, started.text
        game = table.game()
        assert game is not None and game.status == "running" and game.ruleset == DUEL and game.preset == "third_outlaws"

    run(scenario())


def test_an_invited_player_who_does_not_confirm_is_left_out(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'again.sqlite3'}", make_users(2))
        _, final = await play_a_duel(table)
        assert not (await table.press(0, final, "again")).alert
        lobby = table.game()
        assert lobby is not None and lobby.ai_seats == 0
        assert not (await table.press(0, table.lobby(), "ai+")).alert
        assert not (await table.press(0, table.lobby(), "start")).alert
        game = table.game()
        assert game is not None and game.status == "running"
        assert [s.user_id for s in table.repo.seats(game.id or 0)] == [table.users[0].id, None]

    run(scenario())


def test_a_forged_play_again_press_changes_nothing(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'again.sqlite3'}", make_users(2))
        await table.command(0, "newgame")
        lobby = table.game()
        assert lobby is not None and lobby.id is not None
        answer = await table.press(0, table.lobby(), data=f"l{lobby.id}:0:0:again")  # a lobby is no finished game
        assert answer.alert
        assert table.game().id == lobby.id  # type: ignore[union-attr]
        assert len(table.repo.seats(lobby.id)) == 1

    run(scenario())


@pytest.mark.parametrize("language", LANGUAGES)
def test_notify_calls_only_who_asked_when_a_lobby_opens(tmp_path: Path, language: str) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'call.sqlite3'}", make_users(4, language))
        tr = translator(language)
        ids = [u.id for u in table.users]
        await table.command(2, "notify")
        assert table.messenger.last(GROUP).text == tr.gettext(
            "I will write to you privately when a game gathers here (open a private chat with me and send /start "
            "if you have not yet). /notify off stops it."
        )
        await table.command(2, "notify")
        assert table.messenger.last(GROUP).text == tr.gettext(
            "You are already called when a game gathers here. /notify off stops it."
        )
        await table.command(3, "notify", "please")  # not a word /notify takes: nothing changes
        assert table.messenger.last(GROUP).text == tr.gettext(
            "Send /notify to be called when a game gathers here, or /notify off to stop it."
        )
        assert table.repo.table_callers(GROUP) == [ids[2]]
        await table.command(0, "notify", "on")
        await table.command(0, "newgame")
        calls = table.messenger.in_chat(ids[2])
        assert len(calls) == 1 and "Dodge City" in calls[0].text
        assert calls[0].text == tr.gettext(
            "A game of BANG! is gathering in {title}. Join it while there are seats. (/notify off in that group "
            "stops these messages.)",
            title="Dodge City",
        )
        assert table.messenger.in_chat(ids[0]) == []  # the creator is not called to their own table
        assert table.messenger.in_chat(ids[1]) == [] and table.messenger.in_chat(ids[3]) == []
        await table.command(0, "cancel")
        await table.command(2, "notify", "off")
        assert table.messenger.last(GROUP).text == tr.gettext("I will no longer write to you when a game gathers here.")
        await table.command(2, "notify", "off")
        assert table.messenger.last(GROUP).text == tr.gettext(
            "You were not being called for games here. /notify asks for it."
        )
        await table.command(1, "newgame")
        assert len(table.messenger.in_chat(ids[2])) == 1
        assert len(table.messenger.in_chat(ids[0])) == 1  # still asked
        await table.command(3, "notify", private=True)
        assert table.messenger.last(ids[3]).text == tr.gettext(
            "Send /notify in the group where you want to be called for games."
        )
        assert table.repo.table_callers(ids[3]) == [] and table.repo.table_callers(GROUP) == [ids[0]]

    run(scenario())


def test_the_final_tables_call_button_subscribes(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'call.sqlite3'}", make_users(3, "ru"))
        _, final = await play_a_duel(table)
        answer = await table.press(1, final, "call")
        assert not answer.alert and answer.text.startswith("Я напишу вам")
        assert table.repo.table_callers(GROUP) == [table.users[1].id]
        await table.command(0, "newgame")
        assert "Dodge City" in table.messenger.last(table.users[1].id).text

    run(scenario())


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_is_pinned_while_the_game_runs(tmp_path: Path, language: str) -> None:
    async def scenario() -> None:
        messenger = CollectingMessenger(pin_link=PIN_LINK, pinners={GROUP})
        table = Table(f"sqlite:///{tmp_path / 'pin.sqlite3'}", make_users(2, language), messenger=messenger)
        tr = translator(language)
        await table.command(0, "newgame")
        advice = tr.gettext("Let me pin the table")
        assert advice not in [b.text for row in table.lobby().buttons for b in row]
        await gather_rest(table)
        game = table.game()
        assert game is not None and game.table_message_id is not None
        assert messenger.pinned[GROUP] == {game.table_message_id}
        await table.command(0, "status")  # the table shown again is the one pinned
        game = table.game()
        assert game is not None and messenger.pinned[GROUP] == {game.table_message_id}
        await table.play(random.Random(5), check=False)
        finished_table(table)  # the game is over: its table is pinned no more
        assert messenger.pinned[GROUP] == set()

    run(scenario())


async def gather_rest(table: Table) -> None:
    """Joins user 1 to the open Duel lobby (switching the lobby to the Duel) and starts it."""
    while table.game().ruleset != DUEL:  # type: ignore[union-attr]
        assert not (await table.press(0, table.lobby(), "game")).alert
    assert not (await table.press(1, table.lobby(), "join")).alert
    assert not (await table.press(0, table.lobby(), "start")).alert


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_lobby_says_how_to_let_the_bot_pin(tmp_path: Path, language: str) -> None:
    async def scenario() -> None:
        messenger = CollectingMessenger(pin_link=PIN_LINK)
        table = Table(f"sqlite:///{tmp_path / 'pin.sqlite3'}", make_users(2, language), messenger=messenger)
        tr = translator(language)
        await table.command(0, "newgame")
        lobby = table.lobby()
        assert (
            tr.gettext(
                "I cannot pin the table here: a chat admin can make me an admin with the right to pin messages "
                "(the button below), so that the game stays in sight."
            )
            in lobby.text
        )
        links = {b.text: b.url for row in lobby.buttons for b in row if b.url}
        assert links[tr.gettext("Let me pin the table")] == PIN_LINK
        await gather_rest(table)
        assert messenger.calls["pin"] == 0 and messenger.pinned == {}
        await table.play(random.Random(6), check=False)
        finished_table(table)  # the game is over: what was never pinned is not unpinned
        assert messenger.calls["unpin"] == 0

    run(scenario())


class LinkMessenger(CollectingMessenger):
    """The fake messenger with join links, as on Telegram."""

    def join_link(self, token: str) -> str | None:
        """Returns a deep link into the private chat."""
        return f"https://t.me/bangbot?start=join_{token}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_lobby_shares_its_join_link(tmp_path: Path, language: str) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'share.sqlite3'}", make_users(1, language), messenger=LinkMessenger())
        tr = translator(language)
        await table.command(0, "newgame")
        game = table.game()
        assert game is not None
        links = {b.text: b.url for row in table.lobby().buttons for b in row if b.url}
        share = links[tr.gettext("Invite friends")]
        assert share is not None and f"https://t.me/bangbot?start=join_{game.join_token}" in share
        assert tr.gettext("Join our game of BANG! in {title}:", title="Dodge City") in share

    run(scenario())


@pytest.mark.parametrize(("language", "typed"), [("en", "Barrel"), ("ru", "бочка"), ("ja", "Barile"), ("cs", "Barel")])
def test_an_inline_query_answers_with_the_cards_text(tmp_path: Path, language: str, typed: str) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'inline.sqlite3'}", make_users(1, language))
        user = User(77, "Reader", language)
        await table.svc.on_inline_query(InlineQuery("q1", user, typed))
        articles = table.messenger.inline_answers["q1"]
        name = card_name(translator(language), "barrel")
        assert len(articles) == 1 and articles[0].title.startswith(name) and articles[0].text.startswith(name)
        for nothing in ("", "no such card at all", "x" * 300):
            await table.svc.on_inline_query(InlineQuery("q2", user, nothing))
            assert table.messenger.inline_answers["q2"] == []
        assert table.messenger.in_chat(77) == []  # inline mode writes to nobody

    run(scenario())


@pytest.mark.parametrize(("game_id", "preset", "language"), [("base", "ja", "ja"), ("starwars", "standard", "cs")])
def test_play_again_keeps_the_rules_of_every_game(tmp_path: Path, game_id: str, preset: str, language: str) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'again.sqlite3'}", make_users(1, language), seed=11)
        await table.command(0, "newgame")
        while table.game().ruleset != game_id:  # type: ignore[union-attr]
            assert not (await table.press(0, table.lobby(), "game")).alert
        while table.game().preset != preset:  # type: ignore[union-attr]
            assert not (await table.press(0, table.lobby(), "preset")).alert
        if "opt.simplified" in choices(table.lobby()):
            assert not (await table.press(0, table.lobby(), "opt.simplified")).alert
        for _ in range(3):
            assert not (await table.press(0, table.lobby(), "ai+")).alert
        assert not (await table.press(0, table.lobby(), "time")).alert
        assert not (await table.press(0, table.lobby(), "start")).alert
        await table.play(random.Random(2), check=False)
        old, final = finished_table(table)
        assert not (await table.press(0, final, "again")).alert
        lobby = table.game()
        assert lobby is not None and lobby.status == "gathering"
        kept = ("ruleset", "preset", "choices_json", "deadline_seconds", "ai_seats")
        assert [getattr(lobby, k) for k in kept] == [getattr(old, k) for k in kept]
        assert (old.ruleset, old.preset, old.ai_seats) == (game_id, preset, 3)
        assert not (await table.press(0, table.lobby(), "start")).alert
        assert table.game().status == "running"  # type: ignore[union-attr]

    run(scenario())
