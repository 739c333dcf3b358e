"""/forgetme: after one confirming press, a person's name and id are erased from everything the bot keeps.

The confirmation is a personal button carrying the person's id and the minute it was offered: pressed by anyone
else, or later than CONFIRM_MINUTES, it is refused and changes nothing. Someone seated in a game that is gathering
or running is asked to finish or leave it first (the game needs their seat); in a group the command says it works
in private.
"""

from __future__ import annotations

from bangbot.i18n import Translator
from bangbot.messaging.adapter import Button, Command, Keyboard, MessageRef, Press
from bangbot.messaging.commands.reply import reply
from bangbot.messaging.context import Context
from bangbot.messaging.press.button_data import BadButton, ButtonData, user_button
from bangbot.storage.forget import forget_user, seated

FORGET = "forget"  # the choice's prefix: forget.<user id>.<minute offered>, or forget.no
CONFIRM_MINUTES = 10  # a confirmation older than this is refused


def minute(ctx: Context) -> int:
    """Returns the current minute since the epoch, by the service's clock."""
    return int(ctx.clock().timestamp()) // 60


def confirm_keyboard(tr: Translator, user_id: int, offered: int) -> Keyboard:
    """Returns the buttons that confirm (for this person, offered this minute) or keep everything."""
    yes = Button(tr.gettext("Yes, forget me"), user_button(f"{FORGET}.{user_id}.{offered}"))
    return ((yes,), (Button(tr.gettext("No, keep everything"), user_button(f"{FORGET}.no")),))


def not_now(tr: Translator) -> str:
    """Returns the answer for a person seated in a game that is gathering or running."""
    return tr.gettext("You are in a game that is gathering or running: finish or leave it first, then send /forgetme.")


async def cmd_forgetme(ctx: Context, cmd: Command, tr: Translator) -> None:
    """Asks a person, in private, to confirm that everything kept about them is erased."""
    if not cmd.private:
        reply(ctx, cmd, tr.gettext("/forgetme works in a private chat with me: send it there."))
        return
    if await ctx.repo.run(seated, ctx.repo.engine, cmd.user.id):
        reply(ctx, cmd, not_now(tr))
        return
    text = tr.gettext(
        "Shall I forget you? I erase your name and id from your settings, your seats and your results. "
        "Your games stay in their groups' records and statistics, without your name. This cannot be undone."
    )
    reply(ctx, cmd, text, confirm_keyboard(tr, cmd.user.id, minute(ctx)))


def is_forget(data: ButtonData) -> bool:
    """Returns whether a personal button belongs to /forgetme."""
    return data.scope == "u" and data.choice.partition(".")[0] == FORGET


async def forget_press(ctx: Context, press: Press, data: ButtonData) -> tuple[str, bool]:
    """Erases the presser after their confirmation, or keeps everything; returns the press's answer. Raises BadButton
    for a button that is not this person's, or too old."""
    tr = await ctx.repo.run(ctx.tr_user, press.user.id)
    ref = MessageRef(press.chat_id, press.message_id)
    if data.choice == f"{FORGET}.no":
        kept = tr.gettext("Nothing was erased.")
        await ctx.messenger.edit(ref, kept)
        return kept, False
    _, user, offered = data.choice.split(".") if data.choice.count(".") == 2 else ("", "", "")
    if user != str(press.user.id) or press.chat_id != press.user.id or not offered.isdigit():
        raise BadButton(data.choice)
    if not 0 <= minute(ctx) - int(offered) <= CONFIRM_MINUTES:
        await ctx.messenger.drop_buttons(ref)
        return tr.gettext("This confirmation is too old: send /forgetme again."), True
    if not await ctx.repo.run(forget_user, ctx.repo.engine, press.user.id):
        return not_now(tr), True
    ctx.repo.kept.clear()  # the names and ids it erased in games' rows, which kept copies still hold
    ctx.known_users.pop(press.user.id)
    ctx.forget_language(("user", press.user.id))
    done = tr.gettext("Done: I no longer keep your name or id. Writing to me again starts afresh.")
    await ctx.messenger.edit(ref, done)
    return done, False
