"""What BANG! Star Wars asks that the base game does not, in words: the prompt, its Pass button, the Fate buttons.

Keyed by the request's type name (and the action's class name), so they need nothing but the request's data.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bangbot.core.cards import BEER, CARDS
from bangbot.core.starwars import FATE_DISCARD_ALL, FATE_HEAL_OTHER, FATE_STEAL
from bangbot.i18n import Translator
from bangbot.i18n.glossary import card_name
from bangbot.i18n.starwars import sw_fate_name

RequestData = Mapping[str, Any]
Prompt = Callable[[Translator, RequestData, Sequence[str]], str]
# The fate effect a request that does not name one is asked for.
FATE_EFFECT_OF: dict[str, str] = {"FateSteal": FATE_STEAL, "FateDiscard": FATE_DISCARD_ALL, "FateHeal": FATE_HEAL_OTHER}


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


def fate_steal(tr: Translator, r: RequestData, names: Sequence[str]) -> str:
    """FateSteal: which card the fate effect takes from the target."""
    return tr.gettext("{fate}: which card do you take from {name}?", fate=fate_of(tr, r), name=names[r["target"]])


def fate_discard(tr: Translator, r: RequestData, names: Sequence[str]) -> str:
    """FateDiscard: which of the target's cards the fate effect discards."""
    return tr.gettext("{fate}: which card of {name} is discarded?", fate=fate_of(tr, r), name=names[r["target"]])


def fate_heal(tr: Translator, r: RequestData, names: Sequence[str]) -> str:
    """FateHeal: which other player regains an energy."""
    return tr.gettext("{fate}: who regains 1 energy?", fate=fate_of(tr, r))


def fate_of(tr: Translator, r: RequestData) -> str:
    """Returns the fate effect a request is about: its own 'effect', else the one its type stands for."""
    return sw_fate_name(tr, r.get("effect") or FATE_EFFECT_OF[r["type"]])


STARWARS_PROMPTS: dict[str, Prompt] = {
    "FirstCheck": first_check,
    "Rebound": rebound,
    "FateOrder": fate_order,
    "FateSteal": fate_steal,
    "FateDiscard": fate_discard,
    "FateHeal": fate_heal,
}


def rebound_pass(tr: Translator) -> str:
    """The Pass of Rebound: keep the cards, no energy."""
    return tr.gettext("No, thanks: keep my cards")


STARWARS_PASSES: dict[str, Callable[[Translator], str]] = {"Rebound": rebound_pass}


def fate_first(tr: Translator, action: Any) -> str:
    """Fate(first): the fate effect before the card's own effect, or after it."""
    return tr.gettext("Fate effect first") if action.first else tr.gettext("The card's effect first")


STARWARS_ACTIONS: dict[str, Callable[[Translator, Any], str]] = {"Fate": fate_first}
