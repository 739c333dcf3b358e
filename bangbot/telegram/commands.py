"""The command menus Telegram shows, in every language: group members, group admins, private chats."""

from __future__ import annotations

from telegram import (
    Bot,
    BotCommand,
    BotCommandScope,
    BotCommandScopeAllChatAdministrators,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    MenuButtonWebApp,
    WebAppInfo,
)

from bangbot.i18n import LANGUAGES, N_, SOURCE_LANGUAGE, translator
from bangbot.messaging.presenting.board_buttons import BOARD_BUTTON
from bangbot.telegram.settings import BoardAddress

DESCRIPTIONS: dict[str, str] = {
    "newgame": N_("Gather players for a game of BANG!"),
    "start": N_("Let me write to you"),
    "status": N_("Show the table and your cards again"),
    "rules": N_("Explain a card or a character"),
    "help": N_("How to play with this bot"),
    "language": N_("Choose the language"),
    "deadline": N_("Set the time per move"),
    "cancel": N_("Cancel the game"),
    "record": N_("The record of a game, as a file"),
    "stats": N_("Statistics of players and games"),
    "notify": N_("Call me when a game gathers here"),
    "forgetme": N_("Erase your name and id from what I keep"),
}
GROUP_COMMANDS = ("newgame", "status", "rules", "notify", "record", "stats", "help")
ADMIN_COMMANDS = (*GROUP_COMMANDS, "language", "deadline", "cancel")  # the menu only a group's admins see
PRIVATE_COMMANDS = ("start", "status", "rules", "help", "language", "record", "stats", "forgetme")
MENUS: tuple[tuple[BotCommandScope, tuple[str, ...]], ...] = (
    (BotCommandScopeAllGroupChats(), GROUP_COMMANDS),
    (BotCommandScopeAllChatAdministrators(), ADMIN_COMMANDS),
    (BotCommandScopeAllPrivateChats(), PRIVATE_COMMANDS),
)


def command_menu(language: str, names: tuple[str, ...]) -> list[BotCommand]:
    """Returns the commands with their descriptions in a language."""
    tr = translator(language)
    return [BotCommand(name, tr.gettext(DESCRIPTIONS[name])) for name in names]


async def register_commands(bot: Bot) -> None:
    """Sets the command menus of group members, group admins and private chats, per language (English by default)."""
    for scope, names in MENUS:
        for language in LANGUAGES:
            code = None if language == SOURCE_LANGUAGE else language
            await bot.set_my_commands(command_menu(language, names), scope=scope, language_code=code)


async def set_board_menu(bot: Bot, board: BoardAddress) -> None:
    """Makes the private chats' menu button open the board (Telegram keeps one such button for every language)."""
    text = translator(SOURCE_LANGUAGE).gettext(BOARD_BUTTON)
    await bot.set_chat_menu_button(menu_button=MenuButtonWebApp(text, WebAppInfo(board.page)))
