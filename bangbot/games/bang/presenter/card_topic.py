"""The card behind a choice at a table of base BANG!'s deck (base BANG!, BANG! Star Wars), in its game's words."""

from __future__ import annotations

from typing import Any

from bangbot.games import game as registered
from bangbot.games.bang.rules.cards import CARDS
from bangbot.games.contract import Topic
from bangbot.i18n.glossary import CARD
from bangbot.messaging.press.choice_topic import about_card, action_card, chosen_action

CARD_STEP = "c"  # a choice that opens a card's step: 'c<card>' (see keyboards.py)


def base_card_topic(state: Any, seat: int, choice: str) -> Topic | None:
    """Returns the card topic of a choice that plays, opens or asks about a card (a themed game's own card), or None."""
    card = about_card(choice)
    if card is None and choice.startswith(CARD_STEP) and choice[len(CARD_STEP) :].isdigit():
        card = int(choice[len(CARD_STEP) :])
    if card is None:
        card = action_card(chosen_action(state, seat, choice))
    if card is None or not 0 <= card < len(CARDS):
        return None
    kind = CARDS[card].kind
    theme = registered(state.config.ruleset).theme
    return CARD, theme.card_ids.get(kind, kind) if theme else kind
