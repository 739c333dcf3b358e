"""The Duel's invariants, checked after every self-play action: cards, life, characters, views, someone to act."""

from __future__ import annotations

from collections.abc import Sequence

from bangbot.core.duel.data import cards_of, characters_of
from bangbot.core.duel.legal import awaiting, legal_actions
from bangbot.core.duel.modes import MODES
from bangbot.core.duel.state import DuelState
from bangbot.core.duel.views import view
from bangbot.core.events import Event


def check_invariants(state: DuelState, events: Sequence[Event]) -> list[str]:
    """Returns a description of every invariant the state or its events break (empty when sound)."""
    problems: list[str] = []
    mode = MODES[state.config.preset]
    expected = sorted(c for side in mode.sides for deck in side.decks for c in cards_of(deck))
    held = state.all_cards()
    if sorted(held) != expected:
        problems.append(
            f"cards not each in exactly one place: {len(held)} held, {len(set(held))} distinct, {len(expected)} dealt"
        )
    for squad, side in zip(state.squads, mode.sides, strict=True):
        for f in squad.fighters:
            if not 0 < f.life <= f.max_life:
                problems.append(f"{f.character} of seat {squad.seat}: life {f.life} outside 1..{f.max_life}")
        everyone = [f.character for f in squad.fighters] + squad.reserve + squad.dead
        if len(everyone) != side.characters or len(set(everyone)) != len(everyone):
            problems.append(f"seat {squad.seat} holds characters {everyone}, not the {side.characters} dealt")
        pool = {c for deck in side.decks for c in characters_of(deck)}
        if not set(everyone) <= pool:
            problems.append(f"seat {squad.seat} holds a character of another side: {sorted(set(everyone) - pool)}")
        if len(squad.fighters) > 2:
            problems.append(f"seat {squad.seat} has {len(squad.fighters)} characters in play")
    for seat in range(len(state.squads)):
        seen = view(state, seat)
        for other in state.squads:
            if other.seat != seat and (set(other.reserve) & set(seen.reserve) and other.reserve):
                problems.append(f"seat {seat}'s view shows seat {other.seat}'s reserve")
        if seen.hand != tuple(state.squads[seat].hand):
            problems.append(f"seat {seat}'s view does not show its own hand")
    public = view(state, None)
    if public.hand or public.reserve or any("options" in r and r.get("kind") == "lineup" for r in public.requests):
        problems.append("the public view shows a hand, a reserve or a lineup")
    if state.winner is None:
        asked = awaiting(state)
        if not asked or not any(legal_actions(state, s) for s in asked):
            problems.append("nobody can act in an unfinished game")
    for e in events:
        if e.secret and not e.to:
            problems.append(f"event {e.kind} has secret fields for nobody")
    return problems
