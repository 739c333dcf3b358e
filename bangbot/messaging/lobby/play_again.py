"""Play again: a lobby that plays a finished game again with its players invited."""

from __future__ import annotations

from bangbot.messaging.adapter import Press
from bangbot.messaging.context import Context
from bangbot.messaging.delivery.outbox import kick
from bangbot.messaging.lobby.actions import lobby_row, new_lobby, warn_if_unreachable
from bangbot.messaging.lobby.open_calls import call_players
from bangbot.storage.models import FINISHED, LobbyInvite, Seat
from bangbot.storage.repository import StaleGame


async def play_again(ctx: Context, press: Press, game_id: int) -> tuple[str, bool]:
    """Opens a lobby that plays the finished game again: the presser sits, the other players are invited.

    Refused, changing nothing, when the chat already has an open game or the button is not the group's finished game.
    """
    tr = await ctx.repo.run(ctx.tr_user, press.user.id)
    old = await ctx.repo.run(ctx.repo.game, game_id)
    if old is None or old.status != FINISHED or old.chat_id != press.chat_id or press.private:
        return tr.gettext("This button is not mine or is too old."), True
    busy = tr.gettext("A game is already gathering or running in this chat.")
    if await ctx.repo.run(ctx.repo.open_game, old.chat_id, old.thread_id) is not None:
        return busy, True
    people = {s.user_id: s.name for s in await ctx.repo.run(ctx.repo.seats, game_id) if s.user_id is not None}
    people.pop(press.user.id, None)
    invites = [LobbyInvite(game_id=0, user_id=user_id, name=name) for user_id, name in people.items()]
    seat = Seat(game_id=0, position=0, user_id=press.user.id, name=press.user.name)
    lobby = new_lobby(ctx, old.chat_id, old.chat_title, press.user.id, old, (old.ruleset, old.preset), old.thread_id)
    try:
        game = await ctx.repo.run(ctx.repo.create_game, lobby, [seat], lobby_row(ctx, lobby), invites)
    except StaleGame:  # another press or /newgame opened one just now
        return busy, True
    assert game.id is not None
    kick(ctx, game.id)
    warn_if_unreachable(ctx, game, press.user.id, press.user.name)
    await call_players(ctx, game, {press.user.id})
    return tr.gettext("A new game is gathering: the players of the last one are invited."), False
