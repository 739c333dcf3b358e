"""What BANG! Star Wars asks that the base game does not, in words: the prompt, its Pass button, the Fate buttons.

Keyed by the request's type name (and the action's class name), so they need nothing but the request's data.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bangbot.games.bang.presenter.prompts import Prompt, RequestData
from bangbot.games.bang.rules.cards import BANG, BEER, CARDS
from bangbot.games.bang.starwars.names import sw_fate_name
from bangbot.games.bang.starwars.rules.data import FATE_DISCARD_ALL, FATE_HEAL_OTHER, FATE_STEAL
from bangbot.games.bang.texts.glossary import card_name
from bangbot.i18n import Translator


def first_check(tr: Translator, r: RequestData, names: Sequence[str]) -> str:
    """FirstCheck: which of the start-of-turn cards is checked first."""
    return tr.gettext("Your turn begins with two checks: which card is checked first?")


def rebound(tr: Translator, r: RequestData, names: Sequence[str]) -> str:
    """Rebound (Nimble): another player played a Bacta Tank."""
    return tr.gettext(
        "Another player played {card}: discard a card from your hand to regain 1 energy as well?",
        card=card_name(tr, BEER),
    )


def fate_order(tr: Translator, r: RequestData, names: Sequence[str]) -> str:
    """FateOrder: does the fate effect come before or after the card's own effect."""
    return tr.gettext(
        "{card} brings its fate effect ({fate}): does it come before or after the card's own effect?",
        card=card_name(tr, CARDS[r["card"]].kind),
        fate=sw_fate_name(tr, r["effect"]),
    )


def fate_take(tr: Translator, r: RequestData, names: Sequence[str]) -> str:
    """FateTake: which of the target's cards a fate effect (or Seasoned's repeated card) takes or discards."""
    reason = r.get("reason")  # set when Seasoned plays a Panic! or Cat Balou once more
    effect = FATE_STEAL if r["steal"] else FATE_DISCARD_ALL
    what = card_name(tr, reason) if reason else sw_fate_name(tr, effect)
    if r["steal"]:
        return tr.gettext("{fate}: which card do you take from {name}?", fate=what, name=names[r["target"]])
    return tr.gettext("{fate}: which card of {name} is discarded?", fate=what, name=names[r["target"]])


def fate_heal(tr: Translator, r: RequestData, names: Sequence[str]) -> str:
    """FateHeal: which other player regains an energy."""
    return tr.gettext("{fate}: who regains 1 energy?", fate=sw_fate_name(tr, FATE_HEAL_OTHER))


def repeat(tr: Translator, r: RequestData, names: Sequence[str]) -> str:
    """Repeat (Seasoned): discard a BANG! to apply the card just played once more."""
    return tr.gettext(
        "{card} once more? Discard a {bang} to apply its effect again.",
        card=card_name(tr, CARDS[r["card"]].kind),
        bang=card_name(tr, BANG),
    )


STARWARS_PROMPTS: dict[str, Prompt] = {
    "FirstCheck": first_check,
    "Rebound": rebound,
    "FateOrder": fate_order,
    "FateTake": fate_take,
    "FateHeal": fate_heal,
    "Repeat": repeat,
}


def rebound_pass(tr: Translator) -> str:
    """The Pass of Rebound: keep the cards, no energy."""
    return tr.gettext("No, thanks: keep my cards")


def repeat_pass(tr: Translator) -> str:
    """The Pass of Repeat: keep the BANG!, no second effect."""
    return tr.gettext("No, keep my {bang}", bang=card_name(tr, BANG))


def nobody_pass(tr: Translator) -> str:
    """The Pass of a fate choice left without a card or a player to choose."""
    return tr.gettext("Nothing to choose: go on")


STARWARS_PASSES: dict[str, Callable[[Translator], str]] = {
    "Rebound": rebound_pass,
    "Repeat": repeat_pass,
    "FateTake": nobody_pass,
    "FateHeal": nobody_pass,
}


def fate_first(tr: Translator, action: Any) -> str:
    """Fate(first): the fate effect before the card's own effect, or after it."""
    return tr.gettext("Fate effect first") if action.first else tr.gettext("The card's effect first")


STARWARS_ACTIONS: dict[str, Callable[[Translator, Any], str]] = {"Fate": fate_first}
