"""A small seeded generator (SplitMix64) whose whole state is one integer kept in the game."""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def next_value(state: int) -> tuple[int, int]:
    """Returns (new state, 64-bit output) for a SplitMix64 state."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Returns (new state, a number in 0..n-1) for n >= 1."""
    state, value = next_value(state)
    return state, (value * n) >> 64


def shuffled(state: int, items: list[int]) -> tuple[int, list[int]]:
    """Returns (new state, a Fisher-Yates shuffled copy of items)."""
    out = list(items)
    mask = _MASK
    for i in range(len(out) - 1, 0, -1):  # below(state, i + 1), inline: a reshuffle draws once per card
        state = (state + _GOLDEN) & mask
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        out[i], out[j] = out[j], out[i]
    return state, out


def seed_state(seed: int) -> int:
    """Returns the generator state for a game seed."""
    return seed & _MASK
