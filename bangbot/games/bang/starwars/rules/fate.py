"""BANG! Star Wars' fate effects («Встреча с судьбой»): a card played at low energy does one more thing."""

from __future__ import annotations

from bangbot.core.events import Event
from bangbot.games.bang.rules.actions import HAND, Action, Play
from bangbot.games.bang.rules.cards import MISSED
from bangbot.games.bang.rules.effects import Events, draw, hurt
from bangbot.games.bang.rules.state import GameState
from bangbot.games.bang.starwars.rules.data import (
    FATE,
    FATE_COUNTER_HIT,
    FATE_DISCARD_ALL,
    FATE_DRAW,
    FATE_ENERGY,
    FATE_HEAL_OTHER,
    FATE_STEAL,
    FATE_SWAP_HANDS,
)
from bangbot.games.bang.starwars.rules.requests import FateHeal, FateTake


def fate_of(state: GameState, seat: int, card: int) -> str | None:
    """Returns the fate effect seat's playing card applies now: the card has one and seat is at low enough energy."""
    if state.players[seat].life > FATE_ENERGY:
        return None
    return FATE.get(card)


def has_cards(state: GameState, seat: int) -> bool:
    """Returns whether seat is in the game with a card in hand or in play."""
    p = state.players[seat]
    return p.alive and bool(p.hand or p.in_play)


def apply_fate(state: GameState, ev: Events, seat: int, card: int, effect: str, other: int | None) -> None:
    """Applies a fate effect of seat's card; other is the attacked player (BANG!) or the attacker (Missed!).

    Effects that need a choice (which card to take, who to heal) become requests of seat.
    """
    ev.append(Event("fate", {"seat": seat, "card": card, "effect": effect, "life": state.players[seat].life}))
    if effect == FATE_DRAW:
        draw(state, ev, seat, 1, effect)
    elif effect == FATE_STEAL:
        if other is not None and has_cards(state, other):
            state.requests.append(FateTake(seat, card, other, True))
    elif effect == FATE_DISCARD_ALL:
        state.requests.extend(
            FateTake(seat, card, o, False) for o in state.others_in_order(seat) if has_cards(state, o)
        )
    elif effect == FATE_HEAL_OTHER:
        if state.alive_count() > 2:
            state.requests.append(FateHeal(seat, card))
    elif effect == FATE_COUNTER_HIT:
        if other is not None and state.players[other].alive:
            hurt(state, ev, other, 1, seat, MISSED)
    elif effect == FATE_SWAP_HANDS and other is not None and state.players[other].alive:
        me, them = state.players[seat], state.players[other]
        me.hand, them.hand = them.hand, me.hand
        ev.append(Event("swap_hands", {"seat": seat, "other": other}))


def fate_take_actions(state: GameState, r: FateTake) -> list[Action]:
    """Returns the cards seat may take or discard from the target: a random hand card, or one in play."""
    q = state.players[r.target]
    out: list[Action] = [Play(r.card, r.target, HAND)] if q.hand else []
    out.extend(Play(r.card, r.target, c) for c in q.in_play)
    return out


def fate_heal_actions(state: GameState, r: FateHeal) -> list[Action]:
    """Returns the other living players seat may give an energy to."""
    return [Play(r.card, t) for t in state.others_in_order(r.seat)]
