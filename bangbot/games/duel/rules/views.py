"""What one Duel seat may know: its own hand and reserve, and the public table of every squad."""

from __future__ import annotations

from dataclasses import dataclass, replace

from bangbot.games.contract import GameConfig
from bangbot.games.duel.rules.actions import DuelAction
from bangbot.games.duel.rules.legal import asked, awaiting, bang_allowed, legal_actions
from bangbot.games.duel.rules.requests import Decision, DuelRequest, HarryDraw, KeepOne, Lineup, Replace
from bangbot.games.duel.rules.state import DuelState
from bangbot.games.duel.rules.table import hand_limit, own_target, reload_open


@dataclass(frozen=True, slots=True)
class FighterView:
    """A character in play as everyone sees it."""

    slot: int
    character: str
    life: int
    max_life: int
    equipment: tuple[int, ...]
    resources: tuple[int, ...]
    fresh: tuple[int, ...]  # resources that came into play this turn (not usable yet)


@dataclass(frozen=True, slots=True)
class SquadView:
    """One player's public side: characters in play, counts of reserve, hand and deck, fallen characters."""

    seat: int
    side: str
    target: int
    fighters: tuple[FighterView, ...]
    reserve_count: int
    hand_count: int
    deck_count: int
    dead: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DuelView:
    """Everything a seat may see now and the actions it may take (seat None: the group chat)."""

    seat: int | None
    config: GameConfig
    hand: tuple[int, ...]
    reserve: tuple[str, ...]
    squads: tuple[SquadView, ...]
    turn: int
    phase: str
    turn_number: int
    common_count: int
    discard: tuple[int, ...]
    awaiting: tuple[int, ...]
    requests: tuple[Decision, ...]
    legal: tuple[DuelAction, ...]
    winner: str | None
    version: int
    bang_allowed: bool
    reload_open: bool
    hand_limit: int
    pending: tuple[DuelRequest, ...] = ()  # every queued decision and trigger, as seat may see them (asked first)
    bang_limit: int = 1  # BANG!s the turn's player may play this turn (before abilities)
    used: tuple[str, ...] = ()  # once-a-turn things the turn's player already did
    bangs_played: int = 0  # BANG!s the turn's player played this turn


def public_request(r: DuelRequest, seat: int | None) -> DuelRequest:
    """Returns a pending decision as seat may see it: what only the asked seat may see is left empty for the others
    (the characters it holds, the cards shown to it alone, the card Dutch Harry looks at)."""
    if not isinstance(r, Lineup | Replace | KeepOne | HarryDraw) or r.seat == seat:
        return r
    if isinstance(r, Lineup | Replace) and r.options:
        return replace(r, options=())
    if isinstance(r, KeepOne):
        return replace(r, shown=())
    if isinstance(r, HarryDraw) and r.look is not None:
        return replace(r, look=None)
    return r


def public_squads(state: DuelState) -> tuple[SquadView, ...]:
    """Returns every squad as all players see it (the same for every seat)."""
    return tuple(
        SquadView(
            q.seat,
            q.side,
            own_target(state, q.seat),
            tuple(
                FighterView(
                    q.seat * 2 + p,
                    f.character,
                    f.life,
                    f.max_life,
                    tuple(f.equipment),
                    tuple(f.resources),
                    tuple(c for c in f.resources if f.entered.get(c) == state.turn_number),
                )
                for p, f in enumerate(q.fighters)
            ),
            len(q.reserve),
            len(q.hand),
            len(q.deck),
            tuple(q.dead),
        )
        for q in state.squads
    )


def view(state: DuelState, seat: int | None, squads: tuple[SquadView, ...] | None = None) -> DuelView:
    """Returns what seat may see now (None: the public table); squads, when given, are public_squads(state)."""
    squads = public_squads(state) if squads is None else squads
    mine = state.squads[seat] if seat is not None else None
    return DuelView(
        seat,
        state.config,
        tuple(mine.hand) if mine else (),
        tuple(mine.reserve) if mine else (),
        squads,
        state.turn,
        state.phase,
        state.turn_number,
        len(state.common),
        tuple(state.discard),
        awaiting(state),
        tuple(public_request(r, seat) for r in (asked(state),) if r is not None),  # type: ignore[misc]
        tuple(legal_actions(state, seat)) if seat is not None else (),
        state.winner,
        state.version,
        bang_allowed(state, seat) if seat is not None else False,
        reload_open(state),
        hand_limit(state, seat) if seat is not None else 0,
        tuple(public_request(r, seat) for r in state.requests),
        state.bang_limit,
        tuple(state.used),
        state.bangs_played,
    )
