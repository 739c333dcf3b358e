"""`bangbot bench ai --sanity`: the referee counts what happened, and the JSON has its keys and sane values."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from bangbot.cli import main
from bangbot.core.events import Event
from bangbot.games.bang.ai.sides import BASE
from bangbot.games.bang.bench.referee import SanityReferee, phase_of
from bangbot.games.bang.bench.sanity import figures
from bangbot.games.bang.rules.actions import Discard, EndTurn, Play
from bangbot.games.bang.rules.roles import DEPUTY, LAW, OUTLAW, RENEGADE, SHERIFF
from bangbot.games.bang.rules.scenario import run
from bangbot.games.bang.rules.state import GameState
from bangbot.games.bang.rules.views import view

REQUIRED = ("sheriff_kills_deputy_per_game", "bangs_discarded_after_pass_per_game", "law_win_rate_vs_random")


def five_seats(sheriff_hand: list[str], outlaw_in_play: list[str] | None = None) -> GameState:
    """Returns a five-seat table: Sheriff 0 (Colt .45, to move), Deputy 1, Renegade 2, Outlaws 3 and 4."""
    roles = [SHERIFF, DEPUTY, RENEGADE, OUTLAW, OUTLAW]
    names = ["bart_cassidy", "el_gringo", "kit_carlson", "black_jack", "willy_the_kid"]
    players = [{"character": c, "role": r, "hand": []} for c, r in zip(names, roles, strict=True)]
    players[0]["hand"] = sheriff_hand
    players[4]["in_play"] = outlaw_in_play or []
    state, _ = run({"players": players, "script": [], "turn": 0, "phase": "play"})
    return state


def test_the_referee_counts_kills_friendly_fire_passes_and_the_final() -> None:
    tally: Counter[str] = Counter()
    referee = SanityReferee(BASE, tally)
    state = five_seats(["bang", "bang", "bang", "jail"])
    referee.begin(state, [])
    bangs = [c for c in state.players[0].hand if c < 25]
    referee.happened(state, [Event("play", {"seat": 0, "card": 68, "target": 1, "target_card": None})])
    referee.happened(state, [Event("play", {"seat": 0, "card": bangs[0], "target": 3, "target_card": None})])
    referee.decided(state, 0, view(state, 0), EndTurn())
    referee.decided(state, 0, view(state, 0), Discard(bangs[1]))
    for p in (1, 3, 4):
        state.players[p].alive = False
    referee.happened(state, [Event("eliminated", {"seat": 1, "role": DEPUTY, "killer": 0})])
    state.winner = LAW
    referee.happened(state, [Event("eliminated", {"seat": 2, "role": RENEGADE, "killer": 0})])
    assert tally["attacks:sheriff"] == 2 and tally["friendly:sheriff"] == 1 and tally["jail_on_teammate"] == 1
    assert tally["leader_kills_guard"] == 1 and tally["teammate_kills"] == 1
    assert tally["bangs_discarded_after_pass"] == 1 and tally["bangs_discarded_after_passing_an_opponent"] == 1
    assert tally["final"] == 1 and tally[f"final_won_by:{LAW}"] == 1 and tally[f"wins:{LAW}"] == 1
    out = figures(tally, BASE)
    assert out["sheriff_kills_deputy_per_game"] == 1.0 and out["sheriff_vs_renegade_final_won_by_sheriff"] == 1.0


def test_a_pass_with_only_friends_in_reach_is_not_a_pass_on_an_opponent() -> None:
    tally: Counter[str] = Counter()
    referee = SanityReferee(BASE, tally)
    state = five_seats(["bang", "bang"], outlaw_in_play=["mustang"])
    referee.begin(state, [])
    seen = view(state, 0)
    # a Mustang keeps the Outlaw on his right out of reach; a BANG! at oneself is no pass on anyone
    assert {a.target for a in seen.legal if isinstance(a, Play)} == {0, 1}
    referee.decided(state, 0, seen, EndTurn())
    referee.decided(state, 0, seen, Discard(state.players[0].hand[0]))
    assert tally["bangs_discarded_after_pass"] == 1 and tally["bangs_discarded_after_passing_an_opponent"] == 0


def test_turn_numbers_fall_into_the_three_parts_of_a_game() -> None:
    assert [phase_of(t) for t in (1, 3, 4, 10, 11)] == ["turns 1-3", "turns 1-3", "turns 4-10", "turns 4-10", "later"]


def test_bench_ai_sanity_json_has_every_table_size_and_sane_figures(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["bench", "ai", "--sanity", "--json", "--games", "3", "--seed", "7"])
    assert done.value.code == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result) == {"5", "7"}
    for size in result.values():
        for key in REQUIRED:
            assert key in size and size[key] >= 0
        assert size["games"] == 3 and size["random_baseline"]["games"] == 3
        assert 0 <= size["law_win_rate_vs_random"] <= 1
        wins = size["win_rate_law"] + size["win_rate_outlaws"] + size["win_rate_renegade"]
        assert wins == pytest.approx(1.0) and size["capped"] == 0
        assert size["turns_per_game"] > 3 and size["beer_at_full_life_per_game"] == 0
        assert 0 < size["decision_ms_p50"] <= size["decision_ms_p99"]
        assert size["random_baseline"]["beer_at_full_life_per_game"] >= 0
