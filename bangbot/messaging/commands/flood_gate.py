"""The flood gate applied to a command: dropped, refused once, answered privately, or let through as it came."""

from __future__ import annotations

from dataclasses import replace

from bangbot.i18n import Translator
from bangbot.messaging.adapter import Command
from bangbot.messaging.commands.flood_limits import Verdict
from bangbot.messaging.commands.reply import reply
from bangbot.messaging.context import Context

PRIVATE_ANSWERS = frozenset({"help", "rules"})  # a group's repeat of these gets the whole answer privately
OPENS = "newgame"  # its repeat only shows the open game again: with none, it opens one as always


def in_private(cmd: Command) -> Command:
    """Returns the command as if sent in the person's private chat."""
    return replace(cmd, chat_id=cmd.user.id, private=True, thread=0, chat_title="")


async def admitted(ctx: Context, cmd: Command, name: str) -> Command | None:
    """Applies the flood gate: returns the command to handle (moved to private for a group's repeat), or None when it
    was answered here or is not answered at all."""
    verdict = Verdict.ANSWER if ctx.flood is None else ctx.flood.admit(cmd, name)
    if verdict is Verdict.ANSWER:
        return cmd
    if verdict is Verdict.DROP:
        return None
    private = in_private(cmd)
    if verdict is Verdict.PRIVATELY and name in PRIVATE_ANSWERS:
        return private
    if (
        verdict is Verdict.PRIVATELY
        and name == OPENS
        and not await ctx.repo.run(ctx.repo.open_game, cmd.chat_id, cmd.thread)
    ):
        return cmd  # nothing to show again: the repeat opens the chat's next game
    tr: Translator = await ctx.repo.run_brief(ctx.tr_user, cmd.user.id)
    if verdict is Verdict.WARN:
        reply(ctx, private, tr.gettext("Too many commands at once: I will answer you again in a minute."))
    else:
        reply(ctx, private, tr.gettext("I showed that in the group a moment ago: look just above there."))
    return None
