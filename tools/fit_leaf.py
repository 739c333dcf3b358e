"""Fits the searching AI's leaf model of a BANG! family game (games/bang/leaf.py) on heuristic self-play.

Plays heuristic tables of 4 to 7 players, keeps about one position in twelve of each finished game with its winner,
and fits one logistic model per side (Newton's method, a light ridge on all but the bias). Prints the weights in
WEIGHTS' layout: per side the bias, then per role the weights of what the leaf reads of its seats (`leaf.reading`).

    python -m tools.fit_leaf [--game base|starwars] [--games 3000]
"""

from __future__ import annotations

import argparse
import math
import random
from typing import Any

from bangbot.games import DEFAULT
from bangbot.games import game as registered
from bangbot.games.bang.ai.heuristic import HeuristicPlayer
from bangbot.games.bang.ai.match import play_match
from bangbot.games.bang.leaf import READING, SIDE_OF, WEIGHTS, Weights, logistic, reading, scaled
from bangbot.games.bang.rules.roles import DEPUTY, OUTLAW, RENEGADE, SHERIFF
from bangbot.games.bang.rules.state import GameState, family_config

ROLES = (SHERIFF, DEPUTY, OUTLAW, RENEGADE)
KEPT = 0.08  # the share of positions kept
FIRST_SEED = 10_000
HELD_OUT_SEED = 50_000
RIDGE = 1.0
ROUNDS = 12
PER_ROLE = len(READING)
SEAT = READING.index("seat")

Row = list[float]


def features(state: GameState) -> Row:
    """Returns the bias, then per role the sum of the leaf's reading of its seats alive.

    The Sheriff's seats alive are always one while the game goes on: the bias holds them (their feature is 0).
    """
    out = [1.0]
    for role in ROLES:
        sums = [0.0] * PER_ROLE
        for p in state.players:
            if p.alive and p.role == role:
                sums = [a + b for a, b in zip(sums, reading(p), strict=True)]
        out += [0.0 if role == SHERIFF and i == SEAT else x for i, x in enumerate(sums)]
    return out


class Sampler:
    """A referee that keeps a random share of the unfinished positions it sees."""

    def __init__(self, rnd: random.Random) -> None:
        self.rnd = rnd
        self.rows: list[Row] = []

    def begin(self, state: GameState, events: Any) -> None:
        """Sees the deal (nothing kept)."""

    def decided(self, state: GameState, seat: int, seen: Any, action: Any) -> None:
        """Sees a decision (nothing kept)."""

    def happened(self, state: GameState, events: Any) -> None:
        """Keeps the position now with chance KEPT while the game goes on."""
        if state.winner is None and self.rnd.random() < KEPT:
            self.rows.append(features(state))


def positions(game: str, games: int, first_seed: int = FIRST_SEED) -> list[tuple[Row, str]]:
    """Returns sampled positions of a game's heuristic tables with each table's winning side."""
    rules = registered(game).ruleset
    player, rnd, out = HeuristicPlayer(), random.Random(7), []
    for g in range(games):
        sampler = Sampler(rnd)
        config = family_config(rules.config(4 + g % 4, rules.presets[0]))
        result = play_match(config, first_seed + g, lambda s, r: player, referee=sampler)
        if result.winner is not None:
            out += [(row, result.winner) for row in sampler.rows]
    return out


def dot(a: Row, b: Row) -> float:
    """Returns the dot product of two rows of the same length."""
    return sum(x * y for x, y in zip(a, b, strict=True))


def solve(a: list[Row], b: Row) -> Row:
    """Returns x with a x = b (Gauss-Jordan with partial pivoting)."""
    n = len(b)
    m = [[*a[i], b[i]] for i in range(n)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(rows: list[Row], won: list[float]) -> Row:
    """Returns the logistic weights of won on rows (ridge RIDGE on all but the bias)."""
    k = len(rows[0])
    w = [0.0] * k
    for _ in range(ROUNDS):
        h = [[RIDGE * (i == j and i > 0) for j in range(k)] for i in range(k)]
        g = [-RIDGE * w[i] * (i > 0) for i in range(k)]
        for x, y in zip(rows, won, strict=True):
            p = logistic(dot(w, x))
            for i in range(k):
                g[i] += (y - p) * x[i]
                for j in range(k):
                    h[i][j] += p * (1 - p) * x[i] * x[j]
        w = [a + b for a, b in zip(w, solve(h, g), strict=True)]
    return w


def flat(weights: Weights) -> dict[str, Row]:
    """Returns each side's weights of a leaf table as one row in features' order."""
    return {side: [bias, *(x for role in ROLES for x in per_role[role])] for side, (bias, per_role) in weights.items()}


def log_loss(weights: dict[str, Row], data: list[tuple[Row, str]]) -> float:
    """Returns the mean log loss of the winners of data under weights (each side's chance scaled to sum to one)."""
    total = 0.0
    for row, winner in data:
        total -= math.log(max(1e-9, scaled({side: dot(w, row) for side, w in weights.items()})[winner]))
    return total / len(data)


def main() -> None:
    """Plays the games, fits each side and prints its weights (and, asked, the held-out log loss against base's)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default=DEFAULT)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--held-out", type=int, default=0, help="games from seed 50 000 on to score the fit on")
    args = parser.parse_args()
    data = positions(args.game, args.games)
    rows, fitted = [row for row, _ in data], {}
    for side in sorted(set(SIDE_OF.values())):
        w = fitted[side] = fit(rows, [float(winner == side) for _, winner in data])
        per_role = {
            role: tuple(round(x, 3) for x in w[1 + PER_ROLE * i : 1 + PER_ROLE * (i + 1)])
            for i, role in enumerate(ROLES)
        }
        print(side, round(w[0], 3), per_role)
    if args.held_out:
        test = positions(args.game, args.held_out, HELD_OUT_SEED)
        print(f"held-out log loss over {len(test)} positions: fitted {log_loss(fitted, test):.4f},", end=" ")
        print(f"base BANG!'s weights {log_loss(flat(WEIGHTS), test):.4f}")


if __name__ == "__main__":
    main()
