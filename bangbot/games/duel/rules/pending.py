"""The queue of pending requests: which comes first, the character each is about, and which no longer applies."""

from __future__ import annotations

from dataclasses import replace

from bangbot.games.duel.rules.requests import (
    BecameAttacker,
    Died,
    Dodge,
    Dodged,
    DuelRequest,
    Entered,
    HarryDraw,
    Hurt,
    Indians,
    Lineup,
    Out,
    Replace,
    ResourceIn,
    Robbed,
    ShootBack,
    StandIn,
)
from bangbot.games.duel.rules.state import DuelState, seat_of

# What resolves by itself when it stands at the head, though its player or character is gone.
KEPT_WHEN_GONE = (Out, BecameAttacker, Robbed, Entered)
# What stays when its player is out (the lineup's and replacements' questions, what names no player).
ALIVE_OR_NOT = (Lineup, Replace, ShootBack, Hurt, Died)
# The requests about one character (char), whose slot follows it when positions change.
FOLLOWS_CHARACTER = (Dodge, Indians, StandIn, Dodged, Hurt, Died, ResourceIn)


def reorder(s: DuelState) -> None:
    """Moves to the front what comes before anything else: the decisions that interrupt what follows (Dutch Harry's
    look at a drawn card), in order, then a pending death (characters killed together die before anyone is asked)."""
    first = [r for r in s.requests if isinstance(r, HarryDraw)]
    if first and s.requests[: len(first)] != first:
        s.requests = first + [r for r in s.requests if not isinstance(r, HarryDraw)]
    index = next((i for i, r in enumerate(s.requests) if isinstance(r, Died)), 0)
    if index:
        s.requests.insert(0, s.requests.pop(index))


def mark(s: DuelState, requests: list[DuelRequest]) -> list[DuelRequest]:
    """Notes the character each new request is about, so that it follows the character when positions change."""
    for i, r in enumerate(requests):
        if isinstance(r, (Indians, StandIn, ResourceIn)) and r.char is None:
            f = s.fighter(r.slot)
            requests[i] = replace(r, char=f.character if f is not None else "")
    return requests


def stale_head(s: DuelState) -> bool:
    """Returns whether the request at the head no longer applies (its character or player is gone, and it is not
    one that resolves anyway); else points its slot at its character's current place."""
    r = s.requests[0]
    if isinstance(r, KEPT_WHEN_GONE):
        return False
    if not isinstance(r, ALIVE_OR_NOT) and not s.squads[r.seat].alive:
        return True
    if not isinstance(r, FOLLOWS_CHARACTER) or r.char is None:
        return False
    slot = _place(s, r.slot, r.char)
    if slot is None:
        return True
    if slot != r.slot:
        s.requests[0] = replace(r, slot=slot)
    return False


def _place(s: DuelState, slot: int, char: str) -> int | None:
    """Returns the slot where a character of slot's seat now is, or None when it is out of play."""
    seat = seat_of(slot)
    return next((seat * 2 + p for p, f in enumerate(s.squads[seat].fighters) if char == f.character), None)
