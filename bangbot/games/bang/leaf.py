"""How a table cut short stands for a seat's side: the searching AI's guess of who will win an unfinished game.

Each side's chance is a logistic model of the life, the hands and the numbers of every role still alive (the
Sheriff's life counts most for both the Law and the Outlaws); the three chances are scaled to sum to one. Each game
of the family has its own weights, fitted on about 30 000 positions of 3 000 of its heuristic games of 4 to 7 players
(seeds 10 000 on, `python -m tools.fit_leaf --game ID`); these are base BANG!'s. The rollouts of the search read it
on the roles their world dealt, which the seat's own beliefs chose.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from bangbot.games.bang.rules.roles import DEPUTY, LAW, OUTLAW, OUTLAWS, RENEGADE, RENEGADE_SIDE, SHERIFF
from bangbot.games.bang.rules.state import GameState

CUTOFF = 60  # decisions a rollout plays before the table is scored (about a round at five players)

# Per side: the bias, then per role (Sheriff, Deputy, Outlaw, Renegade) the weights of life, seats alive and cards in
# hand, summed over its seats alive (the Sheriff's seat counts only by its life and hand).
Weights = Mapping[str, tuple[float, Mapping[str, tuple[float, float, float]]]]
Scorer = Callable[[GameState, int], float]

WEIGHTS: Weights = {
    LAW: (
        -1.833,
        {
            SHERIFF: (0.626, 0.0, 0.202),
            DEPUTY: (0.211, 0.59, 0.123),
            OUTLAW: (-0.324, 0.153, -0.132),
            RENEGADE: (-0.183, 0.987, -0.04),
        },
    ),
    OUTLAWS: (
        0.001,
        {
            SHERIFF: (-0.68, 0.0, -0.258),
            DEPUTY: (-0.156, -0.188, -0.113),
            OUTLAW: (0.383, 0.39, 0.175),
            RENEGADE: (-0.103, -0.878, -0.064),
        },
    ),
    RENEGADE_SIDE: (
        -3.933,
        {
            SHERIFF: (-0.201, 0.0, -0.085),
            DEPUTY: (-0.379, -0.928, -0.044),
            OUTLAW: (-0.041, -0.114, -0.001),
            RENEGADE: (0.515, 2.521, 0.14),
        },
    ),
}
SIDE_OF = {SHERIFF: LAW, DEPUTY: LAW, OUTLAW: OUTLAWS, RENEGADE: RENEGADE_SIDE}


def logistic(z: float) -> float:
    """Returns 1 / (1 + e^-z), z held within [-30, 30]."""
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def scaled(z: Mapping[str, float]) -> dict[str, float]:
    """Returns each side's logistic chance of its z, the chances scaled to sum to one."""
    raw = {side: logistic(x) for side, x in z.items()}
    total = sum(raw.values())
    return {side: p / total for side, p in raw.items()}


def chances(state: GameState, weights: Weights = WEIGHTS) -> dict[str, float]:
    """Returns each side's chance to win the game by weights, summing to one (a finished game: its winner's 1)."""
    if state.winner is not None:
        return {side: float(side == state.winner) for side in weights}
    z: dict[str, float] = {}
    for side, (bias, per_role) in weights.items():
        z[side] = bias
        for p in state.players:
            if p.alive:
                life, seat, hand = per_role[p.role]
                z[side] += life * p.life + seat + hand * len(p.hand)
    return scaled(z)


def scorer(weights: Weights) -> Scorer:
    """Returns the leaf of a game fitted with weights: (a state, seat) -> seat's side's chance, as its roles stand."""

    def score(state: GameState, seat: int) -> float:
        return chances(state, weights)[SIDE_OF[state.players[seat].role]]

    return score


score = scorer(WEIGHTS)
