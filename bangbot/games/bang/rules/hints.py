"""What a seat needs to decide, as codes from its own view: who is in reach, why a card is missing or pointless."""

from __future__ import annotations

from dataclasses import dataclass

from bangbot.games.bang.rules.abilities import BANG_AND_MISSED_SWAP
from bangbot.games.bang.rules.actions import Play
from bangbot.games.bang.rules.cards import BANG, BEER, JAIL, MISSED, PANIC, SALOON, Border
from bangbot.games.bang.rules.roster import abilities_of
from bangbot.games.bang.rules.state import CARD_KIND, PLAY_PHASE, kind_of
from bangbot.games.bang.rules.views import PlayerView

PANIC_RANGE = 1

ONE_BANG = "one_bang"
NOBODY_IN_RANGE = "nobody_in_range"
MISSED_NOT_NOW = "missed_not_now"
BEER_FULL = "beer_full"
BEER_TWO_LEFT = "beer_two_left"
SALOON_FULL = "saloon_full"
PANIC_NOBODY_NEAR = "panic_nobody_near"
JAIL_NOBODY = "jail_nobody"
ALREADY_IN_PLAY = "already_in_play"


@dataclass(frozen=True, slots=True)
class Reach:
    """Another living seat seen from the viewer: its distance and whether BANG! and Panic! reach it."""

    seat: int
    distance: int
    bang: bool
    panic: bool


@dataclass(frozen=True, slots=True)
class Hint:
    """Why the cards of one kind in the hand are missing from the choices or would do nothing (value: the reach)."""

    code: str
    kind: str
    value: int = 0


def reaches(view: PlayerView) -> tuple[Reach, ...]:
    """Returns every other living seat in seat order with its distance; empty for a spectator or an eliminated seat."""
    if view.seat is None or not view.seats[view.seat].alive:
        return ()
    return tuple(
        Reach(s.seat, d, d <= view.reach, d <= PANIC_RANGE)
        for s in view.seats
        if s.alive and s.seat != view.seat and (d := view.distances[s.seat]) > 0
    )


def pointless(view: PlayerView, card: int) -> str | None:
    """Returns why playing card would do nothing now (Beer at full life, Saloon when nobody is hurt), else None."""
    if view.seat is None:
        return None
    kind = CARD_KIND[card]
    if kind == BEER and two_left(view):
        return BEER_TWO_LEFT
    me = view.seats[view.seat]
    if kind == BEER and me.life >= me.max_life:
        return BEER_FULL
    if kind == SALOON and all(s.life >= s.max_life for s in view.seats if s.alive):
        return SALOON_FULL
    return None


def own_turn_to_play(view: PlayerView) -> bool:
    """Returns whether the seat is asked to play cards in its own turn (not to answer anything)."""
    if view.seat is None or view.seat not in view.awaiting or view.phase != PLAY_PHASE or view.turn != view.seat:
        return False
    return not any(r["seat"] == view.seat for r in view.requests)


def hints(view: PlayerView) -> tuple[Hint, ...]:
    """Returns, in the seat's own turn to play, each reason why a card held is not offered or is pointless, once."""
    if not own_turn_to_play(view):
        return ()
    found = (card_hint(view, card) for card in view.hand)
    return tuple(dict.fromkeys(hint for hint in found if hint is not None))


def players_left(view: PlayerView) -> int:
    """Returns how many players of view's table are alive."""
    return sum(s.alive for s in view.seats)


def two_left(view: PlayerView) -> bool:
    """Returns whether only two players are left, when Beer heals nobody."""
    return players_left(view) <= 2


def card_hint(view: PlayerView, card: int) -> Hint | None:
    """Returns why one hand card is missing from the choices of its holder's turn, or would do nothing there."""
    assert view.seat is not None
    kind = CARD_KIND[card]
    plays = [a for a in view.legal if isinstance(a, Play) and a.card == card]
    calamity = BANG_AND_MISSED_SWAP in abilities_of(view.seats[view.seat].character)
    shot = kind == BANG or (kind == MISSED and calamity)
    if shot and plays and all(a.target == view.seat for a in plays):  # only at oneself: nobody else is in range
        return Hint(NOBODY_IN_RANGE, BANG, view.reach)
    if plays:
        odd = pointless(view, card)
        return Hint(odd, kind) if odd is not None else None
    if shot:
        return Hint(ONE_BANG if not view.bang_allowed else NOBODY_IN_RANGE, BANG, view.reach)
    return unoffered_hint(card)


# Why a card of these kinds, held but not offered in its holder's turn, cannot be played now.
NOT_OFFERED: dict[str, Hint] = {
    MISSED: Hint(MISSED_NOT_NOW, MISSED),
    PANIC: Hint(PANIC_NOBODY_NEAR, PANIC, PANIC_RANGE),
    JAIL: Hint(JAIL_NOBODY, JAIL),
}


def unoffered_hint(card: int) -> Hint | None:
    """Returns why a hand card other than a shot is not offered: its kind's reason, or a blue card already in play."""
    kind = CARD_KIND[card]
    if kind in NOT_OFFERED:
        return NOT_OFFERED[kind]
    if kind_of(card).border is Border.BLUE:
        return Hint(ALREADY_IN_PLAY, kind)
    return None
