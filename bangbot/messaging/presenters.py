"""The presenter of each game, by ruleset id: the one place the service asks how a game is shown."""

from __future__ import annotations

from bangbot.core.variants import STARWARS
from bangbot.messaging.base_presenter import BASE_PRESENTER
from bangbot.messaging.duel_presenter import DUEL_PRESENTER
from bangbot.messaging.presenter import Presenter
from bangbot.rulesets.base import BASE
from bangbot.rulesets.duel import DUEL

PRESENTERS: dict[str, Presenter] = {BASE: BASE_PRESENTER, STARWARS: BASE_PRESENTER, DUEL: DUEL_PRESENTER}


def presenter(ruleset_id: str) -> Presenter:
    """Returns the presenter of a game; raises KeyError for a game nothing shows."""
    if ruleset_id not in PRESENTERS:
        raise KeyError(f"no presenter for game {ruleset_id!r}; known: {', '.join(PRESENTERS)}")
    return PRESENTERS[ruleset_id]
