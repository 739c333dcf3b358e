"""Hidden information, tested as OpenSpiel's resampling test does: deal again what a seat cannot see, compare.

A resampler returns a state in which everything one seat cannot see is dealt again at random, consistently with what it
sees (hand and deck sizes, revealed roles, cards in play, the discard pile, fallen characters): each game's declared
determinizer (`Game.search`, which the searching AI uses too) rebuilds it from the seat's view alone. The
seat's view, its legal actions and its AI's decision (with the same memory) must be the same in every copy.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from bangbot import games
from bangbot.ai.levels import NORMAL, players_at
from bangbot.ai.mixing import mix
from bangbot.ai.random_player import SEED_KEY
from bangbot.games.contract import AIPlayer, AnyRuleset, GameConfig, Memory

Resampler = Callable[[Any, int | None, random.Random], Any]


def resampler(config: GameConfig) -> Resampler:
    """Returns a resampler of a config's game: its declared determinizer fed the seat's view of the state."""
    rules = games.game(config.ruleset).ruleset
    determinize = games.game(rules.id).search.determinize
    return lambda state, seat, rnd: determinize(rules.view(state, seat), rnd)


@dataclass
class Position:
    """A decision reached in self-play: the state, every seat's AI memory, and the AI that decides for each seat."""

    state: Any
    memories: list[Memory]
    player: AIPlayer


def self_play(config: GameConfig, seed: int, explore: float = 0.2, step_cap: int = 3000) -> Iterator[Position]:
    """Yields every decision of one seeded game of heuristic AI players fed only their seats' events.

    A share explore of the moves is a random legal action instead, so the game reaches positions the AI avoids.
    """
    rules = games.game(config.ruleset).ruleset
    player = players_at(NORMAL)[rules.id]
    chooser = random.Random(seed)
    memories: list[Memory] = [{SEED_KEY: mix(0x5E, seed, s)} for s in range(config.players)]
    state, events = rules.new_game(config, seed)
    for _ in range(step_cap):
        for s, memory in enumerate(memories):
            player.observe(memory, s, [e.for_seat(s) for e in events])
        if rules.winner(state) is not None:
            return
        yield Position(state, memories, player)
        seat = chooser.choice(rules.awaiting(state))  # answers to a Gatling come in any order
        legal = rules.legal_actions(state, seat)
        explored = chooser.random() < explore
        action = chooser.choice(legal) if explored else player.decide(rules.view(state, seat), memories[seat])
        state, events = rules.apply(state, seat, action)


def differences(before: Any, after: Any) -> list[str]:
    """Returns the names of the dataclass fields whose values differ between two views."""
    return [name for name in before.__dataclass_fields__ if getattr(before, name) != getattr(after, name)]


def check_position(
    rules: AnyRuleset, position: Position, seat: int | None, resample: Resampler, rnd: random.Random, tries: int
) -> list[str]:
    """Returns what changes for seat (its view, legal actions, AI's decision) when what it cannot see is dealt again."""
    state = position.state
    seen = rules.view(state, seat)
    asked = seat is not None and seat in rules.awaiting(state)
    decided = position.player.decide(seen, position.memories[seat]) if asked and seat is not None else None
    legal = rules.legal_actions(state, seat) if seat is not None else []
    problems: list[str] = []
    for _ in range(tries):
        other = resample(state, seat, rnd)
        changed = differences(seen, rules.view(other, seat))
        if changed:
            problems.append(f"seat {seat}'s view changes in {changed}")
        if seat is not None and rules.legal_actions(other, seat) != legal:
            problems.append(f"seat {seat}'s legal actions change")
        if asked and seat is not None:
            again = position.player.decide(rules.view(other, seat), position.memories[seat])
            if again != decided:
                problems.append(f"seat {seat}'s AI decides {again} instead of {decided}")
    return problems
