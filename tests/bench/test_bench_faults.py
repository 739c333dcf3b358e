"""`bangbot bench faults`, short: the real bot process killed with SIGKILL at random moments loses nothing."""

from __future__ import annotations

import pytest

from bangbot.bench.faults import run_faults
from bangbot.storage.postgres import find_bin

CATCH_UP = 120.0  # a ceiling for a loaded machine: on an idle one the table catches up within a second or two


def check(figures: dict[str, object], kills: int) -> None:
    """Checks the figures of a fault run."""
    assert figures["kills"] == kills, figures
    assert figures["lost"] == 0, figures
    assert figures["duplicated"] == 0, figures
    assert figures["stalled"] == 0, figures
    assert figures["replay_mismatches"] == 0, figures
    assert isinstance(figures["presses"], int) and figures["presses"] > 0, figures


def test_kills_on_sqlite_lose_nothing_and_stall_nothing() -> None:
    check(run_faults(kills=8, seed=11, database="sqlite", budget=1800, stall_seconds=CATCH_UP), 8)


@pytest.mark.skipif(find_bin("initdb") is None, reason="PostgreSQL is not installed here")
def test_kills_on_postgresql_lose_nothing_and_stall_nothing() -> None:
    check(run_faults(kills=4, seed=12, database="postgresql", budget=1800, stall_seconds=CATCH_UP), 4)
