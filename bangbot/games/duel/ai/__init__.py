"""The heuristic AI player of BANG! The Duel, reading only its seat's DuelView (the random one is every game's)."""

from bangbot.games.duel.ai.player import DuelPlayer

__all__ = ["DuelPlayer"]
