"""The base game's invariants: what must hold after every action, whatever the players do."""

from __future__ import annotations

from collections.abc import Sequence

from bangbot.core.events import Event
from bangbot.games.bang.rules.cards import JAIL, deck_indices
from bangbot.games.bang.rules.legal import awaiting, legal_actions
from bangbot.games.bang.rules.roles import SHERIFF
from bangbot.games.bang.rules.state import OVER, GameState
from bangbot.games.bang.rules.variants import variant_of
from bangbot.games.bang.rules.views import view


def check_invariants(state: GameState, events: Sequence[Event]) -> list[str]:
    """Returns a description of every invariant the state or its events break (empty when sound)."""
    problems: list[str] = []
    cards = state.all_cards()
    if sorted(cards) != sorted(deck_indices(state.config.simplified, variant_of(state.config).deck)):
        problems.append(f"cards not each in exactly one place: {len(cards)} held")
    for p in state.players:
        if not 0 <= p.life <= p.max_life:
            problems.append(f"seat {p.seat} life {p.life} outside 0..{p.max_life}")
    if sum(1 for p in state.players if p.role == SHERIFF) != 1:
        problems.append("not exactly one Sheriff")
    if any(p.role == SHERIFF and p.has_in_play(JAIL) for p in state.players):
        problems.append("the Sheriff (Vader) is in Jail (carbonite)")
    own = variant_of(state.config).invariants
    if own is not None:
        problems += own(state, events)

    if state.winner is None:
        seats = awaiting(state)
        if not seats or not all(legal_actions(state, s) for s in seats):
            problems.append(f"nobody can act: phase {state.phase}, requests {state.requests}")
    problems += hidden_information_leaks(state, events)
    return problems


def hidden_information_leaks(state: GameState, events: Sequence[Event]) -> list[str]:
    """Returns every place where a seat's view or events show another seat's hand or hidden role."""
    problems: list[str] = []
    over = state.phase == OVER
    for p in state.players:
        v = view(state, p.seat)
        if list(v.hand) != p.hand:
            problems.append(f"seat {p.seat} view shows a hand that is not its own")
        for other in v.seats:
            q = state.players[other.seat]
            hidden = q.seat != p.seat and q.alive and q.role != SHERIFF and not over
            if hidden and other.role is not None:
                problems.append(f"seat {p.seat} sees the hidden role of seat {q.seat}")
        for e in events:
            shown = e.for_seat(p.seat)
            if p.seat not in e.to and any(k in shown for k in e.secret):
                problems.append(f"seat {p.seat} sees secret fields of event {e.kind}")
    return problems
