"""Button presses: button data, menu steps and confirmations, and a press checked, applied and answered."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bangbot.messaging import exported

if TYPE_CHECKING:
    from bangbot.messaging.press.answer import on_press, press_answer
    from bangbot.messaging.press.button_data import (
        JOIN_PAYLOAD,
        MAX_CALLBACK_DATA,
        MAX_GAME_ID,
        MAX_ID,
        MAX_SMALL,
        BadButton,
        ButtonData,
        chat_button,
        decode,
        game_button,
        lobby_button,
        offered_choices,
        parse_join_token,
        user_button,
    )
    from bangbot.messaging.press.card_alert import ALERT_LIMIT, shortened, topic_alert, topic_text
    from bangbot.messaging.press.choice_topic import about_card, action_card, choice_steps, choice_topic, chosen_action
    from bangbot.messaging.press.confirm import prompt_text, with_confirmations
    from bangbot.messaging.press.step_menu import (
        ABOUT,
        ENDING,
        OPENS,
        PRESS,
        Entry,
        Menu,
        Option,
        branches,
        number,
        opens,
        parent,
        paths,
        pressed,
        render,
        rows,
        walk_choices,
    )

__all__ = [
    "ABOUT",
    "ALERT_LIMIT",
    "ENDING",
    "JOIN_PAYLOAD",
    "MAX_CALLBACK_DATA",
    "MAX_GAME_ID",
    "MAX_ID",
    "MAX_SMALL",
    "OPENS",
    "PRESS",
    "BadButton",
    "ButtonData",
    "Entry",
    "Menu",
    "Option",
    "about_card",
    "action_card",
    "branches",
    "chat_button",
    "choice_steps",
    "choice_topic",
    "chosen_action",
    "decode",
    "game_button",
    "lobby_button",
    "number",
    "offered_choices",
    "on_press",
    "opens",
    "parent",
    "parse_join_token",
    "paths",
    "press_answer",
    "pressed",
    "prompt_text",
    "render",
    "rows",
    "shortened",
    "topic_alert",
    "topic_text",
    "user_button",
    "walk_choices",
    "with_confirmations",
]

_HOMES: dict[str, str] = {
    "ABOUT": "step_menu",
    "ALERT_LIMIT": "card_alert",
    "BadButton": "button_data",
    "ButtonData": "button_data",
    "ENDING": "step_menu",
    "Entry": "step_menu",
    "JOIN_PAYLOAD": "button_data",
    "MAX_CALLBACK_DATA": "button_data",
    "MAX_GAME_ID": "button_data",
    "MAX_ID": "button_data",
    "MAX_SMALL": "button_data",
    "Menu": "step_menu",
    "OPENS": "step_menu",
    "Option": "step_menu",
    "PRESS": "step_menu",
    "about_card": "choice_topic",
    "action_card": "choice_topic",
    "branches": "step_menu",
    "chat_button": "button_data",
    "choice_steps": "choice_topic",
    "choice_topic": "choice_topic",
    "chosen_action": "choice_topic",
    "decode": "button_data",
    "game_button": "button_data",
    "lobby_button": "button_data",
    "number": "step_menu",
    "offered_choices": "button_data",
    "on_press": "answer",
    "opens": "step_menu",
    "parent": "step_menu",
    "parse_join_token": "button_data",
    "paths": "step_menu",
    "press_answer": "answer",
    "pressed": "step_menu",
    "prompt_text": "confirm",
    "render": "step_menu",
    "rows": "step_menu",
    "shortened": "card_alert",
    "topic_alert": "card_alert",
    "topic_text": "card_alert",
    "user_button": "button_data",
    "walk_choices": "step_menu",
    "with_confirmations": "confirm",
}


def __getattr__(name: str) -> object:
    """Returns a public name of the room from its module."""
    return exported(__name__, _HOMES, name)
