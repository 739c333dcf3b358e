"""How a table cut short stands for a seat's side: the searching AI's guess of who will win an unfinished game.

Each side's chance is a logistic model of what every role still alive holds (`reading`): its life, its seats, its
cards in hand and in play, and its seats down to their last life (the Sheriff's life counts most for both the Law and
the Outlaws, and his last life more than any other); the three chances are scaled to sum to one. Each game of the
family has its own weights, fitted on about 30 000 positions of 3 000 of its heuristic games of 4 to 7 players (seeds
10 000 on, `python -m tools.fit_leaf --game ID`); these are base BANG!'s. On 9 909 positions of 1 000 other games
(seeds 50 000 on) they guess the winner with a log loss of 0.533; the model of life, seats and hand alone, 0.557. In
play the searching Outlaws did as well with either (+0.2 points [-1.1, +1.4], 1,800 paired seats at 0.3 s a decision).
The rollouts of the search read it on the roles their world dealt, which the seat's own beliefs chose.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from bangbot.games.bang.rules.roles import DEPUTY, LAW, OUTLAW, OUTLAWS, RENEGADE, RENEGADE_SIDE, SHERIFF
from bangbot.games.bang.rules.state import GameState, Player

CUTOFF = 60  # decisions a rollout plays before the table is scored (about a round at five players)

# Per side: the bias, then per role (Sheriff, Deputy, Outlaw, Renegade) the weights of what `reading` reads of each of
# its seats alive (the Sheriff's seat itself weighs nothing: the bias holds it).
Reading = tuple[float, float, float, float, float]
READING = ("life", "seat", "hand", "in_play", "last_life")  # what each place of a `Reading` reads, in order
Weights = Mapping[str, tuple[float, Mapping[str, Reading]]]
Scorer = Callable[[GameState, int], float]

WEIGHTS: Weights = {
    LAW: (
        -1.934,
        {
            SHERIFF: (0.515, 0.0, 0.202, 0.278, -0.822),
            DEPUTY: (0.103, 0.713, 0.148, 0.234, -0.662),
            OUTLAW: (-0.293, 0.236, -0.145, -0.135, 0.136),
            RENEGADE: (-0.155, 1.158, -0.041, -0.148, 0.109),
        },
    ),
    OUTLAWS: (
        -0.277,
        {
            SHERIFF: (-0.513, 0.0, -0.252, -0.336, 1.227),
            DEPUTY: (-0.085, -0.472, -0.116, 0.007, 0.469),
            OUTLAW: (0.313, 0.38, 0.202, 0.222, -0.423),
            RENEGADE: (-0.025, -0.979, -0.084, -0.147, 0.442),
        },
    ),
    RENEGADE_SIDE: (
        -3.204,
        {
            SHERIFF: (-0.236, 0.0, -0.1, -0.19, -0.011),
            DEPUTY: (-0.251, -0.696, -0.08, -0.618, 0.601),
            OUTLAW: (-0.022, -0.027, -0.027, -0.232, 0.214),
            RENEGADE: (0.424, 2.427, 0.139, 0.172, -0.705),
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


def reading(player: Player) -> Reading:
    """Returns what the leaf reads of a seat alive: life, the seat itself, cards in hand and in play, last life."""
    return (float(player.life), 1.0, float(len(player.hand)), float(len(player.in_play)), float(player.life <= 1))


def chances(state: GameState, weights: Weights = WEIGHTS) -> dict[str, float]:
    """Returns each side's chance to win the game by weights, summing to one (a finished game: its winner's 1)."""
    if state.winner is not None:
        return {side: float(side == state.winner) for side in weights}
    alive = [(p.role, reading(p)) for p in state.players if p.alive]
    z = {
        side: bias + sum(w * x for role, read in alive for w, x in zip(per_role[role], read, strict=True))
        for side, (bias, per_role) in weights.items()
    }
    return scaled(z)


def scorer(weights: Weights) -> Scorer:
    """Returns the leaf of a game fitted with weights: (a state, seat) -> seat's side's chance, as its roles stand."""

    def score(state: GameState, seat: int) -> float:
        return chances(state, weights)[SIDE_OF[state.players[seat].role]]

    return score


score = scorer(WEIGHTS)
