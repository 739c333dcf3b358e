"""How strong a table's AI seats play: easy (random), normal (the heuristic), hard (the search from its policy)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bangbot import games
from bangbot.ai.search import Budget, SearchPlayer, budget_from_env

if TYPE_CHECKING:
    from bangbot.games.contract import AIPlayer, Game

EASY, NORMAL, HARD = "easy", "normal", "hard"
LEVELS = (EASY, NORMAL, HARD)
DEFAULT_LEVEL = NORMAL


def player_at(game: Game, level: str, budget: Budget | None = None) -> AIPlayer:
    """Returns a game's AI of a level: its random player, its heuristic, or the search (within budget per decision).

    Raises ValueError for another level.
    """
    if level == EASY:
        return game.random()
    if level == NORMAL:
        return game.heuristic()
    if level == HARD:
        return SearchPlayer(
            game.ruleset, game.search.policy or game.heuristic, game.search, budget or budget_from_env()
        )
    raise ValueError(f"no AI level {level!r}: {', '.join(LEVELS)}")


def players_at(level: str, budget: Budget | None = None) -> dict[str, AIPlayer]:
    """Returns every registered game's AI of a level, by game id; raises ValueError for another level."""
    spent = (budget or budget_from_env()) if level == HARD else budget
    return {g.id: player_at(g, level, spent) for g in games.GAMES}
