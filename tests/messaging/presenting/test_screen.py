"""What a player needs to decide is on their private screen: reach, reasons, the chosen card, fixed keys, farewells."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from bangbot.bench.messenger import Sent
from bangbot.console.messenger import numbered
from bangbot.games import GAME_IDS
from bangbot.games.bang.rules.scenario import run as run_scenario
from bangbot.games.bang.rules.serialize import to_json
from bangbot.i18n import translator
from bangbot.i18n.glossary import game_name
from bangbot.messaging.adapter import BACK, END, Button
from bangbot.messaging.press.button_data import decode
from tests.service_harness import GROUP, Table, make_users


def run(coro: object) -> None:
    """Runs a test coroutine."""
    asyncio.run(coro)  # type: ignore[arg-type]


async def seated(tmp_path: Path, setup: dict[str, Any], language: str = "en") -> Table:
    """Returns a table of four people whose running game was replaced by a scenario's, each shown their message."""
    table = Table(f"sqlite:///{tmp_path / 'screen.sqlite3'}", make_users(4, language))
    await table.gather(4)
    game = table.game()
    assert game is not None
    state, _ = run_scenario(setup)
    game.state_json = json.dumps(to_json(state))
    table.repo.save(game)
    for user in range(4):
        await table.command(user, "status", private=True)
    return table


def screen(table: Table, user: int) -> Sent:
    """Returns the user's newest live private message."""
    return table.messenger.last(table.users[user].id)


def button(message: Sent, text: str) -> str:
    """Returns the choice of the button of message whose text starts with text."""
    return next(decode(b.data).choice for row in message.buttons for b in row if b.text.startswith(text))


def sheriff_with(hand: list[str], **extra: Any) -> dict[str, Any]:
    """Returns a scenario in seat 0's turn: Schofield in play, Mustangs make seat 1 two and seat 2 three away."""
    return {
        "players": [
            {"character": "bart_cassidy", "role": "sheriff", "hand": hand, "in_play": ["schofield"]},
            {"character": "black_jack", "role": "outlaw", "in_play": ["mustang"], "hand": ["bang"]},
            {"character": "kit_carlson", "role": "renegade", "in_play": ["mustang"]},
            {"character": "jesse_jones", "role": "outlaw", "hand": ["beer"]},
        ],
        "turn": 0,
        "phase": "play",
        **extra,
    }


def test_the_private_message_shows_distances_reach_and_why_cards_are_not_offered(tmp_path: Path) -> None:
    async def scenario() -> None:
        setup = sheriff_with(["bang", "beer:6H", "missed", "panic"], bangs_played=1)
        table = await seated(tmp_path, setup)
        text = screen(table, 0).text
        assert "Distance to each player (your weapon reaches 2):" in text
        assert "Player1 — in range of BANG! (2)" in text
        assert "Player2 — out of range (3)" in text
        assert "Player3 — in range of BANG! and Panic! (1)" in text
        assert "One BANG! per turn: you have played one already." in text
        assert "Beer at full life does nothing." in text
        assert "Missed! is played only when someone shoots at you, not in your own turn." in text
        labels = [b.text for row in screen(table, 0).buttons for b in row]
        assert not any(label.startswith("BANG!") or label.startswith("Missed!") for label in labels)
        # Someone waiting sees the distances too, from their own seat, but no reasons: it is not their turn.
        other = screen(table, 2).text
        assert "Player0 — out of range (2)" in other and "Player3 — in range of BANG! and Panic! (1)" in other
        assert "One BANG! per turn" not in other and "Player2 —" not in other

    run(scenario())


def test_a_chosen_card_is_named_in_the_next_step_and_back_and_end_keep_the_last_row(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = await seated(tmp_path, sheriff_with(["bang:JD", "panic:JH", "beer:6H"]))
        top = screen(table, 0)
        assert "One BANG! per turn" not in top.text
        assert top.buttons[-1] == (Button("End the turn", top.buttons[-1][0].data, fixed=END),)
        await table.press(0, top, button(top, "BANG!\u00a0J♦"))
        step = screen(table, 0)
        assert "BANG!\u00a0J♦ → at whom?" in step.text
        assert [b.text for b in step.buttons[-2]] == ["❓ BANG!\u00a0J♦"]  # the card's text, one press away
        targets = [b.text for row in step.buttons[:-2] for b in row]
        assert targets == [
            "Player1: Black Jack, ♥♥♥♥ 4/4, distance 2",
            "Player3: Jesse Jones, ♥♥♥♥ 4/4, distance 1",
            "Yourself",  # BANG! on oneself, legal in the standard preset
        ]
        assert [(b.text, b.fixed) for b in step.buttons[-1]] == [("« Back", BACK)]
        await table.press(0, step, "x")
        top = screen(table, 0)
        await table.press(0, top, button(top, "Panic!\u00a0J♥"))
        step = screen(table, 0)
        assert "Panic!\u00a0J♥ → whose card?" in step.text
        await table.press(0, step, button(step, "Player3"))
        step = screen(table, 0)
        assert "Panic!\u00a0J♥ → Player3: which card?" in step.text
        assert [(b.text, b.fixed) for b in step.buttons[-1]] == [("« Back", BACK)]
        await table.press(0, step, button(step, "«"))
        await table.press(0, screen(table, 0), "x")
        top = screen(table, 0)
        await table.press(0, top, button(top, "Beer\u00a06♥"))
        step = screen(table, 0)
        assert "Beer\u00a06♥ → Beer at full life does nothing. Play it anyway?" in step.text
        assert [b.text for b in step.buttons[0]] == ["Play it anyway"]

    run(scenario())


def test_an_eliminated_player_is_told_privately_by_whom_and_their_role(tmp_path: Path) -> None:
    async def scenario() -> None:
        setup = sheriff_with(["bang"])
        setup["players"][3] |= {"life": 1, "hand": []}
        table = await seated(tmp_path, setup)
        top = screen(table, 0)
        await table.press(0, top, button(top, "BANG!"))
        step = screen(table, 0)
        await table.press(0, step, button(step, "Player3"))
        farewell = [m.text for m in table.messenger.in_chat(table.users[3].id) if not m.buttons][-1]
        assert farewell == (
            "You are out of the game in Dodge City: Player0 eliminated you.\n"
            "Your role is now shown to everyone: Outlaw.\n"
            "You can keep watching the game in the group."
        )
        # Only the eliminated player gets one, and only once.
        for user in range(3):
            assert not any(
                "You are out of the game in" in m.text for m in table.messenger.in_chat(table.users[user].id)
            )
        assert sum("You are out of the game in" in t for t in table.messenger.all_texts(table.users[3].id)) == 1
        assert not any("You are out of the game in" in t for t in table.group_texts())

    run(scenario())


def test_the_farewell_and_the_reasons_are_in_the_players_language(tmp_path: Path) -> None:
    async def scenario() -> None:
        setup = sheriff_with(["bang", "beer"])
        setup["players"][3] |= {"life": 1, "hand": []}
        table = await seated(tmp_path, setup, "ru")
        top = screen(table, 0)
        assert "Расстояние" in top.text and "«Пиво»" in top.text
        await table.press(0, top, button(top, "«Бэнг!»"))
        step = screen(table, 0)
        assert "→" in step.text and "«Бэнг!»" in step.text.splitlines()[-1]
        await table.press(0, step, button(step, "Player3"))
        farewell = [m.text for m in table.messenger.in_chat(table.users[3].id) if not m.buttons][-1]
        assert "Player0" in farewell and "Бандит" in farewell and "You are" not in farewell

    run(scenario())


def test_end_and_back_keep_the_numbers_0_and_9_in_the_terminal() -> None:
    cards = [Button(f"card {i}", f"a{i}") for i in range(10)]
    keys = numbered(((*cards[:2],), (*cards[2:],), (Button("End the turn", "a10", fixed=END),)))
    assert [k for k, _ in keys] == ["1", "2", "3", "4", "5", "6", "7", "8", "10", "11", "0"]
    assert keys[-1][1].text == "End the turn"
    back = numbered(((Button("Player1", "a1"),), (Button("« Back", "x", fixed=BACK),)))
    assert back == [("1", Button("Player1", "a1")), ("9", Button("« Back", "x", fixed=BACK))]


def test_help_tells_that_end_and_back_keep_their_place(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'help.sqlite3'}", make_users(1))
        await table.command(0, "help")
        assert "always 0 and 9" in table.messenger.last(GROUP).text

    run(scenario())


@pytest.mark.parametrize("language", ["en", "ru", "ja", "cs"])
def test_help_names_every_game_the_lobby_offers_in_the_chat_language(tmp_path: Path, language: str) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'help.sqlite3'}", make_users(1, language))
        await table.command(0, "help", private=True)
        text = table.messenger.last(table.users[0].id).text
        names = [game_name(translator(language), game) for game in GAME_IDS]
        assert "duel" in GAME_IDS and all(name in text for name in names), (names, text)
        assert "/newgame" in text and "{" not in text

    run(scenario())
