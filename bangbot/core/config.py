"""How any game's table is set up: its size, preset, simplified deck, game id and that game's own rule options."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol


class GameOptions(Protocol):
    """A game's own rule options, as the platform stores them."""

    def to_json(self) -> dict[str, Any]:
        """Returns the options as a JSON-ready dict."""
        ...


@dataclass(frozen=True, slots=True)
class NoOptions:
    """The options of a game that has no rule options to choose."""

    def to_json(self) -> dict[str, Any]:
        """Returns an empty dict: nothing to store."""
        return {}


@dataclass(frozen=True, slots=True)
class GameConfig:
    """How a table is set up; a game with rule options of its own declares a subclass that types them."""

    players: int
    preset: str = "standard"
    simplified: bool = False
    ruleset: str = ""  # the game's id in the registry (bangbot.games)
    options: GameOptions = field(default_factory=NoOptions)


def config_to_json(config: GameConfig) -> dict[str, Any]:
    """Returns a config as a JSON-ready dict."""
    return {
        "players": config.players,
        "preset": config.preset,
        "simplified": config.simplified,
        "ruleset": config.ruleset,
        "options": config.options.to_json(),
    }


def config_from_json(data: dict[str, Any]) -> GameConfig:
    """Returns a config without rule options read back from config_to_json's output (its options are not read)."""
    return GameConfig(int(data["players"]), str(data["preset"]), bool(data["simplified"]), str(data["ruleset"]))
