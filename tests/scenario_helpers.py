"""Shared helpers for tests that set up a table as a scenario, run a script and read the summary."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from bangbot.games.bang.rules.scenario import run
from bangbot.games.bang.rules.state import GameState

SCENARIO_DIR = Path(__file__).parent / "scenarios"

Summary = dict[str, Any]


def seat_spec(
    character: str, role: str, *, hand: Iterable[str] = (), in_play: Iterable[str] = (), **extra: Any
) -> dict[str, Any]:
    """Returns one player of a scenario: character, role, hand and cards in play (plus life, max_life...)."""
    return {"character": character, "role": role, "hand": list(hand), "in_play": list(in_play), **extra}


def scenario(players: list[dict[str, Any]], script: Iterable[str] = (), **extra: Any) -> dict[str, Any]:
    """Returns a scenario dict; extra holds deck_top, discard, turn, phase, preset, seed..."""
    return {"players": players, "script": list(script), **extra}


def play(data: dict[str, Any], strict: bool = False) -> tuple[GameState, Summary]:
    """Runs a scenario dict in process and returns the final state and its summary (strict: see core/scenario.py)."""
    return run(data, strict)


def seat(summary: Summary, n: int) -> dict[str, Any]:
    """Returns the summary of the player at seat n."""
    player: dict[str, Any] = summary["players"][n]
    assert player["seat"] == n
    return player


def kind(ref: str) -> str:
    """Returns the kind of a card reference like 'bang#12'."""
    return ref.partition("#")[0]


def kinds(refs: Iterable[str]) -> list[str]:
    """Returns the kinds of card references, sorted, so hands compare regardless of order."""
    return sorted(kind(r) for r in refs)


def events(summary: Summary, kind_name: str, **fields: Any) -> list[dict[str, Any]]:
    """Returns the events of a kind whose fields equal the given values, in order."""
    return [e for e in summary["events"] if e["kind"] == kind_name and all(e.get(k) == v for k, v in fields.items())]


def event_index(summary: Summary, kind_name: str, **fields: Any) -> int:
    """Returns the position of the first matching event; fails the test if there is none."""
    for i, e in enumerate(summary["events"]):
        if e["kind"] == kind_name and all(e.get(k) == v for k, v in fields.items()):
            return i
    raise AssertionError(f"no {kind_name} event with {fields} in {summary['events']}")


def legal(summary: Summary, n: int) -> list[str]:
    """Returns the legal actions of seat n in notation (empty if it is not being asked)."""
    out: list[str] = summary["legal"].get(str(n), [])
    return out


def load(name: str) -> dict[str, Any]:
    """Returns the scenario file tests/scenarios/<name>.json as a dict."""
    data: dict[str, Any] = json.loads((SCENARIO_DIR / f"{name}.json").read_text(encoding="utf-8"))
    return data


def _has_module_entry() -> bool:
    """Returns whether `python -m bangbot` can run (the package has a __main__ module)."""
    return importlib.util.find_spec("bangbot.__main__") is not None


def run_cli(path: Path | str) -> tuple[int, str, str]:
    """Runs `bangbot scenario path` and returns (exit status, stdout, stderr)."""
    if _has_module_entry():
        done = subprocess.run(
            [sys.executable, "-m", "bangbot", "scenario", str(path)],
            capture_output=True,
            text=True,
            timeout=300,  # only a ceiling against a hang: a scenario takes a second or two even on a busy machine
            check=False,
        )
        return done.returncode, done.stdout, done.stderr
    from bangbot.cli import main

    out, err = io.StringIO(), io.StringIO()
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(["scenario", str(path)])
        except SystemExit as e:
            code = int(e.code or 0)
    return code, out.getvalue(), err.getvalue()


def run_scenario_file(name: str) -> Summary:
    """Runs tests/scenarios/<name>.json through the command line and returns the printed summary."""
    code, out, err = run_cli(SCENARIO_DIR / f"{name}.json")
    assert code == 0, f"bangbot scenario {name}.json exited {code}: {err}"
    summary: Summary = json.loads(out)
    return summary


def targets(summary: Summary, n: int, card_kind: str) -> list[int]:
    """Returns the other seats that seat n may play a card of card_kind at now, sorted."""
    out: set[int] = set()
    for action in legal(summary, n):
        words = action.split()
        if words[0] == "play" and kind(words[1]) == card_kind and len(words) > 2 and words[2] != f"@{n}":
            out.add(int(words[2][1:]))
    return sorted(out)


def _matches(event: dict[str, Any], pattern: dict[str, Any]) -> bool:
    """Returns whether an event has every field of pattern with the same value."""
    return all(event.get(k) == v for k, v in pattern.items())


def check_expect(summary: Summary, expect: dict[str, Any]) -> None:
    """Checks a scenario summary against the "expect" block of a scenario file.

    Keys: winner, eliminated, turn, awaiting (a file says it at its top level, for strict mode), discard_top;
    seats {seat: {life, alive, hand, hand_kinds, in_play, in_play_kinds}}; legal {seat: exact list};
    targets {seat: {kind: [seats]}}; events [patterns whose first matches must come in this order];
    absent [patterns no event may match].
    """
    for key in ("winner", "eliminated", "turn", "awaiting", "discard_top"):
        if key in expect:
            assert summary[key] == expect[key], f"{key}: {summary[key]!r} != {expect[key]!r}"
    for n, want in expect.get("seats", {}).items():
        got = seat(summary, int(n))
        for key, value in want.items():
            if key.endswith("_kinds"):
                assert kinds(got[key.removesuffix("_kinds")]) == sorted(value), f"seat {n} {key}: {got}"
            else:
                assert got[key] == value, f"seat {n} {key}: {got[key]!r} != {value!r}"
    for n, want in expect.get("legal", {}).items():
        assert legal(summary, int(n)) == want
    for n, by_kind in expect.get("targets", {}).items():
        for card_kind, seats in by_kind.items():
            assert targets(summary, int(n), card_kind) == seats, f"seat {n} {card_kind} targets"
    last = -1
    for pattern in expect.get("events", []):
        found = [i for i, e in enumerate(summary["events"]) if _matches(e, pattern)]
        assert found, f"no event matches {pattern}"
        assert found[0] > last, f"event {pattern} comes too early"
        last = found[0]
    for pattern in expect.get("absent", []):
        assert not [e for e in summary["events"] if _matches(e, pattern)], f"unexpected event {pattern}"


# Characters whose abilities act only in their own phase 1 or their own checks: they stay out of the way.
FILLERS = ("black_jack", "kit_carlson", "lucky_duke", "jesse_jones", "willy_the_kid")


def four_seats(
    p0: dict[str, Any], p1: dict[str, Any], p2: dict[str, Any] | None = None, p3: dict[str, Any] | None = None
) -> list[dict[str, Any]]:
    """Returns a four-player table; seats not given get an outlaw and a renegade with an unused filler character."""
    used = {p["character"] for p in (p0, p1, p2, p3) if p is not None}
    free = iter(c for c in FILLERS if c not in used)
    return [p0, p1, p2 or seat_spec(next(free), "outlaw"), p3 or seat_spec(next(free), "renegade")]
