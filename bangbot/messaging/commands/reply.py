"""A command's reply: sent in the chat it came from, behind the replies posted there before, without waiting."""

from __future__ import annotations

import logging

from bangbot.i18n import Translator
from bangbot.messaging.adapter import ChatMoved, Command, Keyboard, Undeliverable
from bangbot.messaging.context import Context
from bangbot.messaging.play.group_events import chat_moved

log = logging.getLogger(__name__)


def reply(ctx: Context, cmd: Command, text: str, buttons: Keyboard = ()) -> None:
    """Posts a reply in the command's chat (in its forum topic) behind the replies posted there before; returns at
    once."""
    messenger, chat_id, thread = ctx.messenger, cmd.chat_id, cmd.thread

    async def send() -> None:
        try:
            try:
                await messenger.send(chat_id, text, buttons, thread=thread)
            except ChatMoved as moved:  # the group moved (say, to a supergroup): everything follows, then this
                chat_moved(ctx, chat_id, moved.new_id)
                await messenger.send(moved.new_id, text, buttons, thread=thread)
        except Undeliverable:
            log.info("could not reply in chat %s", chat_id)

    ctx.replies.post(chat_id, send)


def unknown_command(tr: Translator) -> str:
    """Returns the answer to a command this bot does not have (or does not show this person)."""
    return tr.gettext("I don't know that command. /help lists what I understand.")
