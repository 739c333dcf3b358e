"""Letting the AI play now for a person the game waits for: the group's button, its timer and its press.

A fifth into the time per move (`Game.offer_at`), the group's waiting line gets one button per awaited person; the
game's creator or a chat admin may press it, and the seat is handed to the AI as at a second missed deadline.
"""

from __future__ import annotations

import json
from datetime import timedelta

from bangbot.checkpoints import checkpoint
from bangbot.i18n import Translator
from bangbot.i18n.wording import player
from bangbot.messaging.adapter import Button, Keyboard, Press
from bangbot.messaging.context import OFFER_SHARE, Context
from bangbot.messaging.delivery.to_show import Showing
from bangbot.messaging.play.stored_game import Batch, finish, load, run_ai, stand_in
from bangbot.messaging.press.button_data import ButtonData, game_button
from bangbot.storage.models import CANCELLED, RUNNING, Game, Outbox, PressAnswer
from bangbot.storage.repository import StaleGame
from bangbot.storage.times import aware

REPLACE = "ai.now"  # the choice of the group's button that lets the AI play a seat now
REPLACED = "replaced"  # the group notice that someone let the AI play a seat
ATTEMPTS = 3


def offer_due(ctx: Context, game: Game) -> bool:
    """Returns whether a fifth of the time per move has passed since the game began waiting for its awaited seats."""
    if game.status != RUNNING or game.paused or game.deadline_at is None:
        return False
    window = timedelta(seconds=game.deadline_seconds)
    return ctx.clock() >= aware(game.deadline_at) - window + window / OFFER_SHARE


def offer_keyboard(ctx: Context, tr: Translator, batch: Batch) -> Keyboard:
    """Returns the buttons beside the group's waiting line: one per awaited person, once the offer is due."""
    game = batch.game
    if game.id is None or not offer_due(ctx, game):
        return ()
    asked = batch.rules.awaiting(batch.state)
    return tuple(
        (
            Button(
                tr.gettext("🤖 Let the AI play for {name}", name=player(tr, s.name)),
                game_button(game.id, s.prompt_version, s.position, REPLACE),
            ),
        )
        for s in batch.seats
        if s.user_id is not None and not s.ai_controlled and s.position in asked
    )


def offer(ctx: Context, game_id: int) -> bool:
    """Shows the group's waiting line again with its buttons when the offer falls due; returns whether it saved a row.

    One saved row (an edit of the current turn's log) per offer; a game waiting for nobody only forgets the time.
    """
    batch = load(ctx, game_id)
    if batch is None or batch.game.status != RUNNING or batch.game.offer_at is None:
        return False
    if aware(batch.game.offer_at) > ctx.clock():  # a move since the tick read it set the next offer's time
        return False
    game = batch.game
    game.offer_at = None
    people = [s for s in batch.seats if s.user_id is not None and not s.ai_controlled]
    shows = bool(people) and not game.paused and any(s.position in batch.rules.awaiting(batch.state) for s in people)
    row = None
    if shows:
        showing = Showing(log=[json.loads(game.log_json or "[]")], offer=True)
        row = Outbox(game_id=game_id, payload=showing.to_json(), created_at=ctx.clock())
    try:
        ctx.repo.save(game, outbox=row)
    except StaleGame:
        return False
    return shows


def replace_press(ctx: Context, press: Press, data: ButtonData, allowed: bool) -> tuple[str, bool]:
    """Hands an awaited seat to the AI for the game's creator or a chat admin (allowed, checked before the lock).

    The AI plays the seat's pending part at once and the group is told who did it; the player takes the seat back
    with “I'm back”. Anybody else, or a button no longer current, is refused with an alert and changes nothing.
    """
    tr = ctx.tr_user(press.user.id)
    for _ in range(ATTEMPTS):
        batch = load(ctx, data.target)
        game = batch.game if batch is not None else ctx.repo.game(data.target)
        if game is None:
            return tr.gettext("There is no such game."), True
        if not allowed:
            return tr.gettext("Only the creator of the game or a chat admin can do this."), True
        if game.status == CANCELLED:
            return tr.gettext("This game was cancelled."), True
        if batch is None or game.status != RUNNING:
            return tr.gettext("This game is over."), True
        if game.paused:
            return tr.gettext("The game is paused until I am added back to its group."), True
        if not offer_current(ctx, batch, data):
            return tr.gettext("This choice is no longer current."), True
        stand_in(batch, data.seat, REPLACED, {"by": press.user.name})
        run_ai(ctx, batch)
        batch.answer = PressAnswer(
            press_id=press.id, game_id=data.target, user_id=press.user.id, text="", alert=False, at=ctx.clock()
        )
        try:
            finish(ctx, batch)
        except StaleGame:
            continue
        checkpoint("saved")
        return "", False
    return tr.gettext("This choice is no longer current."), True


def offer_current(ctx: Context, batch: Batch, data: ButtonData) -> bool:
    """Returns whether a press's button is the one the group's waiting line shows now for that seat."""
    if not 0 <= data.seat < len(batch.seats) or not offer_due(ctx, batch.game):
        return False
    seat = batch.seats[data.seat]
    awaited = data.seat in batch.rules.awaiting(batch.state)
    return seat.user_id is not None and not seat.ai_controlled and awaited and data.version == seat.prompt_version


def replaced_text(tr: Translator, name: str, by: str) -> str:
    """Returns the group's notice that a person (by) let the AI play a seat until its player comes back."""
    return tr.gettext(
        "{by} let the AI play for {name} until they press “I'm back”.", by=player(tr, by), name=player(tr, name)
    )
