"""A straight press: its button decoded once, its game read once (its delivery takes the game as the press saved it),
its choice checked without writing any button; a move committed once but for the new messages it sent, a step never."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bangbot.bench.messenger import Sent
from bangbot.bench.press import count_sql, counting
from bangbot.i18n import Translator, translator
from bangbot.messaging.lobby.view import MODE
from bangbot.messaging.press.button_data import decode, game_button
from bangbot.messaging.press.step_menu import ABOUT, PRESS
from tests.service_harness import Table, make_users

GAMES = [("base", "standard", 4), ("duel", "duel", 2)]
NEW_MESSAGES = ("send", "send_document")  # the messenger's calls that send a new message (its progress is stored)
MOVE_COMMITS = 1.8  # the mean commits of a move at most: its save, and the progress of the new messages it sent


def run(coro: object) -> None:
    """Runs a test coroutine."""
    asyncio.run(coro)  # type: ignore[arg-type]


async def start(table: Table, game: str, preset: str, people: int) -> None:
    """Opens a lobby, picks game and preset or mode, lets the people join and starts."""
    await table.command(0, "newgame")

    def choices() -> list[str]:
        return [decode(b.data).choice for row in table.lobby().buttons for b in row if b.data]

    while (row := table.game()) is not None and row.ruleset != game:
        await table.press(0, table.lobby(), "game")
    while (row := table.game()) is not None and row.preset != preset:
        await table.press(0, table.lobby(), MODE + preset if MODE + preset in choices() else "preset")
    for user in range(1, people):
        await table.press(user, table.lobby(), "join")
    answer = await table.press(0, table.lobby(), "start")
    assert not answer.alert, answer.text


async def counted_press(table: Table, user: int, message: Sent, choice: str) -> tuple[Any, Counter[str]]:
    """Presses a button (its data found before counting) and returns the answer and the calls it cost."""
    data = next(b.data for row in message.buttons for b in row if decode(b.data).choice == choice)
    counts: Counter[str] = Counter()
    with counting(counts):
        answer = await table.press(user, message, data=data)
    return answer, counts


@pytest.mark.parametrize(("game", "preset", "people"), GAMES)
def test_a_press_decodes_once_and_reads_its_game_once(tmp_path: Path, game: str, preset: str, people: int) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'p.sqlite3'}", make_users(people), seed=3)
        # a settled delivery deletes its rows itself after a while: on a slow machine that may fall on a press here
        table.svc.ctx.held_writes_seconds = 600.0
        await start(table, game, preset, people)
        rng = random.Random(5)
        moves = steps = move_commits = 0
        sql: Counter[str] = Counter()
        count_sql(table.repo.engine, sql)
        for _ in range(60):
            options = [(u, m, c) for u, m, c in table.choices() if not c.startswith(ABOUT)]
            if not options:
                break
            user, message, choice = rng.choice(options)
            commits, sent = sql["commits"], sum(table.messenger.calls[kind] for kind in NEW_MESSAGES)
            answer, counts = await counted_press(table, user, message, choice)
            commits = sql["commits"] - commits
            sent = sum(table.messenger.calls[kind] for kind in NEW_MESSAGES) - sent
            assert not answer.alert, answer.text
            assert counts["decodes"] == 1, counts
            if choice.startswith(PRESS):  # a move: read once by the press; its lanes take the game it saved
                moves += 1
                move_commits += commits
                assert counts["game_reads"] == 1, counts
                # its save carries what the delivery of the move before held back; each new message's progress
                assert 1 <= commits <= 1 + sent, (commits, sent)
            else:  # a further step: read once, its one keyboard shown, nothing committed (its digest held back)
                steps += 1
                assert counts["game_reads"] == 1, counts
                assert counts["keyboards"] == 1, counts
                assert commits == 0, commits
        assert moves and steps, (moves, steps)
        assert move_commits / moves <= MOVE_COMMITS, (move_commits, moves)

    run(scenario())


@pytest.mark.parametrize(("game", "preset", "people"), GAMES)
def test_a_stale_choice_is_refused_in_the_readers_language_without_writing_a_button(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, preset: str, people: int
) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 's.sqlite3'}", make_users(people, "ru"), seed=4)
        await start(table, game, preset, people)
        user, message, _ = table.choices()[0]
        pressed = decode(next(b.data for row in message.buttons for b in row if b.data))
        stale = game_button(pressed.target, pressed.version, pressed.seat, f"{PRESS}999")

        written: list[str] = []  # every text written meanwhile, by its message id
        for method in ("gettext", "ngettext", "pgettext"):
            original = getattr(Translator, method)

            def writing(self: Translator, message: str, *args: Any, original: Any = original, **values: Any) -> str:
                written.append(message)
                return str(original(self, message, *args, **values))

            monkeypatch.setattr(Translator, method, writing)
        counts: Counter[str] = Counter()
        with counting(counts):
            answer = await table.press(user, message, data=stale)
        assert written == ["This choice is no longer current."]  # the answer alone: no button's text was written
        assert answer.alert
        assert answer.text == translator("ru").gettext("This choice is no longer current.")
        assert answer.text != "This choice is no longer current."  # the reader's language, not the source
        assert counts["keyboards"] == 0, counts
        assert counts["game_reads"] == 1, counts

    run(scenario())
