"""The private message of a player who is out of the game: who took them out, their role, and what they can do now."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bangbot.core.events import Event
from bangbot.i18n import Translator
from bangbot.i18n.wording import player


def eliminations(events: Sequence[Event]) -> list[dict[str, Any]]:
    """Returns the public data of each elimination among events: seat, role and killer (None: nobody's card)."""
    return [e.for_seat(None) for e in events if e.kind == "eliminated"]


def farewell_text(tr: Translator, out: dict[str, Any], names: Sequence[str], title: str, over: bool, role: str) -> str:
    """Returns the message to an eliminated seat's player (role: their role's name, by their game's words); it invites
    them to keep watching unless the game is over."""
    killer = out.get("killer")
    if isinstance(killer, int) and killer != out["seat"]:
        first = tr.gettext(
            "You are out of the game in {title}: {name} eliminated you.", title=title, name=player(tr, names[killer])
        )
    else:
        first = tr.gettext("You are out of the game in {title}.", title=title)
    lines = [first, tr.gettext("Your role is now shown to everyone: {role}.", role=role)]
    if not over:
        lines.append(tr.gettext("You can keep watching the game in the group."))
    return "\n".join(lines)
