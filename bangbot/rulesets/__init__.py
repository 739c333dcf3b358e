"""The games the bot can run, by id: the one place that knows every ruleset."""

from __future__ import annotations

from typing import Any

from bangbot.core.ruleset import Ruleset
from bangbot.core.state import GameConfig
from bangbot.core.variants import STARWARS
from bangbot.rulesets.base import BASE, BaseBang
from bangbot.rulesets.duel import DuelBang
from bangbot.rulesets.starwars import StarWarsBang

AnyRuleset = Ruleset[Any, Any, Any]

RULESETS: dict[str, AnyRuleset] = {r.id: r for r in (BaseBang(), StarWarsBang(), DuelBang())}
DEFAULT = BASE
# The games a lobby and the terminal offer (a registered game is offered once its texts and AI are complete).
OFFERED: tuple[str, ...] = (BASE, STARWARS, DuelBang.id)


def ruleset(ruleset_id: str) -> AnyRuleset:
    """Returns the ruleset with this id; raises KeyError for an unknown one."""
    if ruleset_id not in RULESETS:
        raise KeyError(f"unknown game {ruleset_id!r}; known: {', '.join(RULESETS)}")
    return RULESETS[ruleset_id]


def ruleset_of(config: GameConfig) -> AnyRuleset:
    """Returns the ruleset a game was set up with."""
    return ruleset(config.ruleset)


def table_sizes(rules: AnyRuleset, preset: str) -> range:
    """Returns the table sizes a game deals with a preset (a Duel mode allows one); empty for a preset it lacks."""
    fits = [n for n in rules.seats if _deals(rules, n, preset)]
    return range(fits[0], fits[-1] + 1) if fits else range(0)


def _deals(rules: AnyRuleset, players: int, preset: str) -> bool:
    """Returns whether the game has a config for this table size and preset."""
    try:
        rules.config(players, preset)
    except (ValueError, KeyError):
        return False
    return True
