"""What a seat's press may choose now: checked against its legal actions and its menu's step tree, no text written."""

from __future__ import annotations

from bangbot.i18n import Translator
from bangbot.messaging.context import Context
from bangbot.messaging.delivery.sender import BACK_FROM_AI
from bangbot.messaging.play.stored_game import Batch, seat_view
from bangbot.storage.models import CANCELLED, Seat


def seat_choices(ctx: Context, tr: Translator, batch: Batch, seat: Seat) -> frozenset[str]:
    """Returns every choice a seat's private message can offer now, on any of its steps (see private_message).

    The menu's steps are walked without writing any button's text; tr is only carried to where a text would be.
    """
    if batch.rules.winner(batch.state) is not None or batch.game.status == CANCELLED:
        return frozenset()
    if seat.standin:
        return frozenset({BACK_FROM_AI})
    view = seat_view(ctx, batch, seat.position)
    if not view.legal:
        return frozenset()
    if batch.state is not batch.stored or batch.game.id is None:
        return batch.declared.presenter.reachable_choices(tr, view, batch.names)
    key = (batch.game.id, batch.game.version, seat.position, tr.language, tuple(batch.names))
    found = ctx.choices.get(key)  # walked once per stored version: a step's press and the move after it share it
    if found is None:
        found = batch.declared.presenter.reachable_choices(tr, view, batch.names)
        ctx.choices.put(key, found)
    return found
