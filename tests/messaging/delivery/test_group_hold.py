"""A turn's quick moves share one edit of the group's log; a new turn, and a stop, show the group what waits at once."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from bangbot.bench.bot_game import players_shown
from bangbot.bench.messenger import GROUP as TO_GROUP
from bangbot.messaging.delivery.to_show import Showing
from bangbot.messaging.press.button_data import decode
from tests.messaging.delivery.test_delivery_lanes import press_of, slow_group_table
from tests.service_harness import GROUP, Table, make_users

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


def test_a_new_turn_shows_the_group_at_once_with_the_moves_that_waited_and_the_kept_table_later(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        table = await held_table(tmp_path, quiet=600, hold=600)
        game = table.game()
        assert game is not None and game.table_message_id is not None
        first_log, kept = game.log_message_id, kept_text(table)
        before = group_requests(table)
        user = owner(table)
        await press_until_moved(table, user, ending=False)
        await press_until_moved(table, user, ending=True)

        def new_turn_shown() -> bool:
            return group_requests(table) == before + 2 and table.game().log_message_id != first_log  # type: ignore[union-attr]

        await condition(new_turn_shown)  # no stop: the new turn ends the wait
        old = next(m for m in table.messenger.in_chat(GROUP) if m.ref.message_id == first_log)
        assert len(old.history) == 2  # sent, then finished once: the move that waited shared that edit
        assert kept_text(table) == kept and table.repo.outbox(game_id(table)) != []  # the kept table waits
        await asyncio.wait_for(table.svc.stop(), GUARD_SECONDS)
        assert group_requests(table) == before + 3 and kept_text(table) != kept  # edited once, at the stop
        assert kept_text(table).splitlines()[0].endswith("2")  # the kept table shows the new turn
        assert table.repo.outbox(game_id(table)) == []

    run(scenario())


def kept_text(table: Table) -> str:
    """Returns the text of the group's kept (pinned) table message."""
    game = table.game()
    assert game is not None
    return next(m.text for m in table.messenger.in_chat(GROUP) if m.ref.message_id == game.table_message_id)


async def condition(holds: Callable[[], bool]) -> None:
    """Waits until holds() does (a hang fails after GUARD_SECONDS)."""

    async def poll() -> None:
        while not holds():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), GUARD_SECONDS)


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


def test_turns_waiting_together_for_the_group_send_each_log_once_whole_even_after_a_failure(tmp_path: Path) -> None:
    async def scenario() -> None:
        table, messenger = await slow_group_table(tmp_path / "m.sqlite3")
        first_log = table.game().log_message_id  # type: ignore[union-attr]
        messenger.gate.clear()  # the group's limit is used up: its lane waits with the first move in hand
        await press_until_moved(table, owner(table), ending=False)
        await condition(lambda: messenger.waiting > 0)
        await press_until_moved(table, owner(table), ending=True)  # the second turn begins
        second = owner(table)
        await press_until_moved(table, second, ending=False)
        await press_until_moved(table, second, ending=True)  # the third turn begins: both wait for the group
        messenger.fail_sends = 1  # the first new message fails once: the second turn's log, tried again later
        messenger.gate.set()
        await asyncio.wait_for(table.svc.idle(), GUARD_SECONDS)
        assert messenger.fail_sends == 0 and table.svc.ctx.lanes.retries == 1
        logs = [m for m in messenger.in_chat(GROUP) if m.ref.message_id > first_log]  # type: ignore[operator]
        turn_two = [m for m in logs if m.text.startswith("Turn 2:")]
        assert len(turn_two) == 1 and len(turn_two[0].history) == 1  # sent once, whole, never edited
        assert len(turn_two[0].text.splitlines()) > 2  # its header, its draw and the second player's moves
        assert table.game().log_message_id == next(m for m in logs if m.text.startswith("Turn 3:")).ref.message_id  # type: ignore[union-attr]
        assert table.repo.outbox(game_id(table)) == []

    run(scenario())


def test_a_bystanders_message_waits_for_the_group_and_is_edited_once_with_it(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = await held_table(tmp_path, quiet=600, hold=600)
        lanes = table.svc.ctx.lanes.of(game_id(table))
        shown: dict[int, int] = {}
        for _ in range(MOVES_TO_FIND_A_BYSTANDER):  # moves until one changes a message of someone not asked to act
            shown = {u.id: len(private_history(table, u.id)) for u in table.users}
            await press_until_moved(table, owner(table), ending=False)
            if lanes.held_news:
                break
        assert lanes.held_news, "no move changed a bystander's message"
        seats = table.repo.seats(game_id(table))
        waiting = {seats[position].user_id or 0 for position in lanes.held_news}
        assert all(len(private_history(table, user)) == shown[user] for user in waiting)  # not edited yet
        await asyncio.wait_for(table.svc.stop(), GUARD_SECONDS)  # a stop shows the group, then the bystanders
        assert all(len(private_history(table, user)) == shown[user] + 1 for user in waiting)  # edited once
        assert not lanes.held_news and table.repo.outbox(game_id(table)) == []

    run(scenario())


MOVES_TO_FIND_A_BYSTANDER = 40


def private_history(table: Table, user_id: int) -> list[str]:
    """Returns every text a user's newest private message showed, oldest first."""
    return table.messenger.in_chat(user_id)[-1].history
