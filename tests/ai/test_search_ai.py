"""The searching AI (the "hard" level): whole games of every game and mode end with no broken invariant, the same seed
gives the same decisions, and a level is chosen by name (a bad one is refused)."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

import pytest

from bangbot import games
from bangbot.ai.levels import EASY, HARD, NORMAL, player_at, players_at
from bangbot.ai.random_player import SEED_KEY
from bangbot.ai.search import MIN_WORLDS, Budget, SearchPlayer, budget_for, budget_from_env
from bangbot.bench.compare import Pooled, Tally, compare_game, interval, play_deal, play_seat, tables
from bangbot.bench.shares import deal_interval, level_shares
from bangbot.cli import main
from bangbot.games.bang.ai.cardinfo import kind
from bangbot.games.bang.ai.evidence import record
from bangbot.games.bang.determinize import determinize
from bangbot.games.bang.leaf import chances
from bangbot.games.bang.leaf import score as bang_score
from bangbot.games.bang.rules.cards import BANG
from bangbot.games.bang.rules.roles import DEPUTY, LAW, OUTLAW, OUTLAWS, RENEGADE, SHERIFF
from bangbot.games.bang.rules.views import PlayerView
from bangbot.games.contract import Game, Memory
from bangbot.games.duel.determinize import score

TINY = Budget(steps=0, answer_steps=0, candidates=2, horizon=40, seconds=60.0)  # one world a decision, no clock cut


def cases() -> list[tuple[Game, str, int]]:
    """Returns one table of every game at its smallest size, and every mode of a modal game."""
    return [(g, preset, n) for g in games.GAMES for preset, n in (tables(g) if g.modal else list(tables(g))[:1])]


def play(game: Game, preset: str, n: int, seed: int) -> list[object]:
    """Plays one deal with the searching AI in seat 0 against heuristic players; returns every decision made."""
    rules = game.ruleset
    config = rules.config(n, preset)
    searcher = player_at(game, HARD, TINY)
    others = player_at(game, NORMAL)
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
    play_seat(game, config, 3, 1, player_at(game, HARD, TINY), player_at(game, NORMAL), tally)
    assert sum(tally.games.values()) == 1 and tally.times


def test_a_level_is_chosen_by_name_and_a_bad_one_is_refused() -> None:
    assert set(players_at(EASY)) == set(games.GAME_IDS)
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


def searcher(game_id: str, budget: Budget = TINY) -> SearchPlayer:
    """Returns the searching AI of a game."""
    player = players_at(HARD, budget)[game_id]
    assert isinstance(player, SearchPlayer)
    return player


def test_another_candidate_wins_only_with_a_proven_lead_over_the_heuristics_choice_in_the_same_worlds() -> None:
    pick = searcher("base").pick
    assert pick([[0.0] * 6, [1.0] * 6, [1.0, 0.0] * 3]) == 1  # won every world where the heuristic's lost
    assert pick([[0.0] * 6, [1.0, 0.0] * 3, [1.0] * 6]) == 2  # the largest proven lead
    assert pick([[0.0] * (MIN_WORLDS - 1), [1.0] * (MIN_WORLDS - 1)]) == 0  # too few worlds to prove anything
    assert pick([[0.0, 1.0] * 3, [1.0, 0.0] * 3]) == 0  # as many worlds lost as won: no lead
    assert pick([[0.0, 1.0, 0.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 0.0, 0.0, 1.0]]) == 0  # a lead of one is luck


def test_the_candidates_are_the_heuristics_best_few_its_choice_first() -> None:
    game = games.game("base")
    rules = game.ruleset
    state, _ = rules.new_game(rules.config(5, "standard"), 3)
    view = rules.view(state, rules.awaiting(state)[0])
    player = searcher("base", Budget(candidates=3))
    memory = {SEED_KEY: 1}
    preferred = player.policy.decide(view, memory)
    found = player.candidates(view, memory, preferred)
    assert found[0] == preferred and len(found) == len(set(map(repr, found))) == min(3, len(view.legal))
    assert all(a in view.legal for a in found)


def test_hidden_roles_are_dealt_by_what_the_seat_saw_each_seat_do() -> None:
    rules = games.game("base").ruleset
    state, events = rules.new_game(rules.config(5, "standard"), 8)
    sheriff = next(p.seat for p in state.players if p.role == SHERIFF)
    me, shooter = (sheriff + 1) % 5, (sheriff + 2) % 5
    bang = next(c for c in sorted(state.all_cards()) if kind(c) == BANG)
    memory: dict[str, object] = {}
    record(memory, [e.for_seat(me) for e in events])
    record(memory, [{"kind": "play", "card": bang, "seat": shooter, "target": sheriff}] * 4)
    view = rules.view(state, me)
    assert isinstance(view, PlayerView)
    rnd = random.Random(1)
    weighed = sum(determinize(view, rnd, memory).players[shooter].role == OUTLAW for _ in range(200))
    blind = sum(determinize(view, rnd).players[shooter].role == OUTLAW for _ in range(200))
    assert state.players[me].role != OUTLAW  # so two Outlaws hide among the three other hidden seats
    assert weighed > blind + 25  # about 9 in 10 against about 2 in 3


def test_a_cut_duel_rollout_is_scored_by_each_squads_share_of_the_life_left() -> None:
    rules = games.game("duel").ruleset
    state, _ = rules.new_game(rules.config(2, "duel"), 4)
    heuristic = players_at(NORMAL)["duel"]
    while not all(q.fighters for q in state.squads):  # the lineups
        asked = rules.awaiting(state)[0]
        state, _ = rules.apply(state, asked, heuristic.decide(rules.view(state, asked), {}))
    shares = [score(state, s) for s in range(2)]
    assert all(0 < x < 1 for x in shares) and sum(shares) == pytest.approx(1.0)
    state.squads[0].fighters[0].life -= 2
    assert score(state, 0) < shares[0] and score(state, 1) > shares[1]


def test_the_time_budget_sets_the_rollout_steps() -> None:
    assert budget_for(1.0).steps == 5 * budget_for(0.2).steps == 5 * budget_for(1.0).answer_steps


def test_the_shares_bench_counts_each_winning_side_against_the_games_aim() -> None:
    game = games.game("base")
    fig = level_shares(game, game.ruleset.config(5, "standard"), "normal", 4, 1)
    sides = fig["sides"]
    assert fig["games"] == 4 and fig["capped"] == 0
    assert sum(v["share"] for v in sides.values()) == pytest.approx(100.0)
    assert all(v["drift_points"] == pytest.approx(v["share"] - v["aimed"]) for v in sides.values())
    duel = games.game("duel")
    assert all(
        "aimed" not in v for v in level_shares(duel, duel.ruleset.config(2, "duel"), "easy", 2, 1)["sides"].values()
    )


def test_mirrored_shares_play_each_deal_once_per_seat_of_its_roles_and_a_duel_once() -> None:
    game = games.game("starwars")
    config = game.ruleset.config(4, "standard")
    fig = level_shares(game, config, "easy", 2, 1, rotate=True)
    assert (fig["games"], fig["deals"], fig["rotations"]) == (8, 2, 4)
    first_seat = [play_deal(game, config, 1, [game.random()] * 4, rotation=k).players[0].role for k in range(4)]
    assert first_seat == [play_deal(game, config, 1, [game.random()] * 4).players[(0 - k) % 4].role for k in range(4)]
    assert len(set(first_seat)) == 3  # Sheriff, Renegade, Outlaw: each role of the deal in that seat once
    duel = games.game("duel")
    assert level_shares(duel, duel.ruleset.config(2, "duel"), "easy", 2, 1, rotate=True)["games"] == 2


def test_a_mirrored_share_counts_each_deal_as_one_draw_in_its_interval() -> None:
    assert deal_interval([0.5, 0.5], 8) == interval(4, 8)  # deals alike: as wide as the games allow
    split, wilson = deal_interval([1.0, 0.0], 8), interval(4, 8)  # one deal all wins, the other none
    assert split[1] - split[0] > wilson[1] - wilson[0] + 20


@pytest.mark.parametrize("argv", [["--compare", "hard,normal"], ["--sanity"], []])
def test_rotate_without_shares_is_refused_before_anything_runs(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["bench", "ai", *argv, "--rotate", "--games", "1"])
    assert exited.value.code == 2
    assert "--shares" in capsys.readouterr().err


def test_the_shares_command_rotates_every_table_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["bench", "ai", "--shares", "easy", "--only", "base", "--games", "1", "--rotate", "--json"])
    assert exited.value.code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["rotate"] is True
    assert {table: fig["easy"]["games"] for table, fig in report["games"]["base"].items()} == {
        f"standard-{n}": n for n in range(4, 8)
    }


def test_a_cut_bang_rollout_is_scored_by_the_sides_chances_to_win() -> None:
    rules = games.game("base").ruleset
    state, _ = rules.new_game(rules.config(5, "standard"), 4)
    sheriff = next(p for p in state.players if p.role == SHERIFF)
    outlaw = next(p for p in state.players if p.role == OUTLAW)
    before = chances(state)
    assert sum(before.values()) == pytest.approx(1.0) and all(0 < x < 1 for x in before.values())
    sheriff.life -= 2
    assert bang_score(state, outlaw.seat) > before[OUTLAWS] and bang_score(state, sheriff.seat) < before[LAW]
    outlaw.life, outlaw.alive = 0, False
    assert bang_score(state, outlaw.seat) < chances(rules.new_game(rules.config(5, "standard"), 4)[0])[OUTLAWS]


def test_the_compare_bench_pairs_each_seats_results_by_game_and_role(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BANGBOT_AI_SECONDS", "0.01")  # too little to search: the hard level plays as the heuristic
    pooled = Pooled()
    compare_game(games.game("duel"), ["hard", "normal"], 1, 1, pooled)
    by_role = pooled.by_role
    assert sum(map(len, by_role.values())) == len(pooled.diffs) == sum(n for _, n in tables(games.game("duel")))
    assert all(key.startswith("duel ") for key in by_role) and len(by_role) >= 2


def test_a_cautious_seat_needs_twice_the_proof_to_leave_the_heuristics_choice() -> None:
    pick = searcher("base").pick
    results = [[0.0] * 8, [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0]]  # a lead of a quarter, about 1.5 standard errors
    assert pick(results) == 1 and pick(results, errors=2.0) == 0 and pick(results, lead=7.0) == 1
    small = [[0.0] * 8, [0.05] * 8]  # a lead of 5 points in every world: below twice the least lead
    assert pick(small) == 1 and pick(small, lead=2.0) == 0 and pick(small, errors=2.0) == 1


RENEGADE_PROOF_BY_GAME = [("base", (1.0, 1.0)), ("starwars", (math.inf, math.inf))]  # through the game


def cautious_deal(game_id: str) -> tuple[Game, Callable[[Any], tuple[float, float]], Any]:
    """Returns the game, its caution and a deal of 5 seats."""
    game = games.game(game_id)
    caution = game.search.caution
    assert caution is not None
    state, _ = game.ruleset.new_game(game.ruleset.config(5, "standard"), 2)
    return game, caution, state


@pytest.mark.parametrize(("game_id", "renegade"), RENEGADE_PROOF_BY_GAME)
def test_the_law_of_bang_keeps_its_heuristic_and_the_outlaws_search(
    game_id: str, renegade: tuple[float, float]
) -> None:
    game, caution, state = cautious_deal(game_id)
    by_role = {p.role: caution(game.ruleset.view(state, p.seat)) for p in state.players}
    assert by_role[SHERIFF] == (math.inf, math.inf) and by_role[DEPUTY] == (math.inf, math.inf)
    assert by_role[OUTLAW] == (1.0, 1.0) and by_role[RENEGADE] == renegade


@pytest.mark.parametrize(("game_id", "renegade"), RENEGADE_PROOF_BY_GAME)
def test_the_sheriff_of_bang_and_its_renegade_search_once_three_players_are_left(
    game_id: str, renegade: tuple[float, float]
) -> None:
    game, caution, state = cautious_deal(game_id)
    seat = {p.role: p.seat for p in state.players}  # an Outlaw's seat: the last one dealt
    sheriff, deputy, outlaw = seat[SHERIFF], seat[DEPUTY], seat[OUTLAW]
    other = next(p.seat for p in state.players if p.role == OUTLAW and p.seat != outlaw)

    def alive(role: str, *seats: int) -> Any:
        view = game.ruleset.view(state, seat[role])
        assert isinstance(view, PlayerView)
        return replace(view, seats=tuple(replace(s, alive=s.seat in seats) for s in view.seats))

    assert caution(alive(SHERIFF, sheriff, seat[RENEGADE], outlaw, other)) == (math.inf, math.inf)
    assert caution(alive(RENEGADE, sheriff, seat[RENEGADE], outlaw, other)) == renegade
    assert caution(alive(DEPUTY, sheriff, deputy, seat[RENEGADE], outlaw)) == (math.inf, math.inf)
    assert (
        caution(alive(SHERIFF, sheriff, seat[RENEGADE], outlaw))
        == caution(alive(SHERIFF, sheriff, outlaw))
        == (1.0, 1.0)
    )
    assert caution(alive(RENEGADE, sheriff, seat[RENEGADE], outlaw)) == (1.0, 1.0)
    assert caution(alive(DEPUTY, sheriff, deputy, outlaw)) == (math.inf, math.inf)  # the Deputy's proved nothing


@pytest.mark.parametrize(
    ("game_id", "role", "searched"),
    [
        ("starwars", SHERIFF, False),
        ("base", SHERIFF, False),
        ("base", DEPUTY, False),
        ("starwars", DEPUTY, False),
        ("starwars", RENEGADE, False),
        ("base", RENEGADE, True),
        ("base", OUTLAW, True),
        ("starwars", OUTLAW, True),
    ],
)
def test_the_law_plays_the_hard_policys_choice_unsearched_and_the_others_search(
    game_id: str, role: str, searched: bool
) -> None:
    game = games.game(game_id)
    worlds: list[int] = []

    def determinize_counted(view: Any, rnd: random.Random, memory: Mapping[str, Any] | None = None) -> object:
        worlds.append(1)
        return game.search.determinize(view, rnd, memory)

    search = replace(game.search, determinize=determinize_counted)
    hard = player_at(game, HARD, Budget(steps=2000, seconds=600.0))
    assert isinstance(hard, SearchPlayer)
    player = SearchPlayer(game.ruleset, lambda: hard.policy, search, hard.budget)  # the hard level's, counted
    rules, heuristic = game.ruleset, game.heuristic()
    state, _ = rules.new_game(rules.config(5, "standard"), 3)
    while True:  # on to the role's first decision with a choice
        asked = rules.awaiting(state)[0]
        view = rules.view(state, asked)
        assert isinstance(view, PlayerView)
        if view.role == role and len(view.legal) > 1:
            break
        state, _ = rules.apply(state, asked, heuristic.decide(view, {SEED_KEY: 0}))
    chosen = player.decide(view, {SEED_KEY: 1})
    assert bool(worlds) == searched
    assert searched or chosen == hard.policy.decide(view, {SEED_KEY: 1})


def test_a_decision_whose_candidates_end_alike_stops_after_the_fewest_worlds() -> None:
    game = games.game("base")
    worlds: list[int] = []

    def determinize_counted(view: Any, rnd: random.Random, memory: Mapping[str, Any] | None = None) -> object:
        worlds.append(1)
        return game.search.determinize(view, rnd, memory)

    def tie(state: object, seat: int) -> float:
        return 0.5

    search = replace(game.search, determinize=determinize_counted, score=tie, cutoff=1, caution=None)  # any seat
    player = SearchPlayer(game.ruleset, game.heuristic, search, Budget(steps=10**6, seconds=600.0))
    rules = game.ruleset
    state, _ = rules.new_game(rules.config(5, "standard"), 3)
    asked = rules.awaiting(state)[0]
    view = rules.view(state, asked)
    assert player.decide(view, {SEED_KEY: 1}) == player.policy.decide(view, {SEED_KEY: 1})
    assert len(worlds) == MIN_WORLDS


def test_a_clock_past_the_deadline_stops_the_rollout_at_its_next_decision() -> None:
    game = games.game("base")
    search = replace(game.search, caution=None)  # the Sheriff searches as any seat
    jump_at, asked = 40, [0]  # the clock jumps past the cap after the 40th decision asked (within the first rollout)
    player = SearchPlayer(
        game.ruleset, game.heuristic, search, Budget(steps=10**6), clock=lambda: 0.0 if asked[0] < jump_at else 60.0
    )
    plain = player.policy.decide

    def counted(view: Any, memory: Memory) -> object:
        asked[0] += 1
        return plain(view, memory)

    player.policy.decide = counted  # type: ignore[method-assign]
    rules = game.ruleset
    state, _ = rules.new_game(rules.config(5, "standard"), 3)
    view = rules.view(state, rules.awaiting(state)[0])
    assert player.decide(view, {SEED_KEY: 1}) == plain(view, {SEED_KEY: 1})
    assert asked[0] == jump_at  # not one rollout decision after the jump (the rollout would have gone on to 60)


def test_a_decision_past_its_time_stops_within_the_world_and_keeps_the_heuristics_choice() -> None:
    game = games.game("base")
    worlds: list[int] = []
    ticks = iter(range(10**6))

    def determinize_counted(view: Any, rnd: random.Random, memory: Mapping[str, Any] | None = None) -> object:
        worlds.append(1)
        return game.search.determinize(view, rnd, memory)

    def slow_clock() -> float:
        return 0.5 * next(ticks)  # every look at the clock finds half a second gone

    search = replace(game.search, determinize=determinize_counted, caution=None)  # the Sheriff searches as any seat
    player = SearchPlayer(game.ruleset, game.heuristic, search, Budget(steps=10**6, seconds=1.0), clock=slow_clock)
    rules = game.ruleset
    state, _ = rules.new_game(rules.config(5, "standard"), 3)
    view = rules.view(state, rules.awaiting(state)[0])
    assert len(player.candidates(view, {SEED_KEY: 1}, player.policy.decide(view, {SEED_KEY: 1}))) > 1
    assert player.decide(view, {SEED_KEY: 1}) == player.policy.decide(view, {SEED_KEY: 1})
    assert len(worlds) == 1  # the one world it began was cut in its first rollout
