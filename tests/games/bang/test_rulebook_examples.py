"""The rulebooks' worked examples, each a scenario file in tests/scenarios/ run through `bangbot scenario`.

Every file carries the example's text ("source"), the table and script, and an "expect" block checked against
the JSON the command prints (see scenario_helpers.check_expect); distances are checked on the built table.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bangbot.games.bang.rules.scenario import build_state
from bangbot.games.bang.rules.table import distance
from tests.scenario_helpers import (
    SCENARIO_DIR,
    check_expect,
    events,
    load,
    play,
    run_scenario_file,
    seat,
    targets,
)

EXAMPLES = [
    # Distance (ru «Бэнг!» examples 1-2, «Мустанг», «Прицел»; cs the same with Alex, Ben, Cyril...)
    "ru_distance_scope",
    "ru_distance_scope_vs_mustang",
    "ru_distance_mustang_range_4",
    "ru_distance_mustang_everyone",
    "cs_weapon_does_not_extend_panic",
    # Beer, Barrel, hand limit
    "ru_beer_two_beers_against_dynamite",
    "ru_beer_one_beer_is_not_enough",
    "ru_barrel_four_of_hearts",
    "ru_jesse_jones_hand_limit",
    # Penalties and rewards
    "rule_sheriff_eliminates_deputy",
    "rule_outlaw_eliminates_outlaw",
    "cs_outlaw_loses_own_duel",
    # Characters
    "cs_suzy_lafayette_duel",
    "cs_suzy_lafayette_el_gringo",
    "cs_suzy_lafayette_against_slab",
    "cs_vulture_sam_sheriff_eliminates_deputy",
    "ru_slab_the_killer_barrel",
    "cs_jourdonnais_against_slab",
    "cs_calamity_janet_duel",
    "cs_jesse_jones",
    # End of the game
    "end_sheriff_dies_outlaws_win",
    "end_sheriff_dies_renegade_alone",
    "end_law_wins",
    "cs_end_example_1_renegade_goes_on",
    "cs_end_example_2_outlaws_win",
    # BANG! Star Wars (rulebook 001)
    "sw_two_bactas_against_the_compactor",
    "sw_end_example_2_rebels_win",
    "sw_no_two_alike_in_play",
    # BANG! Star Wars, issue 20: where the engine broke a sentence of rulebook 001
    "sw_fate_cover_waits_for_the_draw",
    "sw_fate_steal_before_the_cover_check",
    "sw_dangerous_one_check_per_energy",
    "sw_sharpshooter_atat_needs_two_missed",
    "sw_barrage_at_any_distance",
    "sw_bacta_with_two_left_is_offered",
    "sw_two_swap_hands_against_one_atat",
]


def check_distances(data: dict[str, Any]) -> None:
    """Checks the expected [from, to, distance] triples of a scenario on the table it sets up."""
    state = build_state(data)
    for a, b, d in data["expect"].get("distances", []):
        assert distance(state, a, b) == d, f"distance {a} -> {b}"


@pytest.mark.parametrize("name", EXAMPLES)
def test_rulebook_example_through_the_command_line(name: str) -> None:
    data = load(name)
    assert data["source"] and data["description"]
    summary = run_scenario_file(name)
    check_expect(summary, data["expect"])
    check_distances(data)


def test_every_scenario_file_is_an_example_here() -> None:
    on_disk = {p.stem for p in SCENARIO_DIR.glob("*.json")}
    assert set(EXAMPLES) <= on_disk
    assert len(EXAMPLES) == len(set(EXAMPLES))


def variant(name: str, **changes: Any) -> dict[str, Any]:
    """Returns a copy of a scenario file's data with top-level keys replaced."""
    data = copy.deepcopy(load(name))
    data.update(changes)
    return data


# --- variations on the examples, run in process --------------------------------------------------


def test_mustang_at_distance_4_is_out_of_a_remington_reach() -> None:
    # ru Пример 2: "Артёму потребуется серьёзное оружие" - range 3 is not enough for distance 4.
    data = variant("ru_distance_mustang_range_4")
    data["players"][0]["in_play"] = ["remington"]
    _, s = play(data)
    assert targets(s, 0, "bang") == [1, 2, 4, 5]


def test_scope_without_the_mustang_brings_c_into_colt_range() -> None:
    data = variant("ru_distance_scope_vs_mustang")
    data["players"][2].pop("in_play")
    _, s = play(data)
    assert 2 in targets(s, 0, "bang")


def test_barrel_check_of_another_suit_leaves_the_missed_to_the_target() -> None:
    # ru: «В таком случае вы могли бы сыграть карту «Мимо!», чтобы всё-таки избежать ранения.»
    _, s = play(variant("ru_barrel_four_of_hearts", deck_top=["bang:4D"]))
    assert events(s, "check", seat=1, reason="barrel", ok=False)
    assert s["awaiting"] == [1]
    assert s["legal"]["1"] == ["answer missed#25", "pass"]


@pytest.mark.parametrize(("answer", "life"), [("1: answer missed", 4), ("1: pass", 3)])
def test_jourdonnais_against_slab_needs_one_more_missed(answer: str, life: int) -> None:
    data = load("cs_jourdonnais_against_slab")
    _, s = play(variant("cs_jourdonnais_against_slab", script=[*data["script"], answer]))
    assert seat(s, 1)["life"] == life


def test_outlaw_who_loses_a_duel_he_did_not_start_rewards_the_challenger() -> None:
    # The contrast to cs_outlaw_loses_own_duel: here the challenged Outlaw fails to discard a BANG!.
    data = variant("cs_outlaw_loses_own_duel")
    data["players"][0] = {"character": "willy_the_kid", "role": "outlaw", "hand": ["duel", "bang", "beer"]}
    data["players"][1] = {"character": "kit_carlson", "role": "sheriff", "hand": ["missed"]}
    data["players"][2] = {"character": "black_jack", "role": "outlaw", "hand": ["missed"], "life": 1}
    data["script"] = ["0: play duel @2"]
    _, s = play(data)
    assert s["eliminated"] == [2]
    assert events(s, "eliminated", seat=2, killer=0)
    assert events(s, "draw", seat=0, reason="reward", count=3)


def test_sheriff_eliminating_an_outlaw_is_rewarded_not_penalised() -> None:
    data = variant("rule_sheriff_eliminates_deputy")
    data["players"][1]["role"] = "outlaw"
    data["players"][4]["role"] = "deputy"
    _, s = play(data)
    assert not events(s, "penalty")
    assert events(s, "draw", seat=0, reason="reward", count=3)
    assert seat(s, 0)["in_play"] == ["schofield#74", "barrel#63"]


def test_vulture_sam_keeps_the_cards_when_he_eliminates_an_outlaw() -> None:
    data = variant("cs_vulture_sam_sheriff_eliminates_deputy")
    data["players"][1]["role"] = "outlaw"
    data["players"][4]["role"] = "deputy"
    _, s = play(data)
    assert not events(s, "penalty")
    assert {"jail#68", "schofield#74"} <= set(seat(s, 0)["hand"])
    assert seat(s, 0)["in_play"] == ["barrel#63"]
