"""The bangbot command: scenario exit codes, selfplay summary and the engine benchmark's figures."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from bangbot.games.duel.rules.modes import MODE_IDS

GOOD = {
    "players": [
        {"character": "willy_the_kid", "role": "sheriff", "hand": ["bang", "beer"]},
        {"character": "bart_cassidy", "role": "outlaw"},
        {"character": "black_jack", "role": "outlaw"},
        {"character": "kit_carlson", "role": "renegade"},
    ],
    "script": ["0: play bang @1"],
    "awaiting": [0],
}


def bangbot(*args: str) -> subprocess.CompletedProcess[str]:
    """Runs the bangbot command in a subprocess."""
    return subprocess.run([sys.executable, "-m", "bangbot", *args], capture_output=True, text=True, check=False)


def test_scenario_prints_the_resulting_state(tmp_path: Path) -> None:
    path = tmp_path / "ok.json"
    path.write_text(json.dumps(GOOD))
    result = bangbot("scenario", str(path))
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["players"][1]["life"] == 3
    assert out["discard_top"].startswith("bang#")
    assert {"deck_size", "events", "winner", "eliminated"} <= set(out)


def test_an_illegal_step_stops_with_the_step_and_the_legal_actions(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({**GOOD, "script": ["0: play bang @2"]}))
    result = bangbot("scenario", str(path))
    assert result.returncode == 1
    err = json.loads(result.stderr)
    assert err["step"] == 1
    assert "play bang#0 @1" in " ".join(err["legal"]) or any(a.startswith("play bang#") for a in err["legal"])
    assert "end" in err["legal"]


def test_a_script_that_stops_elsewhere_than_it_says_fails_unless_loose(tmp_path: Path) -> None:
    path = tmp_path / "elsewhere.json"
    path.write_text(json.dumps({**GOOD, "awaiting": [1]}))
    strict = bangbot("scenario", str(path))
    assert strict.returncode == 1
    assert "asked now: 0: " in json.loads(strict.stderr)["error"]
    loose = bangbot("scenario", "--loose", str(path))
    assert loose.returncode == 0, loose.stderr
    assert json.loads(loose.stdout)["awaiting"] == [0]


def test_a_malformed_scenario_file_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    result = bangbot("scenario", str(path))
    assert result.returncode == 2
    assert "error" in json.loads(result.stderr)


def test_selfplay_prints_a_summary() -> None:
    result = bangbot("selfplay", "--games", "5", "--players", "5", "--seed", "7")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["games"] == 5 and summary["invariant_violations"] == 0
    assert sum(summary["wins_by_side"].values()) == 5


def test_bench_engine_prints_figures() -> None:
    result = bangbot("bench", "engine", "--games", "3")
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert any("games_per_s" in line and line["players"] == 7 for line in lines)
    assert any("state_json_bytes_max" in line for line in lines)
    assert {line["game"] for line in lines if "games_per_s" in line} == {"base", "starwars", "duel"}  # side by side
    duel = [line for line in lines if line["game"] == "duel" and "games_per_s" in line]
    assert [line["mode"] for line in duel] == list(MODE_IDS) and all(line["actions_per_s"] > 0 for line in duel)


def test_bench_ai_for_the_duel_has_a_row_per_mode_and_side_and_the_goals() -> None:
    result = bangbot("bench", "ai", "--game", "duel", "--games", "2")
    assert result.returncode == 0, result.stderr
    out = result.stdout.splitlines()
    assert out[0] == "game: duel" and out[1].split()[:6] == ["mode", "line", "games", "law", "outlaw", "renegade"]
    rows = [line.split() for line in out[2:] if line.split()[0] in MODE_IDS]
    assert {r[0] for r in rows} == set(MODE_IDS)
    assert sum(1 for r in rows if r[1:4] == ["heuristic", "law", "vs"]) == 4  # Law plays in four modes
    assert sum(1 for line in out if line.startswith("goal: ")) == 12  # eleven sides against random, and the time
    assert any(line.startswith("heuristic decisions") and "p99" in line for line in out)


def test_options_that_do_not_fit_get_one_line_naming_the_valid_choices() -> None:
    wrong = {
        ("--game", "starwars", "--preset", "ja"): "--game starwars has no preset ja (its presets: standard).",
        ("--game", "duel", "--preset", "ja"): "--preset does not go with --game duel: choose its table with --mode",
        ("--game", "starwars", "--players", "3"): "--game starwars is played by 4 to 7 players, not --players 3.",
        ("--lang", "de"): "argument --lang: invalid choice: 'de' (choose from",
    }
    for args, line in wrong.items():
        result = bangbot(*args)
        assert result.returncode == 2 and result.stdout == "", args
        assert result.stderr.count("\n") == 1 and line in result.stderr, result.stderr
    assert "standoff" in bangbot("--game", "duel", "--preset", "ja").stderr


def test_help_explains_the_language_and_the_preset() -> None:
    helped = " ".join(bangbot("--help").stdout.split())
    assert "your language: en, ru, ja or cs" in helped
    assert "the rules: standard, or ja" in helped
