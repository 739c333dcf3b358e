"""The card behind a choice of any game (its ❓ answer and the terminal's `?3`, through its game's card_topic hook), and
what a choice picks (the terminal's numbers)."""

from __future__ import annotations

from typing import Any

from bangbot.games import game as registered
from bangbot.games.contract import Step, Topic
from bangbot.messaging.press.confirm import CONFIRM
from bangbot.messaging.press.step_menu import ABOUT, PRESS, choice_path


def choice_topic(state: Any, seat: int, choice: str) -> Topic | None:
    """Returns the /rules topic of the card a seat's choice plays, opens or asks about; None if its game tells none."""
    hook = registered(state.config.ruleset).card_topic
    return hook(state, seat, choice) if hook is not None else None


def about_card(choice: str) -> int | None:
    """Returns the card a ❓ choice ('i<card>') asks about, or None for another choice."""
    return int(choice[len(ABOUT) :]) if choice.startswith(ABOUT) and choice[len(ABOUT) :].isdigit() else None


def chosen_action(state: Any, seat: int, choice: str) -> Any | None:
    """Returns the legal action a choice applies or confirms ('a<index>', 'k<index>'), or None."""
    index = choice[1:]
    if choice[:1] not in (PRESS, CONFIRM) or not index.isdigit():
        return None
    legal = registered(state.config.ruleset).ruleset.legal_actions(state, seat)
    return legal[int(index)] if int(index) < len(legal) else None


def action_card(action: Any) -> int | None:
    """Returns the card an action plays or picks (its .card), or None for one without a card."""
    card = getattr(action, "card", None)
    return card if isinstance(card, int) else None


def choice_steps(state: Any, seat: int, choice: str) -> tuple[Step, ...] | None:
    """Returns what a seat's choice picks, the same while the game moves on: the steps of the action it applies or
    the step it opens (choice_path, or its game's own opened_steps), a ❓'s card, a confirmation's action; None for
    any other choice."""
    path = choice_path(state, seat, choice) or registered(state.config.ruleset).opened_steps_of(choice)
    if path:
        return path
    if (card := about_card(choice)) is not None:
        return (Step(ABOUT, card),)
    if choice.startswith(CONFIRM) and (action := chosen_action(state, seat, choice)) is not None:
        return (*registered(state.config.ruleset).ruleset.steps(action), Step(CONFIRM, ""))
    return None
