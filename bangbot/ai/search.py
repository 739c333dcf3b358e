"""The searching AI of every game: determinized rollouts from the seat's view, the heuristic as policy and pruner.

For each decision it imagines a few worlds consistent with what its seat sees (the game's determinizer builds them from
the view alone), plays each candidate action in every world to the end with heuristic players, and keeps the candidate
that won most often. The candidates are the heuristic's choice and a few others; the heuristic's choice is kept unless
another wins clearly more. Work is counted in rollouts (deterministic for a seed); the clock only cuts a decision that
overruns its budget.
"""

from __future__ import annotations

import copy
import math
import os
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bangbot.ai.mixing import mix
from bangbot.ai.player import AIPlayer, Memory
from bangbot.ai.random_player import SEED_KEY
from bangbot.core.ruleset import Ruleset
from bangbot.games.declaration import Search

SECONDS_ENV = "BANGBOT_AI_SECONDS"  # the searching AI's time per decision in its own turn (answers: a fifth)
DEFAULT_SECONDS = 1.0
ANSWER_SHARE = 0.2  # an answer out of turn gets this share of the budget
MIN_LEAD = 2.5  # rollouts won beyond the heuristic's choice another candidate needs at least (luck is not)


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a decision may search: worlds and candidates in turn and out of it, horizon, and the clock's cap."""

    worlds: int = 6  # determinized worlds per decision in the seat's own turn
    answer_worlds: int = 2  # ... for an answer out of turn
    candidates: int = 4  # actions compared: the heuristic's and the others it leaves
    horizon: int = 400  # decisions a rollout plays before it counts as a draw
    seconds: float = DEFAULT_SECONDS  # the clock's cap in turn (thread CPU time); answers get ANSWER_SHARE of it
    margin: float = 0.34  # share of the worlds another candidate must win beyond the heuristic's to be chosen

    def for_answer(self, answering: bool) -> tuple[int, float]:
        """Returns (worlds, seconds) for a decision in the own turn or an answer out of it."""
        if answering:
            return self.answer_worlds, self.seconds * ANSWER_SHARE
        return self.worlds, self.seconds


def budget_from_env(environ: Mapping[str, str] = os.environ) -> Budget:
    """Returns the default budget with the seconds of BANGBOT_AI_SECONDS; raises ValueError for a bad value."""
    raw = environ.get(SECONDS_ENV)
    if raw is None:
        return Budget()
    try:
        seconds = float(raw)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds <= 60:
        raise ValueError(f"{SECONDS_ENV} must be between 0 and 60 seconds, not {raw!r}")
    return Budget(seconds=seconds)


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
        """Returns the candidate that won most rollouts in worlds consistent with view; the heuristic's on a tie."""
        legal: Sequence[Any] = view.legal
        preferred = self.policy.decide(view, memory)
        if len(legal) < 2:
            return preferred
        seed = mix(int(memory.get(SEED_KEY, 0)), view.seat, view.version, view.turn_number)
        rnd = random.Random(seed)
        candidates = self.candidates(legal, preferred, rnd)
        worlds, seconds = self.budget.for_answer(view.seat != view.turn)
        wins = [0.0] * len(candidates)
        started, played = self.clock(), 0
        for w in range(worlds):
            if w and self.clock() - started > seconds * (w / (w + 1)):
                break  # the next world would overrun: the clock is only a safety net
            world = self.search.determinize(view, rnd)
            for i, action in enumerate(candidates):
                wins[i] += self.rollout(world, view.seat, action, mix(seed, w), memory)
            played += 1
        best = max(range(len(candidates)), key=lambda i: (wins[i], i == 0))
        needed = max(self.budget.margin * played, MIN_LEAD)
        return candidates[best] if wins[best] - wins[0] > needed else preferred

    def candidates(self, legal: Sequence[Any], preferred: Any, rnd: random.Random) -> list[Any]:
        """Returns the heuristic's choice first, then up to budget.candidates - 1 other legal actions."""
        others = [a for a in legal if a != preferred]
        picked = rnd.sample(others, min(len(others), self.budget.candidates - 1))
        return [preferred, *picked]

    def rollout(self, world: Any, seat: int, action: Any, seed: int, own: Memory) -> float:
        """Returns 1 if seat's side wins after action in a copy of world played by heuristics, 0 if not, 0.5 capped."""
        rules, policy = self.rules, self.policy
        state, _ = rules.apply(world.copy(), seat, action)
        memories: list[Memory] = [{SEED_KEY: mix(seed, s)} for s in range(world.config.players)]
        memories[seat] = copy.deepcopy(own)  # the seat plays on with what it knows; the others from nothing
        for _ in range(self.budget.horizon):
            if rules.winner(state) is not None:
                return 1.0 if self.search.won(state, seat) else 0.0
            asked = rules.awaiting(state)[0]
            chosen = policy.decide(rules.view(state, asked), memories[asked])
            state, _ = rules.apply(state, asked, chosen)
        return 0.5
