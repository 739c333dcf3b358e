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

from bangbot.bench.latency import run_latency

T = TypeVar("T")


def test_a_short_run_answers_every_press_and_fails_nothing_silently() -> None:
    figures = run_latency(games=3, database="sqlite", seconds=15, seed=3)
    assert isinstance(figures["presses"], int) and figures["presses"] > 0, figures
    assert figures["unanswered"] == 0, figures
    assert figures["silent_failures"] == 0, figures
    assert figures["skipped_ticks"] == 0, figures
    assert figures["resent_after_lost_reply"] == 0, figures  # no reply is lost on the loopback
    per_turn = figures["per_turn"]
    assert isinstance(per_turn, dict) and per_turn.get("press_answers", 0) > 0, figures


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
