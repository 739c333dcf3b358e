"""Abilities as data: each character is a set of ability atoms that the rules ask for, never a name they test."""

from __future__ import annotations

from collections.abc import Mapping

from bangbot.games.bang.rules.characters import (
    BART_CASSIDY,
    BLACK_JACK,
    CALAMITY_JANET,
    EL_GRINGO,
    JESSE_JONES,
    JOURDONNAIS,
    KIT_CARLSON,
    LUCKY_DUKE,
    PAUL_REGRET,
    PEDRO_RAMIREZ,
    ROSE_DOOLAN,
    SID_KETCHUM,
    SLAB_THE_KILLER,
    SUZY_LAFAYETTE,
    VULTURE_SAM,
    WILLY_THE_KID,
)

# The atoms: one rule each, named for what it does, not for who has it.
DRAWS_PER_LIFE_LOST = "draws_per_life_lost"  # draws a card for each life lost
SHOWS_SECOND_DRAW = "shows_second_draw"  # phase 1: shows the second card, a red one draws another
BANG_AND_MISSED_SWAP = "bang_and_missed_swap"  # BANG! and Missed! each serve as the other
STEALS_FROM_ATTACKER = "steals_from_attacker"  # takes a card from whoever hurt him
DRAWS_FROM_A_HAND = "draws_from_a_hand"  # phase 1: the first card may come from another player's hand
BUILT_IN_BARREL = "built_in_barrel"  # checks like a Barrel whenever he is shot at
LOOKS_AT_THREE = "looks_at_three"  # phase 1: looks at three cards and puts one back
CHECKS_TWO_CARDS = "checks_two_cards"  # each check reveals two cards and keeps the better
HARD_TO_REACH = "hard_to_reach"  # others see him one farther
DRAWS_FROM_DISCARD = "draws_from_discard"  # phase 1: the first card may come from the discard pile
SEES_NEARER = "sees_nearer"  # sees everybody one nearer
HEALS_BY_DISCARDING = "heals_by_discarding"  # discards cards at any time to regain a life
NEEDS_TWO_MISSED = "needs_two_missed"  # his BANG!s need two Missed! effects to cancel
DRAWS_ON_EMPTY_HAND = "draws_on_empty_hand"  # draws a card whenever his hand is empty
TAKES_THE_DEADS_CARDS = "takes_the_deads_cards"  # takes every card of an eliminated player
UNLIMITED_BANG = "unlimited_bang"  # plays any number of BANG!s in a turn
# BANG! Star Wars adds these.
REPEATS_A_BROWN_EFFECT = "repeats_a_brown_effect"  # once a turn, a discarded BANG! applies a played card again
STRIKES_AT_THIEVES = "strikes_at_thieves"  # whoever chooses to take or discard his cards is shot at first
DRAWS_ONE_FROM_ANY_HAND = "draws_one_from_any_hand"  # phase 1: two from the deck, or one from any hand
DRAWS_MORE_WITHOUT_BLUE = "draws_more_without_blue"  # phase 1: two more cards with no blue card in play
SURVIVES_BY_CHECK = "survives_by_check"  # losing the last energy, a check without the empire symbol saves him
HEALS_WHEN_OTHERS_DRINK = "heals_when_others_drink"  # another's Bacta lets him discard a card for an energy
DRAWS_PER_MISSING_ENERGY = "draws_per_missing_energy"  # phase 1: one card, plus one per energy he lacks
EVERY_HIT_NEEDS_TWO_MISSED = "every_hit_needs_two_missed"  # not only his BANG!s: every hit he deals (AT-AT too)

# The base game's 16 characters.
BASE_CHARACTER_ABILITIES: Mapping[str, frozenset[str]] = {
    BART_CASSIDY: frozenset({DRAWS_PER_LIFE_LOST}),
    BLACK_JACK: frozenset({SHOWS_SECOND_DRAW}),
    CALAMITY_JANET: frozenset({BANG_AND_MISSED_SWAP}),
    EL_GRINGO: frozenset({STEALS_FROM_ATTACKER}),
    JESSE_JONES: frozenset({DRAWS_FROM_A_HAND}),
    JOURDONNAIS: frozenset({BUILT_IN_BARREL}),
    KIT_CARLSON: frozenset({LOOKS_AT_THREE}),
    LUCKY_DUKE: frozenset({CHECKS_TWO_CARDS}),
    PAUL_REGRET: frozenset({HARD_TO_REACH}),
    PEDRO_RAMIREZ: frozenset({DRAWS_FROM_DISCARD}),
    ROSE_DOOLAN: frozenset({SEES_NEARER}),
    SID_KETCHUM: frozenset({HEALS_BY_DISCARDING}),
    SLAB_THE_KILLER: frozenset({NEEDS_TWO_MISSED}),
    SUZY_LAFAYETTE: frozenset({DRAWS_ON_EMPTY_HAND}),
    VULTURE_SAM: frozenset({TAKES_THE_DEADS_CARDS}),
    WILLY_THE_KID: frozenset({UNLIMITED_BANG}),
}
