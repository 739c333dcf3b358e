"""How a BANG! Star Wars table cut short stands: the leaf model of base BANG! with weights fitted on Star Wars games.

Fitted as base BANG!'s (`python -m tools.fit_leaf --game starwars`). Life is energy here, and the Rebels' numbers and
Vader's guard weigh otherwise than base BANG!'s: on 9 922 positions of 1 000 other Star Wars games (seeds 50 000 on),
these weights guess the winner with a log loss of 0.617 (without cards in play and last life, 0.628; base BANG!'s
life, seats and hand, 0.647). Star Wars' searching Outlaws gained +1.4 points [+0.4, +2.5] over 7,000 paired Outlaw
games at 0.3 s a decision with the leaf of life, seats and hand, but -0.9 [-4.2, +2.4] over 800 more (seeds 66000 to
66075); these weights, on those deals, played as well as it (-0.1 [-2.2, +2.0] per chunk of 5 deals). (`bangbot bench
ai --compare hard,normal --only starwars --role outlaw`.)
"""

from __future__ import annotations

from bangbot.games.bang.leaf import Weights, scorer
from bangbot.games.bang.rules.roles import DEPUTY, LAW, OUTLAW, OUTLAWS, RENEGADE, RENEGADE_SIDE, SHERIFF

STARWARS_WEIGHTS: Weights = {
    LAW: (
        -0.952,
        {
            SHERIFF: (0.406, 0.0, 0.158, 0.141, -0.59),
            DEPUTY: (-0.006, 1.073, 0.125, 0.153, -0.599),
            OUTLAW: (-0.155, -0.168, -0.146, -0.094, 0.188),
            RENEGADE: (-0.146, 0.468, 0.011, -0.058, 0.037),
        },
    ),
    OUTLAWS: (
        -0.703,
        {
            SHERIFF: (-0.357, 0.0, -0.177, -0.18, 0.715),
            DEPUTY: (0.027, -0.983, -0.053, -0.021, 0.454),
            OUTLAW: (0.161, 0.67, 0.158, 0.162, -0.197),
            RENEGADE: (0.072, -0.667, -0.126, -0.112, 0.292),
        },
    ),
    RENEGADE_SIDE: (
        -3.778,
        {
            SHERIFF: (-0.21, 0.0, -0.068, -0.068, -0.008),
            DEPUTY: (-0.264, -0.113, -0.202, -0.427, 0.133),
            OUTLAW: (-0.073, 0.096, 0.001, -0.206, -0.121),
            RENEGADE: (0.253, 2.994, 0.144, 0.136, -0.406),
        },
    ),
}

starwars_score = scorer(STARWARS_WEIGHTS)
