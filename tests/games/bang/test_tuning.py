"""The hard level's heuristic (the policy the search starts from): the Sheriff spends a BANG! or a Duel only on a
hit worth SHERIFF_SHOOTS_AT; every other role plays exactly as the plain heuristic."""

from __future__ import annotations

from bangbot import games
from bangbot.ai.levels import HARD, player_at
from bangbot.ai.random_player import SEED_KEY
from bangbot.ai.search import SearchPlayer
from bangbot.games.bang.ai.cardinfo import kind
from bangbot.games.bang.ai.heuristic import HeuristicPlayer, hard_heuristic
from bangbot.games.bang.ai.situation import Situation
from bangbot.games.bang.ai.tuning import HARD as HARD_TUNING
from bangbot.games.bang.ai.tuning import SHERIFF_SHOOTS_AT, SHOOT_AT
from bangbot.games.bang.rules.actions import Play
from bangbot.games.bang.rules.cards import BANG, DUEL, MISSED
from bangbot.games.bang.rules.roles import SHERIFF


def test_the_hard_level_searches_from_the_tuned_heuristic_in_both_games() -> None:
    for game_id in ("base", "starwars"):
        hard = player_at(games.game(game_id), HARD)
        assert isinstance(hard, SearchPlayer)
        assert isinstance(hard.policy, HeuristicPlayer) and hard.policy.tuning is HARD_TUNING
    assert SHERIFF_SHOOTS_AT > SHOOT_AT


def test_only_the_sheriff_plays_otherwise_and_only_by_sparing_a_hit_worth_less_than_his_threshold() -> None:
    plain, hard = HeuristicPlayer(strict=True), hard_heuristic()
    differed = 0
    for game_id in ("base", "starwars"):
        rules = games.game(game_id).ruleset
        for seed in range(12):
            state, _ = rules.new_game(rules.config(5, "standard"), seed)
            memory = {SEED_KEY: seed}
            while rules.winner(state) is None:
                asked = rules.awaiting(state)[0]
                view = rules.view(state, asked)
                chosen, tuned = plain.decide(view, memory), hard.decide(view, memory)
                if chosen != tuned:
                    differed += 1
                    assert view.role == SHERIFF
                    assert isinstance(chosen, Play) and kind(chosen.card) in (BANG, MISSED, DUEL)
                    harm = Situation.of(view, memory).harm(chosen.target or 0)
                    assert SHOOT_AT <= harm < SHERIFF_SHOOTS_AT
                state, _ = rules.apply(state, asked, chosen)
    assert differed > 0
