"""Why a game button's press cannot count, said as it is: no such game, not yours, not started, over."""

from __future__ import annotations

from bangbot.i18n import Translator
from bangbot.messaging.play.stored_game import Batch
from bangbot.storage.models import CANCELLED, GATHERING, RUNNING, Game


def game_press_refusal(tr: Translator, game: Game | None, batch: Batch | None, seat: int, user_id: int) -> str | None:
    """Returns why a user's press on a seat's button of a game (loaded as batch if it has a state) is refused, or None.

    None means the game runs and the seat is the user's.
    """
    if game is None:
        return tr.gettext("There is no such game.")
    if batch is None and game.status == GATHERING:
        return tr.gettext("This game has not started yet.")
    if batch is None and not game.dealt and game.status != CANCELLED:  # a lobby that expired: never a game
        return tr.gettext("There is no such game.")
    seats = batch.seats if batch is not None else []
    if batch is not None and not any(s.user_id == user_id for s in seats):
        return tr.gettext("You are not in this game.")
    if game.status == CANCELLED:
        return tr.gettext("This game was cancelled.")
    if game.status != RUNNING:
        return tr.gettext("This game is over.")
    if not 0 <= seat < len(seats) or seats[seat].user_id != user_id:
        return tr.gettext("These buttons are not yours.")
    return None
