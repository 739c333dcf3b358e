"""The games of the BANG! family that share one engine, each as data: deck, characters, fate, rewards."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from bangbot.games.bang.rules import starwars
from bangbot.games.bang.rules.characters import CHARACTERS
from bangbot.games.bang.rules.options import RuleOptions
from bangbot.games.bang.rules.state import GameConfig

BASE = "base"
STARWARS = starwars.STARWARS
# Rulebook 001's «Запасливый» draws «как только» his hand is empty, with no Duel exception (unlike cs's Suzy
# Lafayette); the rest as the standard preset, BANG! on oneself included (the rulebook is silent on it).
STARWARS_OPTIONS = RuleOptions(empty_hand_draws_in_duel=True)


@dataclass(frozen=True, slots=True)
class Variant:
    """What one game of the family plays with over the shared engine."""

    id: str
    deck: tuple[int, ...] | None  # card indices of CARDS; None: the base deck
    characters: tuple[str, ...]  # what is dealt as characters (BANG! Star Wars: its ability cards)
    fate: Mapping[int, str] = field(default_factory=dict)  # card index -> fate effect
    fate_energy: int = -1  # a card with a fate effect played at this life or less applies it; -1: never
    no_reward_causes: frozenset[str] = frozenset()  # eliminations by these causes earn no reward
    chosen_start_order: bool = False  # the player orders the start-of-turn checks (the Star Wars compactor, New Hope)
    drinks_in_vain: bool = False  # a dying player may play Beer with two left, healing nothing (fate, «Проворный»)
    options: RuleOptions | None = None  # the game's own rule options; None: the base game's presets


VARIANTS: Mapping[str, Variant] = {
    BASE: Variant(BASE, None, CHARACTERS),
    STARWARS: Variant(
        STARWARS,
        starwars.DECK,
        tuple(starwars.ABILITY_CARDS),
        starwars.FATE,
        starwars.FATE_ENERGY,
        starwars.NO_REWARD_CAUSES,
        chosen_start_order=True,
        drinks_in_vain=True,
        options=STARWARS_OPTIONS,
    ),
}


def variant_of(config: GameConfig) -> Variant:
    """Returns the variant a game was set up as; raises KeyError for a ruleset not played by this engine."""
    return VARIANTS[config.ruleset]
