"""The searching AI of every game: determinized rollouts from the seat's view, the heuristic as policy and pruner.

For each decision it asks the heuristic for its few best actions (its choice, then its choice once that one is
taken away, and so on), imagines worlds consistent with what its seat sees and remembers (the game's determinizer
builds them from the view and the seat's memory alone), plays each candidate in every world with heuristic players
that remember what the seat remembers, to the end or for the game's cutoff of decisions (where its score guesses the
seat's side's chance), and keeps the heuristic's choice unless another scores clearly better in the same worlds.
Work is counted in rollout decisions (deterministic for a seed); the clock only cuts a decision that would overrun
(no world starts that would likely end past CAP of its time, no rollout goes on past STOP).
A decision whose candidates all ended alike in every one of its first worlds stops there (nothing to tell them apart).
"""

from __future__ import annotations

import copy
import math
import os
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bangbot.ai.mixing import mix
from bangbot.ai.random_player import SEED_KEY
from bangbot.games.contract import AIPlayer, Memory, Ruleset, Search

SECONDS_ENV = "BANGBOT_AI_SECONDS"  # the searching AI's time per decision in its own turn (answers: a fifth)
DEFAULT_SECONDS = 1.0
ANSWER_SHARE = 0.2  # an answer out of turn gets this share of the budget
STEPS_PER_SECOND = 5000  # rollout decisions a decision plays per second of budget (about 6000 on a 2-core machine)
MIN_WORLDS = 4  # fewer worlds prove nothing: a decision that cannot afford them keeps the heuristic's choice
OVERRUN = 1.25  # how far beyond its steps a decision may go to play MIN_WORLDS worlds
CAP = 0.8  # no world starts that would likely end past this share of the decision's seconds (the p99 keeps a margin)
STOP = 0.9  # past this share of its seconds a decision stops within the rollout it plays (its world counts for nothing)


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a decision may search: rollout steps in turn and out of it, candidates, horizon, clock's cap, proof.

    Work is counted in decisions played in rollouts, so a decision repeats exactly for a seed whatever the machine's
    load: worlds are added until the steps are spent (at least MIN_WORLDS, at most max_worlds).
    """

    steps: int = STEPS_PER_SECOND  # rollout decisions a decision in the seat's own turn may play
    answer_steps: int = round(STEPS_PER_SECOND * ANSWER_SHARE)  # ... an answer out of turn
    max_worlds: int = 64
    candidates: int = 3  # actions compared: the heuristic's choice and its next best
    horizon: int = 600  # decisions a rollout plays before it counts as a draw
    seconds: float = DEFAULT_SECONDS  # the clock's cap in turn (thread CPU time); answers get ANSWER_SHARE of it
    z: float = 1.0  # how many standard errors another candidate's lead over the heuristic's must reach
    min_lead: float = 0.03  # the mean lead per world (in chances to win) another candidate needs at least

    def for_answer(self, answering: bool) -> tuple[int, float]:
        """Returns (rollout steps, seconds) for a decision in the own turn or an answer out of it."""
        if answering:
            return self.answer_steps, self.seconds * ANSWER_SHARE
        return self.steps, self.seconds


def budget_for(seconds: float) -> Budget:
    """Returns the budget of a decision in turn of seconds (answers a fifth): rollout steps scale with the time."""
    steps = round(seconds * STEPS_PER_SECOND)
    return Budget(steps=steps, answer_steps=round(steps * ANSWER_SHARE), seconds=seconds)


def budget_from_env(environ: Mapping[str, str] = os.environ) -> Budget:
    """Returns the budget of BANGBOT_AI_SECONDS (default 1 s); raises ValueError for a bad value."""
    raw = environ.get(SECONDS_ENV)
    if raw is None:
        return budget_for(DEFAULT_SECONDS)
    try:
        seconds = float(raw)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds <= 60:
        raise ValueError(f"{SECONDS_ENV} must be between 0 and 60 seconds, not {raw!r}")
    return budget_for(seconds)


class SearchPlayer:
    """Chooses by determinized rollouts; sees only the view it is given and what the game's determinizer builds."""

    def __init__(
        self,
        rules: Ruleset[Any, Any, Any],
        heuristic: Callable[[], AIPlayer],
        search: Search,
        budget: Budget | None = None,
        clock: Callable[[], float] = time.thread_time,
    ) -> None:
        self.rules = rules
        self.policy = heuristic()
        self.search = search
        self.budget = budget or Budget()
        self.clock = clock

    def observe(self, memory: Memory, seat: int, events: Sequence[Mapping[str, Any]]) -> None:
        """Remembers what the heuristic remembers (the search adds nothing of its own)."""
        self.policy.observe(memory, seat, events)

    def decide(self, view: Any, memory: Memory) -> Any:
        """Returns the heuristic's choice unless another of its best candidates wins clearly more rollouts."""
        started = self.clock()
        preferred = self.policy.decide(view, memory)
        proof = (1.0, 1.0) if self.search.caution is None else self.search.caution(view)
        candidates = self.candidates(view, memory, preferred, proof)
        if len(candidates) < 2:
            return preferred  # nothing to compare, or the game keeps this seat's heuristic (no lead proves enough)
        seed = mix(int(memory.get(SEED_KEY, 0)), view.seat, view.version, view.turn_number)
        rnd = random.Random(seed)
        steps, seconds = self.budget.for_answer(view.seat != view.turn)
        results: list[list[float]] = [[] for _ in candidates]
        searching, spent = self.clock(), 0
        for w in range(self.budget.max_worlds):
            if w == 1 and spent * MIN_WORLDS > steps * OVERRUN:
                return preferred  # the worlds it can afford could not prove another choice better
            if w >= MIN_WORLDS and (spent >= steps or alike(results)):
                break  # steps spent, or nothing tells the candidates apart
            now = self.clock()
            if w and now - started + (now - searching) / w > seconds * CAP:
                break  # the clock (a safety net) stops a world that would likely end past the cap
            world = self.search.determinize(view, rnd, memory)
            played = self.play_world(world, view.seat, candidates, (mix(seed, w), started + seconds * STOP), memory)
            if played is None:
                break  # a world the clock cut short counts for nothing
            row, steps_played = played
            spent += steps_played
            for i, won in enumerate(row):
                results[i].append(won)
        return candidates[self.pick(results, *proof)]

    def candidates(
        self, view: Any, memory: Memory, preferred: Any, proof: tuple[float, float] = (1.0, 1.0)
    ) -> list[Any]:
        """Returns the heuristic's best few actions, its choice first: each next is its choice without the earlier;
        only its choice where the proof asked is infinite."""
        out = [preferred]
        if math.isinf(proof[0]):
            return out
        while len(out) < self.budget.candidates:
            rest = tuple(a for a in view.legal if a not in out)
            if not rest:
                break
            following = self.policy.decide(replace(view, legal=rest), memory)
            if following in out:
                break
            out.append(following)
        return out

    def pick(self, results: list[list[float]], lead: float = 1.0, errors: float = 1.0) -> int:
        """Returns the candidate whose lead over the first (the heuristic's) in the same worlds is proven, else 0.

        lead multiplies the least mean lead the proof needs, errors the standard errors it must reach.
        """
        best, best_lead = 0, 0.0
        base = results[0]
        for i in range(1, len(results)):
            diffs = [a - b for a, b in zip(results[i], base, strict=True)]
            n = len(diffs)
            mean = sum(diffs) / n if n else 0.0
            if n < MIN_WORLDS or mean < self.budget.min_lead * lead:
                continue
            spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
            if mean > errors * self.budget.z * spread / math.sqrt(n) and mean > best_lead:
                best, best_lead = i, mean
        return best

    def play_world(
        self, world: Any, seat: int, candidates: Sequence[Any], seeded: tuple[int, float], own: Memory
    ) -> tuple[list[float], int] | None:
        """Returns each candidate's rollout result in world and the decisions they played, or None if the clock
        passed the deadline first; seeded is (the world's rollout seed, the deadline on the clock)."""
        row, spent = [], 0
        for action in candidates:
            outcome = self.rollout(world, seat, action, *seeded, own)
            if outcome is None:
                return None
            row.append(outcome[0])
            spent += outcome[1]
        return row, spent

    def rollout(
        self, world: Any, seat: int, action: Any, seed: int, deadline: float, own: Memory
    ) -> tuple[float, int] | None:
        """Returns (1 if seat's side wins after action in a copy of world played by heuristics, 0 if not, the game's
        score where it cuts rollouts, else 0.5, at the horizon; the decisions played), or None once the clock passes
        deadline (checked before every decision, so a decision overruns its cap by one rollout decision at most).

        Every seat starts from what seat remembers (the others' memories are hidden, and most of what a seat
        remembers is public) and goes on remembering what its own seat sees in the rollout.
        """
        rules, policy = self.rules, self.policy
        state, events = rules.apply(world, seat, action)  # a new state: world is played again by the next candidate
        step = self.search.step
        players = world.config.players
        memories: list[Memory] = [{**copy.deepcopy(own), SEED_KEY: mix(seed, s)} for s in range(players)]
        memories[seat][SEED_KEY] = own.get(SEED_KEY, 0)
        horizon = self.search.cutoff or self.budget.horizon
        for played in range(1, horizon + 1):
            if self.clock() > deadline:
                return None
            for s in range(players):
                policy.observe(memories[s], s, [e.for_seat(s) for e in events])
            if rules.winner(state) is not None:
                return (1.0 if self.search.won(state, seat) else 0.0), played
            asked = rules.awaiting(state)[0]
            seen = rules.view(state, asked)
            chosen = policy.decide(seen, memories[asked])
            state, events = (
                rules.apply(state, asked, chosen) if step is None else step(state, asked, chosen, seen.legal)
            )
        score = self.search.score
        return (0.5 if score is None else score(state, seat)), horizon


def alike(results: list[list[float]]) -> bool:
    """Returns whether every candidate ended exactly as the first in every world played."""
    return all(r == results[0] for r in results[1:])
