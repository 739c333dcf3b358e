"""What a BANG! family game cancelled while it ran shows: the final table with every role, nobody awaited."""

from __future__ import annotations

from dataclasses import replace

from bangbot.games.bang.rules.state import GameState
from bangbot.games.bang.rules.views import PlayerView, view


def cancelled_view(state: GameState) -> PlayerView:
    """Returns the public view of a cancelled game: every role shown (hidden while the game ran), nobody awaited."""
    public = view(state, None)
    seats = tuple(replace(s, role=state.players[s.seat].role) for s in public.seats)
    return replace(public, seats=seats, awaiting=())
