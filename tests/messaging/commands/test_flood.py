"""Flood control before any handler: a group's repeats answered once, a flooder told once, the game unaffected."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bangbot.messaging.commands.flood_limits import FloodGate
from bangbot.storage.models import CANCELLED, GATHERING
from tests.service_harness import GROUP, Table, make_users

HELP_MARK = "/newgame"  # every /help answer lists /newgame
TOO_FAST = "Too many commands at once"


def gated_table(tmp_path: Path, people: int = 5) -> Table:
    """Returns a table whose service has the bot's flood gate."""
    table = Table(f"sqlite:///{tmp_path / 'flood.sqlite3'}", make_users(people))
    table.svc.ctx.flood = FloodGate()
    return table


def texts(table: Table, chat: int) -> list[str]:
    """Returns the texts of every message sent to a chat."""
    return [m.text for m in table.messenger.in_chat(chat, live_only=False)]


def test_forty_help_in_a_group_are_answered_there_once_and_the_flooder_told_once(tmp_path: Path) -> None:
    table = gated_table(tmp_path)

    async def run() -> None:
        await table.gather(4)
        for _ in range(40):
            await table.command(4, "help")

    asyncio.run(run())
    assert sum(HELP_MARK in text for text in texts(table, GROUP)) == 1
    private = texts(table, table.users[4].id)
    assert sum(TOO_FAST in text for text in private) == 1
    assert sum(HELP_MARK in text for text in private) == 9  # the repeats within the person's bucket, privately
    assert len(private) == 10  # then silence


def test_another_persons_repeat_comes_privately_and_other_words_are_answered_in_the_group(tmp_path: Path) -> None:
    table = gated_table(tmp_path)

    async def run() -> None:
        await table.command(1, "rules", "Barrel")
        await table.command(2, "rules", "barrel")
        await table.command(2, "rules", "Beer")

    asyncio.run(run())
    group = texts(table, GROUP)
    assert len(group) == 2, group
    assert len(texts(table, table.users[2].id)) == 1  # Barrel again: privately


def test_a_repeated_newgame_is_a_short_private_line_and_cancel_still_works_after_a_flood(tmp_path: Path) -> None:
    table = gated_table(tmp_path)
    game_id = 0

    async def run() -> None:
        await table.gather(4)  # its /newgame opened the lobby: the group was shown it a moment ago
        nonlocal game_id
        game_id = table.game().id  # type: ignore[union-attr]
        shown = texts(table, GROUP)
        for _ in range(20):
            await table.command(4, "newgame")
        assert texts(table, GROUP) == shown
        await table.command(0, "cancel")

    asyncio.run(run())
    private = texts(table, table.users[4].id)
    assert sum("a moment ago" in text for text in private) == 10
    assert sum(TOO_FAST in text for text in private) == 1
    assert len(private) == 11
    game = table.repo.game(game_id)
    assert game is not None and game.status == CANCELLED
    assert any("cancelled the game" in text for text in texts(table, GROUP))


def test_without_a_gate_every_command_is_answered_where_it_came(tmp_path: Path) -> None:
    table = Table(f"sqlite:///{tmp_path / 'open.sqlite3'}", make_users(2))

    async def run() -> None:
        for _ in range(12):
            await table.command(1, "help")

    asyncio.run(run())
    assert sum(HELP_MARK in text for text in texts(table, GROUP)) == 12


def test_newgame_right_after_a_cancel_opens_the_next_lobby_though_it_repeats(tmp_path: Path) -> None:
    table = gated_table(tmp_path)

    async def run() -> None:
        await table.command(0, "newgame")
        await table.command(0, "cancel")
        await table.command(0, "newgame")

    asyncio.run(run())
    game = table.game()
    assert game is not None and game.status == GATHERING
