"""A reader's own moves in their private news, in the second person ("You draw"), for the events that say them."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bangbot.games.bang.presenter.labels import card_label, cards_label, cause_name
from bangbot.games.bang.rules.actions import HAND
from bangbot.games.bang.rules.cards import CAT_BALOU, DYNAMITE, JAIL, PANIC
from bangbot.games.bang.texts.glossary import card_name, role_name
from bangbot.i18n import Translator
from bangbot.i18n.theme import extension

EventData = Mapping[str, Any]
OwnLine = Callable[[Translator, EventData, Sequence[str]], str | None]


def draw(tr: Translator, e: EventData, names: Sequence[str]) -> str | None:
    """The reader drew cards: which ones (or how many, from the table's log), and what made the draw if not the turn."""
    if "cards" not in e:
        return drew_count(tr, e)
    cards, reason = cards_label(tr, e["cards"]), e.get("reason", "phase1")
    if reason == "reward":
        return tr.gettext("You draw as a reward: {cards}.", cards=cards)
    if reason == "phase1":
        return tr.gettext("You draw: {cards}.", cards=cards)
    return tr.gettext("You draw ({cause}): {cards}.", cause=cause_name(tr, reason), cards=cards)


def drew_count(tr: Translator, e: EventData) -> str:
    """The reader drew cards, as the table's log tells it (the count, not the cards): the board's log of the turn."""
    n, reason = e["count"], e.get("reason", "phase1")
    if reason == "reward":
        return tr.ngettext("You draw {n} card as a reward.", "You draw {n} cards as a reward.", n)
    if reason == "phase1":
        return tr.ngettext("You draw {n} card.", "You draw {n} cards.", n)
    cause = cause_name(tr, reason)
    return tr.ngettext("You draw {n} card ({cause}).", "You draw {n} cards ({cause}).", n, cause=cause)


def play(tr: Translator, e: EventData, names: Sequence[str]) -> str:
    """The reader played a card: at nobody, at a player, at a card in a player's hand or in play."""
    card, target, which = card_label(tr, e["card"]), e.get("target"), e.get("target_card")
    if target is None:
        return tr.gettext("You play {card}.", card=card)
    if target == e["seat"]:
        return at_yourself(tr, card, which)
    if which is None:
        return tr.gettext("You play {card} on {target}.", card=card, target=names[target])
    if which == HAND:
        return tr.gettext("You play {card} on a card in the hand of {target}.", card=card, target=names[target])
    return tr.gettext(
        "You play {card} on {other} of {target}.", card=card, other=card_label(tr, which), target=names[target]
    )


def at_yourself(tr: Translator, card: str, which: int | None) -> str:
    """The reader played a card at themselves, or at one of their own cards."""
    if which is None:
        return tr.gettext("You play {card} on yourself.", card=card)
    if which == HAND:
        return tr.gettext("You play {card} on a card in your hand.", card=card)
    return tr.gettext("You play {card} on your {other}.", card=card, other=card_label(tr, which))


def steal(tr: Translator, e: EventData, names: Sequence[str]) -> str:
    """The reader took a card from another player: which one (the reader sees it), and what took it."""
    other, reason = names[e["from"]], e.get("reason", PANIC)
    cause = None if reason in (PANIC, CAT_BALOU) else cause_name(tr, reason)
    if "card" not in e:
        if cause is None:
            return tr.gettext("You take a card from the hand of {other}.", other=other)
        return tr.gettext("You take a card from the hand of {other} ({cause}).", other=other, cause=cause)
    card = card_label(tr, e["card"])
    if cause is None:
        return tr.gettext("You take {card} from {other}.", card=card, other=other)
    return tr.gettext("You take {card} from {other} ({cause}).", card=card, other=other, cause=cause)


def take_discard(tr: Translator, e: EventData, names: Sequence[str]) -> str:
    """The reader took a card from the discard pile, with what allowed it when it was not the draw."""
    card = card_label(tr, e["card"])
    if "reason" in e:
        return tr.gettext(
            "You take {card} from the discard pile ({cause}).", card=card, cause=cause_name(tr, e["reason"])
        )
    return tr.gettext("You take {card} from the discard pile.", card=card)


def nothing_to_play(tr: Translator, e: EventData, names: Sequence[str]) -> str | None:
    """The reader's turn ended: nothing more to play (None for other automatic moves)."""
    return tr.gettext("You have nothing more to play.") if e["action"] == "end" else None


def discard_all(tr: Translator, e: EventData, names: Sequence[str]) -> str:
    """The reader's cards were discarded at once."""
    return tr.gettext("Your cards are discarded: {cards}.", cards=cards_label(tr, e["cards"]))


def passed(tr: Translator, e: EventData, names: Sequence[str]) -> str:
    """The reader's Dynamite passed to the next player."""
    return passed_from_you(tr, DYNAMITE, e, names)


def passed_from_you(tr: Translator, kind: str, e: EventData, names: Sequence[str]) -> str:
    """The reader's card of this kind passed to the next player (a variant's too)."""
    return tr.gettext("{card} passes from you to {other}.", card=card_name(tr, kind), other=names[e["to"]])


def eliminated(tr: Translator, e: EventData, names: Sequence[str]) -> str:
    """The reader is out of the game."""
    return tr.gettext("You are out of the game. Role: {role}.", role=role_name(tr, e["role"]))


def reveal(tr: Translator, e: EventData, names: Sequence[str]) -> str:
    """The reader showed the second card drawn."""
    return tr.gettext("You show the second card drawn: {card}.", card=card_label(tr, e["card"]))


def vulture(tr: Translator, e: EventData, names: Sequence[str]) -> str:
    """The reader took an eliminated player's cards."""
    return tr.ngettext(
        "You take {n} card of {other}.", "You take {n} cards of {other}.", e["count"], other=names[e["from"]]
    )


def strikes_back(tr: Translator, e: EventData, names: Sequence[str]) -> str:
    """The reader shot back, and why."""
    return tr.gettext("You shoot back at {other} ({cause}).", other=names[e["at"]], cause=cause_name(tr, e["reason"]))


def answer(tr: Translator, e: EventData, names: Sequence[str]) -> str:
    """The reader answered with a card."""
    return tr.gettext("You answer with {card}.", card=card_label(tr, e["card"]))


def dodged(tr: Translator, e: EventData, names: Sequence[str]) -> str:
    """The reader was not hit."""
    return tr.gettext("You are not hit.")


def hurt(tr: Translator, e: EventData, names: Sequence[str]) -> str:
    """The reader lost life."""
    return tr.ngettext(
        "You lose {n} life ({life} left).", "You lose {n} lives ({life} left).", e["amount"], life=e["life"]
    )


def discard(tr: Translator, e: EventData, names: Sequence[str]) -> str:
    """The reader discarded a card at the end of the turn."""
    return tr.gettext("You discard {card}.", card=card_label(tr, e["card"]))


def pick(tr: Translator, e: EventData, names: Sequence[str]) -> str:
    """The reader picked a card of the General Store."""
    return tr.gettext("You pick {card}.", card=card_label(tr, e["card"]))


def life(tr: Translator, e: EventData, names: Sequence[str]) -> str:
    """The reader drank a Beer."""
    if e.get("gained", 1):
        return tr.gettext("You regain 1 life (now: {life}).", life=e["life"])
    return tr.gettext("You regain no life (still: {life}).", life=e["life"])


def heal(tr: Translator, e: EventData, names: Sequence[str]) -> str:
    """The reader discarded cards for a life."""
    return tr.gettext("You discard {cards} to regain 1 life.", cards=cards_label(tr, e["cards"]))


def saved(tr: Translator, e: EventData, names: Sequence[str]) -> str:
    """The reader survived at the last life."""
    return tr.gettext("You survive with 1 life.")


def check(tr: Translator, e: EventData, names: Sequence[str]) -> str:
    """The reader drew a check."""
    return tr.gettext(
        "You check for {reason}: {cards} — {verdict}.",
        reason=cause_name(tr, e["reason"]),
        cards=cards_label(tr, e["cards"]),
        verdict=tr.gettext("success") if e["ok"] else tr.gettext("failure"),
    )


def jail(tr: Translator, e: EventData, names: Sequence[str]) -> str:
    """The reader's Jail check freed them or kept them."""
    card = card_name(tr, JAIL)
    if e["free"]:
        return tr.gettext("You escape from {card}.", card=card)
    return tr.gettext("You stay in {card} this turn.", card=card)


def exploded(tr: Translator, e: EventData, names: Sequence[str]) -> str:
    """Dynamite exploded at the reader."""
    return tr.gettext("{card} explodes at you!", card=card_name(tr, DYNAMITE))


def discarded(tr: Translator, e: EventData, names: Sequence[str]) -> str:
    """A card of the reader was discarded by someone else's card."""
    return tr.gettext("Your {card} is discarded.", card=card_label(tr, e["card"]))


def replaced(tr: Translator, e: EventData, names: Sequence[str]) -> str:
    """The reader's new weapon replaced the old one."""
    return tr.gettext("You discard the old weapon: {card}.", card=card_label(tr, e["card"]))


OWN_LINES: dict[str, OwnLine] = {
    "check": check,
    "jail": jail,
    "exploded": exploded,
    "discarded": discarded,
    "replaced": replaced,
    "draw": draw,
    "play": play,
    "steal": steal,
    "auto": nothing_to_play,
    "discard_all": discard_all,
    "dynamite_passed": passed,
    "eliminated": eliminated,
    "reveal": reveal,
    "vulture": vulture,
    "strikes_back": strikes_back,
    "take_discard": take_discard,
    "answer": answer,
    "dodged": dodged,
    "hurt": hurt,
    "discard": discard,
    "pick": pick,
    "life": life,
    "heal": heal,
    "saved": saved,
}


def played_at_you(tr: Translator, e: EventData, names: Sequence[str]) -> str:
    """Someone played a card at the reader, or at one of the reader's cards."""
    values = {"name": names[e["seat"]], "card": card_label(tr, e["card"])}
    which = e.get("target_card")
    if which is None:
        return tr.gettext("{name} plays {card} on you.", **values)
    if which == HAND:
        return tr.gettext("{name} plays {card} on a card in your hand.", **values)
    return tr.gettext("{name} plays {card} on your {other}.", other=card_label(tr, which), **values)


def taken_from_you(tr: Translator, e: EventData, names: Sequence[str]) -> str:
    """Someone took a card from the reader: which one (the reader sees it), and what took it unless a card played."""
    name, reason = names[e["seat"]], e.get("reason", PANIC)
    card = card_label(tr, e["card"]) if "card" in e else None
    if reason in (PANIC, CAT_BALOU):
        if card is None:
            return tr.gettext("{name} takes a card from your hand.", name=name)
        return tr.gettext("{name} takes {card} from you.", name=name, card=card)
    cause = cause_name(tr, reason)
    if card is None:
        return tr.gettext("{name} takes a card from your hand ({cause}).", name=name, cause=cause)
    return tr.gettext("{name} takes {card} from you ({cause}).", name=name, card=card, cause=cause)


def passed_to_you(tr: Translator, kind: str, e: EventData, names: Sequence[str]) -> str:
    """A card of this kind (a Dynamite, a variant's) passed on to the reader."""
    return tr.gettext("{card} passes from {name} to you.", card=card_name(tr, kind), name=names[e["seat"]])


def own_line(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str | None:
    """Returns the second-person line of an event of the reader (viewer's seat) or aimed at the reader, or None to
    use the table's line."""
    if viewer is None:
        return None
    kind = e["kind"]
    themed = extension(tr, "own_lines").get(kind)
    if themed is not None:
        return themed(tr, e, names, viewer)  # type: ignore[no-any-return]
    if kind == "dynamite_passed" and e.get("to") == viewer and e.get("seat") != viewer:
        return passed_to_you(tr, DYNAMITE, e, names)
    if kind == "penalty" and e.get("seat") == viewer:
        return tr.gettext("You eliminated a Deputy: as the Sheriff, you discard every card.")
    if e.get("seat") == viewer:
        line = OWN_LINES.get(kind)
        return line(tr, e, names) if line is not None else None
    if kind == "play" and e.get("target") == viewer:
        return played_at_you(tr, e, names)
    if kind == "steal" and e.get("from") == viewer:
        return taken_from_you(tr, e, names)
    return None
