"""The Duel's invariants, checked after every self-play action: cards, life, characters, views, someone to act."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from bangbot.core.events import Event
from bangbot.games.duel.rules.data import cards_of, characters_of
from bangbot.games.duel.rules.modes import MODES
from bangbot.games.duel.rules.requests import Decision, options_of
from bangbot.games.duel.rules.state import DuelState
from bangbot.games.duel.rules.views import public_squads, view


@cache
def _dealt_cards(mode: str) -> list[int]:
    """Returns every card a mode deals, sorted."""
    return sorted(c for side in MODES[mode].sides for deck in side.decks for c in cards_of(deck))


@cache
def _dealt_characters(mode: str, seat: int) -> frozenset[str]:
    """Returns the characters a seat of a mode may hold."""
    return frozenset(c for deck in MODES[mode].sides[seat].decks for c in characters_of(deck))


def _options(requests: Sequence[Decision]) -> list[str]:
    """Returns every option named by the requests a view shows."""
    return [o for r in requests for o in options_of(r)]


def check_invariants(state: DuelState, events: Sequence[Event]) -> list[str]:
    """Returns a description of every invariant the state or its events break (empty when sound)."""
    problems = _card_problems(state) + _squad_problems(state) + _view_problems(state)
    return problems + [f"event {e.kind} has secret fields for nobody" for e in events if e.secret and not e.to]


def _card_problems(state: DuelState) -> list[str]:
    """Returns whether every dealt card is in exactly one place."""
    expected = _dealt_cards(MODES[state.config.preset].id)
    held = state.all_cards()
    if sorted(held) == expected:
        return []
    return [f"cards not each in exactly one place: {len(held)} held, {len(set(held))} distinct, {len(expected)} dealt"]


def _squad_problems(state: DuelState) -> list[str]:
    """Returns what breaks the squads: lives out of range, characters not those dealt, too many in play."""
    problems: list[str] = []
    mode = MODES[state.config.preset]
    for squad, side in zip(state.squads, mode.sides, strict=True):
        for f in squad.fighters:
            if not 0 < f.life <= f.max_life:
                problems.append(f"{f.character} of seat {squad.seat}: life {f.life} outside 1..{f.max_life}")
        everyone = [f.character for f in squad.fighters] + squad.reserve + squad.dead
        if len(everyone) != side.characters or len(set(everyone)) != len(everyone):
            problems.append(f"seat {squad.seat} holds characters {everyone}, not the {side.characters} dealt")
        pool = _dealt_characters(mode.id, squad.seat)
        if not set(everyone) <= pool:
            problems.append(f"seat {squad.seat} holds a character of another side: {sorted(set(everyone) - pool)}")
        if len(squad.fighters) > 2:
            problems.append(f"seat {squad.seat} has {len(squad.fighters)} characters in play")
    return problems


def _view_problems(state: DuelState) -> list[str]:
    """Returns what the views show wrongly (another's hand or reserve) and whether nobody can act unfinished."""
    problems: list[str] = []
    legal_count = 0
    squads = public_squads(state)
    for seat in range(len(state.squads)):
        seen = view(state, seat, squads)
        legal_count += len(seen.legal)
        own = state.squads[seat]
        if seen.hand != tuple(own.hand) or seen.reserve != tuple(own.reserve):
            problems.append(f"seat {seat}'s view does not show exactly its own hand and reserve")
        hidden = {c for other in state.squads if other.seat != seat for c in other.reserve}
        if hidden & set(_options(seen.requests)):
            problems.append(f"seat {seat}'s view names another seat's reserve characters")
    public = view(state, None, squads)
    if public.hand or public.reserve or {c for q in state.squads for c in q.reserve} & set(_options(public.requests)):
        problems.append("the public view shows a hand or a reserve character")
    if state.winner is None and legal_count == 0:
        problems.append("nobody can act in an unfinished game")
    return problems
