"""Sends and edits what people see after a change: the group's turn log and table, each seat's private message."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Sequence
from typing import Any

from bangbot.core.legal import awaiting
from bangbot.core.views import view
from bangbot.i18n import Translator
from bangbot.messaging.adapter import Button, Keyboard, MessageRef, Undeliverable
from bangbot.messaging.codec import game_button
from bangbot.messaging.context import Context
from bangbot.messaging.keyboards import TOP, keyboard
from bangbot.messaging.play import Batch
from bangbot.messaging.prompts import prompt
from bangbot.messaging.render import log_text, private_text, table_text
from bangbot.storage.models import Seat

log = logging.getLogger(__name__)
BACK_FROM_AI = "k"
RECENT_LINES = 6


async def deliver(ctx: Context, batch: Batch) -> list[int]:
    """Shows a saved batch to the group and the players; returns the seats whose player could not be reached."""
    await deliver_group(ctx, batch)
    unreachable: list[int] = []
    for seat in batch.seats:
        if seat.user_id is not None and not seat.unreachable:
            try:
                await show_private(ctx, batch, seat, TOP)
            except Undeliverable:
                unreachable.append(seat.position)
    return unreachable


def notice_text(tr: Translator, kind: str, data: dict[str, Any], names: Sequence[str]) -> str:
    """Returns a group notice about a seat: handed to the AI, or unreachable."""
    name = names[data["seat"]]
    if kind == "standin":
        return tr.gettext(
            "{name} missed two deadlines in a row: the AI plays for them until they press “I'm back”.", name=name
        )
    return tr.gettext(
        "{name}, I cannot write to you: open a private chat with me and send /start. Until then the AI plays for you.",
        name=name,
    )


def waiting_line(ctx: Context, tr: Translator, batch: Batch) -> str:
    """Returns the line that mentions the people who must act now."""
    asked = awaiting(batch.state)
    people = [
        ctx.messenger.mention(s.user_id, s.name)
        for s in batch.seats
        if s.user_id is not None and not s.ai_controlled and s.position in asked
    ]
    return tr.gettext("Your move: {names}", names=", ".join(people)) if people else ""


async def deliver_group(ctx: Context, batch: Batch) -> None:
    """Edits the current turn's log, posts one new log message per new turn, then edits the table."""
    game = batch.game
    assert game.id is not None
    tr = ctx.tr_chat(game.chat_id)
    names = batch.names
    segments = batch.log_segments or [[]]
    last = len(segments) - 1
    for i, segment in enumerate(segments):
        text = log_text(tr, segment, names, None)
        if i == last and (tail := waiting_line(ctx, tr, batch)):
            text = f"{text}\n\n{tail}" if text else tail
        if not text:
            continue
        try:
            if i == 0 and game.log_message_id is not None:
                await ctx.messenger.edit(MessageRef(game.chat_id, game.log_message_id), text)
            else:
                ref = await ctx.messenger.send(game.chat_id, text)
                if i == last:
                    game.log_message_id = ref.message_id
                    ctx.repo.update_refs(game.id, log_message_id=ref.message_id)
        except Exception:  # a failed send loses no move: all of it is stored and can be shown again
            log.exception("could not show the log of game %s", game.id)
    for kind, data in batch.notices:
        try:
            await ctx.messenger.send(game.chat_id, notice_text(tr, kind, data, names))
        except Exception:
            log.exception("could not send a notice of game %s", game.id)
    await show_table(ctx, batch, resend=False)


async def show_table(ctx: Context, batch: Batch, resend: bool) -> None:
    """Edits the group's table message in place, or sends a new one (and drops the old) when resend."""
    game = batch.game
    assert game.id is not None
    tr = ctx.tr_chat(game.chat_id)
    text = table_text(tr, view(batch.state, None), batch.names, game.chat_title)
    try:
        if game.table_message_id is not None and not resend:
            await ctx.messenger.edit(MessageRef(game.chat_id, game.table_message_id), text)
            return
        if game.table_message_id is not None:
            await ctx.messenger.delete(MessageRef(game.chat_id, game.table_message_id))
        ref = await ctx.messenger.send(game.chat_id, text)
        game.table_message_id = ref.message_id
        ctx.repo.update_refs(game.id, table_message_id=ref.message_id)
    except Exception:
        log.exception("could not show the table of game %s", game.id)


def private_message(ctx: Context, batch: Batch, seat: Seat, level: str) -> tuple[str, Keyboard]:
    """Returns the text and buttons of a seat's private message at a step of its choice."""
    assert seat.user_id is not None and batch.game.id is not None
    tr = ctx.tr_user(seat.user_id)
    v = view(batch.state, seat.position)
    names = batch.names
    own_events = [e.for_seat(seat.position) for e in batch.events if seat.position in e.to]
    recent = log_text(tr, own_events[-RECENT_LINES:], names, seat.position)
    text = private_text(tr, v, names, batch.game.chat_title, prompt(tr, v, names, seat.standin), recent)
    game_id, version, position = batch.game.id, seat.prompt_version, seat.position

    def make(choice: str) -> str:
        return game_button(game_id, version, position, choice)

    if batch.state.winner is not None:
        return text, ()
    if seat.standin:
        return text, ((Button(tr.gettext("I'm back"), make(BACK_FROM_AI)),),)
    return text, keyboard(tr, v, names, level, make) if v.legal else ()


async def show_private(ctx: Context, batch: Batch, seat: Seat, level: str, resend: bool = False) -> None:
    """Edits (or sends) a seat's private message when what it shows changed; raises Undeliverable."""
    assert seat.user_id is not None and batch.game.id is not None
    text, buttons = private_message(ctx, batch, seat, level)
    digest = hashlib.sha1(repr((text, buttons)).encode()).hexdigest()[:16]
    if seat.shown_digest == digest and not resend and seat.private_message_id is not None:
        return
    if seat.private_message_id is not None and not resend:
        await ctx.messenger.edit(MessageRef(seat.user_id, seat.private_message_id), text, buttons)
    else:
        if seat.private_message_id is not None:
            await ctx.messenger.delete(MessageRef(seat.user_id, seat.private_message_id))
        ref = await ctx.messenger.send(seat.user_id, text, buttons)
        seat.private_message_id = ref.message_id
    seat.shown_digest = digest
    ctx.repo.update_seat_refs(seat)
