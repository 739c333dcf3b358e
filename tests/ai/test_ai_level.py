"""A table's AI level, end to end: the lobby's "AI level" button steps easy, normal, hard; the game plays its AI seats
(and a stand-in for an absent person) at that level to the end; a level the lobby does not offer changes nothing."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from bangbot.ai.levels import HARD, players_at
from bangbot.ai.search import Budget
from bangbot.games.contract import Memory
from bangbot.messaging.press.button_data import lobby_button
from tests.service_harness import Table, make_users

TINY = Budget(steps=0, answer_steps=0, candidates=2, horizon=30, seconds=60.0)  # one world a decision


class Counting:
    """An AI player that counts its decisions and leaves them to another."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.decisions = inner, 0

    def decide(self, view: Any, memory: Memory) -> Any:
        self.decisions += 1
        return self.inner.decide(view, memory)

    def observe(self, memory: Memory, seat: int, events: Sequence[Mapping[str, Any]]) -> None:
        self.inner.observe(memory, seat, events)


def test_the_lobby_sets_the_ai_level_and_the_game_plays_its_ai_seats_at_it(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'level.sqlite3'}", make_users(1), seed=4)
        hard = {game: Counting(p) for game, p in players_at(HARD, TINY).items()}
        table.svc.ctx.leveled["hard"] = hard
        await table.command(0, "newgame")
        assert "AI level" not in table.lobby().text  # no AI seat, nothing to set
        for _ in range(3):
            await table.press(0, table.lobby(), "ai+")
        assert "AI level: normal." in table.lobby().text
        await table.press(0, table.lobby(), "level")
        assert "AI level: hard (thinks ahead)." in table.lobby().text
        game = table.game()
        assert game is not None and game.ai_level == "hard"
        stale = lobby_button(game.id or 0, game.version - 1, "level")
        answer = await table.press(0, table.lobby(), data=stale)
        assert answer.alert and table.game().ai_level == "hard"  # type: ignore[union-attr]
        assert not (await table.press(0, table.lobby(), "start")).alert
        await table.play(random.Random(2))
        finished = table.repo.game(game.id or 0)
        assert finished is not None and finished.status == "finished" and finished.ai_level == "hard"
        assert sum(p.decisions for p in hard.values()) > 10

    asyncio.run(scenario())


def test_the_level_steps_easy_normal_hard_and_around(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'steps.sqlite3'}", make_users(1))
        await table.command(0, "newgame")
        await table.press(0, table.lobby(), "ai+")
        seen = []
        for _ in range(3):
            await table.press(0, table.lobby(), "level")
            seen.append(table.game().ai_level)  # type: ignore[union-attr]
        assert seen == ["hard", "easy", "normal"]

    asyncio.run(scenario())
