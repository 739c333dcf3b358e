"""One of a game's kept group messages (its lobby, its table): edited in place, or sent anew with its reference kept."""

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
        await ctx.messenger.edit(MessageRef(game.chat_id, old), text, buttons)
        return False
    if old is not None:
        await ctx.messenger.delete(MessageRef(game.chat_id, old))
    ref = await ctx.messenger.send(game.chat_id, text, buttons, thread=game.thread_id)
    setattr(game, field, ref.message_id)
    await ctx.repo.run(ctx.repo.update_refs, game.id, **{field: ref.message_id})
    return True
