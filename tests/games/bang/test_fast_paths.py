"""The AI's and the views' fast paths give exactly what their plain definitions give, on seeded AI games."""

from __future__ import annotations

import copy
import dataclasses
import math
from collections.abc import Mapping
from typing import Any

import pytest

from bangbot.ai.mixing import mix, mix_on
from bangbot.core.events import Event
from bangbot.games import game as registered
from bangbot.games.bang.ai.beliefs import (
    LIKELIHOOD,
    ROUNDS,
    SCORE_LIMIT,
    SHERIFF_TARGET_FACTOR,
    SINKHORN_ROUNDS,
    TARGET_SIDE_FACTOR,
    VOLLEY_WEIGHT,
    RoleOdds,
    _both,
    _estimate,
    _lawfulness,
    _sinkhorn,
    estimate,
)
from bangbot.games.bang.ai.evidence import (
    HELPED,
    HELPED_END,
    HOSTILE,
    HOSTILE_END,
    VOLLEYS,
    VOLLEYS_END,
    counts,
    record,
    tally,
)
from bangbot.games.bang.ai.heuristic import HeuristicPlayer
from bangbot.games.bang.ai.match import play_match
from bangbot.games.bang.ai.sides import BASE
from bangbot.games.bang.rules.actions import Discard, EndTurn, Pass, Play, among
from bangbot.games.bang.rules.legal import legal_actions
from bangbot.games.bang.rules.serialize import request_to_json
from bangbot.games.bang.rules.state import GameState
from bangbot.games.bang.rules.table import distance
from bangbot.games.bang.rules.views import PlayerView, view


class Keep:
    """A referee that keeps a copy of the state at every decision and every event batch."""

    def __init__(self) -> None:
        self.states: list[tuple[GameState, int]] = []
        self.batches: list[list[Event]] = []

    def begin(self, state: GameState, events: list[Event]) -> None:
        self.batches.append(events)

    def decided(self, state: GameState, seat: int, seen: PlayerView, action: Any) -> None:
        self.states.append((state.copy(), seat))

    def happened(self, state: GameState, events: list[Event]) -> None:
        self.batches.append(events)


@pytest.fixture(scope="module", params=["base", "starwars"])
def games(request: pytest.FixtureRequest) -> Keep:
    rules = registered(request.param).ruleset
    keep = Keep()
    player = HeuristicPlayer(strict=True)
    for seed in range(4):
        play_match(rules.config(7, rules.presets[0]), seed, lambda s, r: player, referee=keep)
    return keep


def test_view_distances_and_plays_match_the_plain_rules(games: Keep) -> None:
    for state, seat in games.states:
        seen = view(state, seat)
        for t, p in enumerate(state.players):
            expected = distance(state, seat, t) if p.alive and t != seat else 0
            assert seen.distances[t] == expected
        assert list(seen.legal) == legal_actions(state, seat)  # the view's shared distances change no play
        for r in state.requests:
            plain = {k: list(v) if isinstance(v, tuple) else v for k, v in dataclasses.asdict(r).items()}
            assert request_to_json(r) == {"type": type(r).__name__, **plain}


def test_among_is_membership_by_value(games: Keep) -> None:
    for state, seat in games.states[::5]:
        legal = legal_actions(state, seat)
        for action in legal:
            assert among(action, legal)
            assert among(dataclasses.replace(action), legal)  # an equal object, not the listed one
        for probe in (EndTurn(), Pass(), Play(0, 1), Discard(legal[0].card if isinstance(legal[0], Discard) else 0)):
            assert among(probe, legal) == (probe in legal)


def test_others_in_order_walks_the_living_seats_clockwise(games: Keep) -> None:
    for state, seat in games.states:
        walked, s = [], state.next_alive(seat)
        while s != seat:
            walked.append(s)
            s = state.next_alive(s)
        assert state.others_in_order(seat) == walked


def plain_sinkhorn(lean: list[float], lawful: list[float], target: list[float]) -> list[list[float]]:
    """Column by column, then row by row scaling, as the textbook writes it: per seat, per role."""
    grid = [[math.exp(LIKELIHOOD * g * x) for g in lean] for x in lawful]
    for _ in range(SINKHORN_ROUNDS):
        sums = [sum(row[j] for row in grid) for j in range(len(lean))]
        grid = [[v * (t / c) for v, t, c in zip(row, target, sums, strict=True)] for row in grid]
        grid = [[v / sum(row) for v in row] for row in grid]
    return grid


@pytest.mark.parametrize(
    "hidden",
    [
        {"deputy": 2, "outlaw": 3, "renegade": 1},
        {"deputy": 0, "outlaw": 2, "renegade": 1},
        {"deputy": 1, "outlaw": 0, "renegade": 1},
        {"deputy": 2, "outlaw": 1, "renegade": 0},
        {"deputy": 0, "outlaw": 3, "renegade": 0},
    ],
)
def test_sinkhorn_is_the_plain_scaling_bit_for_bit(hidden: Mapping[str, int]) -> None:
    lawful = [0.0, 1.5, -2.25, 0.3, 6.0, -0.7, 0.0]
    unknown = [1, 2, 3, 5, 6]
    roles = [r for r in BASE.hidden if hidden[r] > 0]
    fast = _sinkhorn(BASE, unknown, lawful, hidden)
    plain = plain_sinkhorn([BASE.lean[r] for r in roles], [lawful[s] for s in unknown], [hidden[r] for r in roles])
    assert [[fast[s][r] for r in roles] for s in unknown] == plain
    assert all(math.isclose(sum(fast[s].values()), 1.0) for s in unknown)


def plain_sum(memory: Any, early: str, late: str, n: int) -> list[list[float]]:
    """An early and a late tally added cell by cell."""
    a, b = tally(memory, early, n), tally(memory, late, n)
    return [[a[x][y] + b[x][y] for y in range(n)] for x in range(n)]


def plain_lawfulness(
    me: int, known: list[str | None], unknown: list[int], hostile: list[list[float]], volleys: list[float], memory: Any
) -> list[float]:
    """Each hidden seat's lawfulness cell by cell, as beliefs.py defines it, for the base game's sides."""
    n = len(known)
    helped = plain_sum(memory, HELPED, HELPED_END, n)
    side = [BASE.lean[r] if r is not None else 0.0 for r in known]
    weights = {}
    for x in unknown:
        row = list(hostile[x])
        for y in range(n):
            if known[y] == BASE.leader and x != y:
                row[y] += VOLLEY_WEIGHT * volleys[x]
        ws = {}
        for y in range(n):
            w = helped[x][y] - row[y] * (SHERIFF_TARGET_FACTOR if known[y] == BASE.leader else 1.0)
            if y != me:
                w -= TARGET_SIDE_FACTOR * hostile[y][x]
            if w and y != x:
                ws[y] = w
        weights[x] = ws
    score = [0.0] * n
    for _ in range(ROUNDS):
        for x in unknown:
            score[x] = max(-SCORE_LIMIT, min(SCORE_LIMIT, sum(w * side[y] for y, w in weights[x].items())))
        for x in unknown:
            side[x] = math.tanh(score[x] / 2)
    return score


def test_lawfulness_is_the_plain_sum_bit_for_bit() -> None:
    checked = 0

    def compare(seat: int, seen: PlayerView, memory: Any, action: Any) -> None:
        nonlocal checked
        n = len(seen.seats)
        known = [seen.role if s.seat == seat else s.role for s in seen.seats]
        unknown = [s.seat for s in seen.seats if s.alive and s.role is None and s.seat != seat]
        hostile = plain_sum(memory, HOSTILE, HOSTILE_END, n)
        assert _both(memory, HOSTILE, HOSTILE_END, n) == hostile
        volleys = [a + b for a, b in zip(counts(memory, VOLLEYS, n), counts(memory, VOLLEYS_END, n), strict=True)]
        fast = _lawfulness(BASE, seat, known, unknown, memory, hostile, volleys)
        assert fast == plain_lawfulness(seat, known, unknown, hostile, volleys, memory)
        checked += any(fast)

    player = HeuristicPlayer(strict=True)
    for seed in range(3):
        play_match(
            registered("base").ruleset.config(7, registered("base").ruleset.presets[0]),
            seed,
            lambda s, r: player,
            watch=compare,
        )
    assert checked > 100


def test_cached_odds_are_the_odds_worked_out_afresh() -> None:
    rules = registered("base").ruleset
    seen_odds: list[tuple[RoleOdds, RoleOdds]] = []

    def compare(seat: int, seen: PlayerView, memory: Any, action: Any) -> None:
        known: list[str | None] = [seen.role if s.seat == seat else s.role for s in seen.seats]
        alive = tuple(s.alive for s in seen.seats)
        seen_odds.append((estimate(seen, memory), _estimate(BASE, seat, known, alive, copy.deepcopy(memory))))

    player = HeuristicPlayer(strict=True)
    for seed in range(3):
        play_match(rules.config(7, rules.presets[0]), seed, lambda s, r: player, watch=compare)
    assert all(cached == fresh for cached, fresh in seen_odds)
    assert len({id(cached) for cached, _ in seen_odds}) < len(seen_odds) / 2  # the cache answered most asks


def test_events_shown_to_every_seat_are_tallied_as_if_each_had_its_own(games: Keep) -> None:
    shared: list[dict[str, Any]] = [{} for _ in range(7)]
    own: list[dict[str, Any]] = [{} for _ in range(7)]
    for events in games.batches:
        public = tuple(e.for_seat(None) for e in events)
        for seat in range(7):
            record(shared[seat], public)  # one tuple for all seats: read once
            record(own[seat], [dict(e) for e in public])  # fresh dicts each time
    assert shared == own
    assert any(book.get("beliefs", {}).get("hostile") for book in own)


def test_a_mix_on_a_shared_prefix_is_the_whole_mix() -> None:
    for values in [(1, 2, 3, 4, 5), (0, -1, 7, 2**70, 3)]:
        assert mix_on(mix(*values[:3]), *values[3:]) == mix(*values)
