"""The creator or an admin lets the AI play now for an awaited player, from a button beside the group's waiting line."""

from __future__ import annotations

import asyncio
import random
from datetime import timedelta
from pathlib import Path

import pytest

from bangbot import games
from bangbot.bench.messenger import Sent
from bangbot.messaging.play.replace_now import REPLACE
from bangbot.messaging.press.button_data import decode
from tests.messaging.press.test_lock_no_network import watched_table
from tests.service_harness import GROUP, Table, make_users
from tools.awaited import awaited_users

CREATOR, ABSENT, STRANGER, ADMIN = 0, 1, 2, 3
SECOND = timedelta(seconds=1)


async def start_with_absent(table: Table, game_id: str) -> int:
    """Starts a game of game_id with the creator and the absent player (AI players filling up); returns its id."""
    await table.command(CREATOR, "newgame")
    while table.game().ruleset != game_id:  # type: ignore[union-attr]
        assert not (await table.press(CREATOR, table.lobby(), "game")).alert
    assert not (await table.press(ABSENT, table.lobby(), "join")).alert
    for _ in range(8):
        if not (await table.press(CREATOR, table.lobby(), "start")).alert:
            break
        assert not (await table.press(CREATOR, table.lobby(), "ai+")).alert
    game = table.game()
    assert game is not None and game.id is not None and game.status == "running"
    return game.id


async def until_absent_awaited(table: Table, game_id: int, rng: random.Random) -> None:
    """Lets the creator play until the game waits for the absent player alone."""
    for _ in range(2000):
        awaited = awaited_users(table.repo, game_id)
        if awaited == {table.users[ABSENT].id}:
            return
        mine = [c for c in table.choices() if c[0] == CREATOR]
        assert mine, f"nobody can move: {awaited}"
        _, message, choice = rng.choice(mine)
        assert not (await table.press(CREATOR, message, choice)).alert
    raise AssertionError("the game never waited for the absent player")


def log_message(table: Table, game_id: int) -> Sent:
    """Returns the group's current turn log, which carries the waiting line."""
    game = table.repo.game(game_id)
    assert game is not None and game.log_message_id is not None
    return next(m for m in table.messenger.in_chat(GROUP) if m.ref.message_id == game.log_message_id)


def replace_buttons(message: Sent) -> list[str]:
    """Returns the data of the message's buttons that let the AI play now."""
    return [b.data for row in message.buttons for b in row if decode(b.data).choice == REPLACE]


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_the_creator_lets_the_ai_play_an_awaited_player_after_a_fifth_of_the_time(tmp_path: Path, game_id: str) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'replace.sqlite3'}", make_users(4), seed=5)
        table.messenger.admins[GROUP] = {table.users[ADMIN].id}
        game_id_ = await start_with_absent(table, game_id)
        await until_absent_awaited(table, game_id_, random.Random(5))
        game = table.repo.game(game_id_)
        assert game is not None and game.offer_at is not None and game.deadline_at is not None
        assert not replace_buttons(log_message(table, game_id_)), "offered before a fifth of the time passed"

        table.clock.now = game.offer_at - SECOND
        await table.tick()
        assert not replace_buttons(log_message(table, game_id_))
        edits = table.messenger.calls["edit"]
        table.clock.now = game.offer_at
        await table.tick()
        offered = log_message(table, game_id_)
        (data,) = replace_buttons(offered)
        assert decode(data).seat == next(
            s.position for s in table.repo.seats(game_id_) if s.user_id == table.users[ABSENT].id
        )
        assert table.messenger.calls["edit"] - edits == 1, (
            "the log gains its buttons; the table, unchanged, is not edited"
        )
        await table.tick()
        assert table.repo.game(game_id_).offer_at is None  # type: ignore[union-attr]

        refused = await table.press(STRANGER, offered, data=data)
        assert refused.alert and "creator" in refused.text
        seat = next(s for s in table.repo.seats(game_id_) if s.user_id == table.users[ABSENT].id)
        assert not seat.standin and awaited_users(table.repo, game_id_) == {table.users[ABSENT].id}

        answer = await table.press(CREATOR, offered, data=data)
        assert not answer.alert, answer.text
        seat = next(s for s in table.repo.seats(game_id_) if s.user_id == table.users[ABSENT].id)
        assert seat.standin
        assert table.users[ABSENT].id not in awaited_users(table.repo, game_id_), "the AI played the pending part"
        said = [t for t in table.group_texts() if "let the AI play for" in t]
        assert said and f"{table.users[CREATOR].name} let the AI play for" in said[-1]

        stale = await table.press(ADMIN, offered, data=data)
        assert stale.alert and stale.text == "This choice is no longer current."

        back = table.private(ABSENT)
        assert back is not None
        assert not (await table.press(ABSENT, back, "k")).alert
        assert not next(s for s in table.repo.seats(game_id_) if s.user_id == table.users[ABSENT].id).standin

    asyncio.run(scenario())


def test_a_chat_admin_may_press_it_and_the_press_counts_once(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'replace.sqlite3'}", make_users(4), seed=9)
        table.messenger.admins[GROUP] = {table.users[ADMIN].id}
        game_id = await start_with_absent(table, games.DEFAULT)
        await until_absent_awaited(table, game_id, random.Random(9))
        game = table.repo.game(game_id)
        assert game is not None and game.offer_at is not None
        table.clock.now = game.offer_at
        await table.tick()
        (data,) = replace_buttons(log_message(table, game_id))
        answer = await table.press(ADMIN, log_message(table, game_id), data=data)
        assert not answer.alert, answer.text
        notices = [t for t in table.group_texts() if "let the AI play for" in t]
        assert len(notices) == 1 and table.users[ADMIN].name in notices[0]
        assert next(s for s in table.repo.seats(game_id) if s.user_id == table.users[ABSENT].id).standin

    asyncio.run(scenario())


def test_who_may_press_it_is_asked_before_the_games_lock(tmp_path: Path) -> None:
    async def scenario() -> None:
        table, messenger = watched_table(tmp_path)
        messenger.admins[GROUP] = {table.users[ADMIN].id}
        game_id = await start_with_absent(table, games.DEFAULT)
        await until_absent_awaited(table, game_id, random.Random(9))
        game = table.repo.game(game_id)
        assert game is not None and game.offer_at is not None
        table.clock.now = game.offer_at
        await table.tick()
        (data,) = replace_buttons(log_message(table, game_id))
        asked = messenger.asked.count("is_admin")
        assert (await table.press(STRANGER, log_message(table, game_id), data=data)).alert
        assert not (await table.press(ADMIN, log_message(table, game_id), data=data)).alert
        assert messenger.asked.count("is_admin") == asked + 2
        assert messenger.locked_calls == [], "a messenger call was made inside the game's lock"

    asyncio.run(scenario())
