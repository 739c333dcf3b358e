"""The chance of each hidden role, as one seat sees it, from the roles it knows and the acts it saw.

While Outlaws are in the game, a seat's acts are scored by how much they side with the Sheriff, and the odds
are fitted to how many of each role hide. Once none is left, the hidden seats are Deputies and at most one
Renegade, and only acts that a Deputy would not do tell them apart (see endgame.py).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import chain
from operator import add, attrgetter, mul, sub
from typing import Any

from bangbot.games.bang.ai.endgame import renegade_odds
from bangbot.games.bang.ai.evidence import (
    HELPED,
    HELPED_END,
    HOSTILE,
    HOSTILE_END,
    KEY,
    VOLLEYS,
    VOLLEYS_END,
    counts,
    tally,
)
from bangbot.games.bang.ai.sides import Sides, sides_for
from bangbot.games.bang.rules.views import PlayerView

SHERIFF_TARGET_FACTOR = 2.0  # attacking the Sheriff says more than attacking anyone else
TARGET_SIDE_FACTOR = 0.4  # being attacked by the law hints at an outlaw, and the other way round
VOLLEY_WEIGHT = 0.1  # a Gatling or Indians! as an attack on the Sheriff, whom it always hits
LIKELIHOOD = 0.4  # how strongly the lawfulness score moves the role odds
SCORE_LIMIT = 6.0
ROUNDS = 3
SINKHORN_ROUNDS = 12
CACHE_LIMIT = 4096


@dataclass(frozen=True, slots=True)
class RoleOdds:
    """Per seat the chance of each role as one seat sees it (known roles are certain), and roles still alive."""

    chances: tuple[Mapping[str, float], ...]
    alive: Mapping[str, int]
    struck_leader: tuple[bool, ...]  # per other seat: seen attacking the leader, or hitting him with a volley

    def p(self, seat: int, role: str) -> float:
        """Returns the chance that seat has role."""
        return self.chances[seat].get(role, 0.0)


_cache: dict[tuple[Any, ...], RoleOdds] = {}
_ROLE, _ALIVE = attrgetter("role"), attrgetter("alive")


def estimate(view: PlayerView, memory: Mapping[str, Any]) -> RoleOdds:
    """Returns the role odds of every seat from the view's known roles and memory's tallies."""
    if view.seat is None:
        raise ValueError("a spectator has no beliefs")
    me = view.seat
    known = list(map(_ROLE, view.seats))
    known[me] = view.role
    alive = tuple(map(_ALIVE, view.seats))
    key = (view.config.ruleset, me, *known, alive, *_digest(memory.get(KEY, {}), me))
    odds = _cache.get(key)
    if odds is None:
        if len(_cache) >= CACHE_LIMIT:
            _cache.clear()
        odds = _cache[key] = _estimate(sides_for(view.config.ruleset), me, known, alive, memory)
    return odds


def _digest(book: Mapping[str, Any], me: int) -> list[Any]:
    """Returns the tallies the odds depend on, flat: all but me's own acts, which prove nothing to me.

    Each tally is square (evidence grows all its rows together), so its size and its cells in order tell it apart.
    """
    out: list[Any] = []
    for name in (HOSTILE, HELPED, HOSTILE_END, HELPED_END):
        rows = book.get(name, ())
        out.append(len(rows))
        out.extend(chain.from_iterable(rows[:me]))
        out.extend(chain.from_iterable(rows[me + 1 :]))
    for name in (VOLLEYS, VOLLEYS_END):
        values = book.get(name, ())
        out.append(len(values))
        out.extend(values[:me])
        out.extend(values[me + 1 :])
    return out


def _estimate(
    sides: Sides, me: int, known: list[str | None], alive: tuple[bool, ...], memory: Mapping[str, Any]
) -> RoleOdds:
    """Computes the role odds (estimate without the cache)."""
    n = len(known)
    dealt = sides.deal(n)
    dead = [r for r, a in zip(known, alive, strict=True) if not a]
    left = {r: dealt.count(r) - dead.count(r) for r in sides.side}
    unknown = [s for s in range(n) if alive[s] and known[s] is None]
    hidden = dict(left)
    for s in range(n):
        role = known[s]
        if alive[s] and role is not None:
            hidden[role] -= 1
    counts_left = {r: max(hidden.get(r, 0), 0) for r in sides.hidden}
    hostile = _both(memory, HOSTILE, HOSTILE_END, n)
    volleys = counts(memory, VOLLEYS, n)
    if memory.get(KEY, {}).get(VOLLEYS_END):
        volleys = list(map(add, volleys, counts(memory, VOLLEYS_END, n)))
    struck = _struck_leader(sides, me, known, hostile, volleys)
    if left.get(sides.foe, 0) == 0 and sides.loner is not None:
        odds = renegade_odds(sides, me, known, unknown, memory, counts_left)
    else:
        lawful = _lawfulness(sides, me, known, unknown, memory, hostile, volleys)
        odds = _sinkhorn(sides, unknown, lawful, counts_left)
    chances = tuple({role: 1.0} if role is not None else odds.get(s, {}) for s, role in enumerate(known))
    return RoleOdds(chances, left, struck)


def _struck_leader(
    sides: Sides, me: int, known: list[str | None], hostile: list[list[float]], volleys: list[float]
) -> tuple[bool, ...]:
    """Returns per seat whether it was seen attacking the leader or playing a volley (which hits him).

    me's own entry is always False: its own acts tell it nothing (and the cache of odds does not look at them).
    """
    struck = [v > 0 for v in volleys]
    for y in range(len(known)):
        if known[y] == sides.leader:
            struck = [hit or row[y] > 0 for hit, row in zip(struck, hostile, strict=True)]
    struck[me] = False
    return tuple(struck)


def _lawfulness(
    sides: Sides,
    me: int,
    known: list[str | None],
    unknown: list[int],
    memory: Mapping[str, Any],
    hostile: list[list[float]],
    volleys: list[float],
) -> list[float]:
    """Returns per seat how much its acts side with the leader (positive) or against him (negative), as me sees it.

    hostile: every seat's attacks on every other, early and late summed; volleys: each seat's volleys.
    """
    n = len(known)
    helped = _both(memory, HELPED, HELPED_END, n)
    leaders = [y for y in range(n) if known[y] == sides.leader]
    factor = [SHERIFF_TARGET_FACTOR if r == sides.leader else 1.0 for r in known]
    attacked_by = list(zip(*hostile, strict=True))  # column x: what every seat did to x
    # score[x] = sum over y of weights[x][y] * side[y]: what x did to y, and (to others than me) what y did to x;
    # a zero weight adds exactly nothing to the sum, so whole rows are summed
    weights: list[tuple[int, list[float]]] = []
    for x in unknown:
        hx = hostile[x]
        if volleys[x]:
            hx = list(hx)
            for y in leaders:
                if x != y:
                    hx[y] += VOLLEY_WEIGHT * volleys[x]  # a volley always hits the leader
        back = [TARGET_SIDE_FACTOR * v for v in attacked_by[x]]
        back[me] = 0.0  # its own attacks are no evidence to this seat (x, unknown, is no leader a volley hits)
        w = list(map(sub, map(sub, helped[x], map(mul, hx, factor)), back))
        w[x] = 0.0  # what x did to itself
        weights.append((x, w))
    side = [sides.lean[r] if r is not None else 0.0 for r in known]
    score = [0.0] * n
    for _ in range(ROUNDS):
        for x, w in weights:
            total = sum(map(mul, w, side))
            score[x] = SCORE_LIMIT if total > SCORE_LIMIT else -SCORE_LIMIT if total < -SCORE_LIMIT else total
        for x in unknown:
            side[x] = math.tanh(score[x] / 2)
    return score


def _both(memory: Mapping[str, Any], early: str, late: str, n: int) -> list[list[float]]:
    """Returns the cell-by-cell sum of an early and a late tally, n by n (the late one read only once it holds acts)."""
    out = tally(memory, early, n)
    if not memory.get(KEY, {}).get(late):
        return out
    return [list(map(add, ra, rb)) for ra, rb in zip(out, tally(memory, late, n), strict=True)]


def _sinkhorn(
    sides: Sides, unknown: list[int], lawful: list[float], hidden: Mapping[str, int]
) -> dict[int, dict[str, float]]:
    """Returns role chances per unknown seat that fit both each seat's acts and how many of each role hide.

    Worked seat by seat on three columns (guard, foe, loner): a role none of hides is a column of zeros, which
    adds exactly nothing to a seat's sum, so the others come out as if it were not there.
    """
    if len(sides.hidden) > 3:
        raise ValueError("a ruleset hides at most three roles: guard, foe and loner")
    cols = (*sides.hidden, *[""] * (3 - len(sides.hidden)))  # "": no role, a column of zeros
    keep = [j for j, r in enumerate(cols) if hidden.get(r, 0) > 0]
    if not unknown or not keep:
        return {}
    la, lb, lc = (LIKELIHOOD * sides.lean[r] if j in keep else None for j, r in enumerate(cols))
    ta, tb, tc = (float(hidden.get(r, 0)) if j in keep else 0.0 for j, r in enumerate(cols))
    exp = math.exp
    grid = [
        (
            0.0 if la is None else exp(la * lawful[s]),
            0.0 if lb is None else exp(lb * lawful[s]),
            0.0 if lc is None else exp(lc * lawful[s]),
        )
        for s in unknown
    ]
    sa, sb, sc = sum([g[0] for g in grid]), sum([g[1] for g in grid]), sum([g[2] for g in grid])
    for _ in range(SINKHORN_ROUNDS):  # scale each role's column to its count, then each seat's row to 1
        ka, kb, kc = ta / sa if ta else 0.0, tb / sb if tb else 0.0, tc / sc if tc else 0.0
        rows = []
        sa = sb = sc = 0.0
        for a, b, c in grid:
            a *= ka
            b *= kb
            c *= kc
            total = a + b + c
            a /= total
            b /= total
            c /= total
            sa += a
            sb += b
            sc += c
            rows.append((a, b, c))
        grid = rows
    return {s: {cols[j]: row[j] for j in keep} for s, row in zip(unknown, grid, strict=True)}
