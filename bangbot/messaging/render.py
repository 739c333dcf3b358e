"""Turns views and events into text in one reader's language; never reads the full game state."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bangbot.core.actions import HAND
from bangbot.core.cards import CAT_BALOU, DYNAMITE, GENERAL_STORE, JAIL, NEW_HOPE, PANIC
from bangbot.core.roles import DEPUTY, LAW, OUTLAWS, roles_for
from bangbot.core.views import PlayerView, SeatView
from bangbot.i18n import Translator
from bangbot.i18n.glossary import card_name, character_help, character_name, role_goal, role_name
from bangbot.i18n.wording import join_list, players
from bangbot.messaging.labels import card_label, cards_label, cause_name, life_bar
from bangbot.messaging.own_lines import own_line
from bangbot.messaging.presenter import log_lines
from bangbot.messaging.reasons import reach_lines
from bangbot.messaging.starwars_lines import STARWARS_LINES

EventData = Mapping[str, Any]


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


def event_line(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str | None:
    """Returns one event as a line for a reader (viewer None: the group), or None if it says nothing new.

    names are the seats' names as the reader's sentences write them (wording.players).
    """
    kind = e["kind"]
    if (own := own_line(tr, e, names, viewer)) is not None:
        return own
    who = names[e["seat"]] if isinstance(e.get("seat"), int) else ""
    if kind == "start":
        return tr.ngettext(
            "The game begins with {n} player. {name} is the Sheriff.",
            "The game begins with {n} players. {name} is the Sheriff.",
            e["players"],
            name=names[e["sheriff"]],
        )
    if kind == "turn":
        return tr.gettext("Turn {number}: {name}.", number=e["number"], name=who)
    if kind == "draw":
        return draw_line(tr, e, who)
    if kind == "check":
        verdict = tr.gettext("success") if e["ok"] else tr.gettext("failure")
        return tr.gettext(
            "{name} checks for {reason}: {cards} — {verdict}.",
            name=who,
            reason=cause_name(tr, e["reason"]),
            cards=cards_label(tr, e["cards"]),
            verdict=verdict,
        )
    if kind == "play":
        return play_line(tr, e, names, who)
    if kind == "answer":
        return tr.gettext("{name} answers with {card}.", name=who, card=card_label(tr, e["card"]))
    if kind == "dodged":
        return tr.gettext("{name} is not hit.", name=who)
    if kind == "hurt":
        return tr.ngettext(
            "{name} loses {n} life ({life} left).",
            "{name} loses {n} lives ({life} left).",
            e["amount"],
            name=who,
            life=e["life"],
        )
    if kind == "saved":
        return tr.gettext("{name} survives with 1 life.", name=who)
    if kind == "eliminated":
        return tr.gettext("{name} is out of the game. Role: {role}.", name=who, role=role_name(tr, e["role"]))
    if kind == "vulture":
        return tr.ngettext(
            "{name} takes {n} card of {other}.",
            "{name} takes {n} cards of {other}.",
            e["count"],
            name=who,
            other=names[e["from"]],
        )
    if kind == "discard_all":
        return tr.gettext("The cards of {name} are discarded: {cards}.", name=who, cards=cards_label(tr, e["cards"]))
    if kind == "penalty":
        return tr.gettext("{name}, the Sheriff, eliminated a Deputy and discards every card.", name=who)
    if kind == "game_over":
        return game_over_line(tr, e["winner"], list(e.get("roles", [])).count(DEPUTY))
    if kind == "steal":
        return steal_line(tr, e, names, who)
    if kind == "strikes_back":
        return tr.gettext(
            "{name} shoots back at {other} ({cause}).",
            name=who,
            other=names[e["at"]],
            cause=cause_name(tr, e["reason"]),
        )
    if kind == "discarded":
        return tr.gettext("{card} of {name} is discarded.", name=who, card=card_label(tr, e["card"]))
    if kind == "replaced":
        return tr.gettext("{name} discards the old weapon: {card}.", name=who, card=card_label(tr, e["card"]))
    if kind == "store":
        return tr.gettext(
            "{card} shows: {cards}.", card=card_name(tr, GENERAL_STORE), cards=cards_label(tr, e["cards"])
        )
    if kind == "pick":
        return tr.gettext("{name} picks {card}.", name=who, card=card_label(tr, e["card"]))
    if kind == "put_back":
        if "card" in e:
            return tr.gettext("You put {card} back on the deck.", card=card_label(tr, e["card"]))
        return tr.gettext("{name} puts a card back on the deck.", name=who)
    if kind == "look":
        return tr.gettext("You look at: {cards}.", cards=cards_label(tr, e["cards"])) if "cards" in e else None
    if kind == "reveal":
        return tr.gettext("{name} shows the second card drawn: {card}.", name=who, card=card_label(tr, e["card"]))
    if kind == "take_discard":
        if "reason" in e:
            return tr.gettext(
                "{name} takes {card} from the discard pile ({cause}).",
                name=who,
                card=card_label(tr, e["card"]),
                cause=cause_name(tr, e["reason"]),
            )
        return tr.gettext("{name} takes {card} from the discard pile.", name=who, card=card_label(tr, e["card"]))
    if kind == "heal":
        return tr.gettext("{name} discards {cards} to regain 1 life.", name=who, cards=cards_label(tr, e["cards"]))
    if kind == "life":
        if e.get("gained", 1):
            return tr.gettext("{name} regains 1 life (now: {life}).", name=who, life=e["life"])
        return tr.gettext("{name} regains no life (still: {life}).", name=who, life=e["life"])
    if kind == "saloon":
        return tr.gettext("Everyone regains 1 life.")
    if kind == "reshuffle":
        return tr.gettext("The discard pile is shuffled into a new deck.")
    if kind in ("dynamite_passed", "new_hope_passed"):
        return tr.gettext(
            "{card} passes from {name} to {other}.",
            card=card_name(tr, DYNAMITE if kind == "dynamite_passed" else NEW_HOPE),
            name=who,
            other=names[e["to"]],
        )
    if kind == "exploded":
        return tr.gettext("{card} explodes at {name}!", card=card_name(tr, DYNAMITE), name=who)
    if kind == "jail":
        if e["free"]:
            return tr.gettext("{name} escapes from {card}.", name=who, card=card_name(tr, JAIL))
        return tr.gettext("{name} stays in {card} this turn.", name=who, card=card_name(tr, JAIL))
    if kind == "discard":
        return tr.gettext("{name} discards {card}.", name=who, card=card_label(tr, e["card"]))
    if kind == "auto" and e["action"] == "end":
        return tr.gettext("{name} has nothing more to play.", name=who)
    line = STARWARS_LINES.get(kind)
    return line(tr, e, names, who) if line is not None else None


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


def log_text(tr: Translator, events: Sequence[EventData], names: Sequence[str], viewer: int | None) -> str:
    """Returns the lines of a turn's events for a reader, the newest 40 of them."""
    return log_lines(tr, events, names, viewer, event_line)


def seat_line(tr: Translator, seat: SeatView, name: str, turn: int) -> str:
    """Returns one seat of the table on one line: marker, name, character, role if known, life, hand, cards in play."""
    character = character_name(tr, seat.character)
    if seat.role:
        character = tr.gettext("{character} [{role}]", character=character, role=role_name(tr, seat.role))
    values: dict[str, object] = {"position": seat.seat + 1, "name": name, "character": character}
    if not seat.alive:
        return tr.gettext("✝ {position}. {name} — {character}: out of the game", **values)
    values["marker"] = "▶" if seat.seat == turn else " "
    values["life"] = life_bar(tr, seat.life, seat.max_life)
    values["hand"] = tr.ngettext("{n} card", "{n} cards", seat.hand_count)
    if seat.in_play:
        return tr.gettext(
            "{marker} {position}. {name} — {character}: {life}, {hand}; {cards}",
            cards=cards_label(tr, seat.in_play),
            **values,
        )
    return tr.gettext("{marker} {position}. {name} — {character}: {life}, {hand}", **values)


def table_text(tr: Translator, view: PlayerView, names: Sequence[str], title: str) -> str:
    """Returns the public table: a title, one line per seat, the deck and the discard pile, whose move it is."""
    written = players(tr, names)
    lines = [tr.gettext("BANG! in {title} — turn {number}", title=title, number=view.turn_number)]
    lines += [seat_line(tr, s, written[s.seat], view.turn) for s in view.seats]
    top = card_label(tr, view.discard[-1]) if view.discard else "—"
    lines.append(
        tr.gettext(
            "Deck: {deck}. Discard pile: {discard} (top: {top}).",
            deck=view.deck_count,
            discard=len(view.discard),
            top=top,
        )
    )
    if view.winner:
        lines.append(game_over_line(tr, view.winner, deputies_at(len(view.seats))))
    elif view.awaiting:
        lines.append(tr.gettext("Waiting for: {names}.", names=join_list(tr, (written[s] for s in view.awaiting))))
    return "\n".join(lines)


def private_text(tr: Translator, view: PlayerView, names: Sequence[str], title: str, prompt: str, recent: str) -> str:
    """Returns a seat's private message: the game it belongs to, role, character, life, hand, and what is asked."""
    assert view.seat is not None
    me = view.seats[view.seat]
    lines = [tr.gettext("BANG! in {title}", title=title)]
    if view.role:
        lines.append(
            tr.gettext("Your role: {role}. {goal}", role=role_name(tr, view.role), goal=role_goal(tr, view.role))
        )
    lines.append(
        tr.gettext(
            "Your character: {character}. {ability}",
            character=character_name(tr, me.character),
            ability=character_help(tr, me.character, view.config.options),
        )
    )
    lines.append(tr.gettext("Life: {life}", life=life_bar(tr, me.life, me.max_life)))
    lines.append(tr.gettext("Hand: {cards}", cards=cards_label(tr, view.hand)))
    lines.append(tr.gettext("In play: {cards}", cards=cards_label(tr, me.in_play)))
    if tr.theme is not None and tr.theme.legend is not None:
        lines.append(tr.theme.legend(tr))
    lines += reach_lines(tr, view, players(tr, names))
    if recent:
        lines += ["", recent]
    if prompt:
        lines += ["", prompt]
    return "\n".join(lines)
