"""The confirmation questions of base BANG! and BANG! Star Wars: each risk of rules.risks in the reader's words."""

from __future__ import annotations

from collections.abc import Sequence

from bangbot.games.bang.rules.actions import Action, Play
from bangbot.games.bang.rules.risks import RISK_LAST_LIFE, RISK_ONESELF, RISK_OWN_CARD, RISK_TEAMMATE
from bangbot.games.bang.rules.views import PlayerView
from bangbot.i18n import Translator
from bangbot.i18n.wording import players


def risk_question(tr: Translator, view: PlayerView, action: Action, risk: str, names: Sequence[str]) -> str:
    """Returns "Are you sure? …" for a risky action of the seat's view, by its risk code."""
    if risk == RISK_LAST_LIFE:
        return tr.gettext("Are you sure? This costs your last life, while another choice could still save you.")
    if risk == RISK_ONESELF:
        return tr.gettext("Are you sure? You are shooting at yourself.")
    if risk == RISK_OWN_CARD:
        return tr.gettext("Are you sure? This card is aimed at one of your own cards in play.")
    assert risk == RISK_TEAMMATE and isinstance(action, Play) and action.target is not None, risk
    return tr.gettext("Are you sure? {name} is on your side.", name=players(tr, names)[action.target])
