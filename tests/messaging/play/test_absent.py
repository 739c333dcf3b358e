"""An absent player costs one deadline per turn: at a deadline their whole pending part of the turn is played."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from datetime import timedelta
from pathlib import Path

import pytest

from bangbot import games
from bangbot.games.duel.rules.modes import MODE_IDS
from tests.duel_harness import gather_duel
from tests.offered import offer
from tests.service_harness import Table, make_users
from tools.awaited import awaited_users

STARWARS = "starwars"
PAST_DEADLINE = timedelta(days=1, minutes=1)
TICK_LIMIT = 600


async def start_bang(table: Table, game: str) -> None:
    """Starts a game of base BANG! or Star Wars for user 0 and three AI players."""
    await table.command(0, "newgame")
    if game == STARWARS:
        await table.press(0, table.lobby(), "game")
    for _ in range(3):
        await table.press(0, table.lobby(), "ai+")
    assert not (await table.press(0, table.lobby(), "start")).alert


def turn_of(table: Table, game_id: int) -> int:
    """Returns the stored game's turn number."""
    game = table.repo.game(game_id)
    assert game is not None and game.state_json is not None
    return games.game(game.ruleset).ruleset.from_json(json.loads(game.state_json)).turn_number


async def deadlines_per_turn(table: Table) -> Counter[int]:
    """Lets every deadline of an absent user 0 pass until the game ends; returns the deadlines each turn took."""
    game = table.game()
    assert game is not None and game.id is not None
    game_id, absent = game.id, table.users[0].id
    spent: Counter[int] = Counter()
    for _ in range(TICK_LIMIT):
        stored = table.repo.game(game_id)
        assert stored is not None
        if stored.status == "finished":
            return spent
        assert awaited_users(table.repo, game_id) == {absent}, "only the absent player holds the game up"
        turn = turn_of(table, game_id)
        spent[turn] += 1
        table.clock.advance(PAST_DEADLINE)
        await table.tick()
        still = table.repo.game(game_id)
        assert still is not None
        if still.status == "running" and turn_of(table, game_id) == turn:
            assert absent not in awaited_users(table.repo, game_id), f"turn {turn} waits again for the absent player"
    raise AssertionError("the game did not end")


GAMES = ["base", STARWARS, *MODE_IDS]


@pytest.mark.parametrize("game", GAMES)
def test_an_absent_player_costs_one_deadline_per_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    async def scenario() -> None:
        monkeypatch.setattr(
            "bangbot.messaging.play.stored_game.MISSES_BEFORE_STANDIN", 10_000
        )  # absent for the whole game
        table = Table(f"sqlite:///{tmp_path / 'absent.sqlite3'}", make_users(1), seed=GAMES.index(game) + 1)
        if game in MODE_IDS:
            await gather_duel(table, game, 1)
        else:
            offer(monkeypatch, games.game("base"), games.game(STARWARS))
            await start_bang(table, game)
        spent = await deadlines_per_turn(table)
        assert spent, "the absent player was waited for"
        assert max(spent.values()) == 1, f"turns that took several deadlines: {spent}"

    asyncio.run(scenario())


def test_the_second_missed_turn_still_hands_the_seat_to_the_ai(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'absent.sqlite3'}", make_users(1), seed=3)
        await start_bang(table, "base")
        game = table.game()
        assert game is not None and game.id is not None
        turns = set()
        while not table.repo.seats(game.id)[0].standin:
            turns.add(turn_of(table, game.id))
            table.clock.advance(PAST_DEADLINE)
            await table.tick()
        assert len(turns) == 2
        assert any("AI plays for them" in text for text in table.group_texts())

    asyncio.run(scenario())
