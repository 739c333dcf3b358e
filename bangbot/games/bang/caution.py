"""How sure the searching AI must be before a seat of BANG! overrides its heuristic, by the seat's role.

The heuristic's Law (the Sheriff and the Deputies) already plays well together, and a Law seat's loss is the Sheriff's
death, which rollouts cut short and scored by the leaf model judge least surely: another candidate than the
heuristic's needs twice the standard errors there. The Sheriff's overrides won only on a large lead: on 328 paired
Sheriff deals at 0.3 s (`python -m tools.overrides`, seeds 0 on: base BANG! 184, Star Wars 144), deals whose first
override led by less than a fifth of a game went -3.1 points [-13.6, +7.4] (65 deals) against the heuristic's own
play, those leading by more +12.2 [-1.6, +26.0] (82), the same way in each game (base +2.6 against +20.5, Star
Wars -11.1 against +2.6); so the Sheriff needs a lead of 0.21 (7 times the search's 3 points).
"""

from __future__ import annotations

from bangbot.games.bang.rules.roles import DEPUTY, SHERIFF
from bangbot.games.bang.rules.views import PlayerView

# Per role: how many times the search's least mean lead (3 points of chance) and its standard errors an override
# needs; a role not listed needs the search's own proof.
PROOF: dict[str, tuple[float, float]] = {
    SHERIFF: (7.0, 2.0),
    DEPUTY: (2.0, 2.0),
}
PLAIN = (1.0, 1.0)


def caution(view: PlayerView) -> tuple[float, float]:
    """Returns how many times the search's least lead and standard errors the seat of view needs to override."""
    return PROOF.get(view.role or "", PLAIN)
