"""`bangbot bench latency`, short: under Telegram's limits every press is answered and nothing fails silently.

Only correctness figures are checked; the timings are for the benchmark to print.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

from bangbot.bench import latency
from bangbot.bench.latency import alternate, run_latency, side_by_side
from bangbot.storage.deferred import HELD_SECONDS

T = TypeVar("T")


def test_a_short_run_answers_every_press_and_fails_nothing_silently() -> None:
    figures = run_latency(games=3, database="sqlite", seconds=15, seed=3)
    assert isinstance(figures["presses"], int) and figures["presses"] > 0, figures
    assert figures["unanswered"] == 0, figures
    assert figures["silent_failures"] == 0, figures
    assert figures["groups_shown_wrong"] == 0, figures  # checked with shown rows' deletion held back, as in production
    assert figures["held_writes_seconds"] == HELD_SECONDS, figures
    assert figures["skipped_ticks"] == 0, figures
    assert figures["resent_after_lost_reply"] == 0, figures  # no reply is lost on the loopback
    per_turn = figures["per_turn"]
    assert isinstance(per_turn, dict) and per_turn.get("press_answers", 0) > 0, figures
    assert figures["presses_answered"] == figures["presses"], figures
    assert figures["api_calls_per_press"] >= 1, figures  # at least the press's own answer
    if Path("/proc/self/stat").exists():  # the bot's CPU is read from Linux /proc
        assert figures["bot_cpu_ms_per_press"] > 0, figures
        assert figures["bot_cpu_s"] > 0, figures


def test_rounds_alternate_the_two_bots_and_give_each_ones_median(monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[Path | None] = []
    held: list[float] = []

    def fake_run(
        games: int, database: str, seconds: float, seed: int, checkout: Path | None, held_writes: float
    ) -> dict[str, object]:
        ran.append(checkout)
        held.append(held_writes)
        cpu = 10.0 * len(ran)
        return {"bot": str(checkout or "this checkout"), **{name: cpu for name in latency.SIDE_BY_SIDE}}

    monkeypatch.setattr(latency, "run_latency", fake_run)
    other = Path("/before")
    runs = alternate(1, "sqlite", 1.0, 1, other, rounds=2, held_writes=1.0)
    assert ran == [None, other, other, None]  # neither side always runs first
    assert held == [1.0] * 4  # both bots hold back their bookkeeping alike
    table = side_by_side(runs)
    assert table["bot_cpu_ms_per_press"] == {"this checkout": 25.0, "/before": 25.0}  # (10 + 40) / 2, (20 + 30) / 2


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads child processes from Linux /proc")
def test_a_bench_stopped_by_sigterm_stops_the_bot_it_started() -> None:
    bench = subprocess.Popen(
        [sys.executable, "-m", "bangbot", "bench", "latency", "--games", "1", "--seconds", "300"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        bots = wait_for(lambda: children(bench.pid), 60)  # the bot process the bench started
        bench.send_signal(signal.SIGTERM)
        assert bench.wait(60) != 0, "an interrupted run is no success"
        assert wait_for(lambda: not any(Path(f"/proc/{pid}").exists() for pid in bots), 30), bots
    finally:
        bench.kill()


def children(pid: int) -> list[int]:
    """Returns the ids of a process's child processes (Linux /proc)."""
    found = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(child) for child in found.read_text().split()] if found.exists() else []


def wait_for(condition: Callable[[], T], seconds: float) -> T:
    """Returns the condition's first true value, checking until `seconds` have passed (then its last value)."""
    deadline = time.monotonic() + seconds
    while not (value := condition()) and time.monotonic() < deadline:
        time.sleep(0.05)
    return value
