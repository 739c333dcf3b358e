"""A game's group messages: the kept ones (lobby, table) edited in place or sent anew; no edit changing nothing."""

from __future__ import annotations

from bangbot.messaging.adapter import Keyboard, MessageRef
from bangbot.messaging.context import Context
from bangbot.storage.models import Game


async def show_kept(ctx: Context, game: Game, field: str, text: str, buttons: Keyboard, resend: bool) -> bool:
    """Edits the group message game's `field` names; with none, or when resend, drops it and sends a new one whose
    reference is stored. Returns whether a new message was sent."""
    assert game.id is not None
    old: int | None = getattr(game, field)
    if old is not None and not resend:
        await edit_group(ctx, MessageRef(game.chat_id, old), text, buttons)
        return False
    if old is not None:
        await delete_group(ctx, MessageRef(game.chat_id, old))
    ref = await send_group(ctx, game, text, buttons)
    setattr(game, field, ref.message_id)
    await ctx.repo.run(ctx.repo.update_refs, game.id, **{field: ref.message_id})
    return True


async def edit_group(ctx: Context, ref: MessageRef, text: str, buttons: Keyboard = ()) -> None:
    """Edits a group message, unless this process last showed it with the same text and buttons."""
    if ctx.shown.unchanged(ref, text, buttons):
        return
    try:
        await ctx.messenger.edit(ref, text, buttons)
    except Exception:
        ctx.shown.forget(ref)
        raise
    ctx.shown.remember(ref, text, buttons)


async def send_group(ctx: Context, game: Game, text: str, buttons: Keyboard = ()) -> MessageRef:
    """Sends a game's group a message (in its topic) and remembers what it shows."""
    ref = await ctx.messenger.send(game.chat_id, text, buttons, thread=game.thread_id)
    ctx.shown.remember(ref, text, buttons)
    return ref


async def delete_group(ctx: Context, ref: MessageRef) -> None:
    """Deletes a group message and forgets what it showed."""
    ctx.shown.forget(ref)
    await ctx.messenger.delete(ref)
