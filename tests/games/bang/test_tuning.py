"""The hard level's heuristic (the policy the search starts from): the Sheriff spends a BANG! or a Duel only on a
hit worth SHERIFF_SHOOTS_AT; the Renegade, while the law is stronger and at most HARD_RENEGADE_HUNTS_UP_TO Deputies
are alive, counts a Deputy as an enemy HARD_RENEGADE_AT_LAW times (before the Outlaws); a Deputy, while Outlaws are
in the game, counts the likely Renegade as a friend, not an enemy; the Outlaws play exactly as the plain heuristic."""

from __future__ import annotations

from collections import Counter

import pytest

from bangbot import games
from bangbot.ai.levels import HARD, player_at
from bangbot.ai.random_player import SEED_KEY
from bangbot.ai.search import SearchPlayer
from bangbot.games.bang.ai.cardinfo import kind
from bangbot.games.bang.ai.heuristic import HeuristicPlayer, hard_heuristic
from bangbot.games.bang.ai.situation import Situation
from bangbot.games.bang.ai.tuning import HARD as HARD_TUNING
from bangbot.games.bang.ai.tuning import (
    HARD_DEPUTY_BY_RENEGADE,
    HARD_RENEGADE_AT_LAW,
    HARD_RENEGADE_HUNTS_UP_TO,
    LAW_AT_RENEGADE,
    RENEGADE_AT_LAW,
    SHERIFF_SHOOTS_AT,
    SHOOT_AT,
)
from bangbot.games.bang.rules.actions import Play
from bangbot.games.bang.rules.cards import BANG, DUEL, MISSED
from bangbot.games.bang.rules.roles import DEPUTY, OUTLAW, RENEGADE, SHERIFF


def test_the_hard_level_searches_from_the_tuned_heuristic_in_both_games() -> None:
    for game_id in ("base", "starwars"):
        hard = player_at(games.game(game_id), HARD)
        assert isinstance(hard, SearchPlayer)
        assert isinstance(hard.policy, HeuristicPlayer) and hard.policy.tuning is HARD_TUNING
    assert SHERIFF_SHOOTS_AT > SHOOT_AT


def test_only_the_outlaws_play_alike_and_the_others_only_where_their_thresholds_differ() -> None:
    plain, hard = HeuristicPlayer(strict=True), hard_heuristic()
    differed: Counter[str | None] = Counter()
    for game_id in ("base", "starwars"):
        rules = games.game(game_id).ruleset
        for seed in range(12):
            state, _ = rules.new_game(rules.config(6, "standard"), seed)
            memory = {SEED_KEY: seed}
            while rules.winner(state) is None:
                asked = rules.awaiting(state)[0]
                view = rules.view(state, asked)
                chosen, tuned = plain.decide(view, memory), hard.decide(view, memory)
                if chosen != tuned:
                    differed[view.role] += 1
                    assert view.role in (SHERIFF, RENEGADE, DEPUTY)
                    situation = Situation.of(view, memory)
                    if view.role == DEPUTY:  # the Deputy's stance differs only while Outlaws are in the game
                        assert situation.odds.alive[OUTLAW] > 0
                    elif view.role == SHERIFF:
                        assert isinstance(chosen, Play) and kind(chosen.card) in (BANG, MISSED, DUEL)
                        assert SHOOT_AT <= situation.harm(chosen.target or 0) < SHERIFF_SHOOTS_AT
                    else:  # the Renegade's thresholds differ only while Outlaws are left and the law is stronger
                        alive = situation.odds.alive
                        assert 0 < alive[OUTLAW] < alive[DEPUTY] + 1 and alive[DEPUTY] <= HARD_RENEGADE_HUNTS_UP_TO
                state, _ = rules.apply(state, asked, chosen)
    assert differed[SHERIFF] > 0 and differed[RENEGADE] > 0 and differed[DEPUTY] > 0


@pytest.mark.parametrize(("deputies_left", "at_law"), [(1, HARD_RENEGADE_AT_LAW), (2, RENEGADE_AT_LAW)])
def test_the_hard_renegade_goes_for_a_lone_deputy_first_while_the_law_is_stronger(
    deputies_left: int, at_law: float
) -> None:
    rules = games.game("base").ruleset
    state, _ = rules.new_game(rules.config(7, "standard"), 3)
    renegade = next(p.seat for p in state.players if p.role == RENEGADE)
    dead = [p for p in state.players if p.role == OUTLAW][: 3 - deputies_left]
    dead += [p for p in state.players if p.role == DEPUTY][: 2 - deputies_left]
    for p in dead:  # the Sheriff and deputies_left Deputies against deputies_left Outlaws: the law is stronger
        p.life, p.alive = 0, False
    view, memory = rules.view(state, renegade), {SEED_KEY: 3}
    plain, hard = Situation.of(view, memory).stance, Situation.of(view, memory, HARD_TUNING).stance
    odds = Situation.of(view, memory).odds
    assert (odds.alive[DEPUTY], odds.alive[OUTLAW]) == (deputies_left, deputies_left)
    assert HARD_RENEGADE_HUNTS_UP_TO == 1  # the cases above: the hunt with one Deputy alive, not with two
    checked = 0
    for s in range(7):
        if s == renegade or not state.players[s].alive or odds.p(s, SHERIFF) == 1.0:
            continue
        p_dep, p_out = odds.p(s, DEPUTY), odds.p(s, OUTLAW)
        checked += p_dep > 0
        assert hard.enemy[s] - plain.enemy[s] == pytest.approx((at_law - RENEGADE_AT_LAW) * p_dep)
        assert hard.enemy[s] == pytest.approx(p_out + at_law * p_dep)
    assert checked > 0


@pytest.mark.parametrize("outlaws_left", [True, False])
def test_the_hard_deputy_befriends_the_likely_renegade_only_while_outlaws_are_in_the_game(outlaws_left: bool) -> None:
    rules = games.game("base").ruleset
    state, _ = rules.new_game(rules.config(7, "standard"), 5)
    deputy = next(p.seat for p in state.players if p.role == DEPUTY)
    if not outlaws_left:
        for p in state.players:
            if p.role == OUTLAW:
                p.life, p.alive = 0, False
    view, memory = rules.view(state, deputy), {SEED_KEY: 5}
    plain, hard = Situation.of(view, memory).stance, Situation.of(view, memory, HARD_TUNING).stance
    odds = Situation.of(view, memory).odds
    others = [s for s in range(7) if s != deputy and state.players[s].alive and odds.p(s, SHERIFF) < 1.0]
    assert others
    for s in others:
        p_dep, p_out, p_ren = odds.p(s, DEPUTY), odds.p(s, OUTLAW), odds.p(s, RENEGADE)
        if outlaws_left:
            assert p_ren > 0
            assert plain.enemy[s] == pytest.approx(p_out + LAW_AT_RENEGADE * p_ren)
            assert plain.friend[s] == pytest.approx(p_dep)
            assert hard.enemy[s] == pytest.approx(p_out)
            assert hard.friend[s] == pytest.approx(p_dep + HARD_DEPUTY_BY_RENEGADE * p_ren)
        else:
            assert (hard.enemy[s], hard.friend[s]) == (plain.enemy[s], plain.friend[s])
            assert hard.enemy[s] == pytest.approx(p_ren)
