"""The leaf models of the BANG! family: each game's rollouts are scored by weights fitted on its own games."""

from __future__ import annotations

import math
from typing import Any

import pytest

import tools.fit_leaf
from bangbot import games
from bangbot.ai.loop import MatchResult
from bangbot.games.bang.ai.match import Lineup, play_match
from bangbot.games.bang.leaf import READING, SIDE_OF, WEIGHTS, Weights, chances, reading
from bangbot.games.bang.rules.roles import DEPUTY, LAW, OUTLAW, OUTLAWS, SHERIFF
from bangbot.games.bang.rules.state import GameConfig, GameState
from bangbot.games.bang.starwars.ai.leaf import STARWARS_WEIGHTS


def dealt(game_id: str, players: int = 5, seed: int = 4) -> GameState:
    """Returns a fresh table of a BANG! family game."""
    rules = games.game(game_id).ruleset
    state, _ = rules.new_game(rules.config(players, rules.presets[0]), seed)
    assert isinstance(state, GameState)
    return state


@pytest.mark.parametrize(("game_id", "weights"), [("base", WEIGHTS), ("starwars", STARWARS_WEIGHTS)])
def test_each_game_scores_a_cut_rollout_with_its_own_weights(game_id: str, weights: Weights) -> None:
    state = dealt(game_id)
    score = games.game(game_id).search.score
    assert score is not None
    for p in state.players:
        assert score(state, p.seat) == pytest.approx(chances(state, weights)[SIDE_OF[p.role]])


def test_star_wars_weights_differ_from_base_bangs_and_read_energy_as_life() -> None:
    state = dealt("starwars", 5)
    base, own = chances(state), chances(state, STARWARS_WEIGHTS)
    assert abs(base[LAW] - own[LAW]) > 0.01
    vader = next(p for p in state.players if p.role == SHERIFF)
    rebel = next(p for p in state.players if p.role == OUTLAW)
    vader.life -= 2
    hurt = chances(state, STARWARS_WEIGHTS)
    assert hurt[OUTLAWS] > own[OUTLAWS] and hurt[LAW] < own[LAW]
    score = games.game("starwars").search.score
    assert score is not None and score(state, rebel.seat) == pytest.approx(hurt[OUTLAWS])


def test_the_fitting_tool_plays_the_game_it_is_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[str] = []

    def watched(config: GameConfig, seed: int, lineup: Lineup, **kw: Any) -> MatchResult:
        played.append(config.ruleset)
        return play_match(config, seed, lineup, **kw)

    monkeypatch.setattr("tools.fit_leaf.play_match", watched)
    rows = tools.fit_leaf.positions("starwars", 2)
    assert played == ["starwars", "starwars"]
    assert rows and all(len(row) == 1 + 4 * tools.fit_leaf.PER_ROLE and winner in WEIGHTS for row, winner in rows)


def test_the_fitting_tool_reads_a_position_as_the_leaf_does() -> None:
    state = dealt("starwars", 7, seed=9)
    state.players[2].life -= 1
    row = tools.fit_leaf.features(state)
    for weights in (WEIGHTS, STARWARS_WEIGHTS):
        for side, chance in chances(state, weights).items():
            loss = tools.fit_leaf.log_loss(tools.fit_leaf.flat(weights), [(row, side)])
            assert loss == pytest.approx(-math.log(chance))


def test_the_leaf_reads_a_seat_by_life_hand_cards_in_play_and_last_life() -> None:
    state = dealt("base", 5)
    sheriff = next(p for p in state.players if p.role == SHERIFF)
    sheriff.life, sheriff.hand, sheriff.in_play = 1, [1, 2], [3]
    assert dict(zip(READING, reading(sheriff), strict=True)) == {
        "life": 1.0,
        "seat": 1.0,
        "hand": 2.0,
        "in_play": 1.0,
        "last_life": 1.0,
    }
    sheriff.life = 2
    assert reading(sheriff) == (2.0, 1.0, 2.0, 1.0, 0.0)


@pytest.mark.parametrize(("game_id", "weights"), [("base", WEIGHTS), ("starwars", STARWARS_WEIGHTS)])
def test_a_sheriff_on_his_last_life_is_in_more_danger_than_his_lost_life_alone_says(
    game_id: str, weights: Weights
) -> None:
    state = dealt(game_id, 6)
    sheriff = next(p for p in state.players if p.role == SHERIFF)
    by_life = {}
    for life in (3, 2, 1):
        sheriff.life = life
        by_life[life] = chances(state, weights)[OUTLAWS]
    assert by_life[1] - by_life[2] > by_life[2] - by_life[3] > 0


@pytest.mark.parametrize(("game_id", "weights"), [("base", WEIGHTS), ("starwars", STARWARS_WEIGHTS)])
def test_the_laws_cards_in_play_raise_its_chance(game_id: str, weights: Weights) -> None:
    state = dealt(game_id, 6)
    before = chances(state, weights)[LAW]
    for p in state.players:
        if p.role in (SHERIFF, DEPUTY):
            p.in_play.append(p.hand.pop())
    assert chances(state, weights)[LAW] > before
