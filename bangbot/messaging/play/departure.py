"""A player who leaves the group hands their seat to the AI at once and is told privately how to take it back."""

from __future__ import annotations

from bangbot.i18n import Translator
from bangbot.messaging.play.stored_game import Batch

LEFT = "left"  # the notice kind shown in the group


def hand_over_departed(batch: Batch, user_id: int) -> bool:
    """Lets the AI play the user's seats that it does not play yet, with a group notice each; returns whether any."""
    seats = [s for s in batch.seats if s.user_id == user_id and not s.standin]
    for seat in seats:
        seat.standin = True
        batch.notices.append((LEFT, {"seat": seat.position}))
    return bool(seats)


def return_text(tr: Translator, title: str) -> str:
    """Returns what a player who left the group is told privately: the AI plays for them, and how to come back."""
    return tr.gettext(
        "You left {title}: the AI plays your seat now. Press “I'm back” on your game message to take it back.",
        title=title,
    )
