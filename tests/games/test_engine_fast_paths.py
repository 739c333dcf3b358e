"""The engines' fast paths give exactly what their plain definitions give, on seeded random games of every game.

apply checks one action without listing them all (`is_legal`), and base BANG!'s look-ahead for pointless questions
stops early for a queued answer (`flow.still_queued`), for a hit that costs life (`flow.hit_costs_life`) and for
answers that leave different cards in a hand (`flow.hands_apart`): both must agree with the plain rule, for legal
actions and for actions that are not (other cards, other targets, other seats' moves).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bangbot.games import game as registered
from bangbot.games.bang.rules import flow
from bangbot.games.bang.rules import legal as bang_legal
from bangbot.games.bang.rules.actions import EndTurn, Heal, Play
from bangbot.games.bang.rules.engine import apply_in_place
from bangbot.games.bang.rules.resolve import resolve
from bangbot.games.bang.rules.state import GameState
from bangbot.games.duel.rules import actions as duel_actions
from bangbot.games.duel.rules import legal as duel_legal

GAMES = 6
BANG_TABLES = (("base", 4), ("base", 7), ("starwars", 5))
DUEL_MODES = ("duel", "third_law", "reinforcements", "standoff")


def _states(game: str, config: Any, games: int) -> Iterator[tuple[Any, list[Any]]]:
    """Yields every state of seeded random games with the actions chosen on the way (strangers to most states)."""
    rules: Any = registered(game).ruleset
    for seed in range(games):
        chooser = random.Random(seed)
        state, _ = rules.new_game(config, seed)
        seen: list[Any] = []
        while rules.winner(state) is None:
            yield state, seen
            seats = rules.awaiting(state)
            seat = seats[chooser.randrange(len(seats))]
            action = chooser.choice(rules.legal_actions(state, seat))
            seen = [*seen[-30:], action]
            state, _ = rules.apply(state, seat, action)


def _bang_candidates(state: GameState, seen: list[Any]) -> list[Any]:
    """Returns actions to ask about: the recent ones, and every card of every hand at every seat or none."""
    seats = range(len(state.players))
    cards = [c for p in state.players for c in p.hand]
    plays = [Play(c, t) for c in cards for t in (None, *seats)] + [Play(c, t, -1) for c in cards for t in seats]
    return [*seen, *plays, EndTurn(), Heal((cards[0], cards[-1])) if cards else EndTurn()]


@pytest.mark.parametrize(("game", "players"), BANG_TABLES)
def test_bang_is_legal_is_membership_in_the_legal_actions(game: str, players: int) -> None:
    rules: Any = registered(game).ruleset
    config = rules.config(players, rules.presets[0])
    checked = 0
    for state, seen in _states(game, config, GAMES):
        for seat in range(players):
            legal = bang_legal.legal_actions(state, seat)
            for action in _bang_candidates(state, seen):
                assert bang_legal.is_legal(state, seat, action) == (action in legal), (seat, action)
                checked += 1
    assert checked > 10_000


def _plain_alike(state: GameState, seat: int, options: list[Any]) -> bool:
    """Returns alike's plain definition: every answer, settled without judging, leaves the same state."""
    ends = []
    for option in options:
        after = state.copy()
        resolve(after, [], seat, option)
        flow.settle(after, [], judge=False)
        ends.append(after)
    return all(end == ends[0] for end in ends[1:])


@pytest.mark.parametrize(("game", "players"), BANG_TABLES)
def test_alike_with_its_queued_answer_shortcut_is_the_plain_comparison(
    game: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[tuple[GameState, int, list[Any], bool]] = []
    fast = flow.alike
    costs_life, cards_apart = flow.hit_costs_life, flow.hands_apart
    hits: list[bool] = []
    aparts: list[bool] = []

    def counted(state: GameState, seat: int, options: list[Any]) -> bool:
        hits.append(costs_life(state, seat, options))
        return hits[-1]

    def counted_apart(state: GameState, seat: int, options: list[Any]) -> bool:
        aparts.append(cards_apart(state, seat, options))
        return aparts[-1]

    def recording(state: GameState, seat: int, options: list[Any]) -> bool:
        result = fast(state, seat, options)
        asked.append((state.copy(), seat, list(options), result))
        return result

    monkeypatch.setattr(flow, "alike", recording)
    monkeypatch.setattr(flow, "hit_costs_life", counted)
    monkeypatch.setattr(flow, "hands_apart", counted_apart)
    rules: Any = registered(game).ruleset
    config = rules.config(players, rules.presets[0])
    for seed in range(GAMES):
        chooser = random.Random(seed)
        state, _ = rules.new_game(config, seed)
        while state.winner is None:
            seats = rules.awaiting(state)
            seat = seats[chooser.randrange(len(seats))]
            apply_in_place(state, seat, chooser.choice(rules.legal_actions(state, seat)))
    shortcut = sum(1 for s, seat, _, _ in asked if s.requests and s.requests[0].seat != seat)
    assert shortcut > 0, "no queued answer was judged: the shortcut went untested"
    assert game != "base" or any(hits), "no hit that costs life was judged: the shortcut went untested"
    assert game != "base" or any(aparts), "no answers leaving different cards were judged: untested"
    for state, seat, options, result in asked:
        assert result == _plain_alike(state, seat, options), (seat, options)


def _duel_candidates(state: Any, seen: list[Any]) -> list[Any]:
    """Returns actions to ask about: the recent ones, every hand card at every slot, the turn's own moves."""
    slots = (None, *range(2 * len(state.squads)))
    cards = [c for squad in state.squads for c in squad.hand]
    plays = [duel_actions.Play(c, t) for c in cards for t in slots]
    return [*seen, *plays, duel_actions.EndTurn(), duel_actions.Swap()]


@pytest.mark.parametrize("mode", DUEL_MODES)
def test_duel_is_legal_is_membership_in_the_legal_actions(mode: str) -> None:
    rules: Any = registered("duel").ruleset
    config = rules.config(registered("duel").mode_seats(mode), mode)
    checked = 0
    for state, seen in _states("duel", config, GAMES):
        for seat in range(config.players):
            legal = duel_legal.legal_actions(state, seat)
            for action in _duel_candidates(state, seen):
                assert duel_legal.is_legal(state, seat, action) == (action in legal), (seat, action)
                checked += 1
    assert checked > 10_000
