"""`bangbot bench latency`, short: under Telegram's limits every press is answered and nothing fails silently.

Only correctness figures are checked; the timings are for the benchmark to print.
"""

from __future__ import annotations

from bangbot.bench.latency import run_latency


def test_a_short_run_answers_every_press_and_fails_nothing_silently() -> None:
    figures = run_latency(games=3, database="sqlite", seconds=15, seed=3)
    assert isinstance(figures["presses"], int) and figures["presses"] > 0, figures
    assert figures["unanswered"] == 0, figures
    assert figures["silent_failures"] == 0, figures
    assert figures["skipped_ticks"] == 0, figures
    assert figures["resent_after_lost_reply"] == 0, figures  # no reply is lost on the loopback
    per_turn = figures["per_turn"]
    assert isinstance(per_turn, dict) and per_turn.get("press_answers", 0) > 0, figures
