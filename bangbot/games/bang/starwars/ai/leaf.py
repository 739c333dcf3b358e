"""How a BANG! Star Wars table cut short stands: the leaf model of base BANG! with weights fitted on Star Wars games.

Fitted as base BANG!'s (`python -m tools.fit_leaf --game starwars`). Life is energy here, and the Rebels' numbers and
Vader's guard weigh otherwise than base BANG!'s: on 9 900 positions of 1 000 other Star Wars games (seeds 50 000 on),
these weights guess the winner with a log loss of 0.628, base BANG!'s with 0.647. With them Star Wars' searching
Outlaws gained +1.4 points [+0.4, +2.5] over 7,000 paired Outlaw games at 0.3 s a decision (`bangbot bench ai
--compare hard,normal --only starwars --role outlaw`, chunks of 5 deals from seeds 62000, 63000 and 64000); with base
BANG!'s weights, +0.0 [-1.3, +1.4] over 4,450 (before the hard Deputies' tuning, which their rollouts now play too).
"""

from __future__ import annotations

from bangbot.games.bang.leaf import Weights, scorer
from bangbot.games.bang.rules.roles import DEPUTY, LAW, OUTLAW, OUTLAWS, RENEGADE, RENEGADE_SIDE, SHERIFF

STARWARS_WEIGHTS: Weights = {
    LAW: (
        -1.031,
        {
            SHERIFF: (0.497, 0.0, 0.155),
            DEPUTY: (0.084, 0.92, 0.113),
            OUTLAW: (-0.198, -0.153, -0.138),
            RENEGADE: (-0.153, 0.388, 0.009),
        },
    ),
    OUTLAWS: (
        -0.477,
        {
            SHERIFF: (-0.474, 0.0, -0.178),
            DEPUTY: (-0.035, -0.773, -0.053),
            OUTLAW: (0.2, 0.735, 0.142),
            RENEGADE: (0.028, -0.666, -0.114),
        },
    ),
    RENEGADE_SIDE: (
        -4.144,
        {
            SHERIFF: (-0.19, 0.0, -0.059),
            DEPUTY: (-0.281, -0.439, -0.197),
            OUTLAW: (-0.029, -0.207, 0.015),
            RENEGADE: (0.3, 3.117, 0.141),
        },
    ),
}

starwars_score = scorer(STARWARS_WEIGHTS)
