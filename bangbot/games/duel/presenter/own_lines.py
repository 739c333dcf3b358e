"""The Duel's events in a reader's own news in the second person ("You take…"), for what the reader did or was done
to; None leaves the table's line (lines.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bangbot.games.duel.presenter.labels import card_label, cards_label, source_name
from bangbot.games.duel.rules.data import CARDS
from bangbot.games.duel.texts.names import duel_card_name, duel_character_name, duel_symbol_name
from bangbot.i18n import Translator
from bangbot.i18n.wording import join_list

EventData = Mapping[str, Any]
HAND = -1  # a "from" that means the discard pile
OwnLine = Callable[[Translator, EventData, Sequence[str], int, Callable[[int], str]], str | None]


def hit(tr: Translator, e: EventData, names: Sequence[str], viewer: int, at: Callable[[int], str]) -> str | None:
    """The reader shot at a character."""
    if e["by"] != viewer:
        return None
    source = card_label(tr, e["card"]) if e.get("card") is not None else source_name(tr, e["rider"])
    return tr.gettext("You shoot ({source}) at {target}.", source=source, target=at(e["slot"]))


def spurs(tr: Translator, e: EventData, names: Sequence[str], viewer: int, at: Callable[[int], str]) -> str | None:
    """The reader's hit could not be aimed."""
    if e["by"] != viewer:
        return None
    return tr.gettext(
        "You cannot hit {target}: {card} and an empty hand.", target=at(e["slot"]), card=duel_card_name(tr, "spurs")
    )


def check(tr: Translator, e: EventData, names: Sequence[str], viewer: int, at: Callable[[int], str]) -> str | None:
    """The reader's check."""
    if e["seat"] != viewer:
        return None
    return tr.gettext(
        "You check for {reason}: {cards} — {symbols}.",
        reason=source_name(tr, e["reason"]),
        cards=cards_label(tr, e["cards"]),
        symbols=join_list(tr, (duel_symbol_name(tr, CARDS[c].symbol) for c in e["cards"])),
    )


def stolen(tr: Translator, e: EventData, names: Sequence[str], viewer: int, at: Callable[[int], str]) -> str | None:
    """The reader took a card from a hand, or a card was taken from the reader's."""
    card = card_label(tr, e["card"]) if "card" in e else None
    if e["seat"] == viewer:
        if card is None:
            return tr.gettext("You take a card from the hand of {other}.", other=names[e["from"]])
        return tr.gettext("You take {card} from {other}.", card=card, other=names[e["from"]])
    if e["from"] == viewer:
        if card is None:
            return tr.gettext("{name} takes a card from your hand.", name=names[e["seat"]])
        return tr.gettext("{name} takes {card} from you.", name=names[e["seat"]], card=card)
    return None


def taken(tr: Translator, e: EventData, names: Sequence[str], viewer: int, at: Callable[[int], str]) -> str | None:
    """The reader took a card into the hand, or a card of the reader's was taken."""
    card = card_label(tr, e["card"])
    if e["seat"] == viewer:
        if e["from"] == HAND:
            return tr.gettext("You take {card} from the discard pile.", card=card)
        if e["from"] == viewer:
            return tr.gettext("You take {card} back into the hand.", card=card)
        return tr.gettext("You take {card} from {other}.", card=card, other=names[e["from"]])
    if e["from"] == viewer:
        return tr.gettext("{name} takes {card} from you.", name=names[e["seat"]], card=card)
    return None


def returned(tr: Translator, e: EventData, names: Sequence[str], viewer: int, at: Callable[[int], str]) -> str | None:
    """A BANG! card of the reader's went back to the hand."""
    if e["seat"] != viewer:
        return None
    return tr.gettext("You take {card} back into the hand.", card=card_label(tr, e["card"]))


def reload(tr: Translator, e: EventData, names: Sequence[str], viewer: int, at: Callable[[int], str]) -> str | None:
    """The reader discarded a card for its reload symbol."""
    if e["seat"] != viewer:
        return None
    return tr.gettext("You reload: {card} goes to the discard pile.", card=card_label(tr, e["card"]))


def discarded(tr: Translator, e: EventData, names: Sequence[str], viewer: int, at: Callable[[int], str]) -> str | None:
    """The reader made another player discard a card, or another made the reader discard one."""
    by = e.get("by", e["seat"])
    if by is None or by == e["seat"]:
        return None  # one's own discard: lines.discarded says it to the reader
    card = card_label(tr, e["card"])
    if by == viewer:
        return tr.gettext("You make {name} discard {card}.", name=names[e["seat"]], card=card)
    if e["seat"] == viewer:
        return tr.gettext("{other} makes you discard {card}.", other=names[by], card=card)
    return None


def equip(tr: Translator, e: EventData, names: Sequence[str], viewer: int, at: Callable[[int], str]) -> str | None:
    """The reader put a card in play that replaced one of the same name."""
    if e["seat"] != viewer or e.get("replaced") is None:
        return None
    return tr.gettext(
        "You put {card} in play at {target}; {old} is discarded.",
        card=card_label(tr, e["card"]),
        target=at(e["slot"]),
        old=card_label(tr, e["replaced"]),
    )


def swap(tr: Translator, e: EventData, names: Sequence[str], viewer: int, at: Callable[[int], str]) -> str | None:
    """The reader swapped another player's characters, or another swapped the reader's."""
    by = e.get("by", e["seat"])
    if by == e["seat"]:
        return None  # one's own swap: lines.swap says it to the reader
    character = duel_character_name(tr, e["attacker"])
    if by == viewer:
        return tr.gettext(
            "You swap the characters of {name}: {character} is attacking now.",
            name=names[e["seat"]],
            character=character,
        )
    if e["seat"] == viewer:
        return tr.gettext(
            "{other} swaps your characters: {character} is attacking now.", other=names[by], character=character
        )
    return None


def reuse(tr: Translator, e: EventData, names: Sequence[str], viewer: int, at: Callable[[int], str]) -> str | None:
    """The reader discarded a card to use the action card on top of the discard pile."""
    if e["seat"] != viewer:
        return None
    return tr.gettext(
        "You discard {card} to use {other} from the discard pile.",
        card=card_label(tr, e["card"]),
        other=card_label(tr, e["used"]),
    )


def shown(tr: Translator, e: EventData, names: Sequence[str], viewer: int, at: Callable[[int], str]) -> str | None:
    """The reader showed the second card drawn."""
    if e["seat"] != viewer:
        return None
    return tr.gettext("You show the second card drawn: {card}.", card=card_label(tr, e["card"]))


def ability(tr: Translator, e: EventData, names: Sequence[str], viewer: int, at: Callable[[int], str]) -> str | None:
    """The reader used a once-a-turn ability."""
    if e["seat"] != viewer:
        return None
    return tr.gettext("You use the ability of {character}.", character=source_name(tr, e["ability"]))


def drawn_to_keep(
    tr: Translator, e: EventData, names: Sequence[str], viewer: int, at: Callable[[int], str]
) -> str | None:
    """The reader drew cards to keep one."""
    if e["seat"] != viewer or "cards" not in e:
        return None
    return tr.gettext("You draw {cards} to keep one of them.", cards=cards_label(tr, e["cards"]))


def kept(tr: Translator, e: EventData, names: Sequence[str], viewer: int, at: Callable[[int], str]) -> str | None:
    """The reader kept one card and discarded the others."""
    if e["seat"] != viewer:
        return None
    return tr.gettext("You keep one card; to the discard pile: {cards}.", cards=cards_label(tr, e["discarded"]))


def squad_out(tr: Translator, e: EventData, names: Sequence[str], viewer: int, at: Callable[[int], str]) -> str | None:
    """The reader's last character is dead."""
    return tr.gettext("You have no character left.") if e["seat"] == viewer else None


def enters(tr: Translator, e: EventData, names: Sequence[str], viewer: int, at: Callable[[int], str]) -> str | None:
    """A character of the reader's came into play."""
    if e["seat"] != viewer:
        return None
    character = duel_character_name(tr, e["character"])
    if e["slot"] % 2 == 0:
        return tr.gettext("{character} enters play for you as the attacking character.", character=character)
    return tr.gettext("{character} enters play for you as the covering character.", character=character)


def moved(tr: Translator, e: EventData, names: Sequence[str], viewer: int, at: Callable[[int], str]) -> str | None:
    """Dynamite passed from the reader, or to the reader."""
    card = card_label(tr, e["card"])
    if e["from"] // 2 == viewer:
        return tr.gettext("{card} passes from you to {other}.", card=card, other=names[e["to"] // 2])
    if e["to"] // 2 == viewer:
        return tr.gettext("{card} passes from {name} to you.", card=card, name=names[e["from"] // 2])
    return None


OWN_LINES: dict[str, OwnLine] = {
    "hit": hit,
    "spurs": spurs,
    "check": check,
    "stolen": stolen,
    "taken": taken,
    "returned": returned,
    "reload": reload,
    "discarded": discarded,
    "equip": equip,
    "swap": swap,
    "reuse": reuse,
    "shown": shown,
    "ability": ability,
    "drawn_to_keep": drawn_to_keep,
    "kept": kept,
    "squad_out": squad_out,
    "moved": moved,
    "enters": enters,
}


def own_line(
    tr: Translator, e: EventData, names: Sequence[str], viewer: int | None, at: Callable[[int], str]
) -> str | None:
    """Returns the second-person line of an event the reader (viewer) did or had done to them, or None."""
    line = OWN_LINES.get(e["kind"]) if viewer is not None else None
    return line(tr, e, names, viewer, at) if line is not None and viewer is not None else None
