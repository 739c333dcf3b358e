"""Distance between seats and the range of a player's weapon."""

from __future__ import annotations

from bangbot.core.cards import MUSTANG, SCOPE
from bangbot.core.characters import PAUL_REGRET, ROSE_DOOLAN
from bangbot.core.state import GameState, kind_of

COLT_RANGE = 1


def seat_distance(state: GameState, a: int, b: int) -> int:
    """Returns the seats between a and b around the living players, the shorter way."""
    if a == b:
        return 0
    n = len(state.players)
    players = state.players
    forward = 0
    s = a
    while s != b:
        s = (s + 1) % n
        if players[s].alive:
            forward += 1
    alive = sum(1 for p in players if p.alive)
    return min(forward, alive - forward)


def distance(state: GameState, a: int, b: int) -> int:
    """Returns the distance from a to b with Mustang, Scope, Paul Regret and Rose Doolan; at least 1."""
    if a == b:
        return 1
    d = seat_distance(state, a, b)
    viewer, target = state.players[a], state.players[b]
    if target.has_in_play(MUSTANG):
        d += 1
    if target.character == PAUL_REGRET:
        d += 1
    if viewer.has_in_play(SCOPE):
        d -= 1
    if viewer.character == ROSE_DOOLAN:
        d -= 1
    return max(d, 1)


def weapon_range(state: GameState, seat: int) -> int:
    """Returns how far seat's BANG! reaches: its weapon's range, or the Colt .45's."""
    weapon = state.players[seat].weapon()
    return COLT_RANGE if weapon is None else kind_of(weapon).weapon_range
