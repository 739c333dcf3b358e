"""`bangbot bench ai`: win rates of heuristic and random AI tables, and how long a heuristic decision takes."""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass

from bangbot.ai.random_player import RandomPlayer
from bangbot.bench.batches import HEURISTIC, P99_GOAL_MS, RANDOM, Outcome, percentile, run_batches
from bangbot.games import DEFAULT
from bangbot.games import game as registered
from bangbot.games.bang.ai.heuristic import HeuristicPlayer
from bangbot.games.bang.ai.match import play_match
from bangbot.games.bang.rules.roles import DEPUTY, LAW, OUTLAWS, RENEGADE_SIDE, SHERIFF
from bangbot.games.bang.rules.state import family_config
from bangbot.games.contract import AIPlayer

SIDES = (LAW, OUTLAWS, RENEGADE_SIDE)
SHERIFF_TEAM_GOAL = 0.80


@dataclass(frozen=True, slots=True)
class Line:
    """One row of the table: table size, who plays the Sheriff's team and who the others."""

    players: int
    law: str
    others: str
    game: str = DEFAULT

    @property
    def label(self) -> str:
        """Returns the row's name, e.g. 'heuristic law vs random, 7p' (the law: the Sheriff's or Vader's side)."""
        if self.law == self.others:
            return f"all {self.law}, {self.players}p"
        return f"{self.law} law vs {self.others}, {self.players}p"


def lines(game: str) -> tuple[Line, ...]:
    """Returns the table's rows for a game: every pairing of heuristic and random, at 5 and 7 players."""
    pairs = ((HEURISTIC, HEURISTIC), (HEURISTIC, RANDOM), (RANDOM, HEURISTIC), (RANDOM, RANDOM))
    return tuple(Line(n, law, others, game) for law, others in pairs for n in (5, 7))


def make(name: str) -> AIPlayer:
    """Returns a fresh AI player of this name."""
    return HeuristicPlayer() if name == HEURISTIC else RandomPlayer()


def play_games(line: Line, seeds: range) -> Outcome:
    """Plays one game per seed for a line and returns its counts."""
    law, others = make(line.law), make(line.others)
    rules = registered(line.game).ruleset
    config = rules.config(line.players, rules.presets[0])
    out = Outcome()
    started = time.process_time()
    for seed in seeds:
        result = play_match(family_config(config), seed, lambda s, role: law if role in (SHERIFF, DEPUTY) else others)
        out.games += 1
        out.capped += result.capped
        if result.winner is not None:
            out.wins[result.winner] += 1
        for seat, role in enumerate(result.roles):
            if (line.law if role in (SHERIFF, DEPUTY) else line.others) == HEURISTIC:
                out.times += result.timings[seat]
    out.cpu = time.process_time() - started
    return out


def run_line(line: Line, games: int, workers: int) -> Outcome:
    """Plays games games of a line, over workers processes when more than one."""
    return run_batches(play_games, line, games, workers)


def row(line: Line, out: Outcome) -> str:
    """Returns the table row of a line."""
    rates = "".join(f"{100 * out.wins[s] / out.games:>9.1f}%" for s in SIDES)
    if out.times:
        timing = f"{1000 * statistics.fmean(out.times):>9.3f} {1000 * percentile(out.times, 99):>9.3f}"
    else:
        timing = f"{'-':>9} {'-':>9}"
    speed = f"{out.games / out.cpu:>9.1f}" if out.cpu else f"{'-':>9}"
    return f"{line.label:<32}{out.games:>7}{rates}{out.capped:>7} {timing} {speed}"


def main(games: int = 2000, workers: int = 1, game: str = DEFAULT) -> None:
    """Prints a base-engine game's AI table: win rates per side per line, decision times, the goals (its hook)."""
    table_lines = lines(game)
    print(f"game: {game}")
    head = f"{'line':<32}{'games':>7}{'law':>10}{'outlaws':>10}{'renegade':>10}{'capped':>7}"
    print(f"{head} {'mean ms':>9} {'p99 ms':>9} {'games/s':>9}")  # games per second of CPU
    started = time.perf_counter()
    results: dict[Line, Outcome] = {}
    for line in table_lines:
        results[line] = run_line(line, games, workers)
        print(row(line, results[line]), flush=True)
    times = [t for line in table_lines for t in results[line].times]
    p99 = 1000 * percentile(times, 99) if times else 0.0
    print(f"heuristic decisions: {len(times)}, mean {1000 * statistics.fmean(times):.3f} ms, p99 {p99:.3f} ms")
    for line in table_lines:
        if line.law == HEURISTIC and line.others == RANDOM:
            rate = results[line].wins[LAW] / results[line].games
            verdict = "met" if rate >= SHERIFF_TEAM_GOAL else "MISSED"
            print(f"goal: heuristic law beats random, {line.players}p: {100 * rate:.1f}% >= 80% {verdict}")
    print(f"goal: p99 decision < {P99_GOAL_MS:g} ms: {'met' if p99 < P99_GOAL_MS else 'MISSED'}")
    print(f"elapsed {time.perf_counter() - started:.1f} s over {workers} worker(s)")
