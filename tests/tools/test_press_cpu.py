"""tools/press_cpu.py on this checkout: one short game of base BANG! through a child process, figures of its shape."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools.press_cpu import STATS, figures, kind_of, main

CHECKOUT = Path(__file__).resolve().parents[2]


def test_one_short_game_on_this_checkout_gives_figures_per_update(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--rounds", "1", "--games", "1", "--cap", "6", "--table", "base/standard/5", "--json"])
    result = json.loads(capsys.readouterr().out)
    tree = result["trees"][str(CHECKOUT)]
    assert tree["all"]["presses"] == 6 and tree["games"] == 1 and tree["skipped"] == {}
    assert tree["lobby"] == 5  # four people join and the first starts: not counted as updates
    assert list(tree["tables"]) == ["base/standard/5"]
    assert all(tree["all"][s] > 0 for s in STATS)
    assert sum(f["presses"] for f in tree["kinds"].values()) == 6 and tree["kinds"]["move"]["presses"] > 0
    assert tree["ratio_to_first"]["all"] == dict.fromkeys(STATS, 1.0)


def test_a_table_the_tree_does_not_offer_is_skipped_with_its_reason(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--rounds", "1", "--games", "1", "--cap", "2", "--table", "nosuchgame/standard/5"])
    out = capsys.readouterr().out
    assert "nosuchgame/standard/5" in out and "skipped: the lobby does not offer the game 'nosuchgame'" in out


def test_figures_are_the_percentiles_of_the_milliseconds() -> None:
    spent = [float(ms) for ms in range(1, 101)]
    assert figures(spent) == {"presses": 100, "median": 50.5, "p90": 90.1, "p99": 99.01, "mean": 50.5}


def test_a_press_is_a_move_when_it_applies_an_action_else_alerted_or_a_step() -> None:
    assert [kind_of("a3", True), kind_of("i.bang", True), kind_of("s.play", False)] == ["move", "alerted", "step"]
