"""Random self-play over every registered game, preset or mode and table size: a new game is covered by registering."""

from __future__ import annotations

import os

import pytest

from bangbot import games
from bangbot.games.contract import table_sizes
from bangbot.selfplay import run_selfplay

GAMES = int(os.environ.get("BANGBOT_SELFPLAY_EVERY", "6"))


def _tables() -> list[tuple[str, str, int]]:
    """Returns (game, preset, players) for every registered game's presets, at its smallest and largest table."""
    found: list[tuple[str, str, int]] = []
    for game in games.GAMES:
        for preset in game.ruleset.presets:
            sizes = table_sizes(game.ruleset, preset)
            found += [(game.id, preset, n) for n in sorted({sizes.start, sizes.stop - 1})]
    return found


TABLES = _tables()


def test_every_registered_game_and_preset_is_covered() -> None:
    assert {game for game, _, _ in TABLES} == {game.id for game in games.GAMES}
    for game in games.GAMES:
        assert {preset for g, preset, _ in TABLES if g == game.id} == set(game.ruleset.presets)


@pytest.mark.parametrize(("game", "preset", "players"), TABLES, ids=["-".join(map(str, t)) for t in TABLES])
def test_random_play_breaks_no_invariant_and_ends(game: str, preset: str, players: int) -> None:
    summary = run_selfplay(GAMES, players, seed=7919 * players, preset=preset, game=game)
    assert summary["invariant_violations"] == 0, summary["violation_examples"]
    assert summary["games_hitting_step_cap"] == 0
    assert sum(summary["wins_by_side"].values()) == GAMES
    assert all(side for side in summary["wins_by_side"])
