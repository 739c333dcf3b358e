"""Random self-play with invariant checks after every action."""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from bangbot.core.actions import Action
from bangbot.core.cards import deck_indices
from bangbot.core.engine import apply, new_game
from bangbot.core.events import Event
from bangbot.core.legal import awaiting, legal_actions
from bangbot.core.replay import replay
from bangbot.core.roles import SHERIFF
from bangbot.core.serialize import from_json, to_json
from bangbot.core.state import OVER, GameConfig, GameState
from bangbot.core.views import view

STEP_CAP = 5000
OUT_OF_TURN_SHARE = 0.05
MAX_REPORTED = 20


def check_invariants(state: GameState, events: list[Event]) -> list[str]:
    """Returns a description of every invariant the state or its events break (empty when sound)."""
    problems: list[str] = []
    cards = state.all_cards()
    if sorted(cards) != sorted(deck_indices(state.config.simplified)):
        problems.append(f"cards not each in exactly one place: {len(cards)} held")
    for p in state.players:
        if not 0 <= p.life <= p.max_life:
            problems.append(f"seat {p.seat} life {p.life} outside 0..{p.max_life}")
    if sum(1 for p in state.players if p.role == SHERIFF) != 1:
        problems.append("not exactly one Sheriff")
    if state.winner is None:
        seats = awaiting(state)
        if not seats or not all(legal_actions(state, s) for s in seats):
            problems.append(f"nobody can act: phase {state.phase}, requests {state.requests}")
    problems += hidden_information_leaks(state, events)
    return problems


def hidden_information_leaks(state: GameState, events: list[Event]) -> list[str]:
    """Returns every place where a seat's view or events show another seat's hand or hidden role."""
    problems: list[str] = []
    over = state.phase == OVER
    for p in state.players:
        v = view(state, p.seat)
        if list(v.hand) != p.hand:
            problems.append(f"seat {p.seat} view shows a hand that is not its own")
        for other in v.seats:
            q = state.players[other.seat]
            hidden = q.seat != p.seat and q.alive and q.role != SHERIFF and not over
            if hidden and other.role is not None:
                problems.append(f"seat {p.seat} sees the hidden role of seat {q.seat}")
        for e in events:
            shown = e.for_seat(p.seat)
            if p.seat not in e.to and any(k in shown for k in e.secret):
                problems.append(f"seat {p.seat} sees secret fields of event {e.kind}")
    return problems


@dataclass
class GameRecord:
    """One finished self-play game: its config, seed, actions and outcome."""

    config: GameConfig
    seed: int
    actions: list[tuple[int, Action]] = field(default_factory=list)
    state: GameState | None = None
    capped: bool = False
    problems: list[str] = field(default_factory=list)


def play_random_game(config: GameConfig, seed: int, chooser: random.Random, checks: bool = True) -> GameRecord:
    """Plays one game choosing uniformly among legal actions; checks invariants after every action."""
    record = GameRecord(config, seed)
    state, events = new_game(config, seed)
    if checks:
        record.problems += check_invariants(state, events)
    while state.winner is None:
        if len(record.actions) >= STEP_CAP:
            record.capped = True
            break
        seats = list(awaiting(state))
        if not seats:
            record.problems.append("no seat to ask")
            break
        # Now and then a seat that is not asked acts anyway where the rules allow it (Sid Ketchum's heal).
        free = [p.seat for p in state.players if p.seat not in seats and legal_actions(state, p.seat)]
        if free and chooser.random() < OUT_OF_TURN_SHARE:
            seats = free
        seat = seats[chooser.randrange(len(seats))]
        action = chooser.choice(legal_actions(state, seat))
        state, events = apply(state, seat, action)
        record.actions.append((seat, action))
        if checks:
            record.problems += check_invariants(state, events)
    record.state = state
    if checks:
        again = replay(config, seed, record.actions)
        if to_json(again) != to_json(state):
            record.problems.append("replaying the log gives another state")
        if to_json(from_json(json.loads(json.dumps(to_json(state))))) != to_json(state):
            record.problems.append("state does not survive a JSON round trip")
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
        if record.state is not None and record.state.winner is not None:
            tally.wins[record.state.winner] += 1
        tally.violation_count += len(record.problems)
        tally.violations += [f"game seed {seed}: {p}" for p in record.problems][: MAX_REPORTED - len(tally.violations)]
    return tally


def run_selfplay(
    games: int, players: int, seed: int, preset: str = "standard", simplified: bool = False, workers: int = 1
) -> dict[str, Any]:
    """Plays games random games (over workers processes) and returns wins, lengths, caps, violations, speed."""
    config = GameConfig.with_preset(players, preset, simplified)
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
        "games": games,
        "players": players,
        "preset": preset,
        "simplified": simplified,
        "wins_by_side": dict(sorted(tally.wins.items())),
        "mean_actions_per_game": round(tally.actions / games, 1) if games else 0,
        "games_hitting_step_cap": tally.capped,
        "invariant_violations": tally.violation_count,
        "violation_examples": tally.violations,
        "games_per_second": round(games / elapsed, 1) if elapsed else None,
        "workers": workers,
    }
