"""The buttons that open a game's board: a link under the group's table, a Mini App button above a seat's choices.

Only where the messenger has a board (Messenger.board_link, board_page); elsewhere nothing changes.
"""

from __future__ import annotations

from bangbot.i18n import N_, Translator
from bangbot.messaging.adapter import Button, Keyboard, Messenger

BOARD_BUTTON = N_("Open the board")


def table_board(tr: Translator, messenger: Messenger, game_id: int) -> Keyboard:
    """Returns the group's table button that opens the game's board, or none."""
    link = messenger.board_link(game_id)
    return ((Button(tr.gettext(BOARD_BUTTON), url=link),),) if link else ()


def with_board_button(tr: Translator, messenger: Messenger, game_id: int, keyboard: Keyboard) -> Keyboard:
    """Returns a seat's buttons with the board's button first (the last row stays the turn's end), or as they are."""
    page = messenger.board_page(game_id)
    return ((Button(tr.gettext(BOARD_BUTTON), web_app=page),), *keyboard) if page else keyboard
