"""How sure the searching AI must be before a seat of BANG! overrides its heuristic: one table per game, by role.

The Law (the Sheriff and the Deputies) plays the hard level's heuristic unsearched, in both games: that heuristic is
a proven gain in both seats (see `ai/tuning.py`), and neither seat's search through the whole game proved one on top
of it. The Sheriff's overrides, counted on paired deals at 0.3 s (`python -m tools.overrides`, the same deal with the
heuristic's Sheriff and the searching one): base BANG! +5.4 points [-0.2, +11.0] over seeds 0-45 (184 deals), then
+0.4 [-3.1, +4.0] over fresh seeds 46-106 (242 deals); Star Wars -1.4 [-7.2, +4.4] over 144 deals. A lead of a fifth
of a game, fitted on the first seeds, lost on the others. The Deputy's search, with twice the proof of the other
seats, changed the result of about 1 game in 18 and gained -0.3 points [-2.2, +1.6] over 600 paired base Deputy games
(seeds 30000-30149, `bangbot bench ai --compare hard,normal --only base --role deputy`, `BANGBOT_AI_SECONDS=0.3`).

The Sheriff searches once only he and one enemy are alive (the roles in doubt are gone; one duel decides the game).
At the default 1 s a decision that gained over the unsearched Sheriff on the same deals (chunks of 5 deals paired;
`bangbot bench ai --compare hard,normal --only GAME --role sheriff`): base BANG! +2.2 points [+1.2, +3.2] over 1,400
Sheriff seats (seeds 99000-99349), the hard Sheriff +3.6 [+2.2, +5.0] against the plain heuristic's on those deals
and the unsearched one +1.4 [+0.2, +2.5]; Star Wars +2.5 [+1.2, +3.9] over 1,180 (seeds 99000-99294), the hard
Sheriff +3.0 [+1.1, +4.8] and the unsearched one +0.4 [-0.9, +1.7].

Star Wars' Renegade plays the hard level's heuristic unsearched too: that heuristic is a proven gain (+1.6 points
[+0.9, +2.2] over 4,000 paired Star Wars Renegade games, see `ai/tuning.py`), and its search on top of it proved none
at 0.3 s a decision: +1.1 points [-3.7, +5.9] over 280 paired Star Wars Renegade games (seeds 80000-80069, `bangbot
bench ai --compare hard,normal --only starwars --role renegade`, `BANGBOT_AI_SECONDS=0.3`).

The Outlaws search with the plain proof in both games. Against it, on the same base Outlaw deals at 0.3 s (seeds
70000-70099, chunks of 5 deals, paired per chunk): twice the lead and the standard errors, -1.4 points [-3.8, +1.0]
over 1,000 Outlaw seats; a third of the lead and half the standard errors, -0.5 [-2.6, +1.6] over 1,000.
At the default 1 s a decision the plain proof's Outlaws gain more than at 0.3 s (base +1.8 [-0.1, +3.7] over 1,800
seats there, the same play; the intervals overlap): base BANG! +3.2 points [+0.7, +5.7] over 1,100 Outlaw seats
(seeds 90000-90085, 95000-95015), Star Wars +5.1 [+1.3, +8.9] over 550 (seeds 96000-96050; `bangbot bench ai
--compare hard,normal --role outlaw`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

from bangbot.games.bang.rules.roles import DEPUTY, RENEGADE, SHERIFF
from bangbot.games.bang.rules.views import PlayerView

Proof = tuple[float, float]  # how many times the search's least mean lead, and its standard errors, an override needs
PLAIN: Proof = (1.0, 1.0)
NEVER: Proof = (math.inf, math.inf)  # the seat keeps its heuristic's choice (the search does not run)

LAW_PROOF: Mapping[str, Proof] = {SHERIFF: NEVER, DEPUTY: NEVER}
STARWARS_PROOF: Mapping[str, Proof] = {**LAW_PROOF, RENEGADE: NEVER}
LAST_TWO_PROOF: Mapping[str, Proof] = {SHERIFF: PLAIN}  # the Sheriff's last duel: one enemy left, whatever its role


@dataclass(frozen=True, slots=True)
class Caution:
    """A game's proof by role, and by role once only two seats are alive (a role not listed needs the search's own)."""

    proof: Mapping[str, Proof]
    last_two: Mapping[str, Proof] = field(default_factory=dict)

    def __call__(self, view: PlayerView) -> Proof:
        """Returns how many times the search's least lead and standard errors the seat of view needs to override."""
        role = view.role or ""
        if role in self.last_two and sum(seat.alive for seat in view.seats) == 2:
            return self.last_two[role]
        return self.proof.get(role, PLAIN)


caution = Caution(LAW_PROOF, LAST_TWO_PROOF)  # base BANG!
starwars_caution = Caution(STARWARS_PROOF, LAST_TWO_PROOF)
