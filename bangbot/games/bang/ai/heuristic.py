"""The heuristic player: plays for its role from its view and what its seat saw, and always answers legally."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bangbot.games.bang.ai.discarding import choose_discard
from bangbot.games.bang.ai.evidence import record
from bangbot.games.bang.ai.reactions import choose_answer, my_request
from bangbot.games.bang.ai.situation import Situation
from bangbot.games.bang.ai.tuning import HARD, PLAIN, Tuning
from bangbot.games.bang.ai.turn import cheapest_heal, choose_play
from bangbot.games.bang.rules.actions import Action, Discard, EndTurn, Heal, among
from bangbot.games.bang.rules.views import PlayerView
from bangbot.games.contract import Memory


class HeuristicPlayer:
    """Role-aware rules of thumb with tuning's thresholds; strict=True raises on its own mistakes instead of falling
    back to a safe move."""

    def __init__(self, strict: bool = False, tuning: Tuning = PLAIN) -> None:
        self.strict = strict
        self.tuning = tuning

    def decide(self, view: PlayerView, memory: Memory) -> Action:
        """Returns one of view.legal; never changes memory."""
        if not view.legal:
            raise ValueError("the seat has nothing to decide")
        if len(view.legal) == 1:
            return view.legal[0]
        try:
            action = self.choose(view, memory)
        except Exception:
            if self.strict:
                raise
            return safe_choice(view)
        if not among(action, view.legal):
            if self.strict:
                raise AssertionError(f"chose {action!r}, not among {view.legal!r}")
            return safe_choice(view)
        return action

    def choose(self, view: PlayerView, memory: Mapping[str, Any]) -> Action:
        """Returns the heuristic's choice: an answer to a pending decision, a discard, or a phase-2 move."""
        sit = Situation.of(view, memory, self.tuning)
        request = my_request(sit)
        if request is not None:
            return choose_answer(sit, request)
        kinds = set(map(type, view.legal))
        if Discard in kinds:
            return choose_discard(sit)
        if EndTurn in kinds:  # as EndTurn() in view.legal, without comparing every action to it
            return choose_play(sit)
        heals = [a for a in view.legal if isinstance(a, Heal)]
        return cheapest_heal(sit, heals) if heals else view.legal[0]  # asked while only Sid Ketchum's heal is open

    def observe(self, memory: Memory, seat: int, events: Sequence[Mapping[str, Any]]) -> None:
        """Tallies who attacked, helped or jailed whom in the events seat saw."""
        record(memory, events)


def hard_heuristic() -> HeuristicPlayer:
    """Returns the heuristic with the hard level's thresholds by role (the player the hard level searches from)."""
    return HeuristicPlayer(tuning=HARD)


def safe_choice(view: PlayerView) -> Action:
    """Returns a move that is always legal and never harmful: end the turn, or the first listed answer."""
    return EndTurn() if EndTurn() in view.legal else view.legal[0]
