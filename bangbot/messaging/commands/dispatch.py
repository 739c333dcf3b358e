"""A text command: its person remembered, its language chosen, its handler run (again, when another worker saved the
same game meanwhile) and every failure answered."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bangbot.i18n import Translator, normalize_language, translator
from bangbot.messaging.adapter import ChatMoved, Command
from bangbot.messaging.commands.flood_gate import admitted
from bangbot.messaging.commands.forget_me import cmd_forgetme
from bangbot.messaging.commands.game import cmd_cancel, cmd_deadline, cmd_newgame, cmd_start, cmd_status
from bangbot.messaging.commands.info import cmd_help, cmd_notify, cmd_record, cmd_rules, cmd_stats
from bangbot.messaging.commands.language_menu import cmd_language
from bangbot.messaging.commands.reply import reply, unknown_command
from bangbot.messaging.context import Context
from bangbot.messaging.failures import RETRIES, not_saved, storage_failures
from bangbot.messaging.owner.banned_chat import banned_text, is_banned
from bangbot.messaging.owner.desk import cmd_admin
from bangbot.messaging.play.group_events import chat_moved
from bangbot.storage.repository import STORAGE_ERRORS, StaleGame

Handler = Callable[[Context, Command, Translator], Awaitable[None]]
HANDLERS: dict[str, Handler] = {
    "start": cmd_start,
    "newgame": cmd_newgame,
    "cancel": cmd_cancel,
    "status": cmd_status,
    "help": cmd_help,
    "rules": cmd_rules,
    "language": cmd_language,
    "deadline": cmd_deadline,
    "record": cmd_record,
    "stats": cmd_stats,
    "notify": cmd_notify,
    "forgetme": cmd_forgetme,
    "admin": cmd_admin,
}


async def on_command(ctx: Context, cmd: Command) -> None:
    """Handles a text command; anything unknown gets a localized hint."""
    name = cmd.name.lower().lstrip("/").split("@")[0]
    gated = await admitted(ctx, cmd, name)  # before any handler: a flood costs no reading and no group message
    if gated is None:
        return
    cmd = gated
    try:  # in a database thread, as every read and write of a command: the event loop never waits for one
        if not ctx.knows(cmd.user):  # a thread's hop saved when nothing is to store
            await ctx.repo.run(ctx.remember_user, cmd.user)
        tr = await ctx.repo.run_brief(command_translator, ctx, cmd)
        if cmd.chat_id != ctx.owner_id and await is_banned(ctx, cmd.chat_id):  # the owner's desk stays open
            if ctx.bans.may_refuse(cmd.chat_id):
                reply(ctx, cmd, banned_text(tr))
            return
    except STORAGE_ERRORS:
        storage_failures.failed("could not read for /%s", name)
        reply(ctx, cmd, not_saved(translator(normalize_language(cmd.user.language))))
        return
    handler = HANDLERS.get(name)
    if handler is None:
        reply(ctx, cmd, unknown_command(tr))
        return
    for attempt in range(RETRIES):
        try:
            await handler(ctx, cmd, tr)
            return
        except ChatMoved as moved:  # the group moved (say, to a supergroup): its game is shown there
            chat_moved(ctx, cmd.chat_id, moved.new_id)
            return
        except StaleGame:  # another worker changed the same game meanwhile: read it again and retry
            if attempt == RETRIES - 1:
                reply(ctx, cmd, tr.gettext("Many things happen at once here: please try again."))
        except STORAGE_ERRORS:
            storage_failures.failed("could not save or read for /%s", name)
            reply(ctx, cmd, not_saved(ctx.tr_user(cmd.user.id)))
            return


def command_translator(ctx: Context, cmd: Command) -> Translator:
    """Returns the translator a command is answered with: the user's in private, the chat's in a group (reads only:
    Repository.run_brief runs it)."""
    return ctx.tr_user(cmd.user.id) if cmd.private else ctx.tr_chat(cmd.chat_id, reader=cmd.user.id)
