"""Random self-play with invariant checks after every action."""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from bangbot.games import DEFAULT
from bangbot.games import game as registered
from bangbot.games.contract import NO_CHOICES, AnyRuleset, Choices, GameConfig, TableState

STEP_CAP = 5000
OUT_OF_TURN_SHARE = 0.05
MAX_REPORTED = 20


@dataclass
class GameRecord:
    """One finished self-play game: its config, seed, actions and outcome."""

    config: GameConfig
    seed: int
    actions: list[tuple[int, Any]] = field(default_factory=list)
    state: TableState | None = None
    capped: bool = False
    problems: list[str] = field(default_factory=list)


def replay(rules: AnyRuleset, config: GameConfig, seed: int, actions: list[tuple[int, Any]]) -> TableState:
    """Returns the state a game reaches from its deal when the logged actions are applied again."""
    state: TableState = rules.new_game(config, seed)[0]
    for seat, action in actions:
        state = rules.apply(state, seat, action)[0]
    return state


def play_random_game(config: GameConfig, seed: int, chooser: random.Random, checks: bool = True) -> GameRecord:
    """Plays one game of config's ruleset choosing uniformly among legal actions; checks invariants after each."""
    rules = registered(config.ruleset).ruleset
    record = GameRecord(config, seed)
    state, events = rules.new_game(config, seed)
    if checks:
        record.problems += rules.invariants(state, events)
    while rules.winner(state) is None:
        if len(record.actions) >= STEP_CAP:
            record.capped = True
            break
        seats = list(rules.awaiting(state))
        if not seats:
            record.problems.append("no seat to ask")
            break
        # Now and then a seat that is not asked acts anyway where the rules allow it (Sid Ketchum's heal).
        free = [s for s in range(config.players) if s not in seats and rules.legal_actions(state, s)]
        if free and chooser.random() < OUT_OF_TURN_SHARE:
            seats = free
        seat = seats[chooser.randrange(len(seats))]
        action = chooser.choice(rules.legal_actions(state, seat))
        state, events = rules.apply(state, seat, action)
        record.actions.append((seat, action))
        if checks:
            record.problems += rules.invariants(state, events)
    record.state = state
    if checks:
        written = rules.to_json(state)
        if rules.to_json(replay(rules, config, seed, record.actions)) != written:
            record.problems.append("replaying the log gives another state")
        if rules.to_json(rules.from_json(json.loads(json.dumps(written)))) != written:
            record.problems.append("state does not survive a JSON round trip")
        if any(rules.parse(rules.notation(a)) != a for _, a in record.actions):
            record.problems.append("an action does not survive its notation")
    return record


@dataclass
class Tally:
    """Counts over a batch of self-play games."""

    wins: Counter[str] = field(default_factory=Counter)
    actions: int = 0
    capped: int = 0
    violation_count: int = 0
    violations: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        """Adds another batch's counts to this one."""
        self.wins.update(other.wins)
        self.actions += other.actions
        self.capped += other.capped
        self.violation_count += other.violation_count
        self.violations += other.violations[: MAX_REPORTED - len(self.violations)]


def play_batch(config: GameConfig, seeds: range) -> Tally:
    """Plays one random game per seed with every check and returns the counts."""
    tally = Tally()
    for seed in seeds:
        record = play_random_game(config, seed, random.Random(seed))
        tally.actions += len(record.actions)
        tally.capped += record.capped
        winner = record.state.winner if record.state is not None else None
        if winner is not None:
            tally.wins[winner] += 1
        tally.violation_count += len(record.problems)
        tally.violations += [f"game seed {seed}: {p}" for p in record.problems][: MAX_REPORTED - len(tally.violations)]
    return tally


def run_selfplay(
    games: int,
    players: int,
    seed: int,
    preset: str = "standard",
    choices: Choices = NO_CHOICES,
    workers: int = 1,
    game: str = DEFAULT,
) -> dict[str, Any]:
    """Plays games random games of a ruleset (over workers processes); returns wins, lengths, caps, violations."""
    config = registered(game).ruleset.config(players, preset, choices)
    started = time.perf_counter()
    tally = Tally()
    if workers <= 1:
        tally = play_batch(config, range(seed, seed + games))
    else:
        chunk = max(1, min(1000, games // (workers * 4) or 1))
        batches = [range(s, min(s + chunk, seed + games)) for s in range(seed, seed + games, chunk)]
        with ProcessPoolExecutor(workers) as pool:
            for part in pool.map(play_batch, [config] * len(batches), batches):
                tally.add(part)
    elapsed = time.perf_counter() - started
    return {
        "game": game,
        "games": games,
        "players": players,
        "preset": preset,
        "choices": dict(choices),
        "wins_by_side": dict(sorted(tally.wins.items())),
        "mean_actions_per_game": round(tally.actions / games, 1) if games else 0,
        "games_hitting_step_cap": tally.capped,
        "invariant_violations": tally.violation_count,
        "violation_examples": tally.violations,
        "games_per_second": round(games / elapsed, 1) if elapsed else None,
        "workers": workers,
    }
