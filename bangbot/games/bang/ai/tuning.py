"""The heuristic's thresholds that differ by role at the hard level: one table per game, the plain heuristic's first.

The hard level's Sheriff spends a BANG! or a Duel only on a hit worth more: a BANG! at an unproven seat is most often
what costs the Sheriff the game (a Deputy hurt, a Renegade helped). The threshold was picked on paired deals (seeds
0-399, then checked on seeds 5000-5999) and measured on fresh ones by `bangbot bench ai --compare hard,normal --role
sheriff --games 1000 --seed 20000`: base BANG! +1.2 points [+0.5, +1.9] over 4,000 Sheriff games, Star Wars +1.0
[+0.3, +1.8]. Other thresholds and weights, and the Deputies' thresholds, moved nothing beyond the noise.

The hard level's Renegade, while the law is the stronger side, goes for the Deputies before the Outlaws (a Deputy
counts 4 times an Outlaw as an enemy, not half): picked on seeds 0-799 (3,200 Renegade games a value; 1 gave +1.0
points, 1.5 +1.7, 4 +1.8, 10 +1.9) and checked on seeds 5000-5999 against the plain heuristic in the same seat and
deal: base BANG! +1.9 [+1.2, +2.6], Star Wars +1.6 [+0.9, +2.2], over 4,000 Renegade games each.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from bangbot.games.bang.rules.roles import SHERIFF

SHOOT_AT = 0.12  # least gain from hurting a seat worth a BANG! or a Duel (the plain heuristic's, every role)
SHERIFF_SHOOTS_AT = 0.25  # ... the hard level's Sheriff
RENEGADE_AT_LAW = 0.5  # how much the Renegade counts a Deputy as an enemy while the law is stronger (an Outlaw: 1)
HARD_RENEGADE_AT_LAW = 4.0  # ... the hard level's Renegade: the Deputies before the Outlaws


@dataclass(frozen=True, slots=True)
class Tuning:
    """Per role, the least gain from hurting a seat worth a BANG! or a Duel (a role not listed: SHOOT_AT); how much
    the Renegade counts a Deputy as an enemy while the law is stronger."""

    shoot_at: Mapping[str, float] = field(default_factory=dict)
    renegade_at_law: float = RENEGADE_AT_LAW

    def shoot_at_for(self, role: str | None) -> float:
        """Returns the least gain worth a BANG! or a Duel for a seat of role."""
        return self.shoot_at.get(role or "", SHOOT_AT)


PLAIN = Tuning()
HARD = Tuning(shoot_at={SHERIFF: SHERIFF_SHOOTS_AT}, renegade_at_law=HARD_RENEGADE_AT_LAW)
