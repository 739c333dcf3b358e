"""The searching AI (the "hard" level): whole games of every game and mode end with no broken invariant, the same seed
gives the same decisions, and a level is chosen by name (a bad one is refused)."""

from __future__ import annotations

import pytest

from bangbot import games
from bangbot.ai.players import players_at
from bangbot.ai.search import Budget, budget_from_env
from bangbot.bench.compare import Tally, play_seat, tables
from bangbot.cli import main
from bangbot.games.declaration import Game

TINY = Budget(worlds=1, answer_worlds=1, candidates=2, horizon=40, seconds=60.0)  # never cut by the clock


def cases() -> list[tuple[Game, str, int]]:
    """Returns one table of every game at its smallest size, and every mode of a modal game."""
    return [(g, preset, n) for g in games.GAMES for preset, n in (tables(g) if g.modal else list(tables(g))[:1])]


def play(game: Game, preset: str, n: int, seed: int) -> list[object]:
    """Plays one deal with the searching AI in seat 0 against heuristic players; returns every decision made."""
    rules = game.ruleset
    config = rules.config(n, preset)
    searcher = players_at("hard", TINY)[game.id]
    others = players_at("normal")[game.id]
    state, events = rules.new_game(config, seed)
    decisions: list[object] = []
    for _ in range(3000):
        assert rules.invariants(state, events) == []
        if rules.winner(state) is not None:
            return decisions
        asked = rules.awaiting(state)[0]
        player = searcher if asked == 0 else others
        view = rules.view(state, asked)
        action = player.decide(view, {"seed": seed * 7 + asked})
        assert action in view.legal
        decisions.append(action)
        state, events = rules.apply(state, asked, action)
    raise AssertionError("the game never ended")


@pytest.mark.parametrize(("game", "preset", "n"), [(g.id, p, n) for g, p, n in cases()])
def test_the_searching_ai_plays_whole_games_that_end_with_every_invariant_kept(game: str, preset: str, n: int) -> None:
    assert play(games.game(game), preset, n, seed=11)


def test_the_same_seed_gives_the_same_decisions() -> None:
    game = games.game(games.GAME_IDS[0])
    assert play(game, "standard", 4, seed=5) == play(game, "standard", 4, seed=5)


def test_the_bench_counts_the_seats_role_and_result() -> None:
    game = games.game(games.GAME_IDS[0])
    tally = Tally()
    config = game.ruleset.config(4, "standard")
    play_seat(game, config, 3, 1, players_at("hard", TINY)[game.id], players_at("normal")[game.id], tally)
    assert sum(tally.games.values()) == 1 and tally.times


def test_a_level_is_chosen_by_name_and_a_bad_one_is_refused() -> None:
    assert set(players_at("easy")) == set(games.GAME_IDS)
    with pytest.raises(ValueError, match="easy, normal, hard"):
        players_at("brutal")
    assert budget_from_env({"BANGBOT_AI_SECONDS": "0.5"}).seconds == 0.5
    with pytest.raises(ValueError):
        budget_from_env({"BANGBOT_AI_SECONDS": "-1"})


def test_a_bad_time_budget_or_level_stops_the_terminal_with_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BANGBOT_AI_SECONDS", "abc")
    with pytest.raises(SystemExit) as stopped:
        main(["--terminal"])
    assert stopped.value.code == 2
    monkeypatch.delenv("BANGBOT_AI_SECONDS")
    with pytest.raises(SystemExit) as refused:
        main(["--terminal", "--ai", "brutal"])
    assert refused.value.code == 2
