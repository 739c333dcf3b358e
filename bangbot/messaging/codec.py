"""Button data: what a press means, in at most 64 bytes."""

from __future__ import annotations

from dataclasses import dataclass

MAX_CALLBACK_DATA = 64


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
        """Returns the data string; raises BadButton if it would exceed 64 bytes."""
        data = f"{self.scope}{self.target}:{self.version}:{self.seat}:{self.choice}"
        if len(data.encode()) > MAX_CALLBACK_DATA:
            raise BadButton(f"button data too long: {data!r}")
        return data


def decode(data: str) -> ButtonData:
    """Returns the meaning of button data; raises BadButton for anything this bot did not make."""
    if not data or len(data.encode()) > MAX_CALLBACK_DATA or data[0] not in "glucs":
        raise BadButton(f"not a bangbot button: {data!r}")
    parts = data[1:].split(":", 3)
    if len(parts) != 4:
        raise BadButton(f"not a bangbot button: {data!r}")
    target, version, seat, choice = parts
    try:
        return ButtonData(data[0], int(target), int(version), int(seat), choice)
    except ValueError:
        raise BadButton(f"not a bangbot button: {data!r}") from None


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
