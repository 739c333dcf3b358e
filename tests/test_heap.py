"""A process that plays settles its heap once: what exists after starting is frozen out of the collector's passes."""

from __future__ import annotations

import subprocess
import sys
import textwrap


def run(code: str) -> list[str]:
    """Runs code in a fresh interpreter and returns its output's lines."""
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, check=True)
    return done.stdout.split()


def test_settling_freezes_what_is_alive_once_per_process() -> None:
    before, first, second = run(
        """
        import gc
        from bangbot import games, heap
        print(gc.get_freeze_count())
        heap.settle()
        print(gc.get_freeze_count())
        kept = [[i] for i in range(1000)]
        heap.settle()
        print(gc.get_freeze_count())
        """
    )
    assert before == "0" and int(first) > 5_000 and second == first


def test_the_searching_ais_bench_plays_on_a_settled_heap() -> None:
    alive, *_, frozen = run(
        """
        import gc
        from bangbot.cli import main
        print(len(gc.get_objects()))
        try:
            main(["bench", "ai", "--compare", "easy,normal", "--only", "duel", "--games", "1", "--json"])
        except SystemExit:
            pass
        print(gc.get_freeze_count())
        """
    )
    assert int(frozen) > 0.9 * int(alive) > 50_000  # everything the command had made before it played
