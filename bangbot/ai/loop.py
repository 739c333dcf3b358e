"""The match loop of every game: AI players take turns, each fed only its own view and the events it may see."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from bangbot.ai.mixing import mix
from bangbot.ai.random_player import SEED_KEY
from bangbot.core.events import Event
from bangbot.games.contract import AIPlayer, Memory, Ruleset, SeatView, TableState

S = TypeVar("S", bound=TableState)
V = TypeVar("V", bound=SeatView[Any])
A = TypeVar("A")
S_contra = TypeVar("S_contra", contravariant=True)
V_contra = TypeVar("V_contra", contravariant=True)
A_contra = TypeVar("A_contra", contravariant=True)


@dataclass
class MatchResult:
    """How one game ended: the winning side (None when capped), every seat's role or side, the moves, decision times.

    A decision's time is building the seat's view and deciding.
    """

    winner: str | None
    roles: list[str]
    moves: list[tuple[int, Any]] = field(default_factory=list)
    timings: dict[int, list[float]] = field(default_factory=dict)
    capped: bool = False


class Referee(Protocol[S_contra, V_contra, A_contra]):
    """Watches a whole game with the full state, as a benchmark may; never consulted by the players."""

    def begin(self, state: S_contra, events: list[Event]) -> None:
        """Sees the dealt game and its first events."""
        ...

    def decided(self, state: S_contra, seat: int, seen: V_contra, action: A_contra) -> None:
        """Sees a decision before it is applied."""
        ...

    def happened(self, state: S_contra, events: list[Event]) -> None:
        """Sees the state after a decision was applied and the events it caused."""
        ...


@dataclass(frozen=True, slots=True)
class Course(Generic[S, V, A]):
    """A game's hooks for the loop beyond its ruleset: how a decision is applied, the memory salt, the step cap."""

    rules: Ruleset[S, A, V]  # who is asked, a seat's view (with its legal actions), the winner
    salt: int  # mixed with the game's seed and the seat into each AI's memory seed
    step_cap: int  # decisions before a game is stopped unfinished
    # (state, seat, action, the legal actions its view was built with) -> the state after (maybe the same object);
    # None: the ruleset's apply
    step: Callable[[S, int, A, Sequence[A]], tuple[S, list[Event]]] | None = None


def play(
    course: Course[S, V, A],
    dealt: tuple[S, list[Event]],
    seed: int,
    players: Sequence[AIPlayer],
    roles: list[str],
    watch: Callable[[int, V, Memory, A], None] | None = None,
    referee: Referee[S, V, A] | None = None,
    clock: Callable[[], float] = time.perf_counter,
    step_cap: int | None = None,
) -> MatchResult:
    """Plays a dealt game to its end (or the step cap) with one AI per seat; watch and referee see every decision.

    clock times the decisions (time.thread_time: the CPU time of this thread, steady on a shared machine).
    """
    state, events = dealt
    rules, step = course.rules, course.step
    cap = course.step_cap if step_cap is None else step_cap
    memories: list[Memory] = [{SEED_KEY: mix(course.salt, seed, s)} for s in range(len(players))]
    result = MatchResult(None, roles, timings={s: [] for s in range(len(players))})
    if referee is not None:
        referee.begin(state, events)
    deliver(players, memories, events)
    while rules.winner(state) is None:
        if len(result.moves) >= cap:
            result.capped = True
            break
        seat = rules.awaiting(state)[0]
        started = clock()
        seen = rules.view(state, seat)
        action: A = players[seat].decide(seen, memories[seat])
        result.timings[seat].append(clock() - started)
        if watch is not None:
            watch(seat, seen, memories[seat], action)
        if referee is not None:
            referee.decided(state, seat, seen, action)
        state, events = rules.apply(state, seat, action) if step is None else step(state, seat, action, seen.legal)
        result.moves.append((seat, action))
        if referee is not None:
            referee.happened(state, events)
        deliver(players, memories, events)
    result.winner = rules.winner(state)
    return result


def deliver(players: Sequence[AIPlayer], memories: list[Memory], events: list[Event]) -> None:
    """Gives every seat the events as that seat may see them (one shared dict per event without secrets).

    Seats shown no secret share one tuple of the public dicts; a seat shown one gets its own copy of that event.
    """
    public = tuple(e.for_seat(None) for e in events)
    secret = [i for i, e in enumerate(events) if e.secret]
    if not secret:
        for seat, player in enumerate(players):
            player.observe(memories[seat], seat, public)
        return
    for seat, player in enumerate(players):
        seen = public
        shown = [i for i in secret if seat in events[i].to]
        if shown:
            own = list(public)
            for i in shown:
                own[i] = events[i].for_seat(seat)
            seen = tuple(own)
        player.observe(memories[seat], seat, seen)
