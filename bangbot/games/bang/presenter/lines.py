"""The log lines of base BANG!'s events, one small function per event kind (LINES; a themed game adds its own).

Each is given the reader's translator, the event's public data, the seats' names as sentences write them and the
name of the event's seat; it returns None when the event says nothing to that reader.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bangbot.games.bang.presenter.labels import card_label, cards_label, cause_name
from bangbot.games.bang.rules.actions import HAND
from bangbot.games.bang.rules.cards import CAT_BALOU, DYNAMITE, GENERAL_STORE, JAIL, PANIC
from bangbot.games.bang.rules.roles import DEPUTY, LAW, OUTLAWS, roles_for
from bangbot.games.bang.texts.glossary import card_name, role_name
from bangbot.i18n import Translator

EventData = Mapping[str, Any]
Line = Callable[[Translator, EventData, Sequence[str], str], str | None]


def game_over_line(tr: Translator, side: str, deputies: int) -> str:
    """Returns 'Game over' with who won; the law's line names the Deputies only when the table had some."""
    if side == LAW and deputies:
        return tr.ngettext(
            "Game over: the Sheriff and the Deputy win!", "Game over: the Sheriff and the Deputies win!", deputies
        )
    if side == LAW:
        return tr.gettext("Game over: the Sheriff wins!")
    if side == OUTLAWS:
        return tr.gettext("Game over: the Outlaws win!")
    return tr.gettext("Game over: the Renegade wins!")


def deputies_at(table_size: int) -> int:
    """Returns how many Deputies a table of this many players is dealt."""
    return roles_for(table_size).count(DEPUTY)


def start(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns the deal: how many play and who is the Sheriff."""
    return tr.ngettext(
        "The game begins with {n} player. {name} is the Sheriff.",
        "The game begins with {n} players. {name} is the Sheriff.",
        e["players"],
        name=names[e["sheriff"]],
    )


def turn(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns a new turn's number and player."""
    return tr.gettext("Turn {number}: {name}.", number=e["number"], name=who)


def draw(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns a draw (draw_line)."""
    return draw_line(tr, e, who)


def check(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns a check: its reason, the cards drawn and the verdict."""
    verdict = tr.gettext("success") if e["ok"] else tr.gettext("failure")
    return tr.gettext(
        "{name} checks for {reason}: {cards} — {verdict}.",
        name=who,
        reason=cause_name(tr, e["reason"]),
        cards=cards_label(tr, e["cards"]),
        verdict=verdict,
    )


def answer(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns the card a player answers with."""
    return tr.gettext("{name} answers with {card}.", name=who, card=card_label(tr, e["card"]))


def dodged(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns that a player is not hit."""
    return tr.gettext("{name} is not hit.", name=who)


def hurt(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns the lives a player loses and those left."""
    return tr.ngettext(
        "{name} loses {n} life ({life} left).",
        "{name} loses {n} lives ({life} left).",
        e["amount"],
        name=who,
        life=e["life"],
    )


def saved(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns that a player survives with 1 life."""
    return tr.gettext("{name} survives with 1 life.", name=who)


def eliminated(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns an elimination with the role it shows."""
    return tr.gettext("{name} is out of the game. Role: {role}.", name=who, role=role_name(tr, e["role"]))


def vulture(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns the cards a player takes from an eliminated one."""
    return tr.ngettext(
        "{name} takes {n} card of {other}.",
        "{name} takes {n} cards of {other}.",
        e["count"],
        name=who,
        other=names[e["from"]],
    )


def discard_all(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns a player's cards discarded at once."""
    return tr.gettext("The cards of {name} are discarded: {cards}.", name=who, cards=cards_label(tr, e["cards"]))


def penalty(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns the Sheriff's penalty for eliminating a Deputy."""
    return tr.gettext("{name}, the Sheriff, eliminated a Deputy and discards every card.", name=who)


def game_over(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns who won (game_over_line), naming the Deputies only when the table had some."""
    return game_over_line(tr, e["winner"], list(e.get("roles", [])).count(DEPUTY))


def strikes_back(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns a player shooting back and why."""
    return tr.gettext(
        "{name} shoots back at {other} ({cause}).",
        name=who,
        other=names[e["at"]],
        cause=cause_name(tr, e["reason"]),
    )


def discarded(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns a player's card discarded by another's card."""
    return tr.gettext("{card} of {name} is discarded.", name=who, card=card_label(tr, e["card"]))


def replaced(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns the old weapon a new one replaces."""
    return tr.gettext("{name} discards the old weapon: {card}.", name=who, card=card_label(tr, e["card"]))


def store(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns the cards the General Store shows."""
    return tr.gettext("{card} shows: {cards}.", card=card_name(tr, GENERAL_STORE), cards=cards_label(tr, e["cards"]))


def pick(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns a card picked from the General Store."""
    return tr.gettext("{name} picks {card}.", name=who, card=card_label(tr, e["card"]))


def put_back(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns a card put back on the deck: which one only for the player who did it."""
    if "card" in e:
        return tr.gettext("You put {card} back on the deck.", card=card_label(tr, e["card"]))
    return tr.gettext("{name} puts a card back on the deck.", name=who)


def look(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns the top cards of the deck a player looks at instead of drawing, and why: which ones only for them."""
    cause = cause_name(tr, e["reason"]) if "reason" in e else ""
    if "cards" in e:
        if not cause:
            return tr.gettext("You look at: {cards}.", cards=cards_label(tr, e["cards"]))
        return tr.gettext(
            "You look at the top of the deck ({cause}): {cards}.", cause=cause, cards=cards_label(tr, e["cards"])
        )
    if not cause:
        return None
    return tr.ngettext(
        "{name} looks at the top {n} card of the deck ({cause}).",
        "{name} looks at the top {n} cards of the deck ({cause}).",
        e["count"],
        name=who,
        cause=cause,
    )


def reveal(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns the second card drawn, shown to everyone."""
    return tr.gettext("{name} shows the second card drawn: {card}.", name=who, card=card_label(tr, e["card"]))


def take_discard(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns a card taken from the discard pile, with what allowed it when it was not the draw."""
    if "reason" in e:
        return tr.gettext(
            "{name} takes {card} from the discard pile ({cause}).",
            name=who,
            card=card_label(tr, e["card"]),
            cause=cause_name(tr, e["reason"]),
        )
    return tr.gettext("{name} takes {card} from the discard pile.", name=who, card=card_label(tr, e["card"]))


def heal(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns cards discarded to regain 1 life."""
    return tr.gettext("{name} discards {cards} to regain 1 life.", name=who, cards=cards_label(tr, e["cards"]))


def life(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns a life regained (or not, at full life) and the lives now."""
    if e.get("gained", 1):
        return tr.gettext("{name} regains 1 life (now: {life}).", name=who, life=e["life"])
    return tr.gettext("{name} regains no life (still: {life}).", name=who, life=e["life"])


def saloon(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns that everyone regains 1 life."""
    return tr.gettext("Everyone regains 1 life.")


def reshuffle(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns that the discard pile becomes the deck."""
    return tr.gettext("The discard pile is shuffled into a new deck.")


def passed(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns a Dynamite passing to the next player."""
    return passed_on(tr, DYNAMITE, e, names, who)


def passed_on(tr: Translator, kind: str, e: EventData, names: Sequence[str], who: str) -> str:
    """Returns a card of this kind passing from who to the next player (a variant's too)."""
    return tr.gettext("{card} passes from {name} to {other}.", card=card_name(tr, kind), name=who, other=names[e["to"]])


def exploded(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns a Dynamite exploding at a player."""
    return tr.gettext("{card} explodes at {name}!", card=card_name(tr, DYNAMITE), name=who)


def jail(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns whether a player escapes from Jail."""
    if e["free"]:
        return tr.gettext("{name} escapes from {card}.", name=who, card=card_name(tr, JAIL))
    return tr.gettext("{name} stays in {card} this turn.", name=who, card=card_name(tr, JAIL))


def discard(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns a card discarded at the end of a turn."""
    return tr.gettext("{name} discards {card}.", name=who, card=card_label(tr, e["card"]))


def auto(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str | None:
    """Returns a turn ended for a player with nothing more to play (None for other automatic moves)."""
    return tr.gettext("{name} has nothing more to play.", name=who) if e["action"] == "end" else None


def draw_line(tr: Translator, e: EventData, who: str) -> str:
    """Returns a draw: the cards for the drawer, the count for others; what made the draw unless it is the turn's."""
    reason = e.get("reason", "phase1")
    if reason == "reward":
        return tr.ngettext(
            "{name} draws {n} card as a reward.", "{name} draws {n} cards as a reward.", e["count"], name=who
        )
    if reason == "phase1":
        if "cards" in e:
            return tr.gettext("{name} draws: {cards}.", name=who, cards=cards_label(tr, e["cards"]))
        return tr.ngettext("{name} draws {n} card.", "{name} draws {n} cards.", e["count"], name=who)
    cause = cause_name(tr, reason)
    if "cards" in e:
        return tr.gettext("{name} draws ({cause}): {cards}.", name=who, cause=cause, cards=cards_label(tr, e["cards"]))
    return tr.ngettext(
        "{name} draws {n} card ({cause}).", "{name} draws {n} cards ({cause}).", e["count"], name=who, cause=cause
    )


def steal_line(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str:
    """Returns a card taken from another player: which one only for the two players, and what took it."""
    other, reason = names[e["from"]], e.get("reason", PANIC)
    if reason in (PANIC, CAT_BALOU):
        if "card" in e:
            return tr.gettext(
                "{name} takes {card} from {other}.", name=who, card=card_label(tr, e["card"]), other=other
            )
        return tr.gettext("{name} takes a card from the hand of {other}.", name=who, other=other)
    cause = cause_name(tr, reason)
    if "card" in e:
        return tr.gettext(
            "{name} takes {card} from {other} ({cause}).",
            name=who,
            card=card_label(tr, e["card"]),
            other=other,
            cause=cause,
        )
    return tr.gettext("{name} takes a card from the hand of {other} ({cause}).", name=who, other=other, cause=cause)


def play_line(tr: Translator, e: EventData, names: Sequence[str], who: str) -> str:
    """Returns the line of a played card, with its target and the card it goes after."""
    card = card_label(tr, e["card"])
    target, which = e.get("target"), e.get("target_card")
    if target is None:
        return tr.gettext("{name} plays {card}.", name=who, card=card)
    if which is None:
        return tr.gettext("{name} plays {card} on {target}.", name=who, card=card, target=names[target])
    if which == HAND:
        return tr.gettext(
            "{name} plays {card} on a card in the hand of {target}.", name=who, card=card, target=names[target]
        )
    return tr.gettext(
        "{name} plays {card} on {other} of {target}.",
        name=who,
        card=card,
        other=card_label(tr, which),
        target=names[target],
    )


# Base BANG!'s kinds; a themed game adds its own (its theme's lines), read after these.
LINES: dict[str, Line] = {
    "start": start,
    "turn": turn,
    "draw": draw,
    "check": check,
    "play": play_line,
    "answer": answer,
    "dodged": dodged,
    "hurt": hurt,
    "saved": saved,
    "eliminated": eliminated,
    "vulture": vulture,
    "discard_all": discard_all,
    "penalty": penalty,
    "game_over": game_over,
    "steal": steal_line,
    "strikes_back": strikes_back,
    "discarded": discarded,
    "replaced": replaced,
    "store": store,
    "pick": pick,
    "put_back": put_back,
    "look": look,
    "reveal": reveal,
    "take_discard": take_discard,
    "heal": heal,
    "life": life,
    "saloon": saloon,
    "reshuffle": reshuffle,
    "dynamite_passed": passed,
    "exploded": exploded,
    "jail": jail,
    "discard": discard,
    "auto": auto,
}
