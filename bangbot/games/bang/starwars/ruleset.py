"""BANG! Star Wars as a ruleset: the shared engine with the Star Wars variant (starwars/rules/variant.py)."""

from __future__ import annotations

from dataclasses import replace

from bangbot.games.bang.rules.actions import Action
from bangbot.games.bang.rules.options import STANDARD
from bangbot.games.bang.rules.roles import MAX_PLAYERS, MIN_PLAYERS
from bangbot.games.bang.rules.state import SIMPLIFIED, GameConfig, GameState
from bangbot.games.bang.rules.views import PlayerView
from bangbot.games.bang.ruleset import BASE_RULESET, SEATS
from bangbot.games.bang.starwars.rules.data import STARWARS
from bangbot.games.bang.starwars.rules.variant import STARWARS_OPTIONS
from bangbot.games.contract import NO_CHOICES, Choices, Ruleset

PRESETS = (STANDARD,)


def config(players: int, preset: str, choices: Choices = NO_CHOICES) -> GameConfig:
    """Returns the config of a Star Wars table; raises ValueError for a size or preset it does not have."""
    if players not in SEATS:
        raise ValueError(f"BANG! Star Wars needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    if preset not in PRESETS:
        raise ValueError(f"BANG! Star Wars has no rule preset {preset!r}")
    return GameConfig(players, preset, STARWARS, STARWARS_OPTIONS, choices.get(SIMPLIFIED, False))


# BANG! Star Wars (4 to 7 seats): Vader, Stormtroopers, Rebels and the Bounty Hunter, energy, fate.
STARWARS_RULESET: Ruleset[GameState, Action, PlayerView] = replace(
    BASE_RULESET, id=STARWARS, presets=PRESETS, config=config
)
