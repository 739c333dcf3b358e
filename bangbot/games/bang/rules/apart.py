"""Answers that certainly end apart, known without playing them out: alike's shortcuts (flow.alike).

Both rest on what settling by itself (no one deciding) can do in a game without variant hooks on the way and without
a character who survives by a check or strikes at thieves: nothing heals; only Dynamite hurts without a decision
(3 at a time), or a hit nobody can answer when an attack is pending; and with neither, nobody is hurt, so nobody goes
out, nothing is stolen, and a hand only gains cards, at its end.
"""

from __future__ import annotations

from collections.abc import Sequence

from bangbot.games.bang.rules.abilities import STRIKES_AT_THIEVES, SURVIVES_BY_CHECK
from bangbot.games.bang.rules.actions import Action, Answer, DrawDeck, DrawDiscard, DrawHand, Pass, Pick, PutBack
from bangbot.games.bang.rules.cards import DYNAMITE
from bangbot.games.bang.rules.requests import DrawChoice, DuelTurn, IndiansRespond, KitChoice, Respond, StorePick
from bangbot.games.bang.rules.state import GameState
from bangbot.games.bang.rules.variants import variant_of

SURPRISES = frozenset({SURVIVES_BY_CHECK, STRIKES_AT_THIEVES})  # abilities that heal or hurt while nobody decides


def plain_settling(state: GameState) -> bool:
    """Returns whether settling goes by the base rules alone: no variant hook on the way, no surprising ability."""
    variant = variant_of(state.config)
    if variant.answered or variant.turn_start or variant.start_checks or variant.answers or variant.request_actions:
        return False
    for p in state.players:  # noqa: SIM110 - plain loops: alike asks these on the hot path
        if not SURPRISES.isdisjoint(p.abilities):
            return False
    return True


def no_dynamite(state: GameState) -> bool:
    """Returns whether no Dynamite lies in play (none comes into play unless a player plays it)."""
    for p in state.players:  # noqa: SIM110 - a plain loop is faster on this hot path
        if p.in_play and p.has_in_play(DYNAMITE):
            return False
    return True


def hit_costs_life(state: GameState, seat: int, options: Sequence[Action]) -> bool:
    """Returns whether seat answers, at the head of the queue and with no other decision of its own pending, a
    BANG! effect (needing one Missed!), Indians! or a Duel, with a card (options[0]) or by taking the hit (Pass),
    where settling goes by the base rules.

    Then the card costs seat no life and it is not asked again, the hit 1 life; afterwards seat loses life only to
    Dynamite, 3 at a time, and waits dying or goes out at 0.
    """
    r = state.requests[0]
    if r.seat != seat or not isinstance(options[0], Answer) or not isinstance(options[-1], Pass):
        return False
    kind = type(r)
    if not (
        (kind is Respond and r.needed == 1)  # type: ignore[union-attr]
        or kind is IndiansRespond
        or (kind is DuelTurn and r.opponent != seat)  # type: ignore[union-attr]
    ):
        return False
    if state.players[seat].life < 1:
        return False
    for q in state.requests[1:]:
        if q.seat == seat:
            return False
    return plain_settling(state)


def hands_apart(state: GameState, seat: int, options: Sequence[Action]) -> bool:
    """Returns whether options[0] and options[1], answers to the only pending decision (a General Store's pick, Kit
    Carlson's card put back, Jesse Jones's or Pedro Ramirez's draw), leave different cards in some hand, where
    settling goes by the base rules with no Dynamite in play: then nobody is hurt, a hand only gains cards at its
    end, and the two cannot end alike.

    Two picks, or two cards put back, leave seat's hand with different cards after the same ones. A card drawn from
    another's hand is in seat's hand after that draw and stays in the other's after a draw from the deck; the deck's
    top card (none reshuffled) and the discard pile's differ.
    """
    if len(state.requests) != 1 or len(options) < 2 or state.requests[0].seat != seat:
        return False
    return cards_apart(state, seat, options[0], options[1]) and no_dynamite(state) and plain_settling(state)


def cards_apart(state: GameState, seat: int, first: Action, second: Action) -> bool:
    """Returns whether two answers to the pending decision of seat (hands_apart's) leave different cards in a hand
    right after they resolve."""
    kind = type(state.requests[0])
    if kind is StorePick:
        return type(first) is Pick and type(second) is Pick and first.card != second.card
    if kind is KitChoice:
        return type(first) is PutBack and type(second) is PutBack and first.card != second.card
    if kind is not DrawChoice or type(first) is not DrawDeck:
        return False
    if type(second) is DrawHand:
        return second.target != seat and bool(state.players[second.target].hand)
    return type(second) is DrawDiscard and bool(state.deck) and bool(state.discard)
