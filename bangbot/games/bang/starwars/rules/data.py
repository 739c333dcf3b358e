"""BANG! Star Wars as data: its characters (abilities), energy, deck, fate effects and what the rulebook left out.

Everything marked assumed here is not printed in rulebook 001 (spec/star-wars.md); a correction is a change of
this table, not of the rules.
"""

from __future__ import annotations

from collections.abc import Mapping

from bangbot.games.bang.rules.abilities import (
    BANG_AND_MISSED_SWAP,
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
from bangbot.games.bang.rules.cards import (
    BANG,
    BASE_DECK,
    BEER,
    CARDS,
    DYNAMITE,
    INDIANS,
    MISSED,
    NEW_HOPE,
    STAGECOACH,
    WELLS_FARGO,
)

STARWARS = "starwars"

# The 16 ability cards: (abilities, energy). A character of this game is its ability card.
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

# Fate effects ("Встреча с судьбой"), applied with a card played at FATE_ENERGY or less.
FATE_DRAW = "fate_draw"
FATE_DISCARD_ALL = "fate_discard_all"
FATE_STEAL = "fate_steal"
FATE_BARRAGE = "fate_barrage"
FATE_COUNTER_HIT = "fate_counter_hit"
FATE_SWAP_HANDS = "fate_swap_hands"
FATE_HEAL_OTHER = "fate_heal_other"
FATE_ENERGY = 2

# Assumed: which printed copies carry which fate effect (kind, the copy's suit and rank, its effect): BANG! 3 draw,
# 2 discard-all, 2 steal, 1 barrage; Missed! 2 draw, 2 counter-hit, 2 swap; Bacta 2 draw, 1 heal-other; Repair
# 1 draw. The spec assumed one swap; the rulebook's own example (two players swapping hands against one «Атака
# АТ-АТ», the first to play his «Мимо!» first) needs at least two, so 2♠ swaps too.
_FATE_TABLE: tuple[tuple[str, str, str], ...] = (
    (BANG, "AS", FATE_DRAW),
    (BANG, "QH", FATE_DRAW),
    (BANG, "KH", FATE_DRAW),
    (BANG, "AH", FATE_DISCARD_ALL),
    (BANG, "2D", FATE_DISCARD_ALL),
    (BANG, "3D", FATE_STEAL),
    (BANG, "4D", FATE_STEAL),
    (BANG, "5D", FATE_BARRAGE),
    (MISSED, "10C", FATE_DRAW),
    (MISSED, "JC", FATE_DRAW),
    (MISSED, "QC", FATE_COUNTER_HIT),
    (MISSED, "KC", FATE_COUNTER_HIT),
    (MISSED, "AC", FATE_SWAP_HANDS),
    (MISSED, "2S", FATE_SWAP_HANDS),
    (BEER, "6H", FATE_DRAW),
    (BEER, "7H", FATE_DRAW),
    (BEER, "8H", FATE_HEAL_OTHER),
    (STAGECOACH, "9S", FATE_DRAW),
)

# Assumed: the deck is the base deck card for card, with «Новая надежда» in Wells Fargo's place.
DECK: tuple[int, ...] = tuple(
    next(c.index for c in CARDS if c.kind == NEW_HOPE) if c.kind == WELLS_FARGO else c.index for c in BASE_DECK
)

# No reward for a Rebel eliminated by «Джавы» (Indians!) or «Уплотнитель мусора» (Dynamite).
NO_REWARD_CAUSES = frozenset({INDIANS, DYNAMITE})

NEW_HOPE_ENERGY = 2  # what a successful «Новая надежда» check gives


def _fate_by_card() -> dict[int, str]:
    """Returns card index -> fate effect, each table row naming the first copy of its kind, suit and rank."""
    out: dict[int, str] = {}
    for kind, code, effect in _FATE_TABLE:
        index = next(
            c.index
            for c in BASE_DECK
            if c.kind == kind and f"{c.label}".startswith(code[:-1]) and c.suit == code[-1] and c.index not in out
        )
        out[index] = effect
    return out


FATE: Mapping[int, str] = _fate_by_card()

# Every point where BANG! Star Wars plays on an assumption (shown in the help, corrected here).
ASSUMPTIONS: tuple[str, ...] = (
    "deck",  # the base deck card for card, «Новая надежда» for Wells Fargo
    "fate_distribution",  # which copies carry which fate effect (_FATE_TABLE)
    "weapon_ranges",  # ионный бластер 2, арбалет 3, DLT-19 4, A280 5
    "check_symbols",  # alliance on ♥, empire on ♠, the compactor's on ♠2–9
    "dangerous_check",  # «Опасный» survives on a card without the empire symbol
)
