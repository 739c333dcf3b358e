"""Random self-play with every invariant checked after every action; BANGBOT_SELFPLAY_GAMES sets how many."""

from __future__ import annotations

import os

import pytest

from bangbot.selfplay import run_selfplay

GAMES = int(os.environ.get("BANGBOT_SELFPLAY_GAMES", "60"))


@pytest.mark.parametrize(
    ("players", "preset", "simplified"),
    [(4, "standard", False), (5, "ja", False), (6, "standard", True), (7, "standard", False), (7, "ja", True)],
)
def test_random_games_break_no_invariant(players: int, preset: str, simplified: bool) -> None:
    summary = run_selfplay(GAMES, players, seed=1000 * players, preset=preset, choices={"simplified": simplified})
    assert summary["invariant_violations"] == 0, summary["violation_examples"]
    assert summary["games_hitting_step_cap"] == 0
    assert sum(summary["wins_by_side"].values()) == GAMES
    assert set(summary["wins_by_side"]) <= {"law", "outlaws", "renegade"}
