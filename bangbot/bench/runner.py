"""`bangbot bench engine|ai`: each game's own benchmark, found through its declaration's hooks."""

from __future__ import annotations

from bangbot import games


def engine(count: int) -> None:
    """Prints the engine benchmark of every offered game, in the registry's order."""
    for game in games.GAMES:
        game.bench.engine(count)


def ai(count: int, workers: int, game_id: str) -> None:
    """Prints a game's AI benchmark: win rates per side, the heuristic's decision time, the goals."""
    games.game(game_id).bench.ai(count, workers)


def sanity(count: int, seed: int, workers: int, as_json: bool, game_id: str) -> None:
    """Prints a game's AI blunders, heuristic tables against random ones."""
    games.game(game_id).bench.sanity(count, seed, workers, as_json)
