"""Moves on a stored game: load, apply (people, AI, deadlines), save with compare-and-set."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from bangbot.core.events import Event
from bangbot.games import game as registered
from bangbot.games.contract import AnyRuleset, Memory, TableState
from bangbot.games.contract import Game as Declared
from bangbot.messaging.context import MISSES_BEFORE_STANDIN, OFFER_SHARE, REMINDER_SHARE, Context
from bangbot.messaging.delivery.to_show import Showing, recent_of
from bangbot.messaging.play.farewell import eliminations
from bangbot.storage.models import FINISHED, ActionLog, Game, Outbox, PressAnswer, Seat
from bangbot.storage.repository import Repository

AI_MOVE_CAP = 5000
FORCED = "forced"  # ActionLog.by of a move made for a person because it was the only one possible
STANDIN = "standin"  # the group notice that a seat missed two deadlines and the AI plays it


@dataclass
class Batch:
    """A loaded game, its game's declaration and the moves applied to it since, waiting to be saved as one change."""

    game: Game
    seats: list[Seat]
    declared: Declared  # the registered game it plays: its ruleset, presenter, words
    state: TableState
    events: list[Event] = field(default_factory=list)
    actions: list[ActionLog] = field(default_factory=list)
    notices: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    memories: dict[int, Memory] = field(default_factory=dict)
    observed: dict[int, int] = field(default_factory=dict)
    log_segments: list[list[dict[str, Any]]] = field(default_factory=list)
    answer: PressAnswer | None = None
    remove_seats: list[Seat] = field(default_factory=list)
    showing: Showing = field(default_factory=Showing)
    outbox: Outbox | None = None
    pin_table: bool = False  # the change starts the game: its table is pinned where the bot may
    stored: TableState | None = None  # the state as stored at game.version (as read, or once saved), else None
    presser: int = -1  # the seat whose press makes this change (-1: a deadline, the AI, a command)

    @property
    def rules(self) -> AnyRuleset:
        """Returns the ruleset of the game it plays."""
        return self.declared.ruleset

    @property
    def names(self) -> list[str]:
        """Returns the display names of the seats in order."""
        return [s.name for s in self.seats]


def load(ctx: Context, game_id: int) -> Batch | None:
    """Returns a running or finished game ready for moves, or None if it has no state (one read of the game)."""
    return loaded(ctx, *ctx.repo.game_and_seats(game_id))


def stored_since(repo: Repository, game_id: int, version: int) -> tuple[Game | None, list[Seat]]:
    """Returns a game and its seats as stored now, known to be at version or later (an outbox row's): the copy this
    process keeps of what it saved when that is so (Repository.known: it is the database's only writer), else read
    (the game was saved elsewhere, or this process started since)."""
    known = repo.known(game_id)
    if known is not None and known[0].version >= version:
        return known
    return repo.game_and_seats(game_id)


def load_since(ctx: Context, game_id: int, version: int) -> Batch | None:
    """Returns a game as stored now, at version or later, ready for moves (see stored_since and load)."""
    return loaded(ctx, *stored_since(ctx.repo, game_id, version))


async def stored_since_now(repo: Repository, game_id: int, version: int) -> tuple[Game | None, list[Seat]]:
    """Returns what stored_since does: the kept copy at once, else a read (Repository.run_brief: on the loop where
    this process alone writes, else in a thread)."""
    known = repo.known(game_id)
    if known is not None and known[0].version >= version:
        return known
    return await repo.run_brief(repo.game_and_seats, game_id)


async def load_since_now(ctx: Context, game_id: int, version: int) -> Batch | None:
    """Returns what load_since does, without a thread where it may (see stored_since_now)."""
    return loaded(ctx, *await stored_since_now(ctx.repo, game_id, version))


def batch_of(ctx: Context, game: Game | None) -> Batch | None:
    """Returns a game row just read ready for moves (reading its seats), or None if it has no state."""
    if game is None or game.id is None:
        return None
    return loaded(ctx, game, ctx.repo.seats(game.id))


def loaded(ctx: Context, game: Game | None, seats: list[Seat]) -> Batch | None:
    """Returns a game and its seats as read together ready for moves, or None if it has no state; the state of a
    stored version is decoded once (ctx.states)."""
    if game is None or game.state_json is None or game.id is None:
        return None
    declared = registered(game.ruleset)
    key = (game.id, game.version)
    state = ctx.states.get(key)
    if state is None:
        state = declared.ruleset.from_json(json.loads(game.state_json))
        ctx.states.put(key, state)
    return Batch(game, seats, declared, state, stored=state)


def seat_view(ctx: Context, batch: Batch, seat: int | None) -> Any:
    """Returns the ruleset's view of seat (None: the table's), worked out once per stored version of the game.

    A state moved on since it was read or saved is not stored under any version: its views are worked out anew.
    """
    if batch.state is not batch.stored or batch.game.id is None:
        return batch.rules.view(batch.state, seat)
    key = (batch.game.id, batch.game.version, seat)
    found = ctx.views.get(key)
    if found is None:
        found = batch.rules.view(batch.state, seat)
        ctx.views.put(key, found)
    return found


def apply_move(ctx: Context, batch: Batch, seat: int, action: Any, by: str) -> None:
    """Applies one legal action of seat to the batch and logs it."""
    batch.state, events = batch.rules.apply(batch.state, seat, action)
    batch.events += events
    batch.actions.append(
        ActionLog(
            game_id=batch.game.id or 0,
            index=batch.state.version - 1,
            seat=seat,
            action=batch.rules.notation(action),
            by=by,
            at=ctx.clock(),
        )
    )


def memory(batch: Batch, seat: int) -> Memory:
    """Returns the AI memory of a seat, loaded once per batch."""
    if seat not in batch.memories:
        batch.memories[seat] = json.loads(batch.seats[seat].ai_memory_json or "{}")
        batch.observed.setdefault(seat, 0)
    return batch.memories[seat]


def observe(ctx: Context, batch: Batch, seat: int) -> Memory:
    """Feeds the AI of seat what it may see of the batch's events so far; returns its memory."""
    mem = memory(batch, seat)
    start = batch.observed.get(seat, 0)
    if start < len(batch.events):
        seen = [e.for_seat(seat) for e in batch.events[start:]]
        ctx.ai_for(batch.declared, batch.game.ai_level).observe(mem, seat, seen)
        batch.observed[seat] = len(batch.events)
    return mem


def ai_choice(ctx: Context, batch: Batch, seat: int) -> Any:
    """Returns what the game's AI would do for seat now."""
    mem = observe(ctx, batch, seat)
    return ctx.ai_for(batch.declared, batch.game.ai_level).decide(batch.rules.view(batch.state, seat), mem)


def run_ai(ctx: Context, batch: Batch) -> None:
    """Lets every asked AI-controlled seat move, and gives a person asked a decision with one possible answer that
    answer (as the base engine does itself), until a person must choose, the game ends or ctx.hold_ai says wait."""
    for _ in range(AI_MOVE_CAP):
        if batch.rules.winner(batch.state) is not None or ctx.hold_ai(batch.state):
            return
        awaiting = batch.rules.awaiting(batch.state)
        asked = [s for s in awaiting if batch.seats[s].ai_controlled]
        if asked:
            apply_move(ctx, batch, asked[0], ai_choice(ctx, batch, asked[0]), "ai")
            continue
        forced = next((s for s in awaiting if len(batch.rules.legal_actions(batch.state, s)) == 1), None)
        if forced is None:
            return
        apply_move(ctx, batch, forced, batch.rules.legal_actions(batch.state, forced)[0], FORCED)


def safe_move(ctx: Context, batch: Batch, seat: int) -> Any:
    """Returns the automatic move at a deadline: the ruleset's safe move (take the hit, end the turn), else the AI's."""
    safe = batch.rules.safe_action(batch.state, seat)
    return safe if safe is not None else ai_choice(ctx, batch, seat)


def expire_deadline(ctx: Context, batch: Batch) -> None:
    """Plays safely every decision the people being waited for are asked, until the turn moves on or someone else
    must decide; misses in two turns in a row then hand the seat to the AI.

    An absent person thus costs one deadline per turn; several deadlines missed within one turn count as one miss.
    """
    turn = batch.state.turn_number
    late = [s for s in batch.rules.awaiting(batch.state) if not batch.seats[s].ai_controlled]
    for seat in late:
        s = batch.seats[seat]
        if s.missed_turn != turn:
            s.missed_deadlines += 1
            s.missed_turn = turn
    play_pending(ctx, batch, late, turn)
    for seat in late:
        if batch.seats[seat].missed_deadlines >= MISSES_BEFORE_STANDIN:
            stand_in(batch, seat, STANDIN, {})


def stand_in(batch: Batch, seat: int, notice: str, data: dict[str, Any]) -> None:
    """Lets the AI play a person's seat until they press “I'm back”; the group is told by a notice of that kind."""
    batch.seats[seat].standin = True
    batch.notices.append((notice, {"seat": seat, **data}))


def play_pending(ctx: Context, batch: Batch, late: list[int], turn: int) -> None:
    """Makes the safe move of the late seats as long as one of them is asked in this turn, the AI answering between."""
    for _ in range(AI_MOVE_CAP):
        if batch.rules.winner(batch.state) is not None or batch.state.turn_number != turn:
            return
        asked = [s for s in batch.rules.awaiting(batch.state) if s in late]
        if not asked:
            return
        apply_move(ctx, batch, asked[0], safe_move(ctx, batch, asked[0]), "deadline")
        run_ai(ctx, batch)


def legal_digest(batch: Batch, seat: Seat, view: Any) -> str:
    """Returns a digest of what a seat may do now (its view's legal actions), so its buttons change only then."""
    legal = [batch.rules.notation(a) for a in view.legal]
    raw = json.dumps([legal, seat.standin, batch.rules.winner(batch.state)])
    return hashlib.sha1(raw.encode()).hexdigest()[:16]


def split_log(batch: Batch) -> None:
    """Splits the batch's public events into turn segments; the last one becomes the stored current turn."""
    current: list[dict[str, Any]] = json.loads(batch.game.log_json or "[]")
    segments = [current]
    for e in batch.events:
        public = e.for_seat(None)
        if e.kind == "turn":
            segments.append([])
        segments[-1].append(public)
    batch.log_segments = segments
    batch.game.log_json = json.dumps(segments[-1])
    batch.game.log_turn = batch.state.turn_number


def went_out(batch: Batch) -> bool:
    """Returns whether a seat in the game as last stored is out of it in the batch's state."""
    before, rules = batch.stored, batch.rules
    if before is None:
        return False
    return any(rules.in_game(before, s.position) and not rules.in_game(batch.state, s.position) for s in batch.seats)


def finish(ctx: Context, batch: Batch) -> None:
    """Saves the batch and what it must show in one transaction if the game did not change meanwhile.

    Raises StaleGame (writing nothing) if it did.
    """
    game = batch.game
    now = ctx.clock()
    for position in batch.memories:
        observe(ctx, batch, position)
        batch.seats[position].ai_memory_json = json.dumps(batch.memories[position])
    views = {s.position: batch.rules.view(batch.state, s.position) for s in batch.seats if s.user_id is not None}
    for seat in batch.seats:
        if seat.user_id is not None:
            digest = legal_digest(batch, seat, views[seat.position])
            if digest != seat.prompt_digest:
                seat.prompt_digest = digest
                seat.prompt_version = game.version + 1
    split_log(batch)
    game.state_json = json.dumps(batch.rules.to_json(batch.state), separators=(",", ":"))
    game.updated_at = now
    if batch.rules.winner(batch.state) is not None:
        game.status = FINISHED
        game.winner = batch.rules.winner(batch.state)
        game.deadline_at = game.reminder_at = game.offer_at = None
    elif batch.actions or game.deadline_at is None:
        window = timedelta(seconds=game.deadline_seconds)
        game.deadline_at = now + window
        game.reminder_at = now + window - window / REMINDER_SHARE
        game.offer_at = now + window / OFFER_SHARE
    batch.showing = Showing(
        batch.log_segments,
        list(batch.notices),
        recent_of(batch.events, len(batch.seats)),
        out=eliminations(batch.events),
        pin=batch.pin_table,
        first=batch.presser,
        in_turn=len(batch.log_segments) <= 1 and game.status != FINISHED,
        gone=went_out(batch),
    )
    batch.outbox = Outbox(game_id=game.id or 0, payload=batch.showing.to_json(), created_at=now)
    ctx.repo.save(game, batch.seats, batch.actions, batch.remove_seats, batch.outbox, batch.answer)
    batch.stored = batch.state
    ctx.states.put((game.id or 0, game.version), batch.state)
    for position, view in views.items():  # what delivery shows next: the views of the version just stored
        ctx.views.put((game.id or 0, game.version, position), view)
