"""The AI players of each ruleset, by strength: the one place that pairs a game with its AI."""

from __future__ import annotations

from bangbot.ai.duel import DuelPlayer, DuelRandomPlayer
from bangbot.ai.heuristic import HeuristicPlayer
from bangbot.ai.player import AIPlayer
from bangbot.ai.random_player import RandomPlayer
from bangbot.core.variants import STARWARS
from bangbot.rulesets.base import BASE
from bangbot.rulesets.duel import DUEL


def heuristic_players() -> dict[str, AIPlayer]:
    """Returns each ruleset's strongest AI, for games with people (BANG! Star Wars: the same player, role-aware)."""
    heuristic = HeuristicPlayer()
    return {BASE: heuristic, STARWARS: heuristic, DUEL: DuelPlayer()}


def random_players() -> dict[str, AIPlayer]:
    """Returns an AI that picks any legal action, for each ruleset (benchmarks and tests)."""
    random_player = RandomPlayer()
    return {BASE: random_player, STARWARS: random_player, DUEL: DuelRandomPlayer()}
