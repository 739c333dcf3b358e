"""What a Duel cancelled while it ran shows: the final table, nobody awaited, not even to choose characters."""

from __future__ import annotations

from dataclasses import replace

from bangbot.games.duel.presenter.render import SETUP
from bangbot.games.duel.rules.state import DuelState
from bangbot.games.duel.rules.views import DuelView, view


def cancelled_view(state: DuelState) -> DuelView:
    """Returns the public view of a cancelled game: nobody awaited, the setup phase over."""
    public = view(state, None)
    return replace(public, awaiting=(), phase="" if public.phase == SETUP else public.phase)
