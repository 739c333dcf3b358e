"""The AI players of every registered game, by ruleset id (each game's declaration pairs it with its AI)."""

from __future__ import annotations

from bangbot import games
from bangbot.ai.levels import EASY, HARD, LEVELS, NORMAL
from bangbot.ai.search import Budget, SearchPlayer, budget_from_env
from bangbot.games.contract import AIPlayer


def heuristic_players() -> dict[str, AIPlayer]:
    """Returns each game's strongest AI, for games with people."""
    return {g.id: g.heuristic() for g in games.GAMES}


def random_players() -> dict[str, AIPlayer]:
    """Returns an AI that picks any legal action, for each game (benchmarks and tests)."""
    return {g.id: g.random() for g in games.GAMES}


def searching_players(budget: Budget | None = None) -> dict[str, AIPlayer]:
    """Returns each game's searching AI (determinized rollouts of its heuristic), within budget per decision."""
    spent = budget or budget_from_env()
    return {g.id: SearchPlayer(g.ruleset, g.heuristic, g.search, spent) for g in games.GAMES}


def players_at(level: str, budget: Budget | None = None) -> dict[str, AIPlayer]:
    """Returns each game's AI of a difficulty level (easy, normal, hard); raises ValueError for another."""
    if level == EASY:
        return random_players()
    if level == NORMAL:
        return heuristic_players()
    if level == HARD:
        return searching_players(budget)
    raise ValueError(f"no AI level {level!r}: {', '.join(LEVELS)}")
