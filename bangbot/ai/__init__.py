"""AI players: they decide from one seat's view and the events that seat saw, never from the game state."""

from bangbot.ai.heuristic import HeuristicPlayer
from bangbot.ai.player import AIPlayer, Memory
from bangbot.ai.random_player import RandomPlayer

__all__ = ["AIPlayer", "HeuristicPlayer", "Memory", "RandomPlayer"]
