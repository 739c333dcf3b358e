"""A stable 64-bit mix of integers, so that choices repeat exactly for the same inputs."""

from __future__ import annotations

MASK = (1 << 64) - 1
START = 0x9E3779B97F4A7C15


def mix(*values: int) -> int:
    """Returns a well-spread 64-bit number that depends on every value (SplitMix64 finaliser)."""
    return mix_on(START, *values)


def mix_on(h: int, *values: int) -> int:
    """Returns mix(a..., *values) given h = mix(a...) (START for none): a shared prefix is mixed once."""
    for v in values:
        h = (h ^ (v & MASK)) * 0xBF58476D1CE4E5B9 & MASK
        h ^= h >> 31
        h = (h + 0x9E3779B97F4A7C15) * 0x94D049BB133111EB & MASK
        h ^= h >> 29
    return h
