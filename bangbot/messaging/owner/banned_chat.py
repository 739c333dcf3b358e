"""A banned chat: its commands get one refusal a minute and its presses an alert; nothing changes there."""

from __future__ import annotations

from bangbot.i18n import Translator
from bangbot.messaging.context import Context


async def is_banned(ctx: Context, chat_id: int) -> bool:
    """Returns whether the owner banned a chat (the list read again when old, in a thread)."""
    if ctx.bans.stale():
        await ctx.repo.run(ctx.bans.reload, ctx.repo.engine)
    return chat_id in ctx.bans.chats


def banned_text(tr: Translator) -> str:
    """Returns the refusal a banned chat gets."""
    return tr.gettext("The bot's operator has closed this chat to the bot: I do not answer or play here.")


class ChatBanned(Exception):
    """A press or command came from a banned chat."""


async def refuse_if_banned(ctx: Context, chat_id: int) -> None:
    """Raises ChatBanned when the owner banned the chat."""
    if await is_banned(ctx, chat_id):
        raise ChatBanned(chat_id)
