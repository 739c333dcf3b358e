"""The bench runner's parts every game's AI and engine bench uses: seeded games in chunks, over one process or several,
and their figures (percentiles, shares, decision speed, the printed table)."""

from __future__ import annotations

import json
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol, Self, TypeVar

HEURISTIC = "heuristic"
RANDOM = "random"
P99_GOAL_MS = 5.0
OUTCOME_CHUNK = 100  # games per batch of a win-rate line
BATCH_CHUNK = 50  # games per chunk of a sanity table
L = TypeVar("L")
T = TypeVar("T")


class Adds(Protocol):
    """Figures of some games that the figures of more games of the same line can be added to."""

    def add(self, other: Self) -> None:
        """Adds another chunk's figures."""
        ...


P = TypeVar("P", bound=Adds)


@dataclass
class Outcome:
    """Counts and heuristic decision times over some games of one line."""

    games: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    capped: int = 0
    times: list[float] = field(default_factory=list)
    cpu: float = 0.0  # seconds of CPU the games took, summed over workers

    def add(self, other: Outcome) -> None:
        """Adds another batch of the same line."""
        self.games += other.games
        self.wins.update(other.wins)
        self.capped += other.capped
        self.times += other.times
        self.cpu += other.cpu


def in_chunks(play: Callable[[L, range], P], what: L, seeds: range, chunk: int, workers: int, total: P) -> P:
    """Plays the seeds of any game's line or table in chunks, over workers processes when more than one, adding each
    chunk's figures to total, and returns it."""
    chunks = [range(s, min(s + chunk, seeds.stop)) for s in range(seeds.start, seeds.stop, chunk)]
    if workers <= 1:
        for c in chunks:
            total.add(play(what, c))
        return total
    with ProcessPoolExecutor(workers) as pool:
        for part in pool.map(play, [what] * len(chunks), chunks):
            total.add(part)
    return total


def run_batches(play: Callable[[L, range], Outcome], line: L, games: int, workers: int) -> Outcome:
    """Plays games games of any game's line (play: one batch of seeds), over workers processes when more than one."""
    return in_chunks(play, line, range(games), OUTCOME_CHUNK, workers, Outcome())


def percentile(values: Sequence[float], q: float) -> float:
    """Returns the q-th percentile (0..100) of values, nearest rank; 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


@dataclass
class Batch:
    """Counts, heuristic decision times and CPU time over some games of one table."""

    tally: Counter[str] = field(default_factory=Counter)
    times: list[float] = field(default_factory=list)
    elapsed: float = 0.0

    def add(self, other: Batch) -> None:
        """Adds another batch of the same table."""
        self.tally.update(other.tally)
        self.times += other.times
        self.elapsed += other.elapsed


def run_chunks(play: Callable[[T, range], Batch], table: T, games: int, seed: int, workers: int) -> Batch:
    """Plays games seeded seed, seed+1, ... of any game's table in chunks, over workers processes when more than one."""
    return in_chunks(play, table, range(seed, seed + games), BATCH_CHUNK, workers, Batch())


def share(part: float, whole: float) -> float:
    """Returns part / whole rounded, 0 when whole is 0."""
    return round(part / whole, 4) if whole else 0.0


def speed(batch: Batch) -> dict[str, float]:
    """Returns a heuristic table's decision time (p50, p99, mean, in ms) and games per CPU second."""
    return {
        "decision_ms_p50": round(1000 * percentile(batch.times, 50), 4),
        "decision_ms_p99": round(1000 * percentile(batch.times, 99), 4),
        "decision_ms_mean": round(1000 * statistics.fmean(batch.times), 4) if batch.times else 0.0,
        "heuristic_games_per_cpu_s": round(batch.tally["games"] / batch.elapsed, 2) if batch.elapsed else 0.0,
    }


def render(results: dict[str, dict[str, Any]], column: Callable[[str], str] = lambda size: f"{size}p ") -> str:
    """Returns the developer-facing table: one column pair (heuristic, random) per table (column names it)."""
    sizes = list(results)
    keys = [k for k in results[sizes[0]] if k != "random_baseline"]
    width = max([44] + [len(k) + 1 for k in keys])
    head = f"{'figure':<{width}}" + "".join(f"{column(s) + 'heur':>13}{column(s) + 'random':>13}" for s in sizes)
    lines = [head]
    for k in keys:
        cells = ""
        for s in sizes:
            base = results[s]["random_baseline"].get(k)
            cells += f"{_cell(results[s][k]):>13}{_cell(base):>13}"
        lines.append(f"{k:<{width}}{cells}")
    return "\n".join(lines)


def _cell(value: object) -> str:
    """Returns a table cell: a number with up to three decimals, '-' for none."""
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def report(
    results: dict[str, dict[str, Any]],
    as_json: bool,
    title: str,
    elapsed: float,
    workers: int,
    apart: bool = False,
) -> None:
    """Prints the figures of every table: one JSON object keyed by table, or the titled table(s) and the time taken.

    apart: one table per key (its own heuristic and random columns), for tables whose figures differ."""
    if as_json:
        print(json.dumps(results, indent=2, sort_keys=True))
        return
    print(title)
    if apart:
        for name, one in results.items():
            print(f"\n{name}:")
            print(render({name: one}, column=lambda _: ""))
    else:
        print(render(results))
    print(f"elapsed {elapsed:.1f} s over {workers} worker(s)")


def json_costs(states: Sequence[Any], write: Callable[[Any], Any], read: Callable[[Any], Any]) -> dict[str, Any]:
    """Returns the JSON size of some states and what one write + read back costs (write: to_json, read: from_json)."""
    sizes = [len(json.dumps(write(s), separators=(",", ":"))) for s in states]
    started = time.perf_counter()
    for s in states:
        read(json.loads(json.dumps(write(s), separators=(",", ":"))))
    per_action_us = (time.perf_counter() - started) / len(states) * 1e6
    return {
        "states_sampled": len(states),
        "state_json_bytes_mean": round(statistics.mean(sizes)),
        "state_json_bytes_max": max(sizes),
        "serialise_and_load_us_per_action": round(per_action_us, 1),
    }
