"""A button press: its game's or lobby's lock held only to read, check, apply and save; the press always answered."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from contextlib import nullcontext

from bangbot.i18n import Translator, normalize_language, translator
from bangbot.messaging.adapter import Press, Undeliverable
from bangbot.messaging.commands.forget_me import forget_press, is_forget
from bangbot.messaging.commands.language_menu import language_press
from bangbot.messaging.context import Context
from bangbot.messaging.delivery.after_lock import Later, run_later
from bangbot.messaging.delivery.outbox import all_shown, kick
from bangbot.messaging.delivery.presser_ahead import show_presser
from bangbot.messaging.delivery.urgency import hurrying, urgently
from bangbot.messaging.failures import RETRIES, not_saved, storage_failures
from bangbot.messaging.lobby.actions import NO_RIGHTS, Rights, lobby_press, lobby_rights, may_manage
from bangbot.messaging.lobby.final_buttons import AGAIN, CALL
from bangbot.messaging.lobby.open_calls import set_call
from bangbot.messaging.lobby.play_again import play_again
from bangbot.messaging.owner.banned_chat import ChatBanned, banned_text, refuse_if_banned
from bangbot.messaging.owner.desk import desk_press, is_desk
from bangbot.messaging.play.replace_now import REPLACE, replace_press
from bangbot.messaging.press.button_data import BadButton, ButtonData, decode
from bangbot.messaging.press.game_move import game_press
from bangbot.storage.models import PressAnswer
from bangbot.storage.repository import STORAGE_ERRORS, StaleGame

log = logging.getLogger(__name__)
PRESS_WAIT_SECONDS = 0.5  # from its arrival, a press's answer waits this long at most for the presser's message


def now() -> float:
    """Returns the event loop's clock, in seconds."""
    return asyncio.get_running_loop().time()


async def on_press(ctx: Context, press: Press) -> None:
    """Handles a button press and always acknowledges it, with an alert when it changes nothing (see handled)."""
    text, alert, showing = await handled(ctx, press)
    await ctx.messenger.answer(press, text, alert)
    if showing is not None:
        await showing


async def press_answer(ctx: Context, press: Press) -> tuple[str, bool]:
    """Handles a press made elsewhere than on a messenger's button (the Mini App's tap) exactly as a button's, and
    returns its answer (text, alert) once the presser's change is shown, instead of sending it."""
    text, alert, showing = await handled(ctx, press)
    if showing is not None:
        await showing
    return text, alert


async def handled(ctx: Context, press: Press) -> tuple[str, bool, asyncio.Task[None] | None]:
    """Handles a button press and returns its answer, with whether it alerts (it changes nothing), and the showing
    of its change still under way.

    The game's lock is held only to read, check, apply and save; a move is answered once the presser's message
    shows it (sent ahead of the bot's other messages), or PRESS_WAIT_SECONDS after the press came (a wait for the
    lock included), never behind the group's. A press whose change could not be saved is told so, and changes
    nothing.
    """
    answer_by = now() + PRESS_WAIT_SECONDS  # counted from the press's arrival
    text, alert = "", False
    later: Later = []
    showing: asyncio.Task[None] | None = None
    try:
        if not ctx.knows(press.user):  # a thread's hop saved when nothing is to store
            await ctx.repo.run(ctx.remember_user, press.user)
        await refuse_if_banned(ctx, press.chat_id)
        data = decode(press.data)
        allowed = replacing(data) and await may_replace(ctx, press, data)  # asked before the lock: a network call
        if data.scope in "gl":
            rights = await lobby_rights(ctx, press, data) if data.scope == "l" else NO_RIGHTS  # before the lock
            text, alert = await locked_press(ctx, press, data, allowed, rights, later)
            private = press.chat_id == press.user.id
            own = data.seat if data.scope == "g" and private and not replacing(data) else None
            showing = asyncio.ensure_future(
                show_press(ctx, data.target, press.chat_id if private else None, own, later)
            )
            kick(ctx, data.target)  # after: the showing's first step (the presser's chat hurried) runs before the lane
            left = answer_by - now()
            await asyncio.wait({showing}, timeout=max(left, 0.0))  # the presser sees the change first
        else:
            text, alert = await setting_press(ctx, press, data)
    except BadButton:
        text, alert = (await press_reader(ctx, press)).gettext("This button is not mine or is too old."), True
    except ChatBanned:
        text, alert = banned_text(await press_reader(ctx, press)), True
    except StaleGame:
        text, alert = (await press_reader(ctx, press)).gettext("This choice is no longer current."), True
    except STORAGE_ERRORS:
        storage_failures.failed("could not save or read the press %s", press.id)
        text, alert = not_saved(await press_reader(ctx, press)), True
    except Undeliverable:
        log.info("could not show the press %s to its player", press.id)
    return text, alert, showing


async def show_press(ctx: Context, game_id: int, chat: int | None, seat: int | None, later: Later) -> None:
    """Shows a press's result to the presser, ahead of the bot's other messages (and, pressed in their private chat,
    with whatever else waits to go there): the changes in their own message of the seat pressed for, if any (else
    once each earlier change reached the players), then what the press left for after the lock."""
    with urgently(), hurrying(chat) if chat is not None else nullcontext():
        try:
            await (all_shown(ctx, game_id) if seat is None else show_presser(ctx, game_id, seat))
        except STORAGE_ERRORS:
            storage_failures.failed("could not read what game %s still has to show", game_id)
        await run_later(later)


async def press_reader(ctx: Context, press: Press) -> Translator:
    """Returns the presser's translator (a read, Repository.run_brief); the messenger's language when storage fails."""
    try:
        return await ctx.repo.run_brief(ctx.tr_user, press.user.id)
    except STORAGE_ERRORS:
        return translator(normalize_language(press.user.language))


async def locked_press(
    ctx: Context, press: Press, data: ButtonData, allowed: bool, rights: Rights, later: Later
) -> tuple[str, bool]:
    """Answers a press of a game's or a lobby's button holding the game's lock: its AI button's (allowed: may the
    presser use it), a move's, a lobby's (with the presser's rights) or "play again"; a press applied before and
    delivered again, as it was answered."""
    async with ctx.repo.game_lock(data.target):
        if replacing(data):
            return await ctx.repo.run(locked_replace_press, ctx, press, data, allowed)
        if data.scope == "g":
            return await ctx.repo.run(locked_game_press, ctx, press, data, later)
        if (known := await ctx.repo.run(answered, ctx, press)) is not None:
            return known.text, known.alert
        if data.choice == AGAIN:
            return await play_again(ctx, press, data.target)
        return await retrying(lambda: lobby_press(ctx, press, data, rights, later))


def replacing(data: ButtonData) -> bool:
    """Returns whether a button is the group's button that lets the AI play now for the people awaited."""
    return data.scope == "g" and data.choice == REPLACE


async def may_replace(ctx: Context, press: Press, data: ButtonData) -> bool:
    """Returns whether the presser may let the AI play for someone in the button's game: its creator or an admin."""
    game = await ctx.repo.run(ctx.repo.game, data.target)
    return game is not None and await may_manage(ctx, game, press.user.id)


async def retrying(attempt: Callable[[], Awaitable[tuple[str, bool]]]) -> tuple[str, bool]:
    """Runs a lobby change again when another worker saved the same game meanwhile."""
    for _ in range(RETRIES - 1):
        try:
            return await attempt()
        except StaleGame:
            continue
    return await attempt()


def answered(ctx: Context, press: Press) -> PressAnswer | None:
    """Returns the answer of a press already applied and delivered again (by the same person), else None; in a
    thread."""
    known = ctx.repo.press_answer(press.id)
    return known if known is not None and known.user_id == press.user.id else None


def locked_game_press(ctx: Context, press: Press, data: ButtonData, later: Later) -> tuple[str, bool]:
    """Answers a game press delivered again as it was answered, else applies it (game_press); in a thread.

    A press delivered again (to a second worker, or after a restart) shows nothing itself: the game's delivery shows
    its change, and the presser's message may show a step of their next choice by now, which a redraw would leave.
    """
    known = answered(ctx, press)
    if known is not None:  # an applied press delivered again
        return known.text, known.alert
    return game_press(ctx, press, data, later)


def locked_replace_press(ctx: Context, press: Press, data: ButtonData, allowed: bool) -> tuple[str, bool]:
    """Answers a press of the group's AI button delivered again as it was answered, else hands the seat to the AI
    (replace_press); in a thread."""
    known = answered(ctx, press)
    if known is not None:  # an applied press delivered again
        return known.text, known.alert
    return replace_press(ctx, press, data, allowed)


async def setting_press(ctx: Context, press: Press, data: ButtonData) -> tuple[str, bool]:
    """Sets the user's or (for chat admins, checked now) the chat's language; calls the user to its games; or forgets
    the user (/forgetme).

    Every read and write runs in a database thread; the admin check and the edit run on the loop, holding none.
    """
    if data.scope == "c" and data.choice == CALL and data.target == press.chat_id:
        return await ctx.repo.run(call_press, ctx, press.user.id, data.target), False
    if is_forget(data):
        return await forget_press(ctx, press, data)
    if is_desk(data):
        return await desk_press(ctx, press, data)
    return await language_press(ctx, press, data)


def call_press(ctx: Context, user_id: int, chat_id: int) -> str:
    """Calls a user to a group's games from its button; returns what to tell them (in a thread)."""
    return set_call(ctx, ctx.tr_user(user_id), chat_id, user_id, True)
