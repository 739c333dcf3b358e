"""A whole table rebuilt from one seat's view: what the seat sees kept, what it cannot see dealt at random."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from bangbot.games.bang.ai.beliefs import estimate
from bangbot.games.bang.ai.sides import BASE
from bangbot.games.bang.rules.engine import new_game
from bangbot.games.bang.rules.requests import PASSED, UNANSWERED, KitChoice, Request, StorePick
from bangbot.games.bang.rules.serialize import request_from_json
from bangbot.games.bang.rules.state import GameConfig, GameState, Player
from bangbot.games.bang.rules.views import PlayerView

RNG_BITS = 64


@lru_cache(maxsize=64)
def _dealt(config: GameConfig) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """Returns every card and every role a table of this config is dealt (the same for every seed)."""
    state, _ = new_game(config, 0)
    return tuple(sorted(state.all_cards())), tuple(sorted(p.role for p in state.players))


def _without(pool: Iterable[Any], known: Iterable[Any]) -> list[Any]:
    """Returns pool (sorted) less one copy of each known item."""
    left = Counter(pool)
    left.subtract(Counter(known))
    return sorted(left.elements())


def _request(data: dict[str, Any]) -> Request:
    """Returns a pending decision from its public form: an answer given but hidden is a pass (it may have been)."""
    fields = dict(data)
    answered = fields.pop("answered", None)
    if answered is not None and "answer" not in fields:
        fields["answer"] = PASSED if answered else UNANSWERED
    return request_from_json(fields)


def _deal_roles(view: PlayerView, hidden: list[str], rnd: random.Random, memory: Mapping[str, Any] | None) -> list[str]:
    """Returns each seat's role: known ones kept, hidden ones dealt at random, weighed by memory's role odds if given.

    Hidden seats are dealt in a random order, each drawing a role left with the chance the seat's heuristic gives it.
    """
    roles = [s.role for s in view.seats]
    unknown = [s.seat for s in view.seats if s.role is None]
    rnd.shuffle(unknown)
    odds = estimate(view, memory) if memory is not None else None
    for seat in unknown:
        weights = [odds.p(seat, r) if odds is not None else 1.0 for r in hidden]
        if sum(weights) <= 0:
            weights = [1.0] * len(hidden)
        role = rnd.choices(hidden, weights)[0]
        hidden.remove(role)
        roles[seat] = role
    return [r for r in roles if r is not None]


def determinize(view: PlayerView, rnd: random.Random, memory: Mapping[str, Any] | None = None) -> GameState:
    """Returns a state whose view for view.seat is view: other hands, the deck's order and hidden roles dealt at random.

    Hidden roles follow the odds the seat's heuristic reads from memory (uniform without it). An answer another
    seat gave out of turn becomes a pass and Kit Carlson's look, for another seat, random cards.
    """
    seat = view.seat
    cards, roles = _dealt(view.config)
    requests = [_request(r) for r in view.requests]
    known = [*view.hand, *view.discard, *(c for s in view.seats for c in s.in_play)]
    known += [c for r in requests if isinstance(r, StorePick | KitChoice) for c in r.cards]
    pool = _without(cards, known)
    rnd.shuffle(pool)
    dealt_roles = _deal_roles(view, _without(roles, [s.role for s in view.seats if s.role is not None]), rnd, memory)
    players = []
    for s, role in zip(view.seats, dealt_roles, strict=True):
        hand = list(view.hand) if s.seat == seat else [pool.pop() for _ in range(s.hand_count)]
        players.append(Player(s.seat, s.character, role, s.life, s.max_life, hand, list(s.in_play), s.alive))
    looked = len(pool) - view.deck_count
    for i, r in enumerate(requests):
        if isinstance(r, KitChoice) and r.seat != seat:
            requests[i] = KitChoice(r.seat, tuple(pool.pop() for _ in range(looked)))
    return GameState(
        config=view.config,
        seed=0,
        rng=rnd.getrandbits(RNG_BITS),
        players=players,
        deck=pool,
        discard=list(view.discard),
        turn=view.turn,
        phase=view.phase,
        bangs_played=view.bangs_played,
        requests=requests,
        winner=view.winner,
        turn_number=view.turn_number,
        version=view.version,
        used=list(view.used),
    )


def won(state: GameState, seat: int) -> bool:
    """Returns whether seat's side won the game."""
    return state.winner is not None and BASE.side[state.players[seat].role] == state.winner


def role_of(state: GameState, seat: int) -> str:
    """Returns seat's role."""
    return state.players[seat].role
