"""Lobby options: each game declares them, the lobby shows and switches them, the table stores them as JSON."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command

from bangbot import games
from bangbot.ai.levels import EASY, players_at
from bangbot.bench.messenger import CollectingMessenger
from bangbot.games.bang.rules.cards import deck_indices
from bangbot.games.bang.ruleset import BASE
from bangbot.games.contract import LobbyOption, chosen
from bangbot.messaging.context import Context
from bangbot.messaging.lobby.options import table_choices
from bangbot.messaging.play.stored_game import load
from bangbot.messaging.press.button_data import decode
from bangbot.messaging.records.outcome import replay_game
from bangbot.storage.db import migrations_config, open_engine
from bangbot.storage.models import Seat
from bangbot.storage.repository import Repository
from tests.offered import offer
from tests.service_harness import Table, make_users

BOOK_FREE = len(deck_indices(True))  # the simplified deck's cards


def insert_game(connection: sa.Connection, chat: int, status: str, simplified: bool, state: str | None) -> None:
    """Inserts a game row as revision 0019 stored it: the simplified game in its own column."""
    connection.execute(
        sa.text(
            "INSERT INTO game (chat_id, thread_id, chat_title, status, creator_id, ruleset, preset, simplified,"
            " deadline_seconds, ai_seats, ai_level, seed, version, state_json, created_at, updated_at, log_json,"
            " log_turn, paused) VALUES (:chat, 0, 'old', :status, 1, 'base', 'standard', :simplified, 3600, 0,"
            " 'normal', 9, 0, :state, '2026-11-01 00:00:00', '2026-11-01 00:00:00', '[]', 1, 0)"
        ),
        {"chat": chat, "status": status, "simplified": simplified, "state": state},
    )


def test_games_lobbies_and_chats_stored_with_the_simplified_column_keep_their_choice(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    rules = games.game(BASE).ruleset
    state, _ = rules.new_game(rules.config(4, "standard", {"simplified": True}), 9)
    saved = json.dumps(rules.to_json(state))
    assert json.loads(saved)["config"]["simplified"] is True and len(json.loads(saved)["deck"]) < BOOK_FREE
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        command.upgrade(migrations_config(connection), "0019")
        insert_game(connection, -1, "running", True, saved)
        insert_game(connection, -2, "gathering", True, None)
        insert_game(connection, -3, "gathering", False, None)
        connection.execute(
            sa.text(
                "INSERT INTO chat_settings (chat_id, ruleset, preset, simplified, deadline_seconds, ai_seats)"
                " VALUES (-2, 'base', 'standard', 1, 3600, 0), (-3, 'base', 'standard', 0, 3600, 0)"
            )
        )
    engine.dispose()
    repo = Repository(open_engine(url))  # migrates to the newest revision
    running, simple, full = (repo.open_game(chat) for chat in (-1, -2, -3))
    assert running is not None and simple is not None and full is not None and running.id is not None
    assert [g.choices_json for g in (running, simple, full)] == ['{"simplified":true}', '{"simplified":true}', "{}"]
    assert [table_choices(g)["simplified"] for g in (running, simple, full)] == [True, True, False]
    assert table_choices(repo.chat_settings(-2)) == {"simplified": True}
    assert table_choices(repo.chat_settings(-3)) == {"simplified": False}
    batch = load(Context(repo, CollectingMessenger(), players_at(EASY)), running.id)
    assert batch is not None and rules.to_json(batch.state) == json.loads(saved)
    seats = [Seat(game_id=running.id, position=n) for n in range(4)]
    replayed = replay_game(running, seats, [])  # dealt again from its seed with the options the JSON kept
    assert rules.to_json(replayed.state)["deck"] == json.loads(saved)["deck"]
    repo.engine.dispose()
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        command.downgrade(migrations_config(connection), "0019")
        rows = connection.execute(sa.text("SELECT chat_id, simplified FROM game ORDER BY chat_id")).all()
    assert [(chat, bool(on)) for chat, on in rows] == [(-3, False), (-2, True), (-1, True)]


def test_an_option_is_its_default_until_chosen_and_undeclared_values_are_not_read() -> None:
    options = (LobbyOption("a", "A: {answer}.", "A"), LobbyOption("b", "B: {answer}.", "B", default=True))
    assert chosen(options, {}) == {"a": False, "b": True}
    assert chosen(options, {"a": True, "b": False, "gone": True}) == {"a": True, "b": False}
    assert chosen(options, {"a": "yes"}) == {"a": False, "b": True}  # not a boolean: the default


def test_the_lobby_shows_switches_and_deals_whatever_options_the_game_declares(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    short = LobbyOption("simplified", label="Short deck: {answer}.", button="Short deck")
    offer(monkeypatch, replace(games.game(BASE), lobby=(short,)))
    table = Table(f"sqlite:///{tmp_path / 'bang.sqlite3'}", make_users(1, "en"))

    async def scenario() -> None:
        await table.command(0, "newgame")
        lobby = table.lobby()
        assert "Short deck: no." in lobby.text and "book-symbol" not in lobby.text
        labels = {b.text: decode(b.data).choice for row in lobby.buttons for b in row}
        assert labels["Short deck"] == "opt.simplified" and "Simplified" not in labels
        assert not (await table.press(0, lobby, "opt.simplified")).alert
        assert "Short deck: yes." in table.lobby().text
        for _ in range(3):
            await table.press(0, table.lobby(), "ai+")
        assert not (await table.press(0, table.lobby(), "start")).alert

    asyncio.run(scenario())
    game = table.game()
    assert game is not None and game.id is not None and game.choices_json == '{"simplified":true}'
    batch = load(table.svc.ctx, game.id)
    assert batch is not None and batch.state.config.simplified
    cards = batch.state.deck + batch.state.discard + [c for p in batch.state.players for c in p.hand + p.in_play]
    assert len(cards) == BOOK_FREE
