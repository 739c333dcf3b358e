"""Distance between seats and the range of a player's weapon."""

from __future__ import annotations

from bangbot.games.bang.rules.abilities import HARD_TO_REACH, SEES_NEARER
from bangbot.games.bang.rules.cards import MUSTANG, SCOPE
from bangbot.games.bang.rules.state import WEAPON_RANGE, GameState, Player

COLT_RANGE = 1


def seat_distance(state: GameState, a: int, b: int) -> int:
    """Returns the seats between a and b around the living players, the shorter way."""
    if a == b:
        return 0
    alive = [p.seat for p in state.players if p.alive]
    gap = abs(alive.index(a) - alive.index(b))
    return min(gap, len(alive) - gap)


def _modifiers(state: GameState, seat: int) -> tuple[int, int]:
    """Returns (how much farther others see seat, how much nearer seat sees others)."""
    p = state.players[seat]
    return _farther(p), (SEES_NEARER in p.abilities) + p.has_in_play(SCOPE)


def _farther(p: Player) -> int:
    """Returns how much farther others see p: Mustang and Paul Regret."""
    return (HARD_TO_REACH in p.abilities) + p.has_in_play(MUSTANG)


def distance(state: GameState, a: int, b: int) -> int:
    """Returns the distance from a to b with Mustang, Scope, Paul Regret and Rose Doolan; at least 1."""
    if a == b:
        return 1
    return max(seat_distance(state, a, b) + _modifiers(state, b)[0] - _modifiers(state, a)[1], 1)


_GAPS: dict[tuple[int, ...], dict[int, tuple[tuple[int, int], ...]]] = {}  # seat arrangement -> seat -> gaps


def seat_gaps(alive: tuple[int, ...]) -> dict[int, tuple[tuple[int, int], ...]]:
    """Returns, for a seat arrangement (the living seats in order), each seat's (other seat, seats between them the
    shorter way) for every other living seat in seat order; worked out once per arrangement."""
    table = _GAPS.get(alive)
    if table is None:
        n = len(alive)
        table = _GAPS[alive] = {
            seat: tuple((other, min(abs(i - j), n - abs(i - j))) for j, other in enumerate(alive) if j != i)
            for i, seat in enumerate(alive)
        }
    return table


def distances_from(state: GameState, seat: int) -> dict[int, int]:
    """Returns the distance from seat to every other living seat (distance for each, worked out in one pass)."""
    players = state.players
    gaps = seat_gaps(tuple([p.seat for p in players if p.alive]))[seat]
    me = players[seat]
    nearer = (SEES_NEARER in me.abilities) + (bool(me.in_play) and me.has_in_play(SCOPE))  # _modifiers' second
    out: dict[int, int] = {}
    for other, gap in gaps:
        p = players[other]
        d = gap - nearer + (HARD_TO_REACH in p.abilities)
        if p.in_play and p.has_in_play(MUSTANG):  # _farther, without a call for an empty table
            d += 1
        out[other] = d if d > 1 else 1
    return out


def weapon_range(state: GameState, seat: int) -> int:
    """Returns how far seat's BANG! reaches: its weapon's range, or the Colt .45's."""
    weapon = state.players[seat].weapon()
    return COLT_RANGE if weapon is None else WEAPON_RANGE[weapon]
