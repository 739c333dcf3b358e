"""The commands that tell and settle a person's or a chat's things: /help, /rules, /record, /stats and /notify."""

from __future__ import annotations

from bangbot.i18n import Translator
from bangbot.messaging.adapter import Command
from bangbot.messaging.commands.games_help import games_intro, table_note
from bangbot.messaging.commands.reply import reply
from bangbot.messaging.commands.rules import rules_answer, table_rules
from bangbot.messaging.context import Context
from bangbot.messaging.lobby.open_calls import notify_usage, set_call, wanted
from bangbot.messaging.records.sending import record_command
from bangbot.messaging.records.stats_text import records_help, stats_command


async def cmd_help(ctx: Context, cmd: Command, tr: Translator) -> None:
    """Explains the commands, how a game goes, and the buttons that keep their place."""
    fixed = tr.gettext(
        "“End the turn” (or taking the hit) and “« Back” are always the last button; "
        "in the terminal game they are always 0 and 9."
    )
    note = table_note(tr, (await ctx.repo.run_brief(table_rules, ctx, cmd)).ruleset)
    if note is not None:
        fixed = f"{note}\n\n{fixed}"
    reply(
        ctx,
        cmd,
        games_intro(tr)
        + "\n\n"
        + tr.gettext(
            "/newgame — gather players in a group chat (the creator chooses the game and its rules there)\n"
            "/status — show the table again (and your cards in private)\n"
            "/rules <card or character> — explain a card or a character\n"
            "/language — choose your language (in a group: the chat's language)\n"
            "/deadline <time> — time per move for this chat, e.g. 30m, 6h, 2d\n"
            "/cancel — cancel the game (its creator or a chat admin)\n"
            "/notify — a private message when a game gathers in this group (/notify off stops it)\n\n"
            "Your role, your cards and your choices come in a private chat with me; "
            "the group sees the table and what happens."
        )
        + "\n\n"
        + records_help(tr)
        + "\n\n"
        + fixed,
    )


async def cmd_rules(ctx: Context, cmd: Command, tr: Translator) -> None:
    """Explains a card or a character named in any of our languages, as the table's rules play it."""
    reply(ctx, cmd, await ctx.repo.run(rules_answer, ctx, cmd, tr))


async def cmd_record(ctx: Context, cmd: Command, tr: Translator) -> None:
    """Sends a game's record as a document: the chat's or the user's latest game, or /record <number>."""
    answer = await record_command(ctx, cmd, tr)
    if answer is not None:
        reply(ctx, cmd, answer)


async def cmd_stats(ctx: Context, cmd: Command, tr: Translator) -> None:
    """Shows one's statistics in private, the chat's table in a group; /stats off and on leave and rejoin tables."""
    reply(ctx, cmd, await ctx.repo.run(stats_command, ctx, cmd, tr))


async def cmd_notify(ctx: Context, cmd: Command, tr: Translator) -> None:
    """Subscribes the user to a private call when a lobby opens in this group; /notify off unsubscribes."""
    if cmd.private:
        reply(ctx, cmd, tr.gettext("Send /notify in the group where you want to be called for games."))
        return
    wish = wanted(cmd.args)
    if wish is None:
        reply(ctx, cmd, notify_usage(tr))
        return
    reply(ctx, cmd, await ctx.repo.run(set_call, ctx, tr, cmd.chat_id, cmd.user.id, wish))
