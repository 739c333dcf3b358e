"""The finished table's buttons: play the same game again, and be called when a table opens in the group."""

from __future__ import annotations

from bangbot.i18n import Translator
from bangbot.messaging.adapter import Button, Keyboard
from bangbot.messaging.press.button_data import chat_button, lobby_button
from bangbot.storage.models import Game

AGAIN = "again"  # the choice of "Play again": a lobby button of the finished game
CALL = "call"  # the choice of "Call me": a chat button of the group


def final_keyboard(tr: Translator, game: Game) -> Keyboard:
    """Returns the finished table's buttons."""
    assert game.id is not None
    return (
        (Button(tr.gettext("Play again"), lobby_button(game.id, 0, AGAIN)),),
        (Button(tr.gettext("🔔 Call me for the next game"), chat_button(game.chat_id, CALL)),),
    )
