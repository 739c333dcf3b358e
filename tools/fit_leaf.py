"""Fits the searching AI's leaf model of base BANG! (games/bang/leaf.py WEIGHTS) on heuristic self-play.

Plays heuristic tables of 4 to 7 players, keeps about one position in twelve of each finished game with its winner,
and fits one logistic model per side (Newton's method, a light ridge on all but the bias). Prints the weights in
WEIGHTS' layout: per side the bias, then per role the weights of life, seats alive and cards in hand.

    python -m tools.fit_leaf [--games 3000]
"""

from __future__ import annotations

import argparse
import math
import random
from typing import Any

from bangbot.games.bang.ai.heuristic import HeuristicPlayer
from bangbot.games.bang.ai.match import play_match
from bangbot.games.bang.leaf import SIDE_OF
from bangbot.games.bang.rules.roles import DEPUTY, OUTLAW, RENEGADE, SHERIFF
from bangbot.games.bang.rules.state import GameConfig, GameState

ROLES = (SHERIFF, DEPUTY, OUTLAW, RENEGADE)
KEPT = 0.08  # the share of positions kept
FIRST_SEED = 10_000
RIDGE = 1.0
ROUNDS = 12

Row = list[float]


def features(state: GameState) -> Row:
    """Returns the bias, then per role the life, seats alive and cards in hand of its seats alive.

    The Sheriff's seats alive are always one while the game goes on: the bias holds them (their feature is 0).
    """
    out = [1.0]
    for role in ROLES:
        alive = [p for p in state.players if p.alive and p.role == role]
        seats = float(len(alive)) if role != SHERIFF else 0.0
        out += [float(sum(p.life for p in alive)), seats, float(sum(len(p.hand) for p in alive))]
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


def positions(games: int) -> list[tuple[Row, str]]:
    """Returns sampled positions of heuristic games with each game's winning side."""
    player, rnd, out = HeuristicPlayer(), random.Random(7), []
    for g in range(games):
        sampler = Sampler(rnd)
        result = play_match(GameConfig.with_preset(4 + g % 4), FIRST_SEED + g, lambda s, r: player, referee=sampler)
        if result.winner is not None:
            out += [(row, result.winner) for row in sampler.rows]
    return out


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
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, sum(a * b for a, b in zip(w, x, strict=True))))))
            for i in range(k):
                g[i] += (y - p) * x[i]
                for j in range(k):
                    h[i][j] += p * (1 - p) * x[i] * x[j]
        w = [a + b for a, b in zip(w, solve(h, g), strict=True)]
    return w


def main() -> None:
    """Plays the games, fits each side and prints its weights."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=3000)
    data = positions(parser.parse_args().games)
    rows = [row for row, _ in data]
    for side in sorted(set(SIDE_OF.values())):
        w = fit(rows, [float(winner == side) for _, winner in data])
        per_role = {role: tuple(round(x, 3) for x in w[1 + 3 * i : 4 + 3 * i]) for i, role in enumerate(ROLES)}
        print(side, round(w[0], 3), per_role)


if __name__ == "__main__":
    main()
