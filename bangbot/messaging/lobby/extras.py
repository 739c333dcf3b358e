"""What a lobby shows besides its settings: who the game played again invites, how to let the bot pin, a share link."""

from __future__ import annotations

from collections.abc import Sequence

from bangbot.i18n import Translator
from bangbot.i18n.wording import join_list, player
from bangbot.messaging.adapter import Keyboard
from bangbot.messaging.context import Context
from bangbot.messaging.lobby.invite import share_row
from bangbot.messaging.lobby.pinning import pin_advice
from bangbot.storage.models import Game, Seat


def invited_line(ctx: Context, tr: Translator, game: Game, seats: Sequence[Seat]) -> list[str]:
    """Returns the line that names (and mentions) the invited players of the last game who have not joined yet."""
    assert game.id is not None
    seated = {s.user_id for s in seats}
    waiting = [i for i in ctx.repo.invites(game.id) if i.user_id not in seated]
    if not waiting:
        return []
    names = [player(tr, ctx.messenger.mention(i.user_id, i.name)) for i in waiting]
    return [tr.gettext("Invited from the last game: {names}. Press “Join” to play again.", names=join_list(tr, names))]


async def lobby_extras(ctx: Context, tr: Translator, game: Game, seats: Sequence[Seat]) -> tuple[list[str], Keyboard]:
    """Returns the lobby's extra lines and link buttons: invitations, the pin advice, the share button."""
    lines, rows = await pin_advice(ctx, tr, game.chat_id)
    invited = await ctx.repo.run(invited_line, ctx, tr, game, seats)
    return invited + lines, share_row(ctx, tr, game) + rows
