"""Which cards this seat would lose at the end of its turn if it played nothing more: use them or lose them."""

from __future__ import annotations

from bangbot.games.bang.ai.situation import Situation
from bangbot.games.bang.ai.values import least_valuable


def doomed(sit: Situation) -> list[int]:
    """Returns the hand cards phase 3 would discard now, one least valuable card at a time, down to the life limit."""
    hand = list(sit.view.hand)
    out: list[int] = []
    while len(hand) > max(sit.mine.life, 0):
        card = least_valuable(sit, hand, hand)
        hand.remove(card)
        out.append(card)
    return out
