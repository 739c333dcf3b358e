"""The log lines of the events only BANG! Star Wars has: New Hope, the start-of-turn order, Nimble, Dangerous, fate.

One function per event kind (STARWARS_LINES), each given the reader's translator, the event's public data, the
seats' names as sentences write them and the name of the event's seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bangbot.games.bang.presenter.labels import card_label
from bangbot.games.bang.presenter.lines import passed_on
from bangbot.games.bang.presenter.own_lines import passed_from_you, passed_to_you
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


def new_hope_passed(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str:
    """New Hope's check failed: it passes to the next player."""
    return passed_on(tr, NEW_HOPE, e, names, who)


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
    "new_hope_passed": new_hope_passed,
    "first_check": first_check,
    "rebound": rebound,
    "survived": survived,
    "fate": fate,
    "fate_cancelled": fate_cancelled,
    "swap_hands": swap_hands,
}


def own_fate(tr: Translator, e: EventData, names: Sequence[str], viewer: int) -> str | None:
    """The reader's card brought its fate effect."""
    if e["seat"] != viewer:
        return None
    card, effect = card_name(tr, CARDS[e["card"]].kind), sw_fate_name(tr, e["effect"])
    return tr.gettext("Face your destiny! Your card {card}: {fate}.", card=card, fate=effect)


def own_fate_cancelled(tr: Translator, e: EventData, names: Sequence[str], viewer: int) -> str | None:
    """The fate effect of the reader's card did not happen."""
    if e["seat"] != viewer:
        return None
    return tr.gettext("The fate effect of your card {card} does not happen.", card=card_name(tr, CARDS[e["card"]].kind))


def own_swap_hands(tr: Translator, e: EventData, names: Sequence[str], viewer: int) -> str | None:
    """The reader's hand was swapped with another player's."""
    if viewer == e["seat"]:
        return tr.gettext("You and {other} swap your hands.", other=names[e["other"]])
    if viewer == e["other"]:
        return tr.gettext("{name} and you swap your hands.", name=names[e["seat"]])
    return None


def own_repeat(tr: Translator, e: EventData, names: Sequence[str], viewer: int) -> str | None:
    """The reader discarded a BANG! to apply a card once more (Seasoned)."""
    if e["seat"] != viewer:
        return None
    return tr.gettext(
        "You discard the card {bang} and apply the card {card} once more.",
        bang=card_label(tr, e["with"]),
        card=card_name(tr, CARDS[e["card"]].kind),
    )


def own_fate_heal(tr: Translator, e: EventData, names: Sequence[str], viewer: int) -> str | None:
    """The fate effect of the reader's Bacta healed another player, or another's healed the reader."""
    if viewer == e["seat"]:
        return tr.gettext(
            "Thanks to the fate effect of your card, {other} regains 1 energy (now: {life}).",
            other=names[e["target"]],
            life=e["life"],
        )
    if viewer == e["target"]:
        return tr.gettext(
            "Thanks to the fate effect of {name}, you regain 1 energy (now: {life}).",
            name=names[e["seat"]],
            life=e["life"],
        )
    return None


def own_new_hope(tr: Translator, e: EventData, names: Sequence[str], viewer: int) -> str | None:
    """The reader's New Hope gave energy."""
    if e["seat"] != viewer:
        return None
    return tr.gettext("{card} gives you energy (now: {life}).", card=card_name(tr, NEW_HOPE), life=e["life"])


def own_new_hope_passed(tr: Translator, e: EventData, names: Sequence[str], viewer: int) -> str | None:
    """The reader's New Hope passed on, or another's passed on to the reader."""
    if e["seat"] == viewer:
        return passed_from_you(tr, NEW_HOPE, e, names)
    if e.get("to") == viewer:
        return passed_to_you(tr, NEW_HOPE, e, names)
    return None


def own_first_check(tr: Translator, e: EventData, names: Sequence[str], viewer: int) -> str | None:
    """The reader chose which start-of-turn card is checked first."""
    if e["seat"] != viewer:
        return None
    return tr.gettext("You check the card {card} first.", card=card_label(tr, e["card"]))


def own_rebound(tr: Translator, e: EventData, names: Sequence[str], viewer: int) -> str | None:
    """Nimble: the reader discarded a card for an energy."""
    if e["seat"] != viewer:
        return None
    return tr.gettext(
        "You discard the card {card} and regain 1 energy (now: {life}).", card=card_label(tr, e["card"]), life=e["life"]
    )


def own_survived(tr: Translator, e: EventData, names: Sequence[str], viewer: int) -> str | None:
    """Dangerous: the reader's check kept them in the game."""
    if e["seat"] != viewer:
        return None
    return tr.gettext("You stay in the game (energy: {life}).", life=e["life"])


# The reader's own Star Wars events, in the second person (None: not the reader's; the table's line is used).
STARWARS_OWN_LINES: dict[str, Callable[[Translator, EventData, Sequence[str], int], str | None]] = {
    "repeat": own_repeat,
    "fate_heal": own_fate_heal,
    "new_hope": own_new_hope,
    "new_hope_passed": own_new_hope_passed,
    "first_check": own_first_check,
    "rebound": own_rebound,
    "survived": own_survived,
    "fate": own_fate,
    "fate_cancelled": own_fate_cancelled,
    "swap_hands": own_swap_hands,
}
