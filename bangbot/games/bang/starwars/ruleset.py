"""BANG! Star Wars as a ruleset: the shared engine with the Star Wars variant (starwars/rules/variant.py)."""

from __future__ import annotations

from collections.abc import Sequence

from bangbot.games.bang.rules.options import STANDARD
from bangbot.games.bang.rules.roles import MAX_PLAYERS, MIN_PLAYERS
from bangbot.games.bang.rules.state import SIMPLIFIED, GameConfig
from bangbot.games.bang.ruleset import BaseBang
from bangbot.games.bang.starwars.rules.data import STARWARS
from bangbot.games.bang.starwars.rules.variant import STARWARS_OPTIONS
from bangbot.games.contract import NO_CHOICES, Choices


class StarWarsBang(BaseBang):
    """BANG! Star Wars (4 to 7 seats): Vader, Stormtroopers, Rebels and the Bounty Hunter, energy, fate."""

    id = STARWARS
    presets: Sequence[str] = (STANDARD,)

    def config(self, players: int, preset: str, choices: Choices = NO_CHOICES) -> GameConfig:
        """Returns the config of a Star Wars table; raises ValueError for a size or preset it does not have."""
        if players not in self.seats:
            raise ValueError(f"BANG! Star Wars needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
        if preset not in self.presets:
            raise ValueError(f"BANG! Star Wars has no rule preset {preset!r}")
        return GameConfig(players, preset, STARWARS, STARWARS_OPTIONS, choices.get(SIMPLIFIED, False))
