"""`bangbot bench ai --game duel`: per mode, the heuristic on each side against random ones; decision times."""

from __future__ import annotations

import time
from dataclasses import dataclass

from bangbot.ai.random_player import RandomPlayer
from bangbot.bench.batches import HEURISTIC, P99_GOAL_MS, RANDOM, Outcome, percentile, run_batches
from bangbot.games.contract import AIPlayer
from bangbot.games.duel.ai import DuelPlayer
from bangbot.games.duel.ai.match import play_duel
from bangbot.games.duel.rules.data import LAW, OUTLAW, RENEGADE
from bangbot.games.duel.rules.modes import MODE_IDS, MODES

SIDES = (LAW, OUTLAW, RENEGADE)
MAJORITY_GOAL = 0.70  # the heuristic should win at least this share on each side it plays against random ones


@dataclass(frozen=True, slots=True)
class DuelLine:
    """One row: a mode and the seats the heuristic plays (the others: random players)."""

    mode: str
    heuristic_seats: tuple[int, ...]

    @property
    def heuristic_seat(self) -> int | None:
        """Returns the heuristic's seat in a row of one heuristic against random players, else None."""
        return self.heuristic_seats[0] if len(self.heuristic_seats) == 1 else None

    @property
    def label(self) -> str:
        """Returns the row's name, e.g. 'heuristic outlaw vs random'."""
        if self.heuristic_seat is not None:
            return f"{HEURISTIC} {MODES[self.mode].sides[self.heuristic_seat].side} vs {RANDOM}"
        return f"all {HEURISTIC if self.heuristic_seats else RANDOM}"

    def players(self) -> list[AIPlayer]:
        """Returns one AI per seat, in turn order."""
        seats = range(MODES[self.mode].players)
        return [DuelPlayer() if s in self.heuristic_seats else RandomPlayer() for s in seats]


def duel_lines() -> tuple[DuelLine, ...]:
    """Returns every row: for each mode, the heuristic on each side in turn, then all heuristic, then all random."""
    out: list[DuelLine] = []
    for mode in MODE_IDS:
        seats = tuple(range(MODES[mode].players))
        out += [DuelLine(mode, (s,)) for s in seats] + [DuelLine(mode, seats), DuelLine(mode, ())]
    return tuple(out)


def heuristic_rate(line: DuelLine, out: Outcome) -> float:
    """Returns the share of a row's games that the heuristic's side won (0 for a row without a single heuristic)."""
    if line.heuristic_seat is None or not out.games:
        return 0.0
    return out.wins[MODES[line.mode].sides[line.heuristic_seat].side] / out.games


def play_duel_games(line: DuelLine, seeds: range) -> Outcome:
    """Plays one Duel per seed for a row and returns its counts (decisions timed in this thread's CPU time)."""
    out = Outcome()
    started = time.process_time()
    for seed in seeds:
        result = play_duel(line.mode, seed, line.players(), clock=time.thread_time)
        out.games += 1
        out.capped += result.capped
        if result.winner is not None:
            out.wins[result.winner] += 1
        for seat in line.heuristic_seats:
            out.times += result.timings[seat]
    out.cpu = time.process_time() - started
    return out


def duel_row(line: DuelLine, out: Outcome) -> str:
    """Returns the table row of a line: win rates of the mode's sides ('-' for a side not at the table)."""
    present = {s.side for s in MODES[line.mode].sides}
    rates = "".join(f"{100 * out.wins[s] / out.games:>9.1f}%" if s in present else f"{'-':>10}" for s in SIDES)
    ms = " ".join(f"{1000 * percentile(out.times, q):>8.3f}" if out.times else f"{'-':>8}" for q in (50, 99))
    per_second = f"{out.games / out.cpu:>9.1f}" if out.cpu else f"{'-':>9}"
    return f"{line.mode:<16}{line.label:<30}{out.games:>6}{rates}{out.capped:>7} {ms} {per_second}"


def main(games: int = 400, workers: int = 1) -> None:
    """Prints the Duel's AI table: per mode and side, the heuristic's wins against random players; decision times."""
    print("game: duel")
    head = f"{'mode':<16}{'line':<30}{'games':>6}" + "".join(f"{s:>10}" for s in SIDES)
    print(f"{head}{'capped':>7} {'p50 ms':>8} {'p99 ms':>8} {'games/s':>9}")  # games per second of CPU
    started = time.perf_counter()
    results: dict[DuelLine, Outcome] = {}
    for line in duel_lines():
        results[line] = run_batches(play_duel_games, line, games, workers)
        print(duel_row(line, results[line]), flush=True)
    times = [t for out in results.values() for t in out.times]
    p50, p99 = (1000 * percentile(times, q) if times else 0.0 for q in (50, 99))
    print(f"heuristic decisions (view + decide, thread CPU time): {len(times)}, p50 {p50:.3f} ms, p99 {p99:.3f} ms")
    for line, out in results.items():
        if line.heuristic_seat is not None:
            rate = heuristic_rate(line, out)
            verdict = "met" if rate >= MAJORITY_GOAL else "MISSED"
            print(f"goal: {line.mode}, {line.label}: {100 * rate:.1f}% >= {100 * MAJORITY_GOAL:.0f}% {verdict}")
    print(f"goal: p99 decision < {P99_GOAL_MS:g} ms: {'met' if p99 < P99_GOAL_MS else 'MISSED'}")
    print(f"elapsed {time.perf_counter() - started:.1f} s over {workers} worker(s)")
