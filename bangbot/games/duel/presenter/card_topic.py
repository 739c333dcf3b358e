"""The card behind a Duel choice: a card played, used, opened or asked about, or a character chosen or its ability."""

from __future__ import annotations

from typing import Any

from bangbot.games import game as registered
from bangbot.games.contract import STEP_CARD, Topic
from bangbot.games.duel.presenter.keyboards import SEAT_REASONS
from bangbot.games.duel.presenter.labels import ability_owner
from bangbot.games.duel.presenter.prompts import asked, reason_of
from bangbot.games.duel.rules.actions import Choose
from bangbot.games.duel.rules.data import CARDS, CHARACTER, type_id
from bangbot.games.duel.rules.views import view as seat_view
from bangbot.games.duel.texts.rules import DUEL_CARD, DUEL_CHARACTER
from bangbot.messaging.press.choice_topic import about_card, action_card, chosen_action
from bangbot.messaging.press.step_menu import OPENS


def duel_card_topic(state: Any, seat: int, choice: str) -> Topic | None:
    """Returns the Duel card or character topic of a seat's choice, or None for a choice about neither."""
    card = about_card(choice)
    if card is None:
        card = opened_card(state, seat, choice)
    if card is None:
        action = chosen_action(state, seat, choice)
        if isinstance(action, Choose):
            return option_topic(state, seat, action.option)
        card = action_card(action)
    return (DUEL_CARD, type_id(card)) if card is not None and 0 <= card < len(CARDS) else None


def opened_card(state: Any, seat: int, choice: str) -> int | None:
    """Returns the card among the steps a choice opens ('s<action>.<depth>'), or None."""
    index, _, depth = choice[len(OPENS) :].partition(".")
    if not choice.startswith(OPENS) or not (index.isdigit() and depth.isdigit()):
        return None
    rules = registered(state.config.ruleset).ruleset
    legal = rules.legal_actions(state, seat)
    if int(index) >= len(legal):
        return None
    cards = [s.value for s in rules.steps(legal[int(index)])[: int(depth)] if s.kind == STEP_CARD]
    return cards[-1] if cards and isinstance(cards[-1], int) else None


def option_topic(state: Any, seat: int, option: str) -> Topic | None:
    """Returns the topic of a named option: a character, a character's ability, or a card (not a player)."""
    if option in CHARACTER:
        return DUEL_CHARACTER, option
    if (owner := ability_owner(option)) is not None:
        return DUEL_CHARACTER, owner
    reason = reason_of(asked(seat_view(state, seat)))
    if option.isdigit() and int(option) < len(CARDS) and reason not in SEAT_REASONS:
        return DUEL_CARD, type_id(int(option))
    return None
