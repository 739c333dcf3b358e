"""The card a terminal choice plays: what `?3` and `/rules 3` explain."""

from __future__ import annotations

from bangbot.core.ruleset import TableState
from bangbot.games import game as registered
from bangbot.messaging.adapter import Button
from bangbot.messaging.codec import BadButton, decode
from bangbot.messaging.step_menu import ABOUT
from bangbot.rulesets import ruleset


def choice_card(state: TableState, seat: int, button: Button) -> int | None:
    """Returns the card a button plays or opens (a card step or a move with a card) at a table of a game that explains
    its cards one step away, else None."""
    if not registered(state.config.ruleset).explains_cards:
        return None
    try:
        choice = decode(button.data).choice
    except BadButton:
        return None
    card: object = None
    if choice[:1] in ("c", ABOUT) and choice[1:].isdigit():
        card = int(choice[1:])
    elif choice[:1] == "a" and choice[1:].isdigit():
        legal = ruleset(state.config.ruleset).legal_actions(state, seat)
        index = int(choice[1:])
        card = getattr(legal[index], "card", None) if index < len(legal) else None
    return card if isinstance(card, int) else None
