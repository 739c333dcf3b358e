"""`bangbot bench ai --compare hard,normal`: one AI level in one seat against heuristic players, on mirrored deals.

Every game and table size (a modal game: every mode) is dealt from the same seeds; each deal is played once per seat
and level, the compared level in that seat and the heuristic everywhere else, so each level meets the same deals in
every role. Prints win rates per role and level with 95% (Wilson) intervals, the gain in points of the first level
over the second (also paired: the mean of each deal's and seat's difference, with its 95% interval, overall and per
game and role), and decision times (thread CPU time) per level, in turn and for answers out of turn apart, beside the
searching AI's budgets. `--role` plays only the seats dealt one role (the
deals stay the same); `--workers` spreads each table's deals over processes (the same figures, in less time).
"""

from __future__ import annotations

import json
import math
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

from bangbot import games, heap
from bangbot.ai.levels import NORMAL, player_at
from bangbot.ai.mixing import mix
from bangbot.ai.random_player import SEED_KEY
from bangbot.ai.search import budget_from_env
from bangbot.games.contract import AIPlayer, Game, Memory, table_sizes

STEP_CAP = 3000
Z95 = 1.96


@dataclass
class Timing:
    """One level's decision times in thread CPU seconds: in its seat's own turn, and answers out of it."""

    turn: list[float] = field(default_factory=list)
    answer: list[float] = field(default_factory=list)

    def add(self, answering: bool, seconds: float) -> None:
        """Counts one decision's time, an answer out of turn or not."""
        (self.answer if answering else self.turn).append(seconds)

    def extend(self, other: Timing) -> None:
        """Adds other's times to these."""
        self.turn.extend(other.turn)
        self.answer.extend(other.answer)

    def __len__(self) -> int:
        """Returns how many decisions were timed."""
        return len(self.turn) + len(self.answer)

    def figures(self) -> dict[str, float]:
        """Returns p50 and p99 in milliseconds: of every decision, of those in turn, and of answers out of turn."""
        every = self.turn + self.answer
        return {
            "decision_p50_ms": percentile(every, 0.5),
            "decision_p99_ms": percentile(every, 0.99),
            "turn_p50_ms": percentile(self.turn, 0.5),
            "turn_p99_ms": percentile(self.turn, 0.99),
            "answer_p50_ms": percentile(self.answer, 0.5),
            "answer_p99_ms": percentile(self.answer, 0.99),
        }


@dataclass
class Tally:
    """Games and wins of one level, by role, and its decision times."""

    games: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    wins: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    times: Timing = field(default_factory=Timing)


def tables(game: Game) -> Iterator[tuple[str, int]]:
    """Yields every (preset or mode, table size) the game is played at."""
    if game.modal:
        for mode in game.ruleset.modes:
            yield mode, game.mode_seats(mode)
        return
    for n in table_sizes(game.ruleset, "standard"):
        yield "standard", n


def play_deal(
    game: Game,
    config: Any,
    seed: int,
    seats: list[AIPlayer],
    timed: int | None = None,
    times: Timing | None = None,
    rotation: int = 0,
) -> Any:
    """Plays one deal with seats[s] deciding for seat s; returns the last state (capped at STEP_CAP decisions).

    The decision times (thread CPU time) of seat timed go to times; rotation (a game with `Bench.rotated_deal`)
    moves the deal's hidden roles that many seats on.
    """
    rules = game.ruleset
    rotated = game.bench.rotated_deal
    state, events = rotated(config, seed, rotation) if rotation and rotated else rules.new_game(config, seed)
    memories: list[Memory] = [{SEED_KEY: mix(0xB3, seed, s)} for s in range(config.players)]
    for _ in range(STEP_CAP):
        for s, memory in enumerate(memories):
            seats[s].observe(memory, s, [e.for_seat(s) for e in events])
        if rules.winner(state) is not None:
            break
        asked = rules.awaiting(state)[0]
        seen = rules.view(state, asked)
        started = time.thread_time()
        action = seats[asked].decide(seen, memories[asked])
        if asked == timed and times is not None:
            times.add(seen.seat != seen.turn, time.thread_time() - started)
        state, events = rules.apply(state, asked, action)
    return state


def play_seat(game: Game, config: Any, seed: int, seat: int, player: AIPlayer, others: AIPlayer, tally: Tally) -> int:
    """Plays one deal with player in seat and others elsewhere; counts the seat's role, result and decision times.

    Returns 1 if the seat's side won, else 0.
    """
    seats = [player if s == seat else others for s in range(config.players)]
    state = play_deal(game, config, seed, seats, seat, tally.times)
    role = game.search.role(state, seat)
    won = int(game.ruleset.winner(state) is not None and game.search.won(state, seat))
    tally.games[role] += 1
    tally.wins[role] += won
    return won


def interval(wins: float, n: float) -> tuple[float, float]:
    """Returns the 95% Wilson interval of a win rate, in points (wins and games may be effective, fractional)."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
    return round(100 * (centre - half), 1), round(100 * (centre + half), 1)


def paired_gain(diffs: list[int]) -> dict[str, Any]:
    """Returns the mean of per-deal differences (first level's result minus second's, same seat and deal) in points,
    with its 95% (normal) interval."""
    n = len(diffs)
    if n < 2:
        return {"gain_points": 0.0, "gain_interval_95": (0.0, 0.0)}
    mean = sum(diffs) / n
    half = Z95 * math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    return {
        "gain_points": round(100 * mean, 1),
        "gain_interval_95": (round(100 * (mean - half), 1), round(100 * (mean + half), 1)),
    }


def percentile(values: list[float], q: float) -> float:
    """Returns the q-th quantile of values in milliseconds (0 for none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)


def summary(tally: Tally) -> dict[str, Any]:
    """Returns a level's figures: per role games, win rate and interval; overall; decision time p50/p99."""
    roles = {
        role: {
            "games": n,
            "win_rate": round(100 * tally.wins[role] / n, 1),
            "interval_95": interval(tally.wins[role], n),
        }
        for role, n in sorted(tally.games.items())
    }
    total, won = sum(tally.games.values()), sum(tally.wins.values())
    return {
        "games": total,
        "win_rate": round(100 * won / total, 1) if total else 0.0,
        "interval_95": interval(won, total),
        "roles": roles,
        **tally.times.figures(),
    }


@dataclass(frozen=True, slots=True)
class Slice:
    """One worker's share of a table: a game, its levels, a table and a few deals; only seats dealt role if given."""

    game_id: str
    levels: tuple[str, ...]
    preset: str
    players: int
    seeds: tuple[int, ...]
    role: str | None = None


@dataclass
class Played:
    """A slice's results: each level's tally, and per seat played its (role, first level's result minus second's)."""

    tallies: dict[str, Tally]
    diffs: list[tuple[str, int]]


SliceRunner = Callable[[Callable[[Slice], Played], Iterable[Slice]], Iterable[Played]]


def play_slice(part: Slice) -> Played:
    """Plays every seat (dealt part.role, if given) of part's deals once per level, the heuristic in the other seats."""
    game = games.game(part.game_id)
    players = {level: player_at(game, level) for level in part.levels}
    others = player_at(game, NORMAL)
    config = game.ruleset.config(part.players, part.preset)
    played = Played({level: Tally() for level in part.levels}, [])
    for seed in part.seeds:
        dealt = game.ruleset.new_game(config, seed)[0]
        for seat in range(part.players):
            role = game.search.role(dealt, seat)
            if part.role is not None and role != part.role:
                continue
            won = [play_seat(game, config, seed, seat, players[lv], others, played.tallies[lv]) for lv in part.levels]
            played.diffs.append((role, won[0] - won[-1]))
    return played


def merged(parts: list[Played], levels: list[str]) -> Played:
    """Returns the slices' results as one, in the slices' order."""
    out = Played({level: Tally() for level in levels}, [])
    for part in parts:
        out.diffs.extend(part.diffs)
        for level, tally in part.tallies.items():
            into = out.tallies[level]
            into.times.extend(tally.times)
            for role, n in tally.games.items():
                into.games[role] += n
                into.wins[role] += tally.wins[role]
    return out


@dataclass
class Pooled:
    """What the tables add up to: each seat's paired difference (also by game and role) and each level's times."""

    diffs: list[int] = field(default_factory=list)
    by_role: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    times: dict[str, Timing] = field(default_factory=lambda: defaultdict(Timing))


def compare_game(
    game: Game,
    levels: list[str],
    deals: int,
    first_seed: int,
    pooled: Pooled,
    role: str | None = None,
    workers: int = 1,
    run: SliceRunner = map,
) -> dict[str, Any]:
    """Returns each table's figures per level and the gain of the first level over the second, for one game.

    Adds each deal's and seat's difference (first level's result minus the second's) and each level's decision times
    to pooled. Only seats dealt role count if given; each table's deals are cut in workers slices, played by run (map,
    or a process pool's map).
    """
    out: dict[str, Any] = {}
    for preset, n in tables(game):
        seeds = range(first_seed, first_seed + deals)
        slices = [Slice(game.id, tuple(levels), preset, n, tuple(seeds[w::workers]), role) for w in range(workers)]
        played = merged(list(run(play_slice, slices)), levels)
        table = [d for _, d in played.diffs]
        for seat_role, d in played.diffs:
            pooled.by_role[f"{game.id} {seat_role}"].append(d)
        pooled.diffs.extend(table)
        for level, tally in played.tallies.items():
            pooled.times[level].extend(tally.times)
        figures = {level: summary(t) for level, t in played.tallies.items()}
        gain = figures[levels[0]]["win_rate"] - figures[levels[-1]]["win_rate"]
        out[f"{preset}-{n}"] = {"levels": figures, "win_rate_gain_points": round(gain, 1), **paired_gain(table)}
    return out


def budget_ms() -> dict[str, float]:
    """Returns the searching AI's time budget per decision in milliseconds: in its own turn, and for an answer."""
    budget = budget_from_env()
    return {"turn": 1000 * budget.for_answer(False)[1], "answer": round(1000 * budget.for_answer(True)[1], 1)}


def main(
    levels: list[str],
    deals: int,
    first_seed: int,
    as_json: bool,
    only: str | None = None,
    role: str | None = None,
    workers: int = 1,
) -> dict[str, Any]:
    """Runs the comparison over every game (or only one; only seats dealt role, if given) in workers processes, and
    prints it (JSON, or one line per table and level)."""
    heap.settle()
    report: dict[str, Any] = {"levels": levels, "deals_per_table": deals, "role": role, "games": {}}
    wins = dict.fromkeys(levels, 0)
    played = dict.fromkeys(levels, 0)
    pooled = Pooled()
    with ExitStack() as stack:
        run: SliceRunner = map if workers == 1 else stack.enter_context(ProcessPoolExecutor(workers)).map
        for game in games.GAMES:
            if only is not None and game.id != only:
                continue
            result = compare_game(game, levels, deals, first_seed, pooled, role, workers, run)
            report["games"][game.id] = result
            for table in result.values():
                for level, fig in table["levels"].items():
                    played[level] += fig["games"]
                    wins[level] += round(fig["win_rate"] * fig["games"] / 100)
    rates = {level: 100 * wins[level] / played[level] if played[level] else 0.0 for level in levels}
    report["win_rate_gain_points"] = round(rates[levels[0]] - rates[levels[-1]], 1)
    report["overall"] = {level: {"games": played[level], "win_rate": round(rates[level], 1)} for level in levels}
    report["paired"] = paired_gain(pooled.diffs)
    report["paired_by_role"] = {role: {"games": len(d), **paired_gain(d)} for role, d in sorted(pooled.by_role.items())}
    report["budget_ms"] = budget_ms()
    report["decision_times"] = {level: pooled.times[level].figures() for level in levels}
    if as_json:
        print(json.dumps(report, indent=1))
    else:
        print_lines(report)
    return report


def print_lines(report: dict[str, Any]) -> None:
    """Prints one line per game, table and level, then the overall gain."""
    for game_id, result in report["games"].items():
        for table, figures in result.items():
            for level, fig in figures["levels"].items():
                roles = ", ".join(f"{r} {v['win_rate']}% {v['interval_95']}" for r, v in fig["roles"].items())
                print(
                    f"{game_id} {table} {level}: {fig['win_rate']}% of {fig['games']} ({roles}); "
                    f"decision p50 {fig['decision_p50_ms']} ms, p99 {fig['decision_p99_ms']} ms "
                    f"(in turn p99 {fig['turn_p99_ms']} ms, answers p99 {fig['answer_p99_ms']} ms)"
                )
            print(f"{game_id} {table} paired gain {figures['gain_points']} points {figures['gain_interval_95']}")
    paired = report["paired"]
    for role, fig in report["paired_by_role"].items():
        print(f"{role}: paired gain {fig['gain_points']} points {fig['gain_interval_95']} over {fig['games']} seats")
    budget = report["budget_ms"]
    for level, fig in report["decision_times"].items():
        print(
            f"{level}: in turn p50 {fig['turn_p50_ms']} ms, p99 {fig['turn_p99_ms']} ms (budget {budget['turn']} ms); "
            f"answers p50 {fig['answer_p50_ms']} ms, p99 {fig['answer_p99_ms']} ms (budget {budget['answer']} ms)"
        )
    print(
        f"overall {report['overall']}; gain {report['win_rate_gain_points']} points "
        f"(paired {paired['gain_points']} {paired['gain_interval_95']})"
    )
