"""Phase 3: Sid Ketchum heals with spare cards, everyone else drops the card worth least."""

from __future__ import annotations

from bangbot.games.bang.ai.situation import Situation
from bangbot.games.bang.ai.turn import cheapest_heal
from bangbot.games.bang.ai.values import least_valuable
from bangbot.games.bang.rules.actions import Action, Discard, Heal


def choose_discard(sit: Situation) -> Action:
    """Returns a heal (Sid Ketchum, when hurt) or the discard of the least valuable card."""
    heals = [a for a in sit.view.legal if isinstance(a, Heal)]
    if heals:
        return cheapest_heal(sit, heals)
    cards = [a.card for a in sit.view.legal if isinstance(a, Discard)]
    return Discard(least_valuable(sit, cards, sit.view.hand))
