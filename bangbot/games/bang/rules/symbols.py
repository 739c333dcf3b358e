"""BANG! Star Wars' check symbols, printed on the cards instead of suits (assumed: spec/star-wars.md).

The alliance symbol is on the former hearts, the empire symbol on the former spades, the compactor's on spades 2-9;
diamonds and clubs carry none. The engine checks the suits these stand for (core/flow.py, core/effects.py).
"""

from __future__ import annotations

from bangbot.games.bang.rules.cards import CARDS, HEARTS, SPADES

ALLIANCE = "alliance"
EMPIRE = "empire"
COMPACTOR = "compactor"
COMPACTOR_RANKS = range(2, 10)


def check_symbols(index: int) -> tuple[str, ...]:
    """Returns the check symbols a card (its index in CARDS) carries, in printed order; none for ♦ and ♣."""
    c = CARDS[index]
    if c.suit == HEARTS:
        return (ALLIANCE,)
    if c.suit == SPADES:
        return (EMPIRE, COMPACTOR) if c.rank in COMPACTOR_RANKS else (EMPIRE,)
    return ()
