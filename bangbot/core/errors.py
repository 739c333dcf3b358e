"""Typed errors of the rules core."""

from __future__ import annotations

from typing import Any


class RulesError(Exception):
    """Base of every error the rules core raises."""


class IllegalAction(RulesError):
    """An action that legal_actions does not list for that seat; names the legal ones."""

    def __init__(self, seat: int, action: Any, legal: list[Any]) -> None:
        self.seat = seat
        self.action = action
        self.legal = legal
        super().__init__(f"seat {seat} may not {action!r}; legal: {legal!r}")


class GameOver(RulesError):
    """The game has ended: nothing more can be played."""


class BadNotation(RulesError):
    """A text that is not an action in the notation."""


class ScenarioError(RulesError):
    """A scenario that cannot be set up, or a script step that is not legal."""

    def __init__(self, message: str, step: int | None = None, legal: list[str] | None = None) -> None:
        self.step = step
        self.legal = legal or []
        super().__init__(message)
