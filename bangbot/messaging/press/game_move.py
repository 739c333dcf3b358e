"""A press of a game's button, under the game's lock (in a database thread): checked, applied with the AI's answers,
and saved with the press's answer; or answered with what it shows the presser later, changing nothing."""

from __future__ import annotations

from functools import partial

from bangbot.games.contract import TOP
from bangbot.i18n import Translator
from bangbot.messaging.adapter import MessageRef, Press
from bangbot.messaging.context import Context
from bangbot.messaging.delivery.after_lock import Later
from bangbot.messaging.delivery.outbox import save
from bangbot.messaging.delivery.player_messages import drop_copy, show_current, within_reach
from bangbot.messaging.delivery.sender import BACK, BACK_FROM_AI
from bangbot.messaging.failures import RETRIES
from bangbot.messaging.play.stored_game import Batch, apply_move, loaded, run_ai, seat_view
from bangbot.messaging.press.button_data import ButtonData
from bangbot.messaging.press.card_alert import topic_alert
from bangbot.messaging.press.choice_topic import choice_topic
from bangbot.messaging.press.refusals import game_press_refusal
from bangbot.messaging.press.seat_choices import seat_choices
from bangbot.messaging.press.step_menu import ABOUT
from bangbot.storage.models import PressAnswer, Seat
from bangbot.storage.repository import StaleGame


def game_press(ctx: Context, press: Press, data: ButtonData, later: Later) -> tuple[str, bool]:
    """Applies and saves a move (shown by the game's delivery) or picks the next step of a choice.

    Checks first whose and how current the button is. What must be shown to the presser alone (the next step,
    their message brought up to date) is appended to later, to run once the game's lock is released.
    """
    tr = ctx.tr_user(press.user.id)
    dropping = False
    for _ in range(RETRIES):
        game, seats = ctx.repo.game_and_seats(data.target)  # read once: the press is checked, applied and saved on it
        batch = loaded(ctx, game, seats)
        refusal = game_press_refusal(tr, game, batch, data.seat, press.user.id)
        if refusal is not None:
            return refusal, True
        assert batch is not None  # a game without a state is refused
        if batch.game.paused:
            return tr.gettext("The game is paused until I am added back to its group."), True
        seat = batch.seats[data.seat]
        if press.message_id != seat.private_message_id and press.chat_id == press.user.id and not dropping:
            dropping = True  # a copy a lost reply left, or the new message whose id is not stored yet: see drop_copy
            later.append(
                partial(drop_copy, ctx, data.target, seat.position, MessageRef(press.chat_id, press.message_id))
            )
        returning = seat.unreachable and data.version != seat.prompt_version and press.chat_id == press.user.id
        if returning:  # a press in their chat proves it reaches them again: their seat is theirs, with live buttons
            within_reach(batch, seat)
        else:
            unchanged = choose(ctx, tr, press, data, batch, seat, later)
            if unchanged is not None:
                return unchanged
        batch.presser = seat.position
        welcome = data.choice == BACK_FROM_AI or (returning and not seat.standin)  # else "I'm back" is to press
        answer = (tr.gettext("Welcome back!"), False) if welcome else ("", False)
        if saved_with_answer(ctx, press, data, batch, answer):
            return answer
    return tr.gettext("This choice is no longer current."), True


def choose(
    ctx: Context, tr: Translator, press: Press, data: ButtonData, batch: Batch, seat: Seat, later: Later
) -> tuple[str, bool] | None:
    """Applies a current press's move, or the player's return from the AI, to batch and returns None; else returns
    the answer of a press that changes nothing (refused, a card's text, a step of the choice shown later)."""
    if data.version != seat.prompt_version:
        if press.message_id == seat.private_message_id:  # the message itself is behind: bring it up to date
            later.append(partial(show_current, ctx, batch, seat, TOP))
        return tr.gettext("This choice is no longer current."), True
    choice = data.choice
    if not seat.standin and choice not in seat_choices(ctx, tr, batch, seat):
        return tr.gettext("This choice is no longer current."), True
    if choice.startswith(ABOUT):  # changes nothing: the card's text
        topic = choice_topic(batch.state, seat.position, choice)
        text = topic_alert(tr, batch.state.config, topic) if topic is not None else ""
        return text, bool(text)
    if seat.unreachable:
        seat.unreachable = False
    if choice == BACK_FROM_AI:
        seat.standin = False
        seat.missed_deadlines = 0
        batch.notices.append((BACK, {"seat": seat.position}))
    elif seat.standin:
        return tr.gettext("The AI is playing for you: press “I'm back” first."), True
    elif choice.startswith("a"):
        return move(ctx, tr, batch, seat, choice)
    else:
        later.append(partial(show_current, ctx, batch, seat, choice if choice != "x" else TOP))
        return "", False
    return None


def move(ctx: Context, tr: Translator, batch: Batch, seat: Seat, choice: str) -> tuple[str, bool] | None:
    """Applies the move a choice "a<index>" names among the seat's legal moves and returns None; else a refusal."""
    legal = seat_view(ctx, batch, seat.position).legal  # as checked: the buttons' indexes are its
    index = int(choice[1:]) if choice[1:].isdigit() else -1
    if not 0 <= index < len(legal):
        return tr.gettext("This choice is no longer current."), True
    seat.missed_deadlines = 0
    apply_move(ctx, batch, seat.position, legal[index], "player")
    return None


def saved_with_answer(ctx: Context, press: Press, data: ButtonData, batch: Batch, answer: tuple[str, bool]) -> bool:
    """Lets the AI move, keeps the press's answer with batch and saves it; returns False (nothing saved) if another
    worker saved the game meanwhile."""
    run_ai(ctx, batch)
    batch.answer = PressAnswer(
        press_id=press.id,
        game_id=data.target,
        user_id=press.user.id,
        text=answer[0],
        alert=answer[1],
        at=ctx.clock(),
    )
    try:
        save(ctx, batch)
    except StaleGame:
        return False
    return True
