"""Who attacked or helped whom, as one seat saw it, and the chance of each hidden role that follows from it."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bangbot.ai.cardinfo import kind
from bangbot.ai.player import Memory
from bangbot.core.actions import HAND
from bangbot.core.cards import BANG, CAT_BALOU, DUEL, DYNAMITE, JAIL, MISSED, PANIC
from bangbot.core.roles import DEPUTY, OUTLAW, RENEGADE, ROLES, SHERIFF, roles_for
from bangbot.core.views import PlayerView

KEY = "beliefs"
HOSTILE = "hostile"
HELPED = "helped"

ATTACK_WEIGHT = {BANG: 1.0, MISSED: 1.0, DUEL: 1.0, JAIL: 1.0}  # MISSED: Calamity Janet's BANG!
TAKE_HAND_WEIGHT = 0.6  # Panic! or Cat Balou on a random hand card
TAKE_CARD_WEIGHT = 0.8  # Panic! or Cat Balou on a card in play
RELIEF_KINDS = (JAIL, DYNAMITE)  # taking these away from someone helps them
SHERIFF_TARGET_FACTOR = 2.0  # attacking the Sheriff says more than attacking anyone else
TARGET_SIDE_FACTOR = 0.4  # being attacked by the law hints at an outlaw, and the other way round
LIKELIHOOD = 0.4  # how strongly the lawfulness score moves the role odds
SCORE_LIMIT = 6.0
ROUNDS = 3
SINKHORN_ROUNDS = 12

# How much a role stands with the Sheriff: +1 the law, -1 the outlaws, 0 the renegade (either way).
ROLE_SIDE = {SHERIFF: 1.0, DEPUTY: 1.0, OUTLAW: -1.0, RENEGADE: 0.0}
HIDDEN_ROLES = (DEPUTY, OUTLAW, RENEGADE)


def record(memory: Memory, events: Sequence[Mapping[str, Any]]) -> None:
    """Adds the attacks and help shown in events to memory's tallies."""
    for e in events:
        if e.get("kind") == "play" and e.get("target") is not None:
            _record_play(memory, e)


def _record_play(memory: Memory, e: Mapping[str, Any]) -> None:
    """Tallies one targeted card: an attack, a theft, or taking a Jail or Dynamite away."""
    actor, target, card = int(e["seat"]), int(e["target"]), int(e["card"])
    if actor == target:
        return
    k = kind(card)
    if k in ATTACK_WEIGHT:
        _add(memory, HOSTILE, actor, target, ATTACK_WEIGHT[k])
    elif k in (PANIC, CAT_BALOU):
        taken = e.get("target_card")
        if taken is None or taken == HAND:
            _add(memory, HOSTILE, actor, target, TAKE_HAND_WEIGHT)
        elif kind(int(taken)) in RELIEF_KINDS:
            _add(memory, HELPED, actor, target, 1.0)
        else:
            _add(memory, HOSTILE, actor, target, TAKE_CARD_WEIGHT)


def _add(memory: Memory, name: str, a: int, b: int, weight: float) -> None:
    """Adds weight to cell (a, b) of a square tally, growing it as needed."""
    tallies = memory.setdefault(KEY, {})
    m: list[list[float]] = tallies.setdefault(name, [])
    size = max(a, b) + 1
    if len(m) < size:
        for row in m:
            row.extend([0.0] * (size - len(row)))
        m.extend([[0.0] * size for _ in range(size - len(m))])
    for row in m:
        if len(row) < len(m):
            row.extend([0.0] * (len(m) - len(row)))
    m[a][b] = round(m[a][b] + weight, 6)


def tally(memory: Mapping[str, Any], name: str, n: int) -> list[list[float]]:
    """Returns an n-by-n copy of a tally from memory (zeros where nothing was seen)."""
    stored = memory.get(KEY, {}).get(name, [])
    out = [[0.0] * n for _ in range(n)]
    for a, row in enumerate(stored[:n]):
        for b, w in enumerate(row[:n]):
            out[a][b] = float(w)
    return out


@dataclass(frozen=True, slots=True)
class RoleOdds:
    """Per seat the chance of each role as one seat sees it (known roles are certain), and roles still alive."""

    chances: tuple[Mapping[str, float], ...]
    lawful: tuple[float, ...]
    alive: Mapping[str, int]

    def p(self, seat: int, role: str) -> float:
        """Returns the chance that seat has role."""
        return self.chances[seat].get(role, 0.0)


def estimate(view: PlayerView, memory: Mapping[str, Any]) -> RoleOdds:
    """Returns the role odds of every seat from the view's known roles and memory's tallies."""
    if view.seat is None:
        raise ValueError("a spectator has no beliefs")
    n = len(view.seats)
    known: list[str | None] = [s.role for s in view.seats]
    known[view.seat] = view.role
    total = Counter(roles_for(n))
    dead = Counter(s.role for s in view.seats if not s.alive and s.role is not None)
    alive = {r: total[r] - dead[r] for r in ROLES}
    unknown = [s.seat for s in view.seats if s.alive and known[s.seat] is None]
    lawful = _lawfulness(known, unknown, tally(memory, HOSTILE, n), tally(memory, HELPED, n))
    hidden = dict(alive)
    for s in view.seats:
        role = known[s.seat]
        if s.alive and role is not None:
            hidden[role] -= 1
    odds = _sinkhorn(unknown, lawful, {r: max(hidden[r], 0) for r in HIDDEN_ROLES})
    chances: list[Mapping[str, float]] = []
    for seat in range(n):
        role = known[seat]
        chances.append({role: 1.0} if role is not None else odds.get(seat, {}))
    return RoleOdds(tuple(chances), tuple(lawful), alive)


def _lawfulness(
    known: list[str | None], unknown: list[int], hostile: list[list[float]], helped: list[list[float]]
) -> list[float]:
    """Returns per seat how much its acts side with the Sheriff (positive) or against him (negative)."""
    n = len(known)
    side = [ROLE_SIDE[r] if r is not None else 0.0 for r in known]
    score = [0.0] * n
    for _ in range(ROUNDS):
        for x in unknown:
            total = 0.0
            for y in range(n):
                if y == x:
                    continue
                factor = SHERIFF_TARGET_FACTOR if known[y] == SHERIFF else 1.0
                total += (helped[x][y] - hostile[x][y] * factor) * side[y]
                total -= TARGET_SIDE_FACTOR * hostile[y][x] * side[y]
            score[x] = max(-SCORE_LIMIT, min(SCORE_LIMIT, total))
        for x in unknown:
            side[x] = math.tanh(score[x] / 2)
    return score


def _sinkhorn(unknown: list[int], lawful: list[float], counts: Mapping[str, int]) -> dict[int, dict[str, float]]:
    """Returns role chances per unknown seat that fit both each seat's acts and how many of each role hide."""
    roles = [r for r in HIDDEN_ROLES if counts[r] > 0]
    if not unknown or not roles:
        return {}
    m = {s: {r: math.exp(LIKELIHOOD * ROLE_SIDE[r] * lawful[s]) for r in roles} for s in unknown}
    for _ in range(SINKHORN_ROUNDS):
        for r in roles:
            column = sum(m[s][r] for s in unknown)
            for s in unknown:
                m[s][r] *= counts[r] / column
        for s in unknown:
            row = sum(m[s].values())
            for r in roles:
                m[s][r] /= row
    return m
