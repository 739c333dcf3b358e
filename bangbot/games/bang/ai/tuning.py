"""The heuristic's thresholds that differ by role at the hard level: one table per game, the plain heuristic's first.

The hard level's Sheriff spends a BANG! or a Duel only on a hit worth more: a BANG! at an unproven seat is most often
what costs the Sheriff the game (a Deputy hurt, a Renegade helped). Measured on paired deals (the same deal with the
plain heuristic's Sheriff and this one, every other seat the plain heuristic; seeds 5000-5999, every table size, a
threshold picked on seeds 0-399): base BANG! +1.2 points [+0.6, +1.9] over 4,000 Sheriff games, Star Wars +1.2
[+0.4, +1.9]. Lower thresholds, other weights and the Deputies' thresholds moved nothing beyond the noise.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from bangbot.games.bang.rules.roles import SHERIFF

SHOOT_AT = 0.12  # least gain from hurting a seat worth a BANG! or a Duel (the plain heuristic's, every role)
SHERIFF_SHOOTS_AT = 0.25  # ... the hard level's Sheriff


@dataclass(frozen=True, slots=True)
class Tuning:
    """Per role, the least gain from hurting a seat worth a BANG! or a Duel (a role not listed: SHOOT_AT)."""

    shoot_at: Mapping[str, float] = field(default_factory=dict)

    def shoot_at_for(self, role: str | None) -> float:
        """Returns the least gain worth a BANG! or a Duel for a seat of role."""
        return self.shoot_at.get(role or "", SHOOT_AT)


PLAIN = Tuning()
HARD = Tuning(shoot_at={SHERIFF: SHERIFF_SHOOTS_AT})
