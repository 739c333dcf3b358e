"""The heuristic's thresholds that differ by role at the hard level: one table per game, the plain heuristic's first.

The hard level's Sheriff spends a BANG! or a Duel only on a hit worth more: a BANG! at an unproven seat is most often
what costs the Sheriff the game (a Deputy hurt, a Renegade helped). The threshold was picked on paired deals (seeds
0-399, then checked on seeds 5000-5999) and measured on fresh ones by `bangbot bench ai --compare hard,normal --role
sheriff --games 1000 --seed 20000`: base BANG! +1.2 points [+0.5, +1.9] over 4,000 Sheriff games, Star Wars +1.0
[+0.3, +1.8]. Other thresholds and weights, and the Deputies' BANG! thresholds, moved nothing beyond the noise.

The hard level's Renegade, while the law is the stronger side, goes for the Deputies before the Outlaws (a Deputy
counts 4 times an Outlaw as an enemy, not half): picked on seeds 0-799 (3,200 Renegade games a value; 1 gave +1.0
points, 1.5 +1.7, 4 +1.8, 10 +1.9) and checked on seeds 5000-5999 against the plain heuristic in the same seat and
deal: base BANG! +1.9 [+1.2, +2.6], Star Wars +1.6 [+0.9, +2.2], over 4,000 Renegade games each.
He hunts them so only while at most one Deputy is alive; with two (seven seats) he counts a Deputy as the plain
heuristic does. Alone the limit moves nothing (the same +1.9 and +1.6 on those deals; at seven seats the hunt gained
+0.0 points [-1.5, +1.5] over 1,000 base games), but the searching Renegade who hunted two Deputies cost the hard Law
its seven-seat tables: in base BANG! tables where every seat is hard the Law won 9 of 35 (seeds 98000-98034), 12 of 35
on fresh ones (98035-98069), and with the limit 17 of those 35 (fixed in advance: at least 4 more; 17 of the first 35
too). In Star Wars the Law's 19 of 35 such tables (seeds 98000-98034) became 17, nearer its aimed 45%. The hard
Renegade kept his gain over the plain heuristic's: +16.1 points [+10.1, +22.1] over 180 paired base seats (seeds
97000-97044, `bangbot bench ai --compare hard,normal --only base --role renegade`), as without the limit (two of the
180 results changed, one each way).

The hard level's Deputies, while Outlaws are in the game, count the likely Renegade as a friend (0.6), not as an
enemy (the plain heuristic's 0.6): until the Outlaws are out he is the law's ally. Picked on base seeds 7000-7999
(4,000 Deputy games a value; as an enemy 1 gave -1.6 points, 0.3 +0.2, 0 +0.7; as a friend 0.3 +1.3, 0.6 +1.4, 1 +0.8)
and checked on fresh seeds against the plain heuristic in the same seat and deal: base BANG! +1.0 points [+0.5, +1.6],
Star Wars +1.0 [+0.4, +1.6], over 20,000 Deputy games each (seeds 9000-13999, chunks of 1,000 deals pooled).

The Outlaws play the plain heuristic at both levels: none of its Outlaw values moved them beyond the noise on base
seeds 0-999 (4,000 deals, 10,000 Outlaw games a value, against the plain heuristic in the same seat and deal). The
Sheriff's weight as their target (2) at 1.5, 3 and 5: -0.6, -0.6, -1.3 points; the likely Renegade as an enemy (0.5)
at 0, 0.25, 1, 1.5 and 2.5: -1.2, -0.3, +0.5, +0.3, -3.2; sparing a likely fellow Outlaw from 0.4 at 0.25 and 0.6:
-0.4, +0.1; a likely fellow Outlaw as a friend at half and one and a half times: -1.0, -0.9; the least gain worth a
BANG! or a Duel (0.12) at 0.05 and 0.2: +0.1, +0.1.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from bangbot.games.bang.rules.roles import DEPUTY, MAX_PLAYERS, SHERIFF, roles_for

SHOOT_AT = 0.12  # least gain from hurting a seat worth a BANG! or a Duel (the plain heuristic's, every role)
SHERIFF_SHOOTS_AT = 0.25  # ... the hard level's Sheriff
LAW_AT_RENEGADE = 0.6  # how much the law counts the likely Renegade as an enemy while Outlaws are in the game
HARD_DEPUTY_BY_RENEGADE = 0.6  # the hard level's Deputy: the likely Renegade then is no enemy but this much a friend
RENEGADE_AT_LAW = 0.5  # how much the Renegade counts a Deputy as an enemy while the law is stronger (an Outlaw: 1)
HARD_RENEGADE_AT_LAW = 4.0  # ... the hard level's Renegade: the Deputies before the Outlaws
EVERY_DEPUTY = roles_for(MAX_PLAYERS).count(DEPUTY)  # the most Deputies a table deals
HARD_RENEGADE_HUNTS_UP_TO = 1  # ... but only while at most this many Deputies are alive (more: RENEGADE_AT_LAW)


@dataclass(frozen=True, slots=True)
class Tuning:
    """Per role, the least gain from hurting a seat worth a BANG! or a Duel (a role not listed: SHOOT_AT); how much
    the Renegade counts a Deputy as an enemy while the law is stronger, with at most how many Deputies alive (more:
    RENEGADE_AT_LAW); how much a Deputy counts the likely Renegade as (an enemy, a friend) while Outlaws are in the
    game."""

    shoot_at: Mapping[str, float] = field(default_factory=dict)
    renegade_at_law: float = RENEGADE_AT_LAW
    renegade_hunts_up_to: int = EVERY_DEPUTY
    deputy_by_renegade: tuple[float, float] = (LAW_AT_RENEGADE, 0.0)

    def shoot_at_for(self, role: str | None) -> float:
        """Returns the least gain worth a BANG! or a Duel for a seat of role."""
        return self.shoot_at.get(role or "", SHOOT_AT)

    def renegade_at_law_with(self, deputies_left: int) -> float:
        """Returns how much the Renegade counts a Deputy as an enemy while the law is stronger, deputies_left alive."""
        return self.renegade_at_law if deputies_left <= self.renegade_hunts_up_to else RENEGADE_AT_LAW


PLAIN = Tuning()
HARD = Tuning(
    shoot_at={SHERIFF: SHERIFF_SHOOTS_AT},
    renegade_at_law=HARD_RENEGADE_AT_LAW,
    renegade_hunts_up_to=HARD_RENEGADE_HUNTS_UP_TO,
    deputy_by_renegade=(0.0, HARD_DEPUTY_BY_RENEGADE),
)
