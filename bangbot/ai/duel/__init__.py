"""The AI players of BANG! The Duel: a heuristic one and a random one, each reading only its seat's DuelView."""

from bangbot.ai.duel.player import DuelPlayer
from bangbot.ai.duel.random_player import DuelRandomPlayer

__all__ = ["DuelPlayer", "DuelRandomPlayer"]
