"""Choosing a language: a menu of the languages, each written in itself, for one's own or (an admin's) a chat's."""

from __future__ import annotations

from babel import Locale

from bangbot.i18n import LANGUAGES, Translator, translator
from bangbot.messaging.adapter import Button, Command, Keyboard, MessageRef, Press
from bangbot.messaging.commands.reply import reply
from bangbot.messaging.context import Context
from bangbot.messaging.delivery.player_messages import show_player
from bangbot.messaging.press.button_data import BadButton, ButtonData, chat_button, offered_choices, user_button


def language_keyboard(private: bool, chat_id: int) -> Keyboard:
    """Returns one button per language, each written in itself: for the user's own language, or the chat's."""
    return tuple(
        (Button(language_name(code), user_button(f"lang.{code}") if private else chat_button(chat_id, f"lang.{code}")),)
        for code in LANGUAGES
    )


def language_name(code: str) -> str:
    """Returns a language's name written in that language, e.g. 'Русский'."""
    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]


async def cmd_language(ctx: Context, cmd: Command, tr: Translator) -> None:
    """Offers the languages, each written in itself: the user's own in private, the chat's in a group."""
    if not cmd.private and not await ctx.messenger.is_admin(cmd.chat_id, cmd.user.id):
        reply(ctx, cmd, tr.gettext("Only a chat admin can change the chat's language."))
        return
    buttons = language_keyboard(cmd.private, cmd.chat_id)
    text = tr.gettext("Choose your language:") if cmd.private else tr.gettext("Choose the language of this chat:")
    reply(ctx, cmd, text, buttons)


async def language_press(ctx: Context, press: Press, data: ButtonData) -> tuple[str, bool]:
    """Sets the user's or (for chat admins, checked now) the chat's language from a button of the menu; returns the
    press's answer. Raises BadButton for a button the menu does not offer."""
    if data.choice not in offered_choices(language_keyboard(data.scope == "u", data.target)):
        raise BadButton(data.choice)
    code = data.choice.removeprefix("lang.")
    tr = translator(code)
    if data.scope == "u":
        await ctx.repo.run(store_language, ctx, ("user", press.user.id), code)
        done = tr.gettext("Your language is now English.")
        await ctx.messenger.edit(MessageRef(press.chat_id, press.message_id), done)
        await show_player(ctx, press.user.id, resend=False)
        return done, False
    if not await ctx.messenger.is_admin(data.target, press.user.id):
        reader = await ctx.repo.run(ctx.tr_user, press.user.id)
        return reader.gettext("Only a chat admin can change the chat's language."), True
    await ctx.repo.run(store_language, ctx, ("chat", data.target), code)
    done = tr.gettext("This chat's language is now English.")
    await ctx.messenger.edit(MessageRef(press.chat_id, press.message_id), done)
    return done, False


def store_language(ctx: Context, key: tuple[str, int], code: str) -> None:
    """Stores the language a user ("user", id) or a chat ("chat", id) chose (in a thread)."""
    kind, ident = key
    if kind == "user":
        user = ctx.repo.user_settings(ident)
        user.language = code
        ctx.repo.save_user_settings(user)
    else:
        chat = ctx.repo.chat_settings(ident)
        chat.language = code
        ctx.repo.save_chat_settings(chat)
    ctx.forget_language(key)
