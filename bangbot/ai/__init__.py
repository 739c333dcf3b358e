"""AI players: they decide from one seat's view and the events that seat saw, never from the game state."""

from bangbot.ai.player import AIPlayer, Memory
from bangbot.ai.random_player import RandomPlayer
from bangbot.games.bang.ai.heuristic import HeuristicPlayer

__all__ = ["AIPlayer", "HeuristicPlayer", "Memory", "RandomPlayer"]
