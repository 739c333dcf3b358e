"""Who is the Renegade once no Outlaw is left: the hidden seats are Deputies and at most one Renegade.

Hunting Outlaws no longer tells them apart (both did it). What does: an attack on the Sheriff (near-proof once
the Outlaws are gone), on a known Deputy, a Gatling or Indians! that hits the Sheriff, help to the Sheriff, and
among the hidden seats, who fought several of the others (the Renegade fights every Deputy, a Deputy only him).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from bangbot.games.bang.ai.evidence import HELPED, HELPED_END, HOSTILE, HOSTILE_END, VOLLEYS, VOLLEYS_END, counts, tally
from bangbot.games.bang.ai.sides import Sides

LATE_ON_LEADER = 4.0  # an attack on the Sheriff after the last Outlaw went out
EARLY_ON_LEADER = 1.0  # one while Outlaws were still in the game (a Deputy does not do it either)
# Attacks on a seat known to be a Deputy (a dead one, or this seat): Deputies, who cannot tell each other, fight
# each other too, so the first attack says much and the rest of a fight little; having fought one at all counts.
FIRST_LATE_ON_GUARD = 0.8  # the first attack after the last Outlaw went out
LATE_ON_GUARD = 0.3  # each attack after the last Outlaw went out
EARLY_ON_GUARD = 0.55  # any attack while Outlaws were about
FOUGHT_GUARD = 0.6  # attacked by it or attacked it after the last Outlaw went out
LATE_VOLLEY = 0.7  # a Gatling or Indians! after the last Outlaw, which hits the Sheriff
EARLY_VOLLEY = 0.2
LATE_HELP = 0.5  # freeing the Sheriff or a known Deputy of Jail or Dynamite
EARLY_HELP = 0.2
LEADER_SAYS = 0.5  # the Sheriff's late attacks on a seat, as the other seats see them
FOUGHT = 0.8  # per hidden seat it fought after the last Outlaw: the Renegade fights every Deputy, each Deputy him
# The guard weights come from a fit of which hidden seat was the Renegade at 4,700 of the Sheriff's endgame turns in
# seeded all-heuristic 7-player games (base and Star Wars, seeds 5000-5799): with one unit per attack on a known
# Deputy, 90 of those turns rated a Deputy 80% or more the Renegade; with these, 22. (The fit also asked for
# heavier volleys, which at five players made the Sheriff sure of the wrong seat 113 times instead of once.)


def renegade_odds(
    sides: Sides,
    me: int,
    known: list[str | None],
    unknown: list[int],
    memory: Mapping[str, Any],
    hidden: Mapping[str, int],
) -> dict[int, dict[str, float]]:
    """Returns guard-or-loner chances per hidden seat: the loner's share goes to the seats that act like it."""
    guard, loner = sides.guard, sides.loner
    if not unknown or loner is None:
        return {}
    if hidden.get(loner, 0) == 0 or guard is None:
        return {s: {guard or loner: 1.0} for s in unknown}
    suspicion = suspicions(sides, me, known, unknown, memory)
    top = max(suspicion.values())
    weights = {s: math.exp(v - top) for s, v in suspicion.items()}
    total = sum(weights.values())
    out: dict[int, dict[str, float]] = {}
    for s in unknown:
        p = min(1.0, weights[s] / total * hidden[loner])
        out[s] = {loner: p, guard: 1.0 - p}
    return out


def suspicions(
    sides: Sides, me: int, known: list[str | None], unknown: list[int], memory: Mapping[str, Any]
) -> dict[int, float]:
    """Returns per hidden seat the log-odds weight of the evidence that it is the loner (me's own acts aside)."""
    n = len(known)
    early, late = tally(memory, HOSTILE, n), tally(memory, HOSTILE_END, n)
    helped = tally(memory, HELPED, n)
    late_helped = tally(memory, HELPED_END, n)
    early_volleys, late_volleys = counts(memory, VOLLEYS, n), counts(memory, VOLLEYS_END, n)
    leaders = [s for s in range(n) if known[s] == sides.leader]
    guards = [s for s in range(n) if known[s] == sides.guard]
    out: dict[int, float] = {}
    for x in unknown:
        v = LATE_VOLLEY * late_volleys[x] + EARLY_VOLLEY * early_volleys[x]
        for y in leaders:
            v += LATE_ON_LEADER * late[x][y] + EARLY_ON_LEADER * early[x][y]
            v += LEADER_SAYS * late[y][x] if y != me else 0.0
            v -= LATE_HELP * late_helped[x][y] + EARLY_HELP * helped[x][y]
        for y in guards:
            v += (
                LATE_ON_GUARD * late[x][y] + FIRST_LATE_ON_GUARD * (late[x][y] > 0) + EARLY_ON_GUARD * (early[x][y] > 0)
            )
            v += FOUGHT_GUARD * (late[x][y] + late[y][x] > 0)
            v -= LATE_HELP * late_helped[x][y] + EARLY_HELP * helped[x][y]
        v += FOUGHT * sum(1 for y in unknown if y != x and late[x][y] + late[y][x] > 0)
        out[x] = v
    return out
