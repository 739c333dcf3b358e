"""The rules of the registered games (bangbot.games), by id."""

from __future__ import annotations

from bangbot.games import game
from bangbot.games.contract import AnyRuleset, GameConfig, table_sizes

__all__ = ["AnyRuleset", "ruleset", "ruleset_of", "table_sizes"]


def ruleset(ruleset_id: str) -> AnyRuleset:
    """Returns the ruleset with this id; raises KeyError for an unknown one."""
    return game(ruleset_id).ruleset


def ruleset_of(config: GameConfig) -> AnyRuleset:
    """Returns the ruleset a game was set up with."""
    return ruleset(config.ruleset)
