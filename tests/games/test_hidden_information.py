"""Hidden information stays hidden, proven by resampling (tests/hidden_info.py): in every game and mode, positions
reached in seeded self-play are dealt again wherever a seat cannot see, and its view, legal actions and AI's decision
must not change. BANGBOT_HIDDEN_GAMES sets the games per configuration (a longer run)."""

from __future__ import annotations

import copy
import os
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import pytest

from bangbot.ai.levels import HARD, players_at
from bangbot.ai.search import Budget
from bangbot.games import game as registered
from bangbot.games.bang.rules.state import GameConfig
from bangbot.games.bang.ruleset import BASE
from bangbot.games.bang.starwars.rules.data import STARWARS
from bangbot.games.contract import AnyRuleset
from bangbot.games.duel.rules.modes import MODE_IDS
from bangbot.games.duel.rules.state import DuelState
from bangbot.games.duel.ruleset import DUEL
from tests.hidden_info import Position, check_position, resampler, self_play

GAMES = int(os.environ.get("BANGBOT_HIDDEN_GAMES", "20"))
CHECK_EVERY = 4  # one decision in this many is resampled (a few hundred positions per configuration)
TRIES = 3  # resampled copies per seat and position


@dataclass(frozen=True)
class Table:
    """A configuration to test: game, preset (or Duel mode) and table size."""

    game: str
    preset: str
    players: int

    def config(self) -> GameConfig:
        """Returns the config this table is dealt with."""
        return registered(self.game).ruleset.config(self.players, self.preset)


TABLES = [
    *(Table(BASE, preset, n) for preset in ("standard", "ja") for n in range(4, 8)),
    *(Table(STARWARS, "standard", n) for n in range(4, 8)),
    *(Table(DUEL, mode, registered(DUEL).mode_seats(mode)) for mode in MODE_IDS),  # type: ignore[attr-defined]
]


def seats_to_check(position: Position, rnd: random.Random) -> list[int | None]:
    """Returns the seats checked at a position: one asked, another one at random, and the group chat (None)."""
    rules = registered(position.state.config.ruleset).ruleset
    asked = rnd.choice(rules.awaiting(position.state))
    other = rnd.choice([s for s in range(position.state.config.players) if s != asked])
    return [asked, other, None]


def table_id(table: Table) -> str:
    """Returns a configuration's test id: game, preset and size."""
    return f"{table.game}-{table.preset}-{table.players}"


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_what_a_seat_cannot_see_changes_nothing_it_sees_or_does(table: Table) -> None:
    config = table.config()
    rules, resample = registered(config.ruleset).ruleset, resampler(config)
    rnd = random.Random(table.players)
    found = positions(table, GAMES)
    problems = [
        f"position {i}: {problem}"
        for i, position in enumerate(found)
        for seat in seats_to_check(position, rnd)
        for problem in check_position(rules, position, seat, resample, rnd, TRIES)
    ]
    assert not problems, "\n".join(problems[:10])
    assert len(found) >= 5 * GAMES


def positions(table: Table, games: int) -> list[Position]:
    """Returns one decision in CHECK_EVERY of seeded self-play games, each with a copy of the memories then."""
    out: list[Position] = []
    for seed in range(games):
        for step, p in enumerate(self_play(table.config(), seed)):
            if step % CHECK_EVERY == 0:
                out.append(Position(p.state, copy.deepcopy(p.memories), p.player))
    return out


# Four worlds of two candidates per decision, so another choice can win: never cut by the clock or the steps
SEARCH_BUDGET = Budget(steps=10**6, answer_steps=10**6, max_worlds=4, candidates=2, horizon=30, seconds=600.0)


@pytest.mark.parametrize("table", [TABLES[1], TABLES[9], TABLES[-2], TABLES[-1]], ids=table_id)
def test_the_searching_ai_decides_the_same_whatever_its_seat_cannot_see(table: Table) -> None:
    config = table.config()
    rules, resample = registered(config.ruleset).ruleset, resampler(config)
    searcher = players_at(HARD, SEARCH_BUDGET)[rules.id]
    rnd = random.Random(5)
    found = [Position(p.state, p.memories, searcher) for p in positions(table, 1)[::2]]
    problems = [
        f"position {i}: {problem}"
        for i, position in enumerate(found)
        for problem in check_position(rules, position, rules.awaiting(position.state)[0], resample, rnd, 2)
    ]
    assert not problems, "\n".join(problems[:10])


def hidden_parts(state: Any, seat: int) -> Any:
    """Returns what seat cannot see of a state: other hands, deck orders, hidden roles, other reserves."""
    if isinstance(state, DuelState):
        others = [q for q in state.squads if q.seat != seat]
        return [q.hand for q in others], [q.deck for q in state.squads], state.common, [q.reserve for q in others]
    players = [p for p in state.players if p.seat != seat]
    return [p.hand for p in players], state.deck, [p.role for p in players]


@pytest.mark.parametrize("table", [TABLES[1], TABLES[6], TABLES[9], TABLES[-2], TABLES[-1]], ids=table_id)
def test_a_resampled_state_is_sound_and_deals_again_what_the_seat_cannot_see(table: Table) -> None:
    rules, resample = registered(table.game).ruleset, resampler(table.config())
    rnd = random.Random(7)
    changed = 0
    found = positions(table, 1)
    for position in found:
        seat = rnd.randrange(table.players)
        other = resample(position.state, seat, rnd)
        assert rules.invariants(other, []) == []
        assert rules.view(other, seat) == rules.view(position.state, seat)
        changed += hidden_parts(other, seat) != hidden_parts(position.state, seat)
    assert changed >= len(found) * 0.8, f"only {changed} of {len(found)} copies differ where the seat cannot see"


def leak_other_hand(state: Any, seat: int | None) -> int:
    """Returns the first card of the next seat's hand (-1 for none), which seat may not know."""
    n = state.config.players
    nxt = ((seat or 0) + 1) % n
    hand = state.squads[nxt].hand if isinstance(state, DuelState) else state.players[nxt].hand
    return hand[0] if hand else -1


def leak_deck_top(state: Any, seat: int | None) -> int:
    """Returns the top card of seat's own deck in the Duel, of the deck otherwise (-1 for none)."""
    deck = state.squads[seat or 0].deck if isinstance(state, DuelState) else state.deck
    return deck[-1] if deck else -1


def leak_hidden_side(state: Any, seat: int | None) -> int:
    """Returns a hash of the next seat's role, or of its reserve in the Duel."""
    nxt = ((seat or 0) + 1) % state.config.players
    if isinstance(state, DuelState):
        return hash(tuple(state.squads[nxt].reserve))
    return hash(state.players[nxt].role)


@dataclass
class LeakyRules:
    """A ruleset whose views also carry one hidden thing (in their version field), as a leak would."""

    rules: AnyRuleset
    leak: Callable[[Any, int | None], int]

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rules, name)

    def view(self, state: Any, seat: int | None) -> Any:
        """Returns the real view with the leaked value in place of the version."""
        return replace(self.rules.view(state, seat), version=self.leak(state, seat))


@pytest.mark.parametrize("leak", [leak_other_hand, leak_deck_top, leak_hidden_side], ids=lambda f: f.__name__)
@pytest.mark.parametrize("table", [TABLES[0], TABLES[9], TABLES[-1]], ids=table_id)
def test_the_check_catches_a_view_that_shows_a_hidden_thing(
    table: Table, leak: Callable[[Any, int | None], int]
) -> None:
    config = table.config()
    leaky = LeakyRules(registered(table.game).ruleset, leak)
    rnd = random.Random(3)
    caught = sum(
        bool(check_position(leaky, p, seat, resampler(config), rnd, TRIES))  # type: ignore[arg-type]
        for p in positions(table, 1)[:8]
        for seat in range(config.players)
    )
    assert caught
