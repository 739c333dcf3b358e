"""The games the bot offers, in order: the one place that names them. Everything else asks it.

Each game lives in its own folder and is declared by one module there, which imports that game's pieces: adding a
game is one line in DECLARATIONS. The registry loads
every one of them explicitly at its first lookup (not when this package is imported), so that any module may ask it
without an import cycle and no lookup depends on which modules happened to be imported before.
"""

from __future__ import annotations

import importlib
from typing import Any

from bangbot.games.contract import Game

# The offered games and the module declaring each, in the order the lobby cycles through them and /help lists them;
# the first is the default.
DECLARATIONS: dict[str, str] = {
    "base": "bangbot.games.bang.game",
    "starwars": "bangbot.games.bang.starwars.game",
    "duel": "bangbot.games.duel.game",
}
GAME_IDS: tuple[str, ...] = tuple(DECLARATIONS)
DEFAULT = GAME_IDS[0]

GAMES: tuple[Game, ...]  # every declaration, in GAME_IDS' order (loaded at first use)
_loaded: dict[str, Game] = {}
_attributes: dict[str, tuple[Game, ...]] = {}  # GAMES, once loaded (a test may offer others in its place)
_loading: list[str] = []


def _load() -> dict[str, Game]:
    """Returns every game's declaration by id, importing each declaring module the first time."""
    if _loaded:
        return _loaded
    if _loading:
        raise RuntimeError(f"a game was looked up while the registry loads {_loading[-1]!r} (an import-time lookup)")
    found: dict[str, Game] = {}
    for game_id in GAME_IDS:
        _loading.append(game_id)
        try:
            declared = importlib.import_module(DECLARATIONS[game_id]).GAME
        finally:
            _loading.pop()
        if not isinstance(declared, Game) or declared.id != game_id:
            raise TypeError(f"{DECLARATIONS[game_id]}.GAME does not declare the game {game_id!r}")
        found[game_id] = declared
    _loaded.update(found)
    return _loaded


def __getattr__(name: str) -> Any:
    """Returns GAMES, loaded at first use."""
    if name == "GAMES":
        if name not in _attributes:
            _attributes[name] = tuple(_load().values())
        return _attributes[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def game(game_id: str) -> Game:
    """Returns the game with this id; raises KeyError for an unknown one."""
    games = _load()
    if game_id not in games:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(games)}")
    return games[game_id]
