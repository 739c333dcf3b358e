"""A group's life events over the fake messenger: a running game cancelled, a group that moved to a new id."""

from __future__ import annotations

import asyncio
import json
from datetime import timedelta
from pathlib import Path

import pytest

from bangbot.games import game as registered
from bangbot.games.bang.ruleset import BASE
from bangbot.games.bang.texts.glossary import role_name
from bangbot.games.duel.ruleset import DUEL
from bangbot.i18n import translator
from bangbot.i18n.wording import player
from bangbot.messaging.adapter import Command
from bangbot.storage.models import CANCELLED
from tests.duel_harness import gather_duel
from tests.service_harness import GROUP, Table, make_users


def run(coro: object) -> None:
    """Runs a test coroutine."""
    asyncio.run(coro)  # type: ignore[arg-type]


def test_cancelling_a_running_game_shows_every_role_tells_each_player_and_takes_the_buttons(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'c.sqlite3'}", make_users(4))
        await table.gather(4)
        game = table.game()
        assert game is not None and game.id is not None
        roles = [
            p.role for p in registered(game.ruleset).ruleset.from_json(json.loads(game.state_json or "{}")).players
        ]
        pressable = [(i, m, b.data) for i, u in enumerate(table.users) for m, b in table.messenger.pressable(u.id)]
        assert pressable, "the players had buttons before"
        before = {u.id: len(table.messenger.in_chat(u.id)) for u in table.users}

        await table.command(0, "cancel")

        stored = table.repo.game(game.id)
        assert stored is not None and stored.status == CANCELLED and stored.deadline_at is None
        assert table.repo.outbox(game.id) == []  # saved is shown: the row was delivered and deleted
        final = table.messenger.last(GROUP)
        tr = translator("en")
        assert "Player0 cancelled the game: nobody wins." in final.text
        assert all(role_name(tr, role) in final.text for role in roles)
        assert "Waiting for" not in final.text
        assert all("Your move" not in m.text for m in table.messenger.in_chat(GROUP))
        assert stored.table_message_id == final.ref.message_id
        for user in table.users:
            assert table.messenger.pressable(user.id) == [], "no player keeps a live button"
            mine = table.messenger.in_chat(user.id)
            assert len(mine) == before[user.id] + 1
            assert mine[-1].text.startswith("The game in Dodge City was cancelled by Player0")
        # An old button is refused and changes nothing.
        user, message, data = pressable[0]
        answer = await table.press(user, message, data=data)
        assert answer.alert and answer.text == "This game was cancelled."
        assert table.repo.game(game.id).version == stored.version  # type: ignore[union-attr]
        # The chat is free for a new game.
        await table.command(0, "newgame")
        assert table.game() is not None and table.game().id != game.id  # type: ignore[union-attr]

    run(scenario())


WAITING_LINES = (
    "Your turn: {names}",
    "Waiting for an answer: {names}",
    "Waiting for: {names}.",
    "The players choose their characters. Waiting for: {names}.",
)


def waiting_marks(language: str) -> list[str]:
    """Returns the fixed words of every line that says whom a game waits for, in a language."""
    tr = translator(language)
    return [max(tr.gettext(line, names="\0").split("\0"), key=len) for line in WAITING_LINES]


@pytest.mark.parametrize("game", [BASE, DUEL])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_cancelled_game_leaves_no_group_message_waiting_even_where_old_messages_cannot_be_deleted(
    tmp_path: Path, game: str, language: str
) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'w.sqlite3'}", make_users(4 if game == BASE else 2, language))
        table.messenger.undeletable = True  # Telegram refuses to delete a bot's group message after 48 hours
        if game == BASE:
            await table.gather(4)
        else:
            await gather_duel(table, "duel", 2)
        running = table.game()
        assert running is not None and running.deadline_at is not None
        table.clock.advance((running.deadline_at - table.clock.now) / 2)  # the log gains its "let the AI play" button
        await table.tick()
        marks = waiting_marks(language)
        live = table.messenger.in_chat(GROUP)
        assert any(m.buttons for m in live) and any(mark in m.text for m in live for mark in marks)
        shown = {m.ref.message_id: len(m.history) for m in live}
        deletions = table.messenger.calls["delete"]

        await table.command(0, "cancel")

        live = table.messenger.in_chat(GROUP)
        stale = [m.text for m in live if m.buttons or any(mark in m.text for mark in marks)]
        assert stale == [], "a group message still says the game waits, or keeps buttons"
        final = table.messenger.last(GROUP)
        assert final.ref.message_id not in shown and final.text.endswith(cancelled_line(language))
        for message in live:  # at most one edit each, and none that changes nothing
            edits = message.history[shown.get(message.ref.message_id, 1) :]
            assert len(edits) <= 1 and all(text != message.history[-2] for text in edits), message.history
        assert table.messenger.calls["delete"] == deletions, "an edit replaces the deletion that may fail"

    run(scenario())


def test_cancelling_edits_the_turn_log_once_to_take_the_table_below_it_away(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'h.sqlite3'}", make_users(1), seed=3)  # an AI player is the Sheriff
        table.svc.ctx.hold_ai = lambda state: True  # the AI players wait, as in the console game
        await table.gather(1, ai_seats=3)
        game = table.game()
        assert game is not None and game.log_message_id is not None
        log = next(m for m in table.messenger.in_chat(GROUP) if m.ref.message_id == game.log_message_id)
        assert not log.buttons and "Dodge City — turn 1" in log.text  # the running game's table, below its log
        edits = len(log.history)

        await table.command(0, "cancel")

        assert len(log.history) == edits + 1 and "Dodge City — turn" not in log.text
        assert not any(mark in log.text for mark in waiting_marks("en"))
        assert table.messenger.last(GROUP).text.endswith(cancelled_line("en"))

    run(scenario())


def cancelled_line(language: str) -> str:
    """Returns the line that ends the final table of a game Player0 cancelled, in a language."""
    tr = translator(language)
    return tr.gettext("{name} cancelled the game: nobody wins.", name=player(tr, "Player0"))


NEW_GROUP = -1009876543210


async def command_in(table: Table, chat_id: int, user: int, name: str, args: str = "") -> None:
    """Sends /name from a user in a group chat given by id."""
    await table.svc.on_command(Command(table.users[user], chat_id, False, name, args, table.title))
    await table.svc.idle()


async def make_a_move(table: Table) -> None:
    """Presses a button that makes a move (not one that opens a step of a choice)."""
    user, message, choice = next((u, m, c) for u, m, c in table.choices() if c.startswith("a"))
    answer = await table.press(user, message, choice)
    assert not answer.alert, answer.text


def test_a_group_that_moved_takes_its_game_settings_and_outbox_along_when_a_send_says_so(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'm.sqlite3'}", make_users(4))
        await table.gather(4)
        await table.command(0, "deadline", "6h")
        assert table.repo.chat_settings(GROUP).deadline_seconds == 6 * 3600
        game = table.game()
        assert game is not None and game.id is not None
        table.messenger.moved[GROUP] = NEW_GROUP  # the group was upgraded: its old id refuses every send
        await make_a_move(table)

        moved = table.repo.game(game.id)
        assert moved is not None and moved.chat_id == NEW_GROUP and moved.status == "running"
        assert table.repo.open_game(GROUP) is None and table.repo.outbox(game.id) == []
        assert table.repo.chat_settings(NEW_GROUP).deadline_seconds == 6 * 3600
        shown = table.messenger.in_chat(NEW_GROUP)
        notice = "This group became a supergroup: the game goes on here."
        assert [m.text for m in shown].count(notice) == 1
        tables = [m for m in shown if m.ref.message_id == moved.table_message_id]
        assert tables and tables[0].text.startswith("BANG! in Dodge City — turn")
        # The notice comes first: it says why the turn's log and the table appear again.
        assert shown[0].text == notice and {moved.log_message_id, moved.table_message_id} <= {
            m.ref.message_id for m in shown[1:]
        }
        # /status shows the game in the new chat, and /newgame there opens no second one.
        await command_in(table, NEW_GROUP, 0, "status")
        assert table.messenger.last(NEW_GROUP).text.startswith("BANG! in Dodge City — turn")
        await command_in(table, NEW_GROUP, 1, "newgame")
        assert any("already" in m.text for m in table.messenger.in_chat(NEW_GROUP))
        assert table.repo.open_game(NEW_GROUP).id == game.id  # type: ignore[union-attr]
        # The game goes on in the new chat.
        await make_a_move(table)
        assert table.repo.game(game.id).version > moved.version  # type: ignore[union-attr]

    run(scenario())


def test_the_migration_message_moves_a_lobby_and_a_second_one_changes_nothing(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'l.sqlite3'}", make_users(3))
        await table.command(0, "newgame")
        game = table.game()
        assert game is not None and game.id is not None
        table.svc.chat_moved(GROUP, NEW_GROUP)  # the old chat's message says migrate_to_chat_id
        await table.svc.idle()
        table.svc.chat_moved(GROUP, NEW_GROUP)  # and the new chat's says migrate_from_chat_id
        await table.svc.idle()
        lobby = table.repo.game(game.id)
        assert lobby is not None and lobby.chat_id == NEW_GROUP and lobby.lobby_message_id is not None
        shown = [m for m in table.messenger.in_chat(NEW_GROUP) if m.ref.message_id == lobby.lobby_message_id]
        assert len(table.messenger.in_chat(NEW_GROUP)) == 1 and shown and shown[0].buttons
        # The lobby works in the new chat.
        answer = await table.press(1, shown[0], "join")
        assert not answer.alert
        assert [s.name for s in table.repo.seats(game.id)] == ["Player0", "Player1"]

    run(scenario())


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_migration_message_shows_a_running_game_in_the_new_chat_notice_first(tmp_path: Path, language: str) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'g.sqlite3'}", make_users(4, language))
        await table.gather(4)
        table.svc.chat_moved(GROUP, NEW_GROUP)  # the old chat's message says migrate_to_chat_id
        await table.svc.idle()
        game = table.repo.open_game(NEW_GROUP)
        assert game is not None
        shown = [m.ref.message_id for m in table.messenger.in_chat(NEW_GROUP)]
        notice = translator(language).gettext("This group became a supergroup: the game goes on here.")
        assert table.messenger.in_chat(NEW_GROUP)[0].text == notice
        assert shown[1:] == [game.log_message_id, game.table_message_id]

    run(scenario())


def test_the_bot_removed_pauses_the_game_until_it_is_back_or_the_time_per_move_passed(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'r.sqlite3'}", make_users(4))
        await table.gather(4)
        game = table.game()
        assert game is not None and game.id is not None
        waiting = [(u, m, c) for u, m, c in table.choices() if c.startswith("a")]
        await table.svc.bot_left(GROUP)
        await table.svc.idle()
        paused = table.repo.game(game.id)
        assert paused is not None and paused.paused and paused.status == "running" and paused.reminder_at is None
        for user in table.users:
            assert table.messenger.last(user.id).text.startswith("I was removed from Dodge City: the game is paused.")
        # No move while paused: a press is refused, and no deadline plays for anyone before the time per move passed.
        user, message, choice = waiting[0]
        answer = await table.press(user, message, choice)
        assert answer.alert and answer.text == "The game is paused until I am added back to its group."
        table.clock.advance(timedelta(hours=23))
        await table.tick()
        assert table.repo.game(game.id).version == paused.version  # type: ignore[union-attr]
        # Back in time: the game resumes with a fresh deadline, and the group is told and sees the table anew.
        await table.svc.bot_back(GROUP)
        await table.svc.idle()
        resumed = table.repo.game(game.id)
        assert resumed is not None and not resumed.paused and resumed.deadline_at == table.clock.now + timedelta(days=1)
        texts = [m.text for m in table.messenger.in_chat(GROUP)]
        assert "I am back: the game goes on where it stopped." in texts
        assert texts[-1].startswith("BANG! in Dodge City — turn") and resumed.table_message_id is not None
        answer = await table.press(*(next((u, m, c) for u, m, c in table.choices() if c.startswith("a"))))
        assert not answer.alert
        # Removed again and not back within the time per move: the game is cancelled, its record kept.
        await table.svc.bot_left(GROUP)
        await table.svc.idle()
        table.clock.advance(timedelta(days=1, seconds=1))
        await table.tick()
        over = table.repo.game(game.id)
        assert over is not None and over.status == CANCELLED and over.state_json is not None
        assert len(table.repo.seats(game.id)) == 4 and table.repo.actions(game.id)
        for user in table.users:
            last = table.messenger.last(user.id).text
            assert last == "The game in Dodge City was cancelled: I was not added back to the group in time."
            assert table.messenger.pressable(user.id) == []

    run(scenario())


def test_a_refused_group_send_pauses_the_game_and_every_player_is_told(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'f.sqlite3'}", make_users(4))
        await table.gather(4)
        game = table.game()
        assert game is not None and game.id is not None and game.reminder_at is not None
        table.messenger.unreachable.add(GROUP)  # the bot was removed and no update said so: the group answers 403
        table.clock.now = game.reminder_at
        await table.tick()  # the reminder's group message is refused
        paused = table.repo.game(game.id)
        assert paused is not None and paused.paused and table.repo.outbox(game.id) == []
        for user in table.users:
            assert table.messenger.last(user.id).text.startswith("I was removed from Dodge City")

    run(scenario())


async def command_in_topic(table: Table, thread: int, user: int, name: str) -> None:
    """Sends /name from a user in a topic of the forum group."""
    await table.svc.on_command(Command(table.users[user], GROUP, False, name, "", table.title, thread))
    await table.svc.idle()


def test_each_topic_of_a_forum_group_runs_its_own_table(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 't.sqlite3'}", make_users(4))
        await command_in_topic(table, 5, 0, "newgame")
        await command_in_topic(table, 7, 1, "newgame")
        first, second = table.repo.open_game(GROUP, 5), table.repo.open_game(GROUP, 7)
        assert first is not None and second is not None and first.id != second.id
        assert table.repo.open_game(GROUP) is None  # the chat outside its topics has no game
        # A second /newgame in a topic shows that topic's lobby again, in the topic.
        await command_in_topic(table, 5, 2, "newgame")
        assert table.repo.open_game(GROUP, 5).id == first.id  # type: ignore[union-attr]
        assert "already" in table.messenger.in_chat(GROUP)[-2].text
        # Players join and start the first topic's game: every group message of it stays in its topic.
        shown = table.repo.open_game(GROUP, 5)
        assert shown is not None
        lobby = next(m for m in table.messenger.in_chat(GROUP) if m.ref.message_id == shown.lobby_message_id)
        assert lobby.thread == 5
        for user in (1, 2, 3):
            await table.press(user, lobby, "join")
        assert not (await table.press(0, lobby, "start")).alert
        await make_a_move(table)
        game = table.repo.game(first.id or 0)
        assert game is not None and game.status == "running" and game.thread_id == 5
        sent = [m for m in table.messenger.messages if m.ref.chat_id == GROUP]
        assert {m.thread for m in sent if m.ref.message_id >= (first.lobby_message_id or 0)} <= {5, 7}
        assert all(m.thread == 5 for m in sent if m.ref.message_id in (game.table_message_id, game.log_message_id))
        assert [m.thread for m in sent if "already" in m.text] == [5]
        # /status in the other topic shows that topic's lobby, not the game.
        await command_in_topic(table, 7, 1, "status")
        assert table.messenger.last(GROUP).thread == 7 and table.messenger.last(GROUP).text.startswith(
            "A new game of BANG! is gathering"
        )
        # /cancel in a topic cancels that topic's game only.
        await command_in_topic(table, 7, 1, "cancel")
        assert table.repo.open_game(GROUP, 7) is None and table.repo.open_game(GROUP, 5) is not None

    run(scenario())
