"""The owner's desk: /admin in the owner's private chat shows the workers, the running games, the outbox's backlog and
the 429s of the last hour, with buttons to cancel a game (after a confirmation), send a maintenance notice to the
running games' groups (through the outbox, within the groups' limits), and ban or unban a chat.

Anyone else's /admin, and /admin in a group, gets the answer to an unknown command; anyone else's press of a desk
button is refused like any button that is not theirs. `/admin ban <chat id>`, `/admin unban <chat id>` and
`/admin cancel <game id>` reach a chat or game the desk does not list.
"""

from __future__ import annotations

import json

from bangbot.i18n import Translator
from bangbot.messaging.adapter import Button, Command, Keyboard, MessageRef, Press
from bangbot.messaging.commands.game import cancel_open
from bangbot.messaging.commands.reply import reply, unknown_command
from bangbot.messaging.context import Context
from bangbot.messaging.delivery.outbox import kick, touching
from bangbot.messaging.delivery.to_show import MAINTENANCE, Showing
from bangbot.messaging.owner.desk_text import desk_text
from bangbot.messaging.press.button_data import BadButton, ButtonData, user_button
from bangbot.storage.desk import add_notice, open_games_in, read_desk, running_ids, set_banned
from bangbot.storage.models import OPEN_STATUSES, Game

DESK = "adm"  # the choices' prefix: adm.<action>[.<id>]
REFRESH, CANCEL, CANCEL_YES, NOTICE, NOTICE_YES, BAN, UNBAN = "r", "c", "cy", "n", "ny", "b", "u"
ON_AN_ID = frozenset({CANCEL, CANCEL_YES, BAN, UNBAN})  # actions on a game or chat id
PLAIN = frozenset({REFRESH, NOTICE, NOTICE_YES})


def is_owner(ctx: Context, user_id: int, chat_id: int) -> bool:
    """Returns whether a person is the bot's owner, writing in their private chat."""
    return ctx.owner_id is not None and user_id == ctx.owner_id and chat_id == user_id


def desk_button(text: str, action: str, target: int | None = None) -> Button:
    """Returns a desk button: an action, on a game or chat id if given."""
    return Button(text, user_button(f"{DESK}.{action}" + ("" if target is None else f".{target}")))


def desk_keyboard(tr: Translator, games: list[Game], banned: list[int]) -> Keyboard:
    """Returns the desk's buttons: per listed game cancel and ban its chat; the notice; per banned chat unban."""
    rows: list[tuple[Button, ...]] = []
    for game in games:
        assert game.id is not None
        cancel = desk_button(tr.gettext("Cancel #{game}", game=game.id), CANCEL, game.id)
        rows.append((cancel, desk_button(tr.gettext("Ban the chat of #{game}", game=game.id), BAN, game.chat_id)))
    rows.extend((desk_button(tr.gettext("Unban {chat}", chat=chat), UNBAN, chat),) for chat in banned)
    rows.append((desk_button(tr.gettext("Maintenance notice to the groups"), NOTICE),))
    rows.append((desk_button(tr.gettext("Refresh"), REFRESH),))
    return tuple(rows)


async def desk(ctx: Context, tr: Translator) -> tuple[str, Keyboard]:
    """Returns the desk as it is now: its text and buttons."""
    now = ctx.clock()
    shown = await ctx.repo.run(read_desk, ctx.repo.engine, now, ctx.repo.deferred.every_done())
    return desk_text(tr, shown, now), desk_keyboard(tr, shown.games, shown.banned)


async def cmd_admin(ctx: Context, cmd: Command, tr: Translator) -> None:
    """Shows the owner's desk in their private chat (or acts on /admin ban|unban|cancel <id>); anyone else is
    answered as for an unknown command."""
    if not is_owner(ctx, cmd.user.id, cmd.chat_id):
        reply(ctx, cmd, unknown_command(tr))
        return
    words = cmd.args.split()
    if len(words) == 2 and words[0] in ("ban", "unban", "cancel") and words[1].lstrip("-").isdigit():
        action, target = words[0], int(words[1])
        if action == "cancel":
            reply(ctx, cmd, *await ask_cancel(ctx, tr, target))
            return
        reply(ctx, cmd, await ban(ctx, tr, target, action == "ban", cmd.user.name))
    elif words:
        reply(
            ctx, cmd, tr.gettext("Use /admin, /admin ban <chat id>, /admin unban <chat id> or /admin cancel <game id>.")
        )
        return
    reply(ctx, cmd, *await desk(ctx, tr))


async def ask_cancel(ctx: Context, tr: Translator, game_id: int) -> tuple[str, Keyboard]:
    """Returns the question that confirms cancelling a game, or says it is not open."""
    game = await ctx.repo.run(ctx.repo.game, game_id)
    if game is None or game.status not in OPEN_STATUSES:
        return tr.gettext("Game #{game} is not gathering or running.", game=game_id), ()
    text = tr.gettext(
        "Cancel game #{game} in {title}? Its players are told; nobody wins.",
        game=game_id,
        title=game.chat_title or str(game.chat_id),
    )
    return text, (
        (desk_button(tr.gettext("Yes, cancel it"), CANCEL_YES, game_id),),
        (desk_button(tr.gettext("« Back"), REFRESH),),
    )


async def ban(ctx: Context, tr: Translator, chat_id: int, banned: bool, by: str) -> str:
    """Bans a chat (its open games cancelled) or lifts its ban; returns what to tell the owner."""
    await ctx.repo.run(set_banned, ctx.repo.engine, chat_id, banned, ctx.clock())
    await ctx.repo.run(ctx.bans.reload, ctx.repo.engine)
    if not banned:
        return tr.gettext("Chat {chat} may use the bot again.", chat=chat_id)
    for game in await ctx.repo.run(open_games_in, ctx.repo.engine, chat_id):
        await cancel_open(ctx, game, by)
    return tr.gettext("Chat {chat} is banned: its games are cancelled and it gets no new one.", chat=chat_id)


def maintenance_payload(game: Game) -> str:
    """Returns the outbox payload of the maintenance notice, with the turn's log as it stands."""
    return Showing(log=[json.loads(game.log_json or "[]")], notices=[(MAINTENANCE, {})]).to_json()


async def send_notice(ctx: Context) -> int:
    """Puts the maintenance notice in every running game's outbox (shown within its group's limit); returns how many."""
    sent = 0
    for game_id in await ctx.repo.run(running_ids, ctx.repo.engine):
        async with touching(ctx, game_id):
            sent += await ctx.repo.run(add_notice, ctx.repo.engine, game_id, maintenance_payload, ctx.clock())
        kick(ctx, game_id)
    return sent


def parsed(choice: str) -> tuple[str, int]:
    """Returns a desk button's action and id (0 for none); raises BadButton for a choice the desk never makes."""
    parts = choice.split(".")
    if len(parts) == 2 and parts[1] in PLAIN:
        return parts[1], 0
    if len(parts) == 3 and parts[1] in ON_AN_ID and parts[2].lstrip("-").isdigit():
        return parts[1], int(parts[2])
    raise BadButton(choice)


def is_desk(data: ButtonData) -> bool:
    """Returns whether a personal button belongs to the owner's desk."""
    return data.scope == "u" and data.choice.partition(".")[0] == DESK


async def desk_press(ctx: Context, press: Press, data: ButtonData) -> tuple[str, bool]:
    """Acts on a desk button for the owner and shows the desk (or a question) in its message; returns the answer.
    Raises BadButton for anyone else, or a button the desk never makes."""
    if not is_owner(ctx, press.user.id, press.chat_id):
        raise BadButton(data.choice)
    action, target = parsed(data.choice)
    tr = await ctx.repo.run(ctx.tr_user, press.user.id)
    ref = MessageRef(press.chat_id, press.message_id)
    answer = ""
    if action == CANCEL:
        await ctx.messenger.edit(ref, *await ask_cancel(ctx, tr, target))
        return "", False
    if action == NOTICE:
        question = tr.gettext("Send the maintenance notice to the groups of every running game?")
        keyboard = (
            (desk_button(tr.gettext("Yes, send it"), NOTICE_YES),),
            (desk_button(tr.gettext("« Back"), REFRESH),),
        )
        await ctx.messenger.edit(ref, question, keyboard)
        return "", False
    if action == CANCEL_YES:
        answer = await confirmed_cancel(ctx, tr, target, press.user.name)
    elif action == NOTICE_YES:
        answer = tr.ngettext("The notice goes to {n} group.", "The notice goes to {n} groups.", await send_notice(ctx))
    elif action in (BAN, UNBAN):
        answer = await ban(ctx, tr, target, action == BAN, press.user.name)
    await ctx.messenger.edit(ref, *await desk(ctx, tr))
    return answer, False


async def confirmed_cancel(ctx: Context, tr: Translator, game_id: int, by: str) -> str:
    """Cancels a game the owner confirmed; returns what to tell them."""
    game = await ctx.repo.run(ctx.repo.game, game_id)
    if game is None or game.status not in OPEN_STATUSES:
        return tr.gettext("Game #{game} is not gathering or running.", game=game_id)
    await cancel_open(ctx, game, by)
    return tr.gettext("Game #{game} is cancelled.", game=game_id)
