"""Every game played with the group's view and the bystanders' messages held (the bot's way): nobody is left behind.

After each press is shown (the turn being quiet: the held rows shown, the bystanders brought up to date), the
message of everyone the game does not wait for shows the stored game, nothing waits in the outbox or in the lanes,
and every person the game started waiting for was notified.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bangbot import games
from bangbot.messaging.delivery.sender import changes, is_awaited
from bangbot.messaging.play.stored_game import load
from tests.duel_harness import gather_duel
from tests.messaging.delivery.test_notify import PRESS_LIMIT, STARWARS, assert_every_transition_notified
from tests.offered import offer
from tests.service_harness import Table, make_users
from tools.awaited import NotifyAudit

QUIET_SECONDS = 0.02  # short, so that each press's idle() sees the turn quiet and the held rows shown
HOLD_SECONDS = 600.0


def hold(table: Table) -> None:
    """Makes the table's service hold the group's view (and the bystanders' messages) for a quiet turn."""
    table.svc.ctx.group_quiet_seconds = QUIET_SECONDS
    table.svc.ctx.group_hold_seconds = HOLD_SECONDS


def assert_nothing_left_behind(table: Table, game_id: int) -> None:
    """Asserts that no row and no bystander's news waits, and that the message of everyone the game does not wait
    for (those whose message may wait) shows the stored game."""
    ctx = table.svc.ctx
    assert ctx.repo.outbox(game_id) == []
    assert not ctx.lanes.of(game_id).held_news
    batch = load(ctx, game_id)
    assert batch is not None
    bystanders = [s for s in batch.seats if s.user_id is not None and not is_awaited(batch, s)]  # at their first step
    behind = [s.position for s in bystanders if changes(ctx, batch, s, [])]
    assert not behind, f"seats {behind} do not show the stored game"


async def held_play(table: Table, seed: int) -> NotifyAudit:
    """Plays the started game to its end by random presses with the group's view held, checking after each."""
    game = table.game()
    assert game is not None and game.id is not None
    game_id = game.id
    audit = NotifyAudit(table.messenger)

    def check() -> None:
        audit.check(table.repo, game_id)
        assert_nothing_left_behind(table, game_id)

    check()
    await table.play(random.Random(seed), PRESS_LIMIT, check=False, after=check)
    finished = table.repo.latest_game(game.chat_id)
    assert finished is not None and finished.status == "finished", "the game did not end"
    return audit


@pytest.mark.parametrize("game", ["base", STARWARS])
def test_a_bang_game_with_the_group_held_leaves_nobody_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    async def scenario() -> None:
        offer(monkeypatch, games.game("base"), games.game(STARWARS))
        table = Table(f"sqlite:///{tmp_path / 'held.sqlite3'}", make_users(5), seed=11)
        await table.command(0, "newgame")
        for user in range(1, 5):
            await table.press(user, table.lobby(), "join")
        if game == STARWARS:
            await table.press(0, table.lobby(), "game")
        hold(table)
        assert not (await table.press(0, table.lobby(), "start")).alert
        assert table.game().ruleset == game  # type: ignore[union-attr]
        assert_every_transition_notified(await held_play(table, seed=len(game)))

    asyncio.run(scenario())


def test_a_duel_with_the_group_held_leaves_nobody_behind(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'held.sqlite3'}", make_users(3), seed=13)
        hold(table)
        await gather_duel(table, "third_outlaws", 2)
        assert_every_transition_notified(await held_play(table, seed=3))

    asyncio.run(scenario())
