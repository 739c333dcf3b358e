"""The option-dependent sentences of help texts: each rule option's sentence is chosen by the option's value."""

from __future__ import annotations

from collections.abc import Callable

from babel.lists import format_list

from bangbot.games.bang.rules.cards import SUIT_SYMBOLS
from bangbot.games.bang.rules.options import LEFT, PER_HIT, RuleOptions
from bangbot.i18n import Translator

Detail = Callable[[Translator, RuleOptions], str]


def _jail_frees(tr: Translator, options: RuleOptions) -> str:
    """Returns which suits free a prisoner."""
    suits = format_list([SUIT_SYMBOLS[s] for s in options.jail_free_suits], style="or", locale=tr.language)
    return tr.pgettext("rule-detail", "If the check shows {suits}, they are free and play their turn.", suits=suits)


def _jail_costs(tr: Translator, options: RuleOptions) -> str:
    """Returns what a failed Jail check costs."""
    if options.jail_skips_discard_phase:
        return tr.pgettext("rule-detail", "Any other card costs them the whole turn.")
    return tr.pgettext(
        "rule-detail",
        "Any other card costs them phases 1 and 2, but they still discard down to their hand limit in phase 3.",
    )


def _dynamite_passes(tr: Translator, options: RuleOptions) -> str:
    """Returns where a Dynamite that did not explode goes."""
    if options.dynamite_passes == LEFT:
        return tr.pgettext(
            "rule-detail", "If it does not explode, pass it to the player on your left, the next in turn order."
        )
    return tr.pgettext(
        "rule-detail", "If it does not explode, pass it to the player on your right, the one before you in turn order."
    )


def _sid_ketchum_cost(tr: Translator, options: RuleOptions) -> str:
    """Returns how many cards Sid Ketchum discards per life point."""
    return tr.ngettext(
        "Each life point costs him {n} card.", "Each life point costs him {n} cards.", options.sid_ketchum_cost
    )


def _pedro_second(tr: Translator, options: RuleOptions) -> str:
    """Returns where Pedro Ramirez's second card comes from."""
    if options.pedro_second_from_discard:
        return tr.pgettext("rule-detail", "He may take the second card from the discard pile too, or from the deck.")
    return tr.pgettext("rule-detail", "His second card comes from the deck.")


def _el_gringo_takes(tr: Translator, options: RuleOptions) -> str:
    """Returns how many cards El Gringo takes for one hit."""
    if options.el_gringo_takes == PER_HIT:
        return tr.pgettext("rule-detail", "He takes one card per hit, however many life points it costs him.")
    return tr.pgettext("rule-detail", "He takes one card for each life point he loses.")


def _bang_on_oneself(tr: Translator, options: RuleOptions) -> str:
    """Returns whether a BANG! may be aimed at its own player."""
    if options.bang_on_oneself:
        return tr.pgettext("rule-detail", "You may also aim it at yourself; the game asks you to confirm.")
    return tr.pgettext("rule-detail", "You cannot aim it at yourself.")


# The sentences of a card's or character's help that depend on rule options, in the order they are told.
DETAILS: dict[str, tuple[Detail, ...]] = {
    "bang": (_bang_on_oneself,),
    "jail": (_jail_frees, _jail_costs),
    "dynamite": (_dynamite_passes,),
    "sid_ketchum": (_sid_ketchum_cost,),
    "pedro_ramirez": (_pedro_second,),
    "el_gringo": (_el_gringo_takes,),
}


def details(tr: Translator, ident: str, options: RuleOptions) -> list[str]:
    """Returns the sentences of a card's or character's help that depend on the rule options, as options set them."""
    return [detail(tr, options) for detail in DETAILS.get(ident, ())]
