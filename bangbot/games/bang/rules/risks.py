"""Which choices of base BANG! and BANG! Star Wars are confirmed first: a lethal give-up, a shot at oneself, a blow
at one's own side. Worked out from the seat's own view, so it says only what the player knows."""

from __future__ import annotations

from bangbot.games.bang.rules.actions import HAND, Action, Pass, Play
from bangbot.games.bang.rules.cards import BANG, CAT_BALOU, DYNAMITE, JAIL, MISSED, PANIC
from bangbot.games.bang.rules.hints import own_turn_to_play
from bangbot.games.bang.rules.roles import OUTLAW, RENEGADE, side_of
from bangbot.games.bang.rules.state import CARD_KIND
from bangbot.games.bang.rules.views import PlayerView

# Why a choice is confirmed first: it costs the last life or hurts the own side (the presenter words each).
RISK_LAST_LIFE = "last_life"  # giving up costs the player's last life while another answer could save it
RISK_ONESELF = "oneself"  # a BANG! at oneself
RISK_OWN_CARD = "own_card"  # Panic! or Cat Balou on one's own card (not a Dynamite)
RISK_TEAMMATE = "teammate"  # Jail, Panic! or Cat Balou on a player known to be on one's side

HITS = ("Respond", "IndiansRespond", "DuelTurn")  # the decisions whose Pass costs one life
TAKERS = (PANIC, CAT_BALOU)


def risk(view: PlayerView, action: Action) -> str | None:
    """Returns why a seat's action is confirmed first (a RISK_ code), or None."""
    if view.seat is None:
        return None
    if isinstance(action, Pass):
        return RISK_LAST_LIFE if lethal_pass(view) else None
    if not isinstance(action, Play) or action.target is None or not own_turn_to_play(view):
        return None
    return play_risk(view, action, action.target)


def play_risk(view: PlayerView, action: Play, target: int) -> str | None:
    """Returns why a card played at target in the seat's own turn is confirmed first (a RISK_ code), or None."""
    kind = CARD_KIND[action.card]
    if kind in (BANG, MISSED) and target == view.seat:
        return RISK_ONESELF
    taken = action.target_card
    if kind in TAKERS and target == view.seat and taken not in (None, HAND) and CARD_KIND[taken] != DYNAMITE:
        return RISK_OWN_CARD
    harmless = kind in TAKERS and taken not in (None, HAND) and CARD_KIND[taken] == DYNAMITE
    if kind in (JAIL, *TAKERS) and teammate(view, target) and not harmless:
        return RISK_TEAMMATE
    return None


def lethal_pass(view: PlayerView) -> bool:
    """Returns whether giving up (taking the hit, losing the Duel, going out) ends the seat while it has another way."""
    assert view.seat is not None
    asked = next((r for r in view.requests if r["seat"] == view.seat), None)
    if asked is None or not any(not isinstance(a, Pass) for a in view.legal):
        return False
    return asked["type"] == "Dying" or (asked["type"] in HITS and view.seats[view.seat].life <= 1)


def teammate(view: PlayerView, target: int) -> bool:
    """Returns whether the seat knows target is on its side: a revealed role (the Sheriff) of its own side."""
    known = view.seats[target].role
    if target == view.seat or view.role is None or known is None or view.role in (OUTLAW, RENEGADE):
        return False
    return side_of(known) == side_of(view.role)
