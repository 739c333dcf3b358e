"""The Duel's events as lines of the turn log, one writer per event kind, in one reader's language."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from bangbot.games.duel.presenter.labels import card_label, cards_label, side_label, source_name
from bangbot.games.duel.presenter.own_lines import own_line
from bangbot.games.duel.rules.data import BANG, CARDS, EQUIPMENT, RESOURCE
from bangbot.games.duel.rules.table import DEATH_DRAW, RELOAD_DRAW, TURN_DRAW
from bangbot.games.duel.texts.names import (
    duel_card_name,
    duel_character_name,
    duel_mode_name,
    duel_side_name,
    duel_symbol_name,
)
from bangbot.i18n import Translator
from bangbot.i18n.wording import join_list
from bangbot.messaging.presenting.turn_log import log_lines

EventData = Mapping[str, Any]
Line = Callable[[Translator, EventData, Sequence[str], int | None], str | None]
HAND = -1  # a target_card that means "a card from the hand"; a "from" that means the discard pile


def slot_phrase(tr: Translator, names: Sequence[str], slot: int, character: str | None) -> str:
    """Returns a character in play as a sentence's subject: 'Jango (Ann)', or its place when the event lacks it."""
    if character:
        return tr.gettext("{character} ({name})", character=duel_character_name(tr, character), name=names[slot // 2])
    if slot % 2 == 0:
        return tr.gettext("the attacking character of {name}", name=names[slot // 2])
    return tr.gettext("the covering character of {name}", name=names[slot // 2])


def target(tr: Translator, e: EventData, names: Sequence[str]) -> str:
    """Returns the character an event is about (its "slot" and "character" fields)."""
    return slot_phrase(tr, names, e["slot"], e.get("character"))


def game_start(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """The game begins: its mode and each player's side."""
    squads = join_list(
        tr,
        (side_label(tr, names[s], side) for s, side in enumerate(e["sides"])),
    )
    return tr.gettext(
        "BANG! The Duel begins: {mode}. Squads: {squads}.", mode=duel_mode_name(tr, e["mode"]), squads=squads
    )


def dealt(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str | None:
    """The starting hand: the count for others; nothing for its owner, whose message shows the hand and reserve."""
    if "cards" in e:
        return None
    return tr.ngettext(
        "{name} gets {n} starting card.", "{name} gets {n} starting cards.", e["count"], name=names[e["seat"]]
    )


def enters(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """A character comes into play as the attacking or the covering character."""
    values = {"character": duel_character_name(tr, e["character"]), "name": names[e["seat"]]}
    if e["slot"] % 2 == 0:
        return tr.gettext("{character} enters play for {name} as the attacking character.", **values)
    return tr.gettext("{character} enters play for {name} as the covering character.", **values)


def draw(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """A draw: the cards for the drawer ('You draw' in one's own news), the count for others; and what made it."""
    who, cause = names[e["seat"]], draw_cause(tr, e.get("reason", TURN_DRAW))
    if "cards" in e:
        cards = cards_label(tr, e["cards"])
        if viewer == e["seat"]:
            if cause:
                return tr.gettext("You draw ({cause}): {cards}.", cause=cause, cards=cards)
            return tr.gettext("You draw: {cards}.", cards=cards)
        if cause:
            return tr.gettext("{name} draws ({cause}): {cards}.", name=who, cause=cause, cards=cards)
        return tr.gettext("{name} draws: {cards}.", name=who, cards=cards)
    if cause:
        return tr.ngettext(
            "{name} draws {n} card ({cause}).", "{name} draws {n} cards ({cause}).", e["count"], name=who, cause=cause
        )
    return tr.ngettext("{name} draws {n} card.", "{name} draws {n} cards.", e["count"], name=who)


def draw_cause(tr: Translator, reason: str) -> str:
    """Returns what made a draw, as its line says it in brackets; "" for the turn's own draw."""
    if reason == TURN_DRAW:
        return ""
    if reason == RELOAD_DRAW:
        return tr.pgettext("a draw's cause", "reload")
    if reason == DEATH_DRAW:
        return tr.pgettext("a draw's cause", "a character is out of the game")
    return source_name(tr, reason)


def check(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """A check: what it was for, the cards revealed and their symbols."""
    symbols = join_list(tr, (duel_symbol_name(tr, CARDS[c].symbol) for c in e["cards"]))
    return tr.gettext(
        "{name} checks for {reason}: {cards} — {symbols}.",
        name=names[e["seat"]],
        reason=source_name(tr, e["reason"]),
        cards=cards_label(tr, e["cards"]),
        symbols=symbols,
    )


def play(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str | None:
    """A card played: as a BANG! card, at a character, on a card in play or in a hand; None for equipment."""
    who, card = names[e["seat"]], card_label(tr, e["card"])
    slot, which = e.get("target"), e.get("target_card")
    frame = CARDS[e["card"]].type.frame
    if not e.get("how") and frame in (EQUIPMENT, RESOURCE):
        return None  # the card's "equip" line says where it goes
    mine = viewer == e["seat"]
    if slot is None or (not e.get("how") and frame == BANG):
        if mine:
            return tr.gettext("You play {card}.", card=card)
        return tr.gettext("{name} plays {card}.", name=who, card=card)  # a BANG!'s "hit" line says at whom
    if e.get("how") == "bang":
        values = {"card": card, "bang": duel_card_name(tr, "colt"), "target": slot_phrase(tr, names, slot, None)}
        if mine:
            return tr.gettext("You play {card} as {bang} at {target}.", **values)
        return tr.gettext("{name} plays {card} as {bang} at {target}.", name=who, **values)
    if which is None:
        target = slot_phrase(tr, names, slot, None)
        if mine:
            return tr.gettext("You play {card} at {target}.", card=card, target=target)
        return tr.gettext("{name} plays {card} at {target}.", name=who, card=card, target=target)
    if which == HAND:
        if mine:
            return tr.gettext("You play {card} on a card in the hand of {target}.", card=card, target=names[slot // 2])
        return tr.gettext(
            "{name} plays {card} on a card in the hand of {other}.", name=who, card=card, other=names[slot // 2]
        )
    if mine:
        return tr.gettext(
            "You play {card} on {other} of {target}.",
            card=card,
            other=card_label(tr, which),
            target=slot_phrase(tr, names, slot, None),
        )
    return tr.gettext(
        "{name} plays {card} on {other} in play at {target}.",
        name=who,
        card=card,
        other=card_label(tr, which),
        target=slot_phrase(tr, names, slot, None),
    )


def hit(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """A hit aimed at a character, by a card or an ability."""
    source = card_label(tr, e["card"]) if e.get("card") is not None else source_name(tr, e["rider"])
    return tr.gettext(
        "{name} shoots ({source}) at {target}.", name=names[e["by"]], target=target(tr, e, names), source=source
    )


def dodge(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """A card that dodges a hit (from the hand or in play)."""
    return tr.gettext("{target} dodges: {card}.", target=target(tr, e, names), card=card_label(tr, e["card"]))


def dodged(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """A hit that did not land."""
    return tr.gettext("{name} is not hit.", name=target(tr, e, names))


def hurt(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """Life lost, with the life left."""
    return tr.ngettext(
        "{name} loses {n} life ({life} left).",
        "{name} loses {n} lives ({life} left).",
        e["amount"],
        name=target(tr, e, names),
        life=e["life"],
    )


def heal(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """Life regained, with the life now."""
    return tr.ngettext(
        "{name} regains {n} life (now: {life}).",
        "{name} regains {n} lives (now: {life}).",
        e["amount"],
        name=target(tr, e, names),
        life=e["life"],
    )


def set_life(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """Life set to a number (Saloon)."""
    return tr.ngettext("{name} has {n} life.", "{name} has {n} lives.", e["life"], name=target(tr, e, names))


def died(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """A character is dead."""
    return tr.gettext("{target} is out of the game.", target=slot_phrase(tr, names, e["slot"], e["character"]))


def swap(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """A player's attacking and covering characters swap places, by them or by someone else."""
    values = {"name": names[e["seat"]], "character": duel_character_name(tr, e["attacker"])}
    if e.get("by", e["seat"]) == e["seat"]:
        if viewer == e["seat"]:
            return tr.gettext("You swap your characters: {character} is attacking now.", character=values["character"])
        return tr.gettext("{name} swaps the characters: {character} is attacking now.", **values)
    return tr.gettext(
        "{other} swaps the characters of {name}: {character} is attacking now.", other=names[e["by"]], **values
    )


def equip(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """A card put in play on a character, maybe replacing one of the same name."""
    values = {
        "name": names[e["seat"]],
        "card": card_label(tr, e["card"]),
        "target": slot_phrase(tr, names, e["slot"], e.get("character")),
    }
    if e.get("replaced") is not None:
        return tr.gettext(
            "{name} puts {card} in play at {target}; {old} is discarded.", old=card_label(tr, e["replaced"]), **values
        )
    if viewer == e["seat"]:
        return tr.gettext("You put {card} in play at {target}.", card=values["card"], target=values["target"])
    return tr.gettext("{name} puts {card} in play at {target}.", **values)


def stolen(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """A card taken at random from a hand: which one only for the two players."""
    if "card" in e:
        return tr.gettext(
            "{name} takes {card} from {other}.",
            name=names[e["seat"]],
            card=card_label(tr, e["card"]),
            other=names[e["from"]],
        )
    return tr.gettext("{name} takes a card from the hand of {other}.", name=names[e["seat"]], other=names[e["from"]])


def discarded(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """A card discarded from a hand or from play, by its owner or by someone else."""
    card, owner = card_label(tr, e["card"]), names[e["seat"]]
    by = e.get("by", e["seat"])
    reason = e.get("reason")
    mine = viewer == e["seat"]
    if (by is None or by == e["seat"]) and reason and reason not in ("discard", "limit"):
        cause = source_name(tr, reason)
        if mine:
            return tr.gettext("You discard {card} ({cause}).", card=card, cause=cause)
        return tr.gettext("{name} discards {card} ({cause}).", name=owner, card=card, cause=cause)
    if by is None or by == e["seat"]:
        if mine:
            return tr.gettext("You discard {card}.", card=card)
        return tr.gettext("{name} discards {card}.", name=owner, card=card)
    return tr.gettext("{other} makes {name} discard {card}.", other=names[by], name=owner, card=card)


def taken(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """A card taken into a hand: from the discard pile, from play, or from another player."""
    who, card = names[e["seat"]], card_label(tr, e["card"])
    if e["from"] == HAND:
        return tr.gettext("{name} takes {card} from the discard pile.", name=who, card=card)
    if e["from"] == e["seat"]:
        return tr.gettext("{name} takes {card} back into the hand.", name=who, card=card)
    return tr.gettext("{name} takes {card} from {other}.", name=who, card=card, other=names[e["from"]])


def store(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """General Store's cards, shown to everyone."""
    return tr.gettext(
        "{card} shows: {cards}.", card=duel_card_name(tr, "general_store"), cards=cards_label(tr, e["cards"])
    )


def picked(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """A General Store pick."""
    if viewer == e["seat"]:
        return tr.gettext("You pick {card}.", card=card_label(tr, e["card"]))
    return tr.gettext("{name} picks {card}.", name=names[e["seat"]], card=card_label(tr, e["card"]))


def answered(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """A card discarded against Indians! or in a Duel."""
    if viewer == e["seat"]:
        return tr.gettext(
            "You answer {source} with {card}.", source=duel_card_name(tr, e["to"]), card=card_label(tr, e["card"])
        )
    return tr.gettext(
        "{name} answers {source} with {card}.",
        name=names[e["seat"]],
        source=duel_card_name(tr, e["to"]),
        card=card_label(tr, e["card"]),
    )


def reload(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """A card discarded for its reload symbol (the draw follows as its own line)."""
    return tr.gettext(
        "{name} reloads: {card} goes to the discard pile.", name=names[e["seat"]], card=card_label(tr, e["card"])
    )


def used(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """A resource used from play."""
    if viewer == e["seat"]:
        return tr.gettext("You use {card}.", card=card_label(tr, e["card"]))
    return tr.gettext("{name} uses {card}.", name=names[e["seat"]], card=card_label(tr, e["card"]))


def returned(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """A BANG! card that goes back to its player's hand (Walker)."""
    return tr.gettext("{name} takes {card} back into the hand.", name=names[e["seat"]], card=card_label(tr, e["card"]))


def moved(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """Dynamite passing on to the next player."""
    return tr.gettext(
        "{card} passes from {name} to {other}.",
        card=card_label(tr, e["card"]),
        name=names[e["from"] // 2],
        other=names[e["to"] // 2],
    )


def spurs(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """A hit that cannot be aimed: the target wears Spurs and its player's hand is empty."""
    return tr.gettext(
        "{name} cannot hit {target}: {card} and an empty hand.",
        name=names[e["by"]],
        target=target(tr, e, names),
        card=duel_card_name(tr, "spurs"),
    )


def squad_out(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """A player's last character is dead."""
    return tr.gettext("{name} has no character left.", name=names[e["seat"]])


def game_over(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """The end, with the winning side."""
    return winner_line(tr, e["winner"])


def winner_line(tr: Translator, side: str) -> str:
    """Returns 'Game over' with the winning side."""
    return tr.gettext("Game over. The winners: {side}!", side=duel_side_name(tr, side))


def reuse(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """A hand card discarded to use the action card on top of the discard pile (Pearl Hart)."""
    return tr.gettext(
        "{name} discards {card} to use {other} from the discard pile.",
        name=names[e["seat"]],
        card=card_label(tr, e["card"]),
        other=card_label(tr, e["used"]),
    )


def stands_in(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """A character takes the life loss meant for the other one (Buffalo Bill)."""
    return tr.gettext(
        "{name} takes the loss of life in place of {other}.",
        name=slot_phrase(tr, names, e["slot"], e.get("character")),
        other=slot_phrase(tr, names, e["for"], None),
    )


def shown(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """The second card drawn, shown to everyone (Pat Garrett)."""
    return tr.gettext(
        "{name} shows the second card drawn: {card}.", name=names[e["seat"]], card=card_label(tr, e["card"])
    )


def ability(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """A once-a-turn ability used."""
    return tr.gettext(
        "{name} uses the ability of {character}.", name=names[e["seat"]], character=source_name(tr, e["ability"])
    )


def drawn_to_keep(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """Cards drawn to keep one (Sundance Kid): which ones only for the drawer."""
    if "cards" in e:
        return tr.gettext(
            "{name} draws {cards} to keep one of them.", name=names[e["seat"]], cards=cards_label(tr, e["cards"])
        )
    return tr.ngettext(
        "{name} draws {n} card to keep one of them.",
        "{name} draws {n} cards to keep one of them.",
        e["count"],
        name=names[e["seat"]],
    )


def kept(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """One card kept, the others discarded."""
    return tr.gettext(
        "{name} keeps one card; to the discard pile: {cards}.",
        name=names[e["seat"]],
        cards=cards_label(tr, e["discarded"]),
    )


def turn(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str:
    """A new turn."""
    return tr.gettext("Turn {number}: {name}.", number=e["number"], name=names[e["seat"]])


LINES: dict[str, Line] = {
    "game_start": game_start,
    "dealt": dealt,
    "enters": enters,
    "turn": turn,
    "draw": draw,
    "check": check,
    "play": play,
    "hit": hit,
    "dodge": dodge,
    "dodged": dodged,
    "spurs": spurs,
    "hurt": hurt,
    "heal": heal,
    "set_life": set_life,
    "died": died,
    "swap": swap,
    "equip": equip,
    "stolen": stolen,
    "discarded": discarded,
    "taken": taken,
    "store": store,
    "picked": picked,
    "answered": answered,
    "reload": reload,
    "used": used,
    "returned": returned,
    "moved": moved,
    "squad_out": squad_out,
    "game_over": game_over,
    "reuse": reuse,
    "stands_in": stands_in,
    "shown": shown,
    "ability": ability,
    "drawn_to_keep": drawn_to_keep,
    "kept": kept,
}


def event_line(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str | None:
    """Returns one event as a line for a reader (viewer None: the group); None for a kind this log does not tell.

    names are the seats' names as the reader's sentences write them (wording.players).
    """
    at = partial(character_at, tr, names, e)
    if (own := own_line(tr, e, names, viewer, at)) is not None:
        return own
    line = LINES.get(e["kind"])
    return line(tr, e, names, viewer) if line is not None else None


def character_at(tr: Translator, names: Sequence[str], e: EventData, slot: int) -> str:
    """Returns the character in a slot an event is about, named by the event when it is its own slot."""
    return slot_phrase(tr, names, slot, e.get("character") if e.get("slot") == slot else None)


def log_text(tr: Translator, events: Sequence[EventData], names: Sequence[str], viewer: int | None) -> str:
    """Returns the lines of a turn's events for a reader, the newest 40 of them."""
    return log_lines(tr, events, names, viewer, event_line)
