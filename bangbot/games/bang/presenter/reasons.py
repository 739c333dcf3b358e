"""What a player needs to decide, in one reader's words: who is in reach, and why a card is missing or pointless."""

from __future__ import annotations

from collections.abc import Sequence

from bangbot.games.bang.rules import hints as h
from bangbot.games.bang.rules.cards import BANG, PANIC
from bangbot.games.bang.rules.views import PlayerView
from bangbot.games.bang.texts.glossary import card_name
from bangbot.i18n import Translator


def reason_text(tr: Translator, code: str, kind: str, value: int = 0) -> str:
    """Returns the sentence that says why cards of kind are missing from the choices or would do nothing."""
    card = card_name(tr, kind)
    texts = {
        h.ONE_BANG: lambda: tr.gettext("One {card} per turn: you have played one already.", card=card),
        h.NOBODY_IN_RANGE: lambda: tr.gettext(
            "Nobody is in range of {card}: your weapon reaches {n}.", card=card, n=value
        ),
        h.MISSED_NOT_NOW: lambda: tr.gettext(
            "{card} is played only when someone shoots at you, not in your own turn.", card=card
        ),
        h.BEER_FULL: lambda: tr.gettext("{card} at full life does nothing.", card=card),
        h.BEER_TWO_LEFT: lambda: tr.gettext("{card} does nothing once only two players are left.", card=card),
        h.SALOON_FULL: lambda: tr.gettext("{card} does nothing now: everyone is at full life.", card=card),
        h.PANIC_NOBODY_NEAR: lambda: tr.gettext(
            "{card} reaches only distance {n}, and nobody there has a card to take.", card=card, n=value
        ),
        h.JAIL_NOBODY: lambda: tr.gettext(
            "{card} goes neither on the Sheriff nor on someone already in Jail: nobody is left for it.", card=card
        ),
        h.ALREADY_IN_PLAY: lambda: tr.gettext("You already have {card} in play.", card=card),
    }
    return texts[code]()


def hint_lines(tr: Translator, view: PlayerView) -> list[str]:
    """Returns one line per kind of card held that the seat cannot play now or that would do nothing."""
    return [f"· {reason_text(tr, hint.code, hint.kind, hint.value)}" for hint in h.hints(view)]


def reach_lines(tr: Translator, view: PlayerView, names: Sequence[str]) -> list[str]:
    """Returns the distance to each other living player and whether BANG! and Panic! reach them."""
    seen = h.reaches(view)
    if not seen:
        return []
    bang, panic = card_name(tr, BANG), card_name(tr, PANIC)
    lines = [tr.gettext("Distance to each player (your weapon reaches {n}):", n=view.reach)]
    for r in seen:
        name = names[r.seat]
        if r.panic:
            line = tr.gettext(
                "{name} — in range of {bang} and {panic} ({distance})",
                name=name,
                bang=bang,
                panic=panic,
                distance=r.distance,
            )
        elif r.bang:
            line = tr.gettext("{name} — in range of {bang} ({distance})", name=name, bang=bang, distance=r.distance)
        else:
            line = tr.gettext("{name} — out of range ({distance})", name=name, distance=r.distance)
        lines.append(f"  {line}")
    return lines
