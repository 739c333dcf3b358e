"""Whole games of every game and mode in which people press each new message at once, at any moment of its
delivery: after every step, every person the game waits for holds live buttons of their current prompt."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bangbot.games.duel.rules.modes import MODE_IDS, MODES
from bangbot.games.duel.ruleset import DUEL
from tests.awaited_buttons import ANY, SAVED, Presser, bare_awaited
from tests.duel_harness import gather_duel
from tests.service_harness import GROUP, Table, make_users

TABLES = [("base", ""), ("starwars", ""), *((DUEL, mode) for mode in MODE_IDS)]
LIMIT = 3000  # presses at most: a ceiling against a game that would not end


async def gather(table: Table, game: str, mode: str) -> None:
    """Opens a lobby of the game (in the Duel's mode) that every user joins, and starts it."""
    if game == DUEL:
        await gather_duel(table, mode, MODES[mode].players)
        return
    await table.command(0, "newgame")
    while table.game().ruleset != game:  # type: ignore[union-attr]
        assert not (await table.press(0, table.lobby(), "game")).alert
    for user in range(1, len(table.users)):
        assert not (await table.press(user, table.lobby(), "join")).alert
    assert not (await table.press(0, table.lobby(), "start")).alert


@pytest.mark.parametrize(("game", "mode"), TABLES)
def test_every_awaited_player_holds_live_buttons_through_a_whole_game(tmp_path: Path, game: str, mode: str) -> None:
    async def scenario() -> Presser:
        people = MODES[mode].players if game == DUEL else 4
        table = Table(f"sqlite:///{tmp_path / 'bot.sqlite3'}", make_users(people), seed=TABLES.index((game, mode)) + 40)
        await gather(table, game, mode)
        presser = Presser(table, ANY, SAVED, random.Random(f"{game}{mode}"), budget=LIMIT)
        presser.arm()
        rng = random.Random(mode or game)
        for _ in range(LIMIT):
            options = table.choices()
            if not options:
                break
            await table.press(*rng.choice(options))
            await presser.settle()
            assert bare_awaited(table) == [], table.presses
        finished = table.repo.latest_game(GROUP)
        assert finished is not None and finished.status == "finished", "the game ran to its end"
        return presser

    assert asyncio.run(scenario()).made >= 10
