"""Whole games through the service: the Telegram requests a turn costs, into the group and in all, while the group
shows every public event and each person the game starts waiting for gets a new private message."""

from __future__ import annotations

import asyncio
import json
import random
from collections import Counter
from pathlib import Path

import pytest

from bangbot.bench.bot import measure
from bangbot.bench.messenger import GROUP as TO_GROUP
from bangbot.bench.requests import requests_per_turn
from bangbot.games import game as registered
from bangbot.messaging.play.stored_game import load
from tests.service_harness import GROUP, Table, make_users
from tools.awaited import NotifyAudit

# What a turn costs at most with presses far apart (nothing merged in time, nothing held for a quiet turn), measured
# over these games: every press is answered and shows its result to the presser, each awaited person gets a new
# message, and the group's turn message is edited once per move. Issue 18 aims at 4 and 16; the group's 4 is met when
# a turn's moves come quickly (the last test), the rest is per press: see the notes.
BUDGETS = {"base": (5.5, 20.0), "starwars": (7.0, 26.0), "duel": (7.0, 26.0)}
SEATS = {"base": 4, "starwars": 4, "duel": 2}


async def start(table: Table, game_id: str, humans: int) -> int:
    """Opens a lobby of game_id, lets humans join and starts it; returns the game's id."""
    await table.command(0, "newgame")
    while table.game().ruleset != game_id:  # type: ignore[union-attr]
        assert not (await table.press(0, table.lobby(), "game")).alert
    for user in range(1, humans):
        assert not (await table.press(user, table.lobby(), "join")).alert
    assert not (await table.press(0, table.lobby(), "start")).alert
    game = table.game()
    assert game is not None and game.id is not None and game.status == "running"
    return game.id


def assert_group_shows_the_turn(table: Table, game_id: int) -> None:
    """Fails unless the group's turn message shows every public event of the current turn, in order."""
    game = table.repo.game(game_id)
    batch = load(table.svc.ctx, game_id)
    assert game is not None and batch is not None and game.log_message_id is not None
    events = json.loads(game.log_json or "[]")
    tr = table.svc.ctx.tr_chat(GROUP, game=game.ruleset)
    expected = registered(game.ruleset).presenter.log_text(tr, events, batch.names, None)
    shown = next(m for m in table.messenger.in_chat(GROUP) if m.ref.message_id == game.log_message_id)
    assert shown.text.startswith(expected), (expected, shown.text)


@pytest.mark.parametrize("game_id", list(BUDGETS))
def test_a_whole_game_stays_within_its_turn_budget_and_shows_and_notifies_everything(
    tmp_path: Path, game_id: str
) -> None:
    async def scenario() -> dict[str, object]:
        table = Table(f"sqlite:///{tmp_path / 'b.sqlite3'}", make_users(SEATS[game_id]), seed=7)
        game = await start(table, game_id, SEATS[game_id])
        audit = NotifyAudit(table.messenger)
        audit.check(table.repo, game)
        since = Counter(table.messenger.requests)
        rng = random.Random(7)

        def after() -> None:
            audit.check(table.repo, game)
            if table.repo.game(game).status == "running":  # type: ignore[union-attr]
                assert_group_shows_the_turn(table, game)

        await table.play(rng, check=False, after=after)
        finished = table.repo.game(game)
        assert finished is not None and finished.status == "finished"
        assert audit.transitions > 0 and audit.missed == [] and audit.many_live == []
        return requests_per_turn(table.messenger, finished.log_turn, since)

    figures = asyncio.run(scenario())
    group, total = BUDGETS[game_id]
    print(game_id, figures)
    assert figures[TO_GROUP]["total"] <= group, figures  # type: ignore[index]
    assert figures["total"] <= total, figures


def test_quick_moves_of_a_turn_cost_the_group_at_most_four_requests_and_everyone_awaited_is_notified(
    tmp_path: Path,
) -> None:
    figures = asyncio.run(measure(f"sqlite:///{tmp_path / 'q.sqlite3'}", games=2))
    print(figures["requests_per_turn"])
    assert figures["group_held"] is True
    assert figures["requests_per_turn"][TO_GROUP]["total"] <= 4.0, figures["requests_per_turn"]
    assert figures["awaited_transitions"] > 0 and figures["notifications_per_awaited_transition"] == 1.0
