"""A turn's quick moves share one edit of the group's log; a new turn, and a stop, show the group what waits at once."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from bangbot.bench.bot_game import players_shown
from bangbot.messaging.codec import decode
from bangbot.messaging.fake import GROUP as TO_GROUP
from bangbot.messaging.showing import Showing
from tests.service_harness import GROUP, Table, make_users
from tests.test_delivery_lanes import press_of

END = "End the turn"
GUARD_SECONDS = 30  # only a hang reaches it


def run(coro: Coroutine[Any, Any, None]) -> None:
    """Runs a test coroutine."""
    asyncio.run(coro)


async def held_table(tmp_path: Path, quiet: float, hold: float) -> Table:
    """Returns a started game of four people whose service holds the group's view for a quiet turn."""
    table = Table(f"sqlite:///{tmp_path / 'h.sqlite3'}", make_users(4), seed=3)
    await table.gather(4)
    table.svc.ctx.group_quiet_seconds = quiet
    table.svc.ctx.group_hold_seconds = hold
    return table


def game_id(table: Table) -> int:
    """Returns the running game's id."""
    game = table.game()
    assert game is not None and game.id is not None
    return game.id


def owner(table: Table) -> int:
    """Returns the user whose newest private message has buttons: the one the game waits for."""
    return next(i for i in range(len(table.users)) if table.private(i) is not None)


async def press_until_moved(table: Table, user: int, ending: bool) -> None:
    """Presses user's buttons (menus opened on the way) until a move is made that keeps the turn going, or if ending
    until the turn ended (its end pressed, then what it asks: cards to discard); waits until each change is shown
    to the players only (the group's view may wait)."""
    game = table.repo.game(game_id(table))
    assert game is not None
    version, turn = game.version, game.log_turn

    def moved() -> bool:
        now = table.repo.game(game_id(table))
        assert now is not None
        return now.log_turn != turn if ending else now.version != version

    while not moved():
        message = table.private(user)
        assert message is not None
        choices = [
            (b.text, decode(b.data).choice)
            for row in message.buttons
            for b in row
            if decode(b.data).choice != "x" and not decode(b.data).choice.startswith("i")
        ]
        ends = [c for text, c in choices if text == END]
        wanted = ends if ending and ends else [c for text, c in choices if text != END]
        table.presses += 1
        await table.svc.on_press(press_of(table, user, message, wanted[0], f"h-{table.presses}"))
        await players_shown(table.svc, game_id(table))
    assert ending or table.repo.game(game_id(table)).log_turn == turn  # type: ignore[union-attr]


def group_requests(table: Table) -> int:
    """Returns how many requests went into the group so far."""
    return sum(n for (to, _), n in table.messenger.requests.items() if to == TO_GROUP)


def log_text(table: Table) -> str:
    """Returns the text of the group's current turn log message."""
    game = table.game()
    assert game is not None
    return next(m.text for m in table.messenger.in_chat(GROUP) if m.ref.message_id == game.log_message_id)


async def two_moves_held(tmp_path: Path) -> tuple[Table, int, str]:
    """Returns a game whose turn's owner made two moves that wait for the group (nothing is shown to it yet), with
    the group's requests and its log's text from before them."""
    table = await held_table(tmp_path, quiet=600, hold=600)
    before, shown_before = group_requests(table), log_text(table)
    user = owner(table)
    await press_until_moved(table, user, ending=False)
    await press_until_moved(table, user, ending=False)
    rows = table.repo.outbox(game_id(table))
    assert len(rows) == 2 and all(Showing.from_json(r.payload).edits_only for r in rows)
    assert group_requests(table) == before and log_text(table) == shown_before  # the group's view waits
    return table, before, shown_before


def test_two_quick_moves_of_a_turn_wait_for_the_group_and_share_one_edit_shown_at_a_stop(tmp_path: Path) -> None:
    async def scenario() -> None:
        table, before, shown_before = await two_moves_held(tmp_path)
        await asyncio.wait_for(table.svc.stop(), GUARD_SECONDS)  # a stop shows what waits at once
        assert group_requests(table) == before + 1  # both moves in one edit of the log (the table is in it)
        assert log_text(table).count("\n") > shown_before.count("\n") + 1  # both moves' lines are in it
        assert table.repo.outbox(game_id(table)) == []

    run(scenario())


def test_a_move_is_shown_to_the_group_once_the_turn_was_quiet(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = await held_table(tmp_path, quiet=0.05, hold=600)
        before, shown_before = group_requests(table), log_text(table)
        await press_until_moved(table, owner(table), ending=False)
        await asyncio.wait_for(table.svc.idle(), GUARD_SECONDS)  # no stop: the quiet spell ends the wait
        assert group_requests(table) == before + 1 and log_text(table) != shown_before
        assert table.repo.outbox(game_id(table)) == []

    run(scenario())


def test_a_new_turn_shows_the_group_at_once_with_the_moves_that_waited(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = await held_table(tmp_path, quiet=600, hold=600)
        first_log = table.game().log_message_id  # type: ignore[union-attr]
        before = group_requests(table)
        user = owner(table)
        await press_until_moved(table, user, ending=False)
        await press_until_moved(table, user, ending=True)
        await asyncio.wait_for(table.svc.idle(), GUARD_SECONDS)  # no stop: the new turn ends the wait
        assert table.game().log_message_id != first_log  # type: ignore[union-attr]
        old = next(m for m in table.messenger.in_chat(GROUP) if m.ref.message_id == first_log)
        assert len(old.history) == 2  # sent, then finished once: the move that waited shared that edit
        assert group_requests(table) == before + 3  # the old log finished, the new one sent, the table edited
        assert table.repo.outbox(game_id(table)) == []

    run(scenario())


def test_every_move_is_shown_to_the_group_alone_when_nothing_is_held(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = await held_table(tmp_path, quiet=0, hold=0)
        before = group_requests(table)
        user = owner(table)
        await press_until_moved(table, user, ending=False)
        await table.svc.idle()
        await press_until_moved(table, user, ending=False)
        await table.svc.idle()
        assert group_requests(table) == before + 2

    run(scenario())


def test_moves_held_for_the_group_when_the_process_dies_are_shown_after_a_restart(tmp_path: Path) -> None:
    async def scenario() -> None:
        table, before, shown_before = await two_moves_held(tmp_path)
        table.restart()  # the process dies holding them: its lanes are cancelled, the rows stay stored
        assert await asyncio.wait_for(table.svc.start(), GUARD_SECONDS) == 1
        await asyncio.wait_for(table.svc.idle(), GUARD_SECONDS)  # this process holds nothing: shown row by row
        assert group_requests(table) > before and log_text(table).count("\n") > shown_before.count("\n") + 1
        assert table.repo.outbox(game_id(table)) == []

    run(scenario())
