"""The presenter of each game, by ruleset id: the service asks the game's declaration how it is shown."""

from __future__ import annotations

from bangbot.games import game
from bangbot.games.contract import Presenter


def presenter(ruleset_id: str) -> Presenter:
    """Returns the presenter of a game; raises KeyError for a game nothing shows."""
    return game(ruleset_id).presenter
