"""What a seat is asked, in words: the line above its buttons."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bangbot.games.bang.presenter.keyboards import HEAL_MENU, parse_level
from bangbot.games.bang.presenter.labels import card_label, cards_label
from bangbot.games.bang.presenter.lines import deputies_at, game_over_line
from bangbot.games.bang.presenter.reasons import hint_lines, reason_text
from bangbot.games.bang.rules.cards import BANG, BEER, CAT_BALOU, DUEL, GENERAL_STORE, INDIANS, MISSED, PANIC
from bangbot.games.bang.rules.hints import pointless
from bangbot.games.bang.rules.state import CARD_KIND
from bangbot.games.bang.rules.views import PlayerView
from bangbot.games.bang.texts.glossary import card_name, character_name
from bangbot.games.contract import TOP
from bangbot.i18n import Translator
from bangbot.i18n.theme import extension
from bangbot.i18n.wording import players

RequestData = Mapping[str, Any]
Prompt = Callable[[Translator, RequestData, Sequence[str]], str]


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
    return (PROMPTS.get(kind) or extension(tr, "prompts").get(kind) or _draw_choice)(tr, request, names)


def _respond(tr: Translator, request: RequestData, names: Sequence[str]) -> str:
    """Returns a shot at the seat: who, with what, and how many Missed! it needs."""
    return tr.ngettext(
        "{name} shoots at you with {card}: play {n} {missed} or take the hit.",
        "{name} shoots at you with {card}: play {n} {missed} or take the hit.",
        request["needed"],
        name=names[request["attacker"]],
        card=card_name(tr, request["source"]),
        missed=card_name(tr, MISSED),
    )


def _indians(tr: Translator, request: RequestData, names: Sequence[str]) -> str:
    """Returns Indians! at the seat."""
    return tr.gettext(
        "{card} from {name}: discard a {bang} or lose 1 life.",
        card=card_name(tr, INDIANS),
        bang=card_name(tr, BANG),
        name=names[request["attacker"]],
    )


def _duel(tr: Translator, request: RequestData, names: Sequence[str]) -> str:
    """Returns the seat's turn in a Duel."""
    return tr.gettext(
        "{card} with {name}: discard a {bang} or lose 1 life.",
        card=card_name(tr, DUEL),
        bang=card_name(tr, BANG),
        name=names[request["opponent"]],
    )


def _dying(tr: Translator, request: RequestData, names: Sequence[str]) -> str:
    """Returns the lives a dying seat must regain."""
    return tr.ngettext(
        "You lost your last life! Regain {n} life now ({beer}) or you are out of the game.",
        "You lost your last life! Regain {n} lives now ({beer}) or you are out of the game.",
        request["needed"],
        beer=card_name(tr, BEER),
    )


def _store_pick(tr: Translator, request: RequestData, names: Sequence[str]) -> str:
    """Returns the seat's pick at the General Store."""
    return tr.gettext("{card}: pick one card.", card=card_name(tr, GENERAL_STORE))


def _kit_choice(tr: Translator, request: RequestData, names: Sequence[str]) -> str:
    """Returns Kit Carlson's cards, one to put back."""
    return tr.gettext("You look at {cards}: put one back on the deck.", cards=cards_label(tr, request["cards"]))


def _draw_choice(tr: Translator, request: RequestData, names: Sequence[str]) -> str:
    """Returns where a phase-1 card comes from (the first or the second)."""
    if request["step"] == 1:
        return tr.gettext("Where does your first card come from?")
    return tr.gettext("Where does your second card come from?")


# What each kind of pending decision asks the seat (a draw choice: any other kind); a themed game's own kinds are
# its theme's prompts, read after these.
PROMPTS: dict[str, Prompt] = {
    "Respond": _respond,
    "IndiansRespond": _indians,
    "DuelTurn": _duel,
    "Dying": _dying,
    "StorePick": _store_pick,
    "KitChoice": _kit_choice,
}


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
