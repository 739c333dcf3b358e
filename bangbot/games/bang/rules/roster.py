"""Every character of the family's games and the ability atoms each has; the one lookup the rules use."""

from __future__ import annotations

from collections.abc import Mapping

from bangbot.games.bang.rules.abilities import (
    BANG_AND_MISSED_SWAP,
    BASE_CHARACTER_ABILITIES,
    BUILT_IN_BARREL,
    CHECKS_TWO_CARDS,
    DRAWS_MORE_WITHOUT_BLUE,
    DRAWS_ON_EMPTY_HAND,
    DRAWS_ONE_FROM_ANY_HAND,
    DRAWS_PER_LIFE_LOST,
    DRAWS_PER_MISSING_ENERGY,
    EVERY_HIT_NEEDS_TWO_MISSED,
    HARD_TO_REACH,
    HEALS_BY_DISCARDING,
    HEALS_WHEN_OTHERS_DRINK,
    NEEDS_TWO_MISSED,
    REPEATS_A_BROWN_EFFECT,
    SEES_NEARER,
    STRIKES_AT_THIEVES,
    SURVIVES_BY_CHECK,
)
from bangbot.games.bang.rules.characters import CHARACTER_LIFE

NO_ABILITIES: frozenset[str] = frozenset()

# BANG! Star Wars' 16 ability cards: (abilities, energy); a character of that game is its ability card. Known
# exception to the variant split (tests/games/bang/test_variant_split.py): every seat's abilities are looked up
# here by character, before any variant is asked.
ABILITY_CARDS: Mapping[str, tuple[frozenset[str], int]] = {
    "fearless": (frozenset({SEES_NEARER}), 4),
    "lucky": (frozenset({BUILT_IN_BARREL}), 4),
    "hardy": (frozenset({HEALS_BY_DISCARDING}), 4),
    "seasoned": (frozenset({REPEATS_A_BROWN_EFFECT}), 4),
    "provident": (frozenset({DRAWS_ON_EMPTY_HAND}), 4),
    "inventive": (frozenset({BANG_AND_MISSED_SWAP}), 4),
    "sharpshooter": (frozenset({NEEDS_TWO_MISSED, EVERY_HIT_NEEDS_TWO_MISSED}), 4),
    "vengeful": (frozenset({STRIKES_AT_THIEVES}), 4),
    "persistent": (frozenset({DRAWS_ONE_FROM_ANY_HAND}), 4),
    "resourceful": (frozenset({DRAWS_MORE_WITHOUT_BLUE}), 5),
    "unflappable": (frozenset({DRAWS_PER_LIFE_LOST}), 4),
    "elusive": (frozenset({HARD_TO_REACH}), 3),
    "dangerous": (frozenset({SURVIVES_BY_CHECK}), 3),
    "nimble": (frozenset({HEALS_WHEN_OTHERS_DRINK}), 4),
    "calculating": (frozenset({CHECKS_TWO_CARDS}), 4),
    "furious": (frozenset({DRAWS_PER_MISSING_ENERGY}), 4),
}

CHARACTER_ABILITIES: Mapping[str, frozenset[str]] = {
    **BASE_CHARACTER_ABILITIES,
    **{card: abilities for card, (abilities, _) in ABILITY_CARDS.items()},
}


# Life points (energy, in BANG! Star Wars) as printed on each character.
PRINTED_LIFE: Mapping[str, int] = {**CHARACTER_LIFE, **{card: energy for card, (_, energy) in ABILITY_CARDS.items()}}


def abilities_of(character: str) -> frozenset[str]:
    """Returns the ability atoms of a character (none for one the tables do not know)."""
    return CHARACTER_ABILITIES.get(character, NO_ABILITIES)
