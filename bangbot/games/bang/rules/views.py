"""What one seat may know: its own hand and role, and the public table."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import repeat
from typing import Any

from bangbot.games.bang.rules.actions import Action
from bangbot.games.bang.rules.legal import awaiting, can_bang, legal_actions
from bangbot.games.bang.rules.requests import KitChoice, Request, is_open
from bangbot.games.bang.rules.roles import SHERIFF
from bangbot.games.bang.rules.serialize import request_to_json
from bangbot.games.bang.rules.state import OVER, GameConfig, GameState
from bangbot.games.bang.rules.table import distances_from, weapon_range


@dataclass(frozen=True, slots=True)
class SeatView:
    """The public side of one seat; role is None while it is hidden."""

    seat: int
    character: str
    life: int
    max_life: int
    hand_count: int
    in_play: tuple[int, ...]
    alive: bool
    role: str | None


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Everything seat may see now, and the actions it may take (seat None: a spectator)."""

    seat: int | None
    config: GameConfig
    role: str | None
    hand: tuple[int, ...]
    seats: tuple[SeatView, ...]
    turn: int
    phase: str
    turn_number: int
    deck_count: int
    discard: tuple[int, ...]
    awaiting: tuple[int, ...]
    requests: tuple[dict[str, Any], ...]
    legal: tuple[Action, ...]
    distances: tuple[int, ...]
    reach: int
    winner: str | None
    version: int
    bangs_played: int
    bang_allowed: bool = False
    used: tuple[str, ...] = ()  # once-a-turn abilities the turn's player already used (played openly)


def public_request(r: Request, seat: int | None) -> dict[str, Any]:
    """Returns a pending decision as seat may see it: Kit Carlson's cards only for him."""
    data = request_to_json(r)
    if isinstance(r, KitChoice) and r.seat != seat:
        data["cards"] = []
    if "answer" in data:
        data["answered"] = not is_open(r)
        if r.seat != seat:
            del data["answer"]
    return data


SEAT_VIEWS_KEPT = 4096
_seat_views: dict[tuple[Any, ...], SeatView] = {}


def _shared_seat(key: tuple[Any, ...]) -> SeatView:
    """Returns the SeatView of key's fields; equal sides are one shared immutable object."""
    if len(_seat_views) >= SEAT_VIEWS_KEPT:
        _seat_views.clear()
    out = _seat_views[key] = SeatView(*key)
    return out


def seat_views(state: GameState, seat: int | None) -> tuple[SeatView, ...]:
    """Returns each seat's public side as seat sees it, shared between views while it stays the same."""
    over = state.phase == OVER
    seats = []
    for p in state.players:
        role = p.role if (over or p.role == SHERIFF or not p.alive or p.seat == seat) else None
        key = (p.seat, p.character, p.life, p.max_life, len(p.hand), tuple(p.in_play), p.alive, role)
        seats.append(_seat_views.get(key) or _shared_seat(key))
    return tuple(seats)


def view(state: GameState, seat: int | None) -> PlayerView:
    """Returns seat's view of the game; roles show for the Sheriff, the eliminated, and at the end."""
    seats = seat_views(state, seat)
    own = state.players[seat] if seat is not None else None
    near = distances_from(state, own.seat) if own is not None and own.alive else None
    return PlayerView(
        seat=seat,
        config=state.config,
        role=own.role if own else None,
        hand=tuple(own.hand) if own else (),
        seats=seats,
        turn=state.turn,
        phase=state.phase,
        turn_number=state.turn_number,
        deck_count=len(state.deck),
        discard=tuple(state.discard),
        awaiting=awaiting(state),
        requests=tuple(public_request(r, seat) for r in state.requests),
        legal=tuple(legal_actions(state, seat, near)) if seat is not None else (),
        distances=tuple(map(near.get, range(len(seats)), repeat(0))) if near is not None else (0,) * len(seats),
        reach=weapon_range(state, seat) if seat is not None else 0,
        winner=state.winner,
        version=state.version,
        bangs_played=state.bangs_played,
        bang_allowed=own is not None and own.alive and can_bang(state, own),
        used=tuple(state.used),
    )
