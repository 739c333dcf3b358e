"""A table's lobby options: those its game declares, read from and written to the table's stored JSON."""

from __future__ import annotations

import json
from typing import Any

from bangbot import games as registry
from bangbot.games.contract import LobbyOption, chosen
from bangbot.storage.models import ChatSettings, Game

OPTION = "opt."  # an option button's choice: this prefix and the option's id


def declared(ruleset_id: str) -> tuple[LobbyOption, ...]:
    """Returns the lobby options a game offers, in the order its lobby shows them."""
    return registry.game(ruleset_id).lobby


def stored(table: Game | ChatSettings) -> dict[str, Any]:
    """Returns every option value stored with a table or chat, also those of games it no longer plays ({} if none)."""
    data = json.loads(table.choices_json or "{}")
    return data if isinstance(data, dict) else {}


def table_choices(table: Game | ChatSettings) -> dict[str, bool]:
    """Returns the value of each option its game declares: the stored one, else the option's default."""
    return chosen(declared(table.ruleset), stored(table))


def switch(game: Game, option_id: str) -> None:
    """Switches one of the game's on/off options; values the game does not declare stay stored as they were."""
    values = stored(game)
    values[option_id] = not table_choices(game)[option_id]
    game.choices_json = json.dumps(values, sort_keys=True, separators=(",", ":"))
