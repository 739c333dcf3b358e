"""How sure the searching AI must be before a seat of BANG! overrides its heuristic: the Law's seats twice as sure.

The heuristic's Law (the Sheriff and the Deputies) already plays well together, and a Law seat's loss is the Sheriff's
death, which rollouts cut short and scored by the leaf model judge least surely: another candidate than the
heuristic's needs twice the lead and twice the standard errors there.
"""

from __future__ import annotations

from bangbot.games.bang.rules.roles import DEPUTY, SHERIFF
from bangbot.games.bang.rules.views import PlayerView

LAW_CAUTION = 2.0


def caution(view: PlayerView) -> float:
    """Returns how many times the search's proof the seat of view needs to leave its heuristic's choice."""
    return LAW_CAUTION if view.role in (SHERIFF, DEPUTY) else 1.0
