"""What a seat is asked, in words: the line above its buttons."""

from __future__ import annotations

from collections.abc import Sequence

from bangbot.core.cards import BANG, BEER, DUEL, GENERAL_STORE, INDIANS, MISSED
from bangbot.core.views import PlayerView
from bangbot.i18n import Translator
from bangbot.i18n.glossary import card_name
from bangbot.i18n.wording import players
from bangbot.messaging.render import cards_label, deputies_at, game_over_line


def prompt(tr: Translator, view: PlayerView, names: Sequence[str], standin: bool) -> str:
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
    return (
        tr.gettext("Where does your first card come from?")
        if request["step"] == 1
        else tr.gettext("Where does your second card come from?")
    )
