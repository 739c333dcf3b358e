"""What a seat is asked, in words: the line above its buttons."""

from __future__ import annotations

from collections.abc import Sequence

from bangbot.core.cards import BANG, BEER, CAT_BALOU, DUEL, GENERAL_STORE, INDIANS, MISSED, PANIC
from bangbot.core.hints import pointless
from bangbot.core.state import CARD_KIND
from bangbot.core.views import PlayerView
from bangbot.i18n import Translator
from bangbot.i18n.glossary import card_name, character_name
from bangbot.i18n.wording import players
from bangbot.messaging.base_lines import deputies_at, game_over_line
from bangbot.messaging.keyboards import HEAL_MENU, parse_level
from bangbot.messaging.labels import card_label, cards_label
from bangbot.messaging.presenter import TOP
from bangbot.messaging.reasons import hint_lines, reason_text
from bangbot.messaging.starwars_prompts import STARWARS_PROMPTS


def prompt(tr: Translator, view: PlayerView, names: Sequence[str], standin: bool, level: str = TOP) -> str:
    """Returns what a seat must decide now (at a later step: about which card), or what it waits for.

    On the first step it adds why cards held are missing from the choices or would do nothing.
    """
    if level != TOP and view.legal and not standin:
        return step_prompt(tr, view, names, level)
    first = top_prompt(tr, view, names, standin)
    return "\n".join([first, *hint_lines(tr, view)]) if not standin else first


def top_prompt(tr: Translator, view: PlayerView, names: Sequence[str], standin: bool) -> str:
    """Returns the line that tells a seat what it must decide now, or what it waits for."""
    assert view.seat is not None
    names = players(tr, names)
    if view.winner:
        return game_over_line(tr, view.winner, deputies_at(len(view.seats)))
    if standin:
        return tr.gettext("You missed two deadlines in a row, so the AI plays for you. Press “I'm back” to play again.")
    if not view.seats[view.seat].alive:
        return tr.gettext("You are out of the game. You can still follow it in the group.")
    if view.seat not in view.awaiting:
        return tr.gettext("Not your move now: the group's table shows whose it is.")
    request = next((r for r in view.requests if r["seat"] == view.seat), None)
    if request is None:
        if view.phase == "discard":
            me = view.seats[view.seat]
            return tr.ngettext("Discard down to {n} card.", "Discard down to {n} cards.", me.life)
        return tr.gettext("Your turn: play cards, then end the turn.")
    kind = request["type"]
    if kind == "Respond":
        return tr.ngettext(
            "{name} shoots at you with {card}: play {n} {missed} or take the hit.",
            "{name} shoots at you with {card}: play {n} {missed} or take the hit.",
            request["needed"],
            name=names[request["attacker"]],
            card=card_name(tr, request["source"]),
            missed=card_name(tr, MISSED),
        )
    if kind == "IndiansRespond":
        return tr.gettext(
            "{card} from {name}: discard a {bang} or lose 1 life.",
            card=card_name(tr, INDIANS),
            bang=card_name(tr, BANG),
            name=names[request["attacker"]],
        )
    if kind == "DuelTurn":
        return tr.gettext(
            "{card} with {name}: discard a {bang} or lose 1 life.",
            card=card_name(tr, DUEL),
            bang=card_name(tr, BANG),
            name=names[request["opponent"]],
        )
    if kind == "Dying":
        return tr.ngettext(
            "You lost your last life! Regain {n} life now ({beer}) or you are out of the game.",
            "You lost your last life! Regain {n} lives now ({beer}) or you are out of the game.",
            request["needed"],
            beer=card_name(tr, BEER),
        )
    if kind == "StorePick":
        return tr.gettext("{card}: pick one card.", card=card_name(tr, GENERAL_STORE))
    if kind == "KitChoice":
        return tr.gettext("You look at {cards}: put one back on the deck.", cards=cards_label(tr, request["cards"]))
    if kind in STARWARS_PROMPTS:
        return STARWARS_PROMPTS[kind](tr, request, names)
    return (
        tr.gettext("Where does your first card come from?")
        if request["step"] == 1
        else tr.gettext("Where does your second card come from?")
    )


def step_prompt(tr: Translator, view: PlayerView, names: Sequence[str], level: str) -> str:
    """Returns the header of a later step, naming the card chosen: 'BANG! J♦ → at whom?'."""
    if level == HEAL_MENU:
        assert view.seat is not None
        own = character_name(tr, view.seats[view.seat].character)
        return tr.gettext("{name}: which cards do you discard for 1 life?", name=own)
    card, target = parse_level(level)
    assert card is not None
    label = card_label(tr, card)
    names = players(tr, names)
    if target == view.seat:
        return tr.gettext("{card} → which of your own cards?", card=label)
    if target is not None:
        return tr.gettext("{card} → {name}: which card?", card=label, name=names[target])
    odd = pointless(view, card)
    if odd is not None:
        reason = reason_text(tr, odd, CARD_KIND[card])
        return tr.gettext("{card} → {reason} Play it anyway?", card=label, reason=reason)
    if CARD_KIND[card] in (PANIC, CAT_BALOU):
        return tr.gettext("{card} → whose card?", card=label)
    return tr.gettext("{card} → at whom?", card=label)
