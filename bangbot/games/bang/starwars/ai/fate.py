"""BANG! Star Wars' fate effects as the AI reads them: what a card would do besides its own effect if played now."""

from __future__ import annotations

from bangbot.games.bang.ai.situation import Situation
from bangbot.games.bang.starwars.rules.data import FATE, FATE_BARRAGE, FATE_COUNTER_HIT, FATE_ENERGY


def fate_effect(sit: Situation, card: int) -> str | None:
    """Returns the fate effect this seat's card would apply if played now (it has one and the seat is low enough)."""
    if sit.mine.life > FATE_ENERGY:
        return None
    return FATE.get(card)


def is_barrage(sit: Situation, card: int) -> bool:
    """Returns whether this BANG! would hit every other seat instead of its target (the barrage fate effect)."""
    return fate_effect(sit, card) == FATE_BARRAGE


def hits_back(sit: Situation, card: int) -> bool:
    """Returns whether dodging with this Missed! would also hurt the attacker (the counter-hit fate effect)."""
    return fate_effect(sit, card) == FATE_COUNTER_HIT
