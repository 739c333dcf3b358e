"""Button data: what a press means, in at most 64 bytes."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bangbot.messaging.adapter import Keyboard

MAX_CALLBACK_DATA = 64
MAX_ID = 2**63 - 1  # chat ids: a BIGINT column
MAX_GAME_ID = 2**31 - 1  # game ids: an INTEGER column (SERIAL on PostgreSQL)
MAX_SMALL = 2**31 - 1  # versions and seats: INTEGER columns
SCOPES = "gluc"
_NUMBER = r"(0|[1-9][0-9]*)"  # as str(int) writes it: no sign, no leading zero
_DATA = re.compile(rf"([gluc])(0|-?[1-9][0-9]*):{_NUMBER}:{_NUMBER}:([A-Za-z0-9._+-]*)")
_CHOICE = re.compile(r"[A-Za-z0-9._+-]*")
_JOIN_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")  # what a deep link's start parameter may carry
JOIN_PAYLOAD = "join_"  # a join link's start parameter: this prefix and the lobby's join token


class BadButton(ValueError):
    """Data that is not a button of this bot."""


@dataclass(frozen=True, slots=True)
class ButtonData:
    """A press: scope ('g' game, 'l' lobby, 'u' user setting, 'c' chat setting), ids and a choice."""

    scope: str
    target: int
    version: int
    seat: int
    choice: str

    def encode(self) -> str:
        """Returns the data string; raises BadButton if this bot could not read it back (see check)."""
        self.check()
        data = f"{self.scope}{self.target}:{self.version}:{self.seat}:{self.choice}"
        if len(data.encode()) > MAX_CALLBACK_DATA:
            raise BadButton(f"button data too long: {data!r}")
        return data

    def check(self) -> None:
        """Raises BadButton unless scope, ids, versions, seats and choice are of the kinds this bot makes."""
        low, high = (-MAX_ID, MAX_ID) if self.scope == "c" else (0, MAX_GAME_ID)  # a group's chat id is negative
        if (
            len(self.scope) != 1
            or self.scope not in SCOPES
            or not low <= self.target <= high
            or not 0 <= self.version <= MAX_SMALL
            or not 0 <= self.seat <= MAX_SMALL
            or (self.scope in "luc" and self.seat != 0)
            or (self.scope in "uc" and self.version != 0)
            or (self.scope == "u" and self.target != 0)
            or not _CHOICE.fullmatch(self.choice)
        ):
            raise BadButton(f"not a bangbot button: {self!r}")


def decode(data: str) -> ButtonData:
    """Returns the meaning of button data; raises BadButton for anything but the exact text encode writes.

    One pass: the numbers are matched as encode writes them (no leading zero, no "-0") and check bounds them.
    """
    match = _DATA.fullmatch(data) if len(data.encode()) <= MAX_CALLBACK_DATA else None
    if match is None:
        raise BadButton(f"not a bangbot button: {data!r}")
    scope, target, version, seat, choice = match.groups()
    button = ButtonData(scope, int(target), int(version), int(seat), choice)
    button.check()
    return button


def offered_choices(keyboard: Keyboard) -> frozenset[str]:
    """Returns the choices a keyboard's press buttons carry (link buttons carry none)."""
    return frozenset(decode(b.data).choice for row in keyboard for b in row if b.data and not b.url)


def parse_join_token(payload: str) -> str | None:
    """Returns the join token a /start payload carries (join_<token>), or None if it carries none."""
    token = payload.removeprefix(JOIN_PAYLOAD)
    return token if payload.startswith(JOIN_PAYLOAD) and _JOIN_TOKEN.fullmatch(token) else None


def game_button(game_id: int, version: int, seat: int, choice: str) -> str:
    """Returns the data of a button in a seat's private game message."""
    return ButtonData("g", game_id, version, seat, choice).encode()


def lobby_button(game_id: int, version: int, choice: str) -> str:
    """Returns the data of a lobby button."""
    return ButtonData("l", game_id, version, 0, choice).encode()


def user_button(choice: str) -> str:
    """Returns the data of a personal setting button."""
    return ButtonData("u", 0, 0, 0, choice).encode()


def chat_button(chat_id: int, choice: str) -> str:
    """Returns the data of a chat setting button."""
    return ButtonData("c", chat_id, 0, 0, choice).encode()
