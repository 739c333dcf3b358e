"""How sure the searching AI must be before a seat of BANG! overrides its heuristic: one table per game, by role.

The heuristic's Law (the Sheriff and the Deputies) already plays well together, and a Law seat's loss is the Sheriff's
death, which rollouts cut short and scored by the leaf model judge least surely: another candidate than the
heuristic's needs twice the lead and twice the standard errors there.

The Sheriff's overrides, counted on paired deals at 0.3 s (`python -m tools.overrides`, seeds 0 on, the same deal
with the heuristic's Sheriff and the searching one), won in base BANG!: +5.4 points [-0.2, +11.0] over 184 deals;
asking the Sheriff for a lead of a fifth of a game (which the deals with a small first lead had suggested) lost 3.8
points [-7.6, 0.0] on the same deals, so base keeps the Law's proof. In Star Wars they did not win (-1.4 points
[-7.2, +4.4] over 144 deals), so the Star Wars Sheriff plays as its heuristic: the hard level is never weaker there.
(The lead of a fifth looked better in Star Wars, +4.9 [-1.8, +11.6] on 41 of the deals it was chosen on, but it was
chosen on them and lost in base: not kept.)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from bangbot.games.bang.rules.roles import DEPUTY, SHERIFF
from bangbot.games.bang.rules.views import PlayerView

Proof = tuple[float, float]  # how many times the search's least mean lead, and its standard errors, an override needs
PLAIN: Proof = (1.0, 1.0)
LAW: Proof = (2.0, 2.0)
NEVER: Proof = (math.inf, math.inf)  # the seat keeps its heuristic's choice (the search does not run)

BASE_PROOF: Mapping[str, Proof] = {SHERIFF: LAW, DEPUTY: LAW}
STARWARS_PROOF: Mapping[str, Proof] = {SHERIFF: NEVER, DEPUTY: LAW}


@dataclass(frozen=True, slots=True)
class Caution:
    """A game's proof by role (a role not listed needs the search's own)."""

    proof: Mapping[str, Proof]

    def __call__(self, view: PlayerView) -> Proof:
        """Returns how many times the search's least lead and standard errors the seat of view needs to override."""
        return self.proof.get(view.role or "", PLAIN)


caution = Caution(BASE_PROOF)
starwars_caution = Caution(STARWARS_PROOF)
