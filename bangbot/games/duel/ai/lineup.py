"""Which characters go into play: a sturdy attacker with an ability that works in front, a useful cover."""

from __future__ import annotations

from collections.abc import Sequence

from bangbot.games.duel.ai.cards import ability_worth
from bangbot.games.duel.rules.data import CHARACTER

ATTACKER_LIFE = 3.0  # an attacker takes the hits: a life point more outweighs any ability


def fitness(character: str, position: int) -> float:
    """Returns how well a character fills a position (0: attacking, 1: covering)."""
    life = CHARACTER[character].life
    if position == 0:
        return ATTACKER_LIFE * life + ability_worth(character, True)
    return life + 2.0 * ability_worth(character, False)


def choose_character(options: Sequence[str], position: int) -> str:
    """Returns the option that fits the position best (the first listed on a tie)."""
    known = [o for o in options if o in CHARACTER]
    if not known:
        return options[0]
    return max(known, key=lambda o: (fitness(o, position), -options.index(o)))
