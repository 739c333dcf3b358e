"""The AI player contract and every game's random player: a decision from one seat's view and what it saw."""

from bangbot.ai.random_player import RandomPlayer
from bangbot.games.contract import AIPlayer, Memory

__all__ = ["AIPlayer", "Memory", "RandomPlayer"]
