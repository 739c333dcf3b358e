"""How much a card is worth to this seat, given the rest of its hand and what lies in front of it."""

from __future__ import annotations

from collections.abc import Sequence

from bangbot.games.bang.ai.cardinfo import is_weapon, kind, weapon_range
from bangbot.games.bang.ai.situation import Situation
from bangbot.games.bang.rules.abilities import UNLIMITED_BANG
from bangbot.games.bang.rules.cards import (
    BANG,
    BARREL,
    BEER,
    CAT_BALOU,
    DUEL,
    DYNAMITE,
    GATLING,
    GENERAL_STORE,
    INDIANS,
    JAIL,
    MISSED,
    MUSTANG,
    PANIC,
    SALOON,
    SCOPE,
    STAGECOACH,
    VOLCANIC,
    WELLS_FARGO,
)
from bangbot.games.bang.rules.roster import abilities_of

BASE_VALUE = {
    SALOON: 1.4,
    STAGECOACH: 2.6,
    WELLS_FARGO: 2.9,
    GENERAL_STORE: 1.0,
    PANIC: 2.4,
    CAT_BALOU: 2.1,
    GATLING: 2.3,
    INDIANS: 1.9,
    DUEL: 1.8,
    JAIL: 1.7,
    DYNAMITE: 0.6,
}
EQUIPMENT_VALUE = {BARREL: 3.2, MUSTANG: 2.6, SCOPE: 1.8}
SPARE_COPY = 0.4  # a blue card already in play, or a second copy of it
DODGE_VALUES = (3.0, 2.4, 1.8)  # the first, second, third and later Missed!
REPEAT_PENALTY = 0.3
MIN_VALUE = 0.3


def card_value(sit: Situation, card: int, rest: Sequence[int]) -> float:
    """Returns the worth of card to this seat when it also holds rest."""
    k = kind(card)
    same = sum(1 for c in rest if kind(c) == k)
    if k in (BANG, MISSED):
        return _shot_or_dodge_value(sit, k, rest)
    if k == BEER:
        if not sit.beer_works():
            return MIN_VALUE
        low = 0.4 if sit.mine.life <= 2 else 0.0
        return (2.8 if same == 0 else 2.3) + low
    if k in EQUIPMENT_VALUE:
        return EQUIPMENT_VALUE[k] if same == 0 and k not in sit.in_play(sit.me) else SPARE_COPY
    if is_weapon(card):
        return _weapon_value(sit, card, rest)
    return max(BASE_VALUE.get(k, 1.0) - REPEAT_PENALTY * same, MIN_VALUE)


def _shot_or_dodge_value(sit: Situation, k: str, rest: Sequence[int]) -> float:
    """Returns the worth of a BANG! or a Missed! (for Calamity Janet the two are one)."""
    dodges = sit.dodges(list(rest))
    dodge = DODGE_VALUES[min(dodges, len(DODGE_VALUES) - 1)]
    shots = sit.bang_like(list(rest))
    shot = 2.2 if shots == 0 or sit.shoots_many() else 1.5
    if sit.janet:
        return max(dodge, shot)
    return dodge if k == MISSED else shot


def _weapon_value(sit: Situation, card: int, rest: Sequence[int]) -> float:
    """Returns the worth of a weapon: Volcanic with many BANG!s, otherwise how much farther it reaches."""
    if kind(card) == VOLCANIC:
        if UNLIMITED_BANG in abilities_of(sit.mine.character):
            return SPARE_COPY
        return 2.4 if sit.bang_like(list(rest)) >= 2 else 0.9
    gain = weapon_range(card) - sit.view.reach
    return 0.8 + 0.45 * gain if gain > 0 else SPARE_COPY


def least_valuable(sit: Situation, cards: Sequence[int], hand: Sequence[int]) -> int:
    """Returns the card among cards worth least within hand (ties: the lowest index)."""
    return min(cards, key=lambda c: (card_value(sit, c, [x for x in hand if x != c]), c))


def most_valuable(sit: Situation, cards: Sequence[int], hand: Sequence[int]) -> int:
    """Returns the card among cards that would be worth most added to hand (ties: the lowest index)."""
    return max(cards, key=lambda c: (card_value(sit, c, list(hand)), -c))
