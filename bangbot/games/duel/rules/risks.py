"""Which Duel choices are confirmed first: giving up a hit, Indians! or a Duel that costs a character its last life
while another answer could save it. Worked out from the seat's own view."""

from __future__ import annotations

from bangbot.games.duel.rules.actions import DuelAction, Pass
from bangbot.games.duel.rules.requests import CardDuel, Dodge, Indians
from bangbot.games.duel.rules.views import DuelView

RISK_CHARACTER_OUT = "character_out"  # giving up costs a character its last life, another answer could not
ATTACKER = 0  # the attacking character's position in a squad


def risk(view: DuelView, action: DuelAction) -> str | None:
    """Returns RISK_CHARACTER_OUT for a give-up that costs a character its last life while another answer exists."""
    if view.seat is None or not isinstance(action, Pass) or all(isinstance(a, Pass) for a in view.legal):
        return None
    asked = next((r for r in view.requests if r.seat == view.seat), None)
    if not isinstance(asked, Dodge | Indians | CardDuel):  # the decisions whose Pass costs a character one life
        return None
    fighters = view.squads[view.seat].fighters
    if isinstance(asked, Dodge) and asked.rider == "grapeshot":
        hurt = list(fighters)
    else:
        slot = asked.slot if not isinstance(asked, CardDuel) else view.seat * 2 + ATTACKER
        hurt = [f for f in fighters if f.slot == slot]
    return RISK_CHARACTER_OUT if any(f.life <= 1 for f in hurt) else None
