"""The AI player contract and every game's random player: a decision from one seat's view and what it saw."""

from bangbot.ai.player import AIPlayer, Memory
from bangbot.ai.random_player import RandomPlayer

__all__ = ["AIPlayer", "Memory", "RandomPlayer"]
