"""The log lines of the events only BANG! Star Wars has: New Hope, the start-of-turn order, Nimble, Dangerous, fate.

One function per event kind (STARWARS_LINES), each given the reader's translator, the event's public data, the
seats' names as sentences write them and the name of the event's seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bangbot.games.bang.presenter.labels import card_label
from bangbot.games.bang.rules.cards import CARDS, NEW_HOPE
from bangbot.games.bang.starwars.names import sw_fate_name
from bangbot.games.bang.texts.glossary import card_name
from bangbot.i18n import Translator

EventData = Mapping[str, Any]
Line = Callable[[Translator, EventData, Sequence[str], str], str]


def new_hope(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str:
    """New Hope's check succeeded: its holder regained energy."""
    return tr.gettext(
        "{card} gives {name} energy (now: {life}).", card=card_name(tr, NEW_HOPE), name=who, life=e["life"]
    )


def first_check(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str:
    """The player chose which start-of-turn card is checked first."""
    return tr.gettext("{name} checks the card {card} first.", name=who, card=card_label(tr, e["card"]))


def rebound(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str:
    """Nimble: another player's Bacta Tank, and this one discarded a card for an energy."""
    return tr.gettext(
        "{name} discards the card {card} and regains 1 energy (now: {life}).",
        name=who,
        card=card_label(tr, e["card"]),
        life=e["life"],
    )


def survived(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str:
    """Dangerous: the check kept the player in the game."""
    return tr.gettext("{name} stays in the game (energy: {life}).", name=who, life=e["life"])


def fate(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str:
    """A card played at low energy brings its fate effect."""
    return tr.gettext(
        "Face your destiny! {card} of {name}: {fate}.",
        card=card_name(tr, CARDS[e["card"]].kind),
        name=who,
        fate=sw_fate_name(tr, e["effect"]),
    )


def fate_cancelled(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str:
    """A fate effect did not happen."""
    return tr.gettext(
        "The fate effect of the card {card} ({name}) does not happen.",
        card=card_name(tr, CARDS[e["card"]].kind),
        name=who,
    )


def swap_hands(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str:
    """A fate effect swapped two players' hands."""
    return tr.gettext("{name} and {other} swap their hands.", name=who, other=names[e["other"]])


def repeat(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str:
    """Seasoned discarded a BANG! to apply the card he played once more."""
    return tr.gettext(
        "{name} discards the card {bang} and applies the card {card} once more.",
        name=who,
        bang=card_label(tr, e["with"]),
        card=card_name(tr, CARDS[e["card"]].kind),
    )


def fate_heal(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str:
    """Bacta's fate effect gave another player an energy."""
    return tr.gettext(
        "Thanks to the fate effect of {name}, {other} regains 1 energy (now: {life}).",
        name=who,
        other=names[e["target"]],
        life=e["life"],
    )


STARWARS_LINES: dict[str, Line] = {
    "repeat": repeat,
    "fate_heal": fate_heal,
    "new_hope": new_hope,
    "first_check": first_check,
    "rebound": rebound,
    "survived": survived,
    "fate": fate,
    "fate_cancelled": fate_cancelled,
    "swap_hands": swap_hands,
}
