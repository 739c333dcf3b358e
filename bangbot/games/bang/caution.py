"""How sure the searching AI must be before a seat of BANG! overrides its heuristic: one table per game, by role.

The Law (the Sheriff and the Deputies) plays the hard level's heuristic unsearched, in both games: that heuristic is
a proven gain in both seats (see `ai/tuning.py`), and neither seat's search through the whole game proved one on top
of it. The Sheriff's overrides, counted on paired deals at 0.3 s (`python -m tools.overrides`, the same deal with the
heuristic's Sheriff and the searching one): base BANG! +5.4 points [-0.2, +11.0] over seeds 0-45 (184 deals), then
+0.4 [-3.1, +4.0] over fresh seeds 46-106 (242 deals); Star Wars -1.4 [-7.2, +4.4] over 144 deals. A lead of a fifth
of a game, fitted on the first seeds, lost on the others. The Deputy's search, with twice the proof of the other
seats, changed the result of about 1 game in 18 and gained -0.3 points [-2.2, +1.6] over 600 paired base Deputy games
(seeds 30000-30149, `bangbot bench ai --compare hard,normal --only base --role deputy`, `BANGBOT_AI_SECONDS=0.3`).
In the endgame too (three alive: he, the Sheriff and one enemy) his search gained only +0.5 points [-0.6, +1.6] over
the unsearched Deputy at the default 1 s, 800 paired base Deputy seats (seeds 99000-99199), where the hard Deputy
gained +3.5 [+0.9, +6.1] against the plain heuristic's.

The Sheriff searches in the endgame, once at most three players are alive (at most two roles in doubt; a shot or two
decides the game). At the default 1 s a decision, paired per chunk of 5 deals (`bangbot bench ai --compare hard,normal
--only GAME --role sheriff`), against the Sheriff who searched only his last duel (two alive, the rule before): base
BANG! +2.5 points [+0.7, +4.3] over 760 Sheriff seats (seeds 99000-99189), then in a check fixed in advance on fresh
seeds +2.8 [+0.3, +5.3] over 540 (seeds 100000-100134); Star Wars +1.8 [+0.4, +3.2] over 1,180 (seeds 99000-99294).
The hard Sheriff against the plain heuristic's on those deals: base +6.6 [+4.2, +8.9] and +5.9 [+3.1, +8.7] (the
unsearched one +1.8 and +0.7), Star Wars +4.7 [+2.7, +6.8] (the unsearched one +0.4).
Before the endgame the law's search in danger proved nothing either, at the default 1 s over this table on the same
base deals (rules fixed in advance: a point above +0.5 earns a check on fresh seeds, the pooled interval above zero
keeps it): the Sheriff searching once down to two lives +1.0 points [-0.5, +2.5] over 1,320 Sheriff seats (seeds
99000-99189, then 100000-100139); a Deputy searching while the Sheriff is down to two lives +0.4 [-1.4, +2.1] over 800
Deputy seats (seeds 99000-99199), no fresh check.
Nor did the Sheriff's search help the Law where every seat is hard, in the 4-player base tables (seeds
98000-98069: the Law 19 of 70, the Outlaws 36, the Renegade 15); each run stopped once its rule fixed in advance (5
more Law wins of 70) was out of reach: searching once down to two lives changed 1 deal of 48 (the Law 14 either way),
searching throughout 9 of 35 (the Law 8 against 9).

Star Wars' Renegade plays the hard level's heuristic unsearched too: that heuristic is a proven gain (+1.6 points
[+0.9, +2.2] over 4,000 paired Star Wars Renegade games, see `ai/tuning.py`), and its search on top of it proved none
at 0.3 s a decision: +1.1 points [-3.7, +5.9] over 280 paired Star Wars Renegade games (seeds 80000-80069, `bangbot
bench ai --compare hard,normal --only starwars --role renegade`, `BANGBOT_AI_SECONDS=0.3`). In the endgame (at most
three alive) he searches: at the default 1 s, over the unsearched Renegade on the same deals, +3.0 points [+0.4, +5.6]
over 600 Star Wars Renegade seats (seeds 99000-99149), then in a check fixed in advance on fresh seeds +3.3 [+1.1,
+5.6] over 600 (seeds 100000-100149); the hard Renegade against the plain heuristic's on those deals +4.7 [+2.8, +6.6]
over 1,200 (the unsearched one +1.5 [+0.3, +2.7]).

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

from bangbot.games.bang.rules.hints import players_left
from bangbot.games.bang.rules.roles import DEPUTY, RENEGADE, SHERIFF
from bangbot.games.bang.rules.views import PlayerView

Proof = tuple[float, float]  # how many times the search's least mean lead, and its standard errors, an override needs
PLAIN: Proof = (1.0, 1.0)
NEVER: Proof = (math.inf, math.inf)  # the seat keeps its heuristic's choice (the search does not run)

LAW_PROOF: Mapping[str, Proof] = {SHERIFF: NEVER, DEPUTY: NEVER}
STARWARS_PROOF: Mapping[str, Proof] = {**LAW_PROOF, RENEGADE: NEVER}
ENDGAME_PLAYERS = 3  # the endgame: at most this many players alive
ENDGAME_PROOF: Mapping[str, Proof] = {SHERIFF: PLAIN}
STARWARS_ENDGAME_PROOF: Mapping[str, Proof] = {**ENDGAME_PROOF, RENEGADE: PLAIN}


@dataclass(frozen=True, slots=True)
class Caution:
    """A game's proof by role, and by role in the endgame (a role not listed needs the search's own)."""

    proof: Mapping[str, Proof]
    endgame: Mapping[str, Proof] = field(default_factory=dict)

    def __call__(self, view: PlayerView) -> Proof:
        """Returns how many times the search's least lead and standard errors the seat of view needs to override."""
        role = view.role or ""
        if role in self.endgame and players_left(view) <= ENDGAME_PLAYERS:
            return self.endgame[role]
        return self.proof.get(role, PLAIN)


caution = Caution(LAW_PROOF, ENDGAME_PROOF)  # base BANG!
starwars_caution = Caution(STARWARS_PROOF, STARWARS_ENDGAME_PROOF)
