"""Rulesets: the registry, the base game behind the contract, menu steps, and the game chosen in the lobby."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command

from bangbot import games
from bangbot.ai.levels import EASY, NORMAL, players_at
from bangbot.bench.messenger import CollectingMessenger
from bangbot.games.bang.rules.state import GameConfig
from bangbot.games.bang.ruleset import BASE, BASE_RULESET
from bangbot.games.contract import STEP_KINDS, AnyRuleset, Ruleset
from bangbot.messaging.context import Context
from bangbot.messaging.play.stored_game import load
from bangbot.storage.db import migrations_config, open_engine
from bangbot.storage.repository import Repository
from tests.offered import offer
from tests.service_harness import GROUP, Table, make_users

CONTRACT = [name for name in dir(Ruleset) if not name.startswith("_")]


def test_the_registry_knows_base_bang_and_refuses_unknown_ids() -> None:
    rules = games.game(BASE).ruleset
    assert rules is games.game(BASE).ruleset and rules.id == BASE
    assert list(rules.seats) == [4, 5, 6, 7] and rules.presets[0] == "standard"
    assert games.game(GameConfig.with_preset(5).ruleset).ruleset is rules
    with pytest.raises(KeyError, match="unknown game"):
        games.game("monopoly")
    with pytest.raises(ValueError):
        rules.config(3, "standard")


def test_every_registered_ruleset_fulfils_the_whole_contract() -> None:
    assert {"apply", "legal_actions", "awaiting", "view", "steps", "to_json", "from_json", "parse"} <= set(CONTRACT)
    for rules in (g.ruleset for g in games.GAMES):
        missing = [name for name in CONTRACT if not hasattr(rules, name)]
        assert missing == [], f"{rules.id} lacks {missing}"


def test_a_game_through_the_contract_alone_ends_and_round_trips() -> None:
    rules = games.game(BASE).ruleset
    chooser = random.Random(3)
    state, _ = rules.new_game(rules.config(6, "ja"), 3)
    applied = 0
    while rules.winner(state) is None:
        seat = chooser.choice(rules.awaiting(state))
        legal = rules.legal_actions(state, seat)
        assert rules.view(state, seat).legal == tuple(legal)
        action = chooser.choice(legal)
        assert rules.parse(rules.notation(action)) == action
        state, events = rules.apply(state, seat, action)
        assert rules.invariants(state, events) == []
        applied += 1
    assert applied > 20 and rules.awaiting(state) == ()
    assert rules.to_json(rules.from_json(json.loads(json.dumps(rules.to_json(state))))) == rules.to_json(state)


def random_states(rules: AnyRuleset, players: int, games: int, chooser: random.Random) -> Iterator[Any]:
    """Yields every state of games random games of a table of players, up to each game's end."""
    for seed in range(games):
        state, _ = rules.new_game(rules.config(players, rules.presets[0]), seed)
        while rules.winner(state) is None:
            yield state
            seat = chooser.choice(rules.awaiting(state))
            state, _ = rules.apply(state, seat, chooser.choice(rules.legal_actions(state, seat)))


def assert_menus_tell_apart(rules: AnyRuleset, legal: Sequence[Any]) -> None:
    """Asserts that the actions' menu steps are all different, of known kinds, and none the start of another."""
    paths = [rules.steps(a) for a in legal]
    assert len(set(paths)) == len(paths), f"two actions share their buttons: {legal}"
    assert all(step.kind in STEP_KINDS for path in paths for step in path)
    # No action's buttons are the start of another's: a menu knows when a choice is complete.
    for path in paths:
        assert not any(len(other) > len(path) and other[: len(path)] == path for other in paths)


def test_menu_steps_tell_every_legal_action_apart() -> None:
    rules = games.game(BASE).ruleset
    checked = 0
    for state in random_states(rules, 7, 12, random.Random(11)):
        for seat in range(7):
            legal = rules.legal_actions(state, seat)
            assert_menus_tell_apart(rules, legal)
            checked += len(legal)
    assert checked > 1000


def test_the_safe_move_never_lets_a_dying_seat_go_out() -> None:
    rules = games.game(BASE).ruleset
    seen = 0
    for state in random_states(rules, 5, 30, random.Random(5)):
        for seat in rules.awaiting(state):
            safe = rules.safe_action(state, seat)
            assert safe is None or safe in rules.legal_actions(state, seat)
            if any(r["seat"] == seat and r["type"] == "Dying" for r in rules.view(state, seat).requests):
                assert safe is None or rules.notation(safe) != "pass"
                seen += 1
    assert seen > 0


def test_games_stored_before_rulesets_load_as_base_bang(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    rules = games.game(BASE).ruleset
    state, _ = rules.new_game(rules.config(4, "standard"), 9)
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        command.upgrade(migrations_config(connection), "0005")
        connection.execute(
            sa.text(
                "INSERT INTO game (chat_id, chat_title, status, creator_id, preset, simplified, deadline_seconds,"
                " ai_seats, seed, version, state_json, created_at, updated_at, log_json, log_turn)"
                " VALUES (-7, 'old', 'running', 1, 'standard', 0, 3600, 0, 9, 0, :state,"
                " '2026-11-01 00:00:00', '2026-11-01 00:00:00', '[]', 1)"
            ),
            {"state": json.dumps(rules.to_json(state))},
        )
        connection.execute(
            sa.text(
                "INSERT INTO chat_settings (chat_id, preset, simplified, deadline_seconds, ai_seats)"
                " VALUES (-7, 'ja', 0, 3600, 0)"
            )
        )
    engine.dispose()
    repo = Repository(open_engine(url))
    game = repo.open_game(-7)
    assert game is not None and game.ruleset == BASE and game.id is not None
    assert repo.chat_settings(-7).ruleset == BASE
    batch = load(Context(repo, CollectingMessenger(), players_at(EASY)), game.id)
    assert batch is not None and batch.rules is rules
    assert rules.to_json(batch.state) == rules.to_json(state)


# A second game for the lobby to offer: base BANG! that only a full table of seven may play.
SEVEN_ONLY = replace(BASE_RULESET, id="seven", seats=range(7, 8))


def test_the_lobby_offers_the_game_and_the_chat_remembers_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    offer(monkeypatch, games.game(BASE), replace(games.game(BASE), ruleset=SEVEN_ONLY, name=("game", "seven")))
    table = Table(f"sqlite:///{tmp_path / 'bang.sqlite3'}", make_users(2, "en"))
    table.svc.ctx.ai = {**table.svc.ctx.ai, SEVEN_ONLY.id: table.svc.ctx.ai[BASE]}

    async def scenario() -> None:
        await table.command(0, "newgame")
        assert "Game: BANG!." in table.lobby().text
        await table.press(0, table.lobby(), "game")
        game = table.game()
        assert game is not None and game.ruleset == SEVEN_ONLY.id
        assert "seven" in table.lobby().text and "when 7 seats are filled" in table.lobby().text
        assert table.repo.chat_settings(GROUP).ruleset == SEVEN_ONLY.id
        await table.press(1, table.lobby(), "join")
        refused = await table.press(1, table.lobby(), "game")
        assert refused.alert and table.game().ruleset == SEVEN_ONLY.id  # type: ignore[union-attr]
        for _ in range(6):
            await table.press(0, table.lobby(), "ai+")
        assert table.game().ai_seats == 6  # type: ignore[union-attr]
        too_many = await table.press(0, table.lobby(), "start")
        assert too_many.alert and "exactly 7 seats" in too_many.text
        await table.press(0, table.lobby(), "ai-")
        answer = await table.press(0, table.lobby(), "start")
        assert not answer.alert, answer.text
        running = table.repo.game(1)
        assert running is not None and running.status == "running" and running.ruleset == SEVEN_ONLY.id

    asyncio.run(scenario())


def test_selfplay_takes_the_game_and_refuses_an_unknown_one() -> None:
    run = [sys.executable, "-m", "bangbot", "selfplay", "--games", "3", "--players", "4"]
    done = subprocess.run([*run, "--game", BASE], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["game"] == BASE and summary["invariant_violations"] == 0
    refused = subprocess.run([*run, "--game", "monopoly"], capture_output=True, text=True, check=False)
    assert refused.returncode == 2 and "invalid choice" in refused.stderr


def test_every_offered_game_has_its_ai_players() -> None:
    from bangbot.ai.levels import EASY, players_at

    offered = [g.id for g in games.GAMES]
    assert set(offered) <= set(players_at(NORMAL)) and set(offered) <= set(players_at(EASY))


def test_every_offered_game_has_a_name_in_every_language() -> None:
    from bangbot.i18n import LANGUAGES, translator
    from bangbot.i18n.glossary import game_name

    offered = [g.id for g in games.GAMES]
    for language in LANGUAGES:
        names = [game_name(translator(language), game) for game in offered]
        assert len(set(names)) == len(offered) and not set(names) & set(offered), (language, names)


@pytest.mark.parametrize("game", ["base", "starwars"])
def test_the_menus_built_from_the_steps_reach_every_legal_action(game: str) -> None:
    from bangbot.games.bang.presenter.keyboards import reachable_choices
    from bangbot.i18n import translator
    from bangbot.i18n.themes import themed

    rules = games.game(game).ruleset
    tr = themed(translator("en"), game)  # as the service renders a game: in its own words
    names = [f"P{n}" for n in range(5)]
    checked = 0
    for state in random_states(rules, 5, 6, random.Random(2)):
        for seat in rules.awaiting(state):
            view = rules.view(state, seat)
            choices = reachable_choices(tr, view, names)
            assert {f"a{i}" for i in range(len(view.legal))} <= choices, view.legal
            checked += len(view.legal)
    assert checked > 300
