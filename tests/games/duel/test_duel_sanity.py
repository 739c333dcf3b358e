"""`bangbot bench ai --sanity --game duel`: the referee counts hand-played Duels right; the JSON has every mode."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from bangbot.cli import main
from bangbot.games.duel.bench.referee import DuelSanityReferee
from bangbot.games.duel.bench.sanity import figures
from bangbot.games.duel.rules.data import LAW, OUTLAW
from bangbot.games.duel.rules.legal import awaiting
from bangbot.games.duel.rules.modes import MODE_IDS, STANDOFF
from bangbot.games.duel.rules.state import DuelState
from bangbot.games.duel.rules.views import view
from tests.duel_tables import RULES, resolve, seat, table

PER_MODE = (
    "bangs_discarded_after_pass_per_game",
    "missed_discarded_after_pass_per_game",
    "discarded_at_hand_limit_per_game",
    "harm_to_own_side_per_game",
    "turns_per_game",
    "decision_ms_p50",
    "decision_ms_p99",
    "heuristic_games_per_cpu_s",
)


def refereed(state: DuelState, tally: Counter[str], *texts: str) -> DuelState:
    """Plays actions in order (each by the seat asked now) under a referee that began on this state."""
    referee = DuelSanityReferee(tally)
    referee.begin(state, [])
    for text in texts:
        who = awaiting(state)[0]
        action = RULES.parse(resolve(state, who, text))
        referee.decided(state, who, view(state, who), action)
        state, events = RULES.apply(state, who, action)
        referee.happened(state, events)
    return state


def test_a_dodge_and_a_shot_passed_then_their_cards_thrown_away_at_the_hand_limit_are_counted() -> None:
    law = seat("bill_tilghman", "lone_ranger", hand=["colt"])
    outlaws = seat("babe_leroy/3", "cattle_katie", hand=["missed", "missed", "knife", "colt"], deck=["knife", "steal"])
    state, _ = table(law, outlaws)
    tally: Counter[str] = Counter()
    state = refereed(
        state,
        tally,
        "play colt @2",  # Law shoots the Outlaws' attacker, who takes it with two Missed! in hand
        "pass",
        "end",
        "end",  # the Outlaws draw knife and steal, could shoot with their Colt, and end the turn on 6 cards, 2 kept
        "discard colt",
        "discard missed",
        "discard knife",
        "discard knife",
    )
    assert state.squads[1].fighters[0].life == 2 and len(state.squads[1].hand) == 2
    assert tally["turns_passing_a_legal_bang"] == 1
    assert tally["discarded_at_hand_limit"] == 4 and tally["bangs_discarded_at_hand_limit"] == 1
    assert tally["bangs_discarded_after_pass"] == 1 and tally["missed_discarded_after_pass"] == 1


def test_beer_at_full_life_and_help_given_to_the_enemy_are_counted_harm_to_the_enemy_is_not() -> None:
    law = seat("bill_tilghman", "lone_ranger")
    outlaws = seat("babe_leroy", "cattle_katie", hand=["beer", "barrel", "rattlesnake", "hat", "missed"])
    state, _ = table(law, outlaws, turn=1)
    tally: Counter[str] = Counter()
    refereed(state, tally, "play beer", "play barrel @0", "play rattlesnake @0", "play hat @3")
    assert tally["heal_at_full_life"] == 1 and tally["harm_to_own_side"] == 1


def test_in_the_standoff_finishing_a_player_who_is_not_the_own_target_hands_the_win_over() -> None:
    outlaws = seat("babe_leroy", "cattle_katie", hand=["colt"], reserve=[])
    law = seat("bill_tilghman", "lone_ranger", reserve=[])
    renegades = seat("marshal/1", reserve=[])
    state, _ = table(outlaws, law, renegades, mode=STANDOFF)
    tally: Counter[str] = Counter()
    state = refereed(state, tally, "play colt @4", "pass")  # the Outlaws' target is the Law, not the Renegades
    assert state.winner == LAW
    assert tally["attacks"] == 1 and tally["attacks_on_non_target"] == 1 and tally["wins_handed_to_third_player"] == 1
    out = figures(tally, STANDOFF)
    assert out["win_rate_law"] == 1.0 and out["wins_handed_to_third_player_per_game"] == 1.0
    assert out["attacks_on_non_target_share"] == 1.0


def test_a_figure_about_a_card_or_a_third_player_is_only_given_where_it_can_happen() -> None:
    duel, third_outlaws = figures(Counter(), "duel"), figures(Counter(), "third_outlaws")
    assert "saloon_wasted_per_game" in duel and "saloon_wasted_per_game" not in third_outlaws  # no Saloon there
    assert "wins_handed_to_third_player_per_game" not in duel and "attacks_on_non_target_share" not in duel
    assert {"win_rate_law", "win_rate_outlaw"} <= set(duel)


def test_bench_ai_sanity_for_the_duel_has_every_mode_and_the_random_baseline_blunders_more(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as done:
        main(["bench", "ai", "--sanity", "--game", "duel", "--json", "--games", "3", "--seed", "7"])
    assert done.value.code == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result) == set(MODE_IDS)
    for mode, figures_of in result.items():
        base = figures_of["random_baseline"]
        for key in PER_MODE:
            assert figures_of[key] >= 0, (mode, key)
        assert figures_of["games"] == 3 and base["games"] == 3 and figures_of["capped"] == 0
        wins = [v for k, v in figures_of.items() if k.startswith("win_rate_")]
        assert sum(wins) == pytest.approx(1.0, abs=1e-3) and len(wins) == (3 if mode == STANDOFF else 2)
        assert all(0 <= v <= 1 for k, v in figures_of.items() if k.startswith("heuristic_win_rate_vs_random_"))
        assert figures_of.get("heal_at_full_life_per_game", 0) == 0
        assert 0 < figures_of["decision_ms_p50"] <= figures_of["decision_ms_p99"]
        assert base["harm_to_own_side_per_game"] > figures_of["harm_to_own_side_per_game"], mode
        assert base["discarded_at_hand_limit_per_game"] > figures_of["discarded_at_hand_limit_per_game"], mode
    assert result[STANDOFF]["random_baseline"]["attacks_on_non_target_share"] > 0
    assert f"heuristic_win_rate_vs_random_{OUTLAW}" in result["duel"]


def test_in_the_standoff_raising_the_own_target_is_a_waste_and_raising_the_hunter_is_not() -> None:
    outlaws = seat("babe_leroy/1", "cattle_katie")  # the Law's hunter: its fall would hand the Renegades the win
    law = seat("bill_tilghman", "lone_ranger", hand=["saloon", "missed"])
    renegades = seat("marshal/1", "hick_addams")  # the Law's target
    wasted = []
    for slot in (0, 4):
        state, _ = table(outlaws, law, renegades, mode=STANDOFF, turn=1)
        tally: Counter[str] = Counter()
        refereed(state, tally, f"play saloon @{slot}")
        wasted.append(tally["saloon_wasted"])
    assert wasted == [0, 1]
