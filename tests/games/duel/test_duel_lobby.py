"""The lobby offers BANG! The Duel: its mode button, the seat count each mode fixes, the chat remembering both."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bangbot.bench.messenger import Sent
from bangbot.games import game as registered
from bangbot.games.bang.ruleset import BASE
from bangbot.games.duel.rules.modes import MODE_IDS, MODES
from bangbot.games.duel.ruleset import DUEL
from bangbot.messaging.lobby import actions as lobby
from bangbot.messaging.press.button_data import decode, lobby_button
from tests.service_harness import GROUP, Table, make_users

STALE, NOT_MINE = "This choice is no longer current.", "This button is not mine or is too old."


def choices(message: Sent) -> list[str]:
    """Returns the choices of a message's buttons."""
    return [decode(b.data).choice for row in message.buttons for b in row if b.data]


def mode_choice(table: Table) -> str:
    """Returns the choice of the lobby's mode button."""
    return next(c for c in choices(table.lobby()) if c.startswith(lobby.MODE))


async def to_duel(table: Table, mode: str = MODE_IDS[0]) -> None:
    """Opens a lobby and presses "Game" until it offers the Duel, then "Mode" until it is mode."""
    await table.command(0, "newgame")
    while table.game().ruleset != DUEL:  # type: ignore[union-attr]
        assert not (await table.press(0, table.lobby(), "game")).alert
    while table.game().preset != mode:  # type: ignore[union-attr]
        assert not (await table.press(0, table.lobby(), mode_choice(table))).alert


def test_the_mode_button_cycles_the_modes_and_each_mode_fixes_the_seats(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'l.sqlite3'}", make_users(3))
        await to_duel(table)
        game = table.game()
        assert game is not None and game.preset == MODE_IDS[0]
        text, offered = table.lobby().text, choices(table.lobby())
        assert "Game: BANG! The Duel." in text
        assert "Mode: Law against Outlaws." in text and "when 2 seats are filled" in text
        assert "Rules:" not in text and "Simplified" not in text
        assert "preset" not in offered and "opt.simplified" not in offered
        seen = [game.preset]
        for _ in MODE_IDS:
            expected = mode_choice(table).removeprefix(lobby.MODE)
            assert not (await table.press(0, table.lobby(), mode_choice(table))).alert
            now = table.game()
            assert now is not None and now.preset == expected
            seen.append(now.preset)
            seats = MODES[now.preset].players
            assert f"when {seats} seats are filled" in table.lobby().text
            assert table.repo.chat_settings(GROUP).ruleset == DUEL
            assert table.repo.chat_settings(GROUP).preset == now.preset
        assert seen == [*MODE_IDS, MODE_IDS[0]]

    asyncio.run(scenario())


def test_ai_seats_and_people_fill_exactly_the_modes_seats(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'l.sqlite3'}", make_users(4))
        await to_duel(table, "standoff")
        for _ in range(5):
            await table.press(0, table.lobby(), "ai+")
        assert table.game().ai_seats == 2  # type: ignore[union-attr]
        assert "AI players: 2" in table.lobby().text
        await table.press(0, table.lobby(), mode_choice(table))  # back to the two-seat Duel: one AI seat is left
        assert table.game().preset == MODE_IDS[0] and table.game().ai_seats == 1  # type: ignore[union-attr]
        await table.press(1, table.lobby(), "join")
        too_many = await table.press(0, table.lobby(), "start")
        assert too_many.alert and "exactly 2 seats" in too_many.text
        full = await table.press(2, table.lobby(), "join")
        assert full.alert and full.text == "The table is full."
        await table.press(0, table.lobby(), "ai-")
        started = await table.press(0, table.lobby(), "start")
        assert not started.alert, started.text
        game = table.repo.game(1)
        assert game is not None and game.status == "running" and game.ruleset == DUEL
        assert [s.is_ai for s in table.repo.seats(1)] == [False, False]

    asyncio.run(scenario())


def test_one_person_and_ai_seats_start_each_mode(tmp_path: Path) -> None:
    async def scenario() -> None:
        for n, mode in enumerate(MODE_IDS):
            table = Table(f"sqlite:///{tmp_path / f'm{n}.sqlite3'}", make_users(1))
            await to_duel(table, mode)
            short = await table.press(0, table.lobby(), "start")
            assert short.alert and f"exactly {MODES[mode].players} seats" in short.text
            for _ in range(MODES[mode].players - 1):
                await table.press(0, table.lobby(), "ai+")
            answer = await table.press(0, table.lobby(), "start")
            assert not answer.alert, answer.text
            game = table.repo.game(1)
            assert game is not None and game.status == "running" and game.preset == mode
            assert len(table.repo.seats(1)) == MODES[mode].players == registered(DUEL).mode_seats(mode)

    asyncio.run(scenario())


@pytest.mark.parametrize("language", ["en", "ru", "ja", "cs"])
def test_a_stale_or_malformed_mode_press_is_answered_and_changes_nothing(tmp_path: Path, language: str) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'l.sqlite3'}", make_users(2, language))
        await to_duel(table)
        stale = table.lobby().buttons  # the keyboard as the lobby showed it before someone changed the mode
        await table.press(0, table.lobby(), mode_choice(table))
        game = table.game()
        assert game is not None
        before = (game.version, game.preset, game.ai_seats)
        old = next(b.data for row in stale for b in row if b.data and decode(b.data).choice.startswith(lobby.MODE))
        forged = [
            old,
            lobby_button(1, game.version, lobby.MODE + "nonsense"),
            lobby_button(1, game.version, lobby.MODE + game.preset),
            lobby_button(1, game.version, "preset"),
            lobby_button(1, game.version, "opt.simplified"),
        ]
        for data in forged:
            answer = await table.press(0, table.lobby(), data=data)
            assert answer.alert and answer.text
            if language != "en":  # in the presser's language, not English
                assert answer.text not in (STALE, NOT_MINE)
        # Someone who is neither the creator nor an admin cannot change the mode.
        await table.press(1, table.lobby(), "join")
        refused = await table.press(1, table.lobby(), mode_choice(table))
        assert refused.alert
        after = table.game()
        assert after is not None and (after.preset, after.ai_seats) == before[1:]

    asyncio.run(scenario())


def test_the_next_lobby_starts_from_the_chats_game_and_mode(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'l.sqlite3'}", make_users(1))
        await to_duel(table, "standoff")
        for _ in range(2):
            await table.press(0, table.lobby(), "ai+")
        await table.command(0, "cancel")
        await table.command(0, "newgame")
        game = table.game()
        assert game is not None and (game.ruleset, game.preset) == (DUEL, "standoff")
        assert "Mode: Mexican standoff." in table.lobby().text and "when 3 seats are filled" in table.lobby().text
        # Back to BANG!: its presets and seat range return, the mode does not stick.
        await table.press(0, table.lobby(), "game")
        game = table.game()
        assert game is not None and game.ruleset == BASE and game.preset in registered(BASE).ruleset.presets
        assert "4–7 seats" in table.lobby().text and "preset" in choices(table.lobby())

    asyncio.run(scenario())
