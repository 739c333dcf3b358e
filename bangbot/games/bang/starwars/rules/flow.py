"""BANG! Star Wars' start of the turn: New Hope's check, and which of it and the compactor's comes first."""

from __future__ import annotations

from collections.abc import Callable

from bangbot.core.events import Event
from bangbot.games.bang.rules.cards import DYNAMITE, NEW_HOPE
from bangbot.games.bang.rules.effects import Events, check, heal, is_heart
from bangbot.games.bang.rules.flow import START_CHECKS, dynamite_check
from bangbot.games.bang.rules.state import CARD_KIND, DYNAMITE_PHASE, JAIL_PHASE, SECOND_CHECK_PHASE, GameState, Player
from bangbot.games.bang.starwars.rules.data import NEW_HOPE_ENERGY
from bangbot.games.bang.starwars.rules.requests import FirstCheck

# The player orders the compactor (Dynamite) and «Новая надежда»; unasked, New Hope comes after the compactor.
NEW_HOPE_PHASE = SECOND_CHECK_PHASE  # New Hope after the compactor
COMPACTOR_FIRST_PHASE = "compactor_first"  # chosen: the compactor, then New Hope
HOPE_FIRST_PHASE = "hope_first"  # chosen: New Hope, then the compactor
COMPACTOR_LAST_PHASE = "compactor_last"  # the compactor after New Hope


def first_check(state: GameState, p: Player) -> bool:
    """Asks the player whose turn starts which check comes first when both the compactor and New Hope are in play."""
    starts = tuple(c for c in p.in_play if CARD_KIND[c] in (DYNAMITE, NEW_HOPE))
    if len(starts) > 1:
        state.requests.append(FirstCheck(p.seat, starts))
        return True
    return False


def new_hope_check(state: GameState, ev: Events) -> None:
    """Checks the New Hope of the player whose turn it is: on the alliance symbol (♥) +2 energy, else it moves left."""
    seat = state.turn
    p = state.players[seat]
    hope = next(c for c in p.in_play if CARD_KIND[c] == NEW_HOPE)
    p.in_play.remove(hope)
    if check(state, ev, seat, NEW_HOPE, is_heart):
        state.discard.append(hope)
        heal(state, seat, NEW_HOPE_ENERGY)
        ev.append(Event("new_hope", {"seat": seat, "life": p.life}))
        return
    receiver = state.next_alive(seat)
    state.players[receiver].in_play.append(hope)
    ev.append(Event("new_hope_passed", {"seat": seat, "to": receiver}))


# The start-of-turn checks of BANG! Star Wars (flow.START_CHECKS'): New Hope after the compactor, or as picked.
SW_START_CHECKS: dict[str, tuple[str, str, Callable[[GameState, Events], None]]] = {
    **START_CHECKS,
    DYNAMITE_PHASE: (NEW_HOPE_PHASE, DYNAMITE, dynamite_check),
    COMPACTOR_FIRST_PHASE: (NEW_HOPE_PHASE, DYNAMITE, dynamite_check),
    NEW_HOPE_PHASE: (JAIL_PHASE, NEW_HOPE, new_hope_check),
    HOPE_FIRST_PHASE: (COMPACTOR_LAST_PHASE, NEW_HOPE, new_hope_check),
    COMPACTOR_LAST_PHASE: (JAIL_PHASE, DYNAMITE, dynamite_check),
}
