"""A table that stays in sight: the group's table pinned while its game runs, and the lobby's word where it can't be."""

from __future__ import annotations

from bangbot.i18n import Translator
from bangbot.messaging.adapter import Button, Keyboard, MessageRef
from bangbot.messaging.context import Context
from bangbot.storage.models import Game


async def pin_table(ctx: Context, game: Game) -> None:
    """Pins the game's table message quietly, where the bot has the right to pin."""
    if game.table_message_id is not None and await ctx.messenger.may_pin(game.chat_id):
        await ctx.messenger.pin(MessageRef(game.chat_id, game.table_message_id))


async def unpin_table(ctx: Context, game: Game) -> None:
    """Unpins the game's table message (the game is over or cancelled) where the bot may pin: where it may not, it
    could not pin the table either, and an unpin would only be refused."""
    if game.table_message_id is None or ctx.messenger.pin_rights_link() is None:
        return
    if await ctx.messenger.may_pin(game.chat_id):
        await ctx.messenger.unpin(MessageRef(game.chat_id, game.table_message_id))


async def pin_advice(ctx: Context, tr: Translator, chat_id: int) -> tuple[list[str], Keyboard]:
    """Returns the lobby's lines and link button saying how to let the bot pin, or nothing where it may (or can't)."""
    link = ctx.messenger.pin_rights_link()
    if link is None or await ctx.messenger.may_pin(chat_id):
        return [], ()
    line = tr.gettext(
        "I cannot pin the table here: a chat admin can make me an admin with the right to pin messages "
        "(the button below), so that the game stays in sight."
    )
    return [line], ((Button(tr.gettext("Let me pin the table"), url=link),),)
