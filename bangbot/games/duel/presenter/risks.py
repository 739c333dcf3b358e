"""The Duel's confirmation question: giving up a character's last life, in the reader's words."""

from __future__ import annotations

from collections.abc import Sequence

from bangbot.games.duel.rules.actions import DuelAction
from bangbot.games.duel.rules.risks import RISK_CHARACTER_OUT
from bangbot.games.duel.rules.views import DuelView
from bangbot.i18n import Translator


def risk_question(tr: Translator, view: DuelView, action: DuelAction, risk: str, names: Sequence[str]) -> str:
    """Returns "Are you sure? …" for the Duel's one risk (rules.risks.RISK_CHARACTER_OUT)."""
    assert risk == RISK_CHARACTER_OUT, risk
    return tr.gettext(
        "Are you sure? This costs your character its last life, while another choice could still save it."
    )
