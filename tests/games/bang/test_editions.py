"""Rule options where the rulebooks differ (spec/editions.md): the "standard" preset (ru, cs) against "ja".

Each option is checked by playing the same table under both presets; the points all rulebooks share are
checked by replaying preset-independent rulebook examples under "ja" too.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bangbot.core.events import Event
from bangbot.games.bang.rules.characters import CHARACTERS
from bangbot.games.bang.rules.effects import after_damage
from bangbot.games.bang.rules.engine import max_life
from bangbot.games.bang.rules.options import LEFT, PER_HIT, PER_LIFE, PRESETS, RIGHT, RuleOptions
from bangbot.games.bang.rules.scenario import build_state
from bangbot.games.bang.rules.state import GameConfig
from bangbot.games.bang.rules.table import distance
from tests.scenario_helpers import check_expect, events, four_seats, kinds, legal, load, play, scenario, seat, seat_spec

PRESET_NAMES = ("standard", "ja")


def test_the_presets_are_the_rulebooks() -> None:
    assert set(PRESETS) >= {"standard", "ja"}
    assert PRESETS["standard"] == RuleOptions()
    ja = PRESETS["ja"]
    assert set(ja.jail_free_suits) == {"H", "D"}
    assert set(PRESETS["standard"].jail_free_suits) == {"H"}
    assert (PRESETS["standard"].dynamite_passes, ja.dynamite_passes) == (LEFT, RIGHT)
    assert (PRESETS["standard"].el_gringo_takes, ja.el_gringo_takes) == (PER_LIFE, PER_HIT)
    assert GameConfig.with_preset(5, "ja").options == ja
    assert GameConfig.with_preset(5).options == PRESETS["standard"]


def test_an_unknown_preset_is_refused() -> None:
    with pytest.raises(ValueError):
        GameConfig.with_preset(4, "klingon")


# --- life points ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "kit", "gringo"),
    [("standard", 4, 3), ("ja", 3, 4)],
)
def test_kit_carlson_and_el_gringo_life(preset: str, kit: int, gringo: int) -> None:
    # ru «Кит Карсон (4)», «Джанго (3)»; ja `Kit Carlson 3`, `El Gringo 4`.
    config = GameConfig.with_preset(4, preset)
    assert max_life(config, "kit_carlson", "outlaw") == kit
    assert max_life(config, "el_gringo", "outlaw") == gringo
    assert max_life(config, "kit_carlson", "sheriff") == kit + 1
    assert max_life(config, "el_gringo", "sheriff") == gringo + 1


@pytest.mark.parametrize("character", [c for c in CHARACTERS if c not in ("kit_carlson", "el_gringo")])
def test_other_characters_have_the_same_life_in_both_presets(character: str) -> None:
    standard, ja = GameConfig.with_preset(4), GameConfig.with_preset(4, "ja")
    for role in ("sheriff", "outlaw"):
        assert max_life(standard, character, role) == max_life(ja, character, role)


@pytest.mark.parametrize(("preset", "kit", "gringo"), [("standard", 4, 3), ("ja", 3, 4)])
def test_a_scenario_table_uses_the_presets_life(preset: str, kit: int, gringo: int) -> None:
    _, s = play(
        scenario(
            four_seats(seat_spec("willy_the_kid", "sheriff", hand=["beer"]), seat_spec("kit_carlson", "outlaw")),
            preset=preset,
        )
    )
    assert seat(s, 1)["max_life"] == kit == seat(s, 1)["life"]
    state = build_state(
        scenario(four_seats(seat_spec("willy_the_kid", "sheriff"), seat_spec("el_gringo", "outlaw")), preset=preset)
    )
    assert state.players[1].max_life == gringo


# --- Jail ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "check", "free"),
    [
        ("standard", "beer:6H", True),
        ("standard", "bang:2D", False),
        ("standard", "missed:2S", False),
        ("ja", "beer:6H", True),
        ("ja", "bang:2D", True),
        ("ja", "bang:2C", False),
    ],
)
def test_jail_suits_that_free_the_prisoner(preset: str, check: str, free: bool) -> None:
    # ru «вытянув черву»; cs "srdcovou kartu"; ja 「ハートかダイヤだった場合」
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff"),
                seat_spec("black_jack", "outlaw", hand=["beer"], in_play=["jail"]),
            ),
            deck_top=[check, "missed:3S", "missed:4S"],
            turn=1,
            phase="start",
            preset=preset,
        )
    )
    assert events(s, "jail", seat=1, free=free)
    assert seat(s, 1)["in_play"] == []  # the Jail is discarded either way
    drew = bool(events(s, "draw", seat=1, reason="phase1"))
    assert drew is free
    if free:
        assert s["turn"] == 1
        assert kinds(seat(s, 1)["hand"]) == ["beer", "missed", "missed"]


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_failed_jail_check_skips_the_discard_phase_only_in_standard(preset: str) -> None:
    # ru «пропускает весь свой ход»; ja 「フェイズ1と2を飛ばします(フェイズ3は行います)」
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff"),
                seat_spec("black_jack", "outlaw", hand=["bang", "missed", "beer", "panic"], in_play=["jail"], life=2),
                seat_spec("kit_carlson", "outlaw"),
            ),
            deck_top=["missed:2S"],
            turn=1,
            phase="start",
            preset=preset,
        )
    )
    assert events(s, "jail", seat=1, free=False)
    assert not events(s, "draw", seat=1)
    if preset == "standard":
        assert s["turn"] == 2
        assert len(seat(s, 1)["hand"]) == 4  # over the hand limit, but the whole turn is lost
    else:
        assert s["turn"] == 1
        assert s["phase"] == "discard"
        assert all(a.startswith("discard") for a in legal(s, 1))
        assert not [a for a in legal(s, 1) if a.startswith("play")]


def test_ja_jailed_player_discards_down_to_his_life_then_the_turn_passes() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff"),
                seat_spec("black_jack", "outlaw", hand=["bang", "missed", "beer", "panic"], in_play=["jail"], life=2),
                seat_spec("kit_carlson", "outlaw"),
            ),
            ["1: discard bang", "1: discard missed"],
            deck_top=["missed:2S"],
            turn=1,
            phase="start",
            preset="ja",
        )
    )
    assert kinds(seat(s, 1)["hand"]) == ["beer", "panic"]
    assert s["turn"] == 2


# --- Dynamite ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "receiver"), [("standard", 2), ("ja", 0)])
def test_dynamite_passes_left_or_right(preset: str, receiver: int) -> None:
    # ru «соседу слева»; cs "po vaší levici"; ja 「右隣のプレイヤーに」
    _, s = play(
        scenario(
            four_seats(seat_spec("willy_the_kid", "sheriff"), seat_spec("black_jack", "outlaw", in_play=["dynamite"])),
            deck_top=["beer:6H"],
            turn=1,
            phase="start",
            preset=preset,
        )
    )
    assert events(s, "dynamite_passed", seat=1, to=receiver)
    assert seat(s, receiver)["in_play"] == ["dynamite#71"]
    assert seat(s, 1)["life"] == 4


@pytest.mark.parametrize(
    ("preset", "mover", "dead", "receiver"),
    [("standard", 1, 2, 3), ("ja", 2, 1, 0)],
)
def test_dynamite_skips_an_eliminated_neighbour(preset: str, mover: int, dead: int, receiver: int) -> None:
    players = [
        seat_spec("willy_the_kid", "sheriff"),
        seat_spec("kit_carlson", "outlaw"),
        seat_spec("black_jack", "outlaw"),
        seat_spec("jesse_jones", "renegade"),
        seat_spec("pedro_ramirez", "deputy"),
    ]
    players[mover]["in_play"] = ["dynamite"]
    players[dead].update(alive=False, life=0)
    _, s = play(scenario(players, deck_top=["beer:6H"], turn=mover, phase="start", preset=preset))
    assert events(s, "dynamite_passed", seat=mover, to=receiver)
    assert seat(s, receiver)["in_play"] == ["dynamite#71"]


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_dynamite_explodes_on_spades_2_to_9_in_both_presets(preset: str) -> None:
    _, s = play(
        scenario(
            four_seats(seat_spec("willy_the_kid", "sheriff"), seat_spec("black_jack", "outlaw", in_play=["dynamite"])),
            deck_top=["stagecoach:9S"],
            turn=1,
            phase="start",
            preset=preset,
        )
    )
    assert events(s, "exploded", seat=1)
    assert seat(s, 1)["life"] == 1
    assert s["discard_top"] == "dynamite#71"
    assert all(p["in_play"] == [] for p in s["players"])


# --- Sid Ketchum ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "cost"), [("standard", 2), ("ja", 3)])
def test_sid_ketchum_heal_costs_two_or_three_cards(preset: str, cost: int) -> None:
    # ru «сбросить 2 карты»; cs "dvě karty"; ja 「カードを3枚捨て札に」
    _, s = play(
        scenario(
            four_seats(
                seat_spec("sid_ketchum", "outlaw", hand=["bang", "missed", "jail", "panic"], life=2),
                seat_spec("willy_the_kid", "sheriff"),
            ),
            preset=preset,
        )
    )
    heals = [a for a in legal(s, 0) if a.startswith("heal")]
    assert heals
    assert {len(a.split()) - 1 for a in heals} == {cost}


@pytest.mark.parametrize(("preset", "survives"), [("standard", True), ("ja", False)])
def test_sid_ketchum_with_two_cards_survives_a_lethal_hit_only_in_standard(preset: str, survives: bool) -> None:
    script = ["0: play bang @1"] + (["1: heal panic jail"] if survives else [])
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["bang", "beer"]),
                seat_spec("sid_ketchum", "outlaw", hand=["jail", "panic"], life=1),
            ),
            script,
            preset=preset,
        )
    )
    assert seat(s, 1)["alive"] is survives


def test_ja_sid_ketchum_survives_with_three_cards() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["bang", "beer"]),
                seat_spec("sid_ketchum", "outlaw", hand=["jail", "panic", "stagecoach"], life=1),
            ),
            ["0: play bang @1", "1: heal stagecoach panic jail"],
            preset="ja",
        )
    )
    assert seat(s, 1)["alive"]
    assert seat(s, 1)["life"] == 1
    assert seat(s, 1)["hand"] == []


# --- Pedro Ramirez -------------------------------------------------------------------------------


def pedro_table(script: list[str], preset: str) -> dict[str, Any]:
    """Runs Pedro Ramirez's phase 1 with Beer (top) and Jail on the discard pile and returns the summary."""
    _, s = play(
        scenario(
            four_seats(seat_spec("pedro_ramirez", "outlaw"), seat_spec("willy_the_kid", "sheriff")),
            script,
            deck_top=["missed:2S", "bang:QH"],
            discard=["jail:JS", "beer:6H"],
            phase="start",
            preset=preset,
        )
    )
    return s


def test_standard_pedro_ramirez_takes_only_the_first_card_from_the_discard_pile() -> None:
    s = pedro_table(["0: draw discard"], "standard")
    assert sorted(seat(s, 0)["hand"]) == ["beer#37", "missed#30"]
    assert s["discard_top"] == "jail#68"
    assert s["phase"] == "play"


def test_ja_pedro_ramirez_may_take_the_second_card_from_the_discard_pile_too() -> None:
    # ja 「2枚とも捨て山から引いてもかまいません」
    s = pedro_table(["0: draw discard"], "ja")
    assert s["awaiting"] == [0]
    assert legal(s, 0) == ["draw deck", "draw discard"]
    s = pedro_table(["0: draw discard", "0: draw discard"], "ja")
    assert sorted(seat(s, 0)["hand"]) == ["beer#37", "jail#68"]
    assert s["discard_size"] == 0
    assert s["deck_top"][0] == "missed#30"


def test_ja_pedro_ramirez_may_still_take_the_second_card_from_the_deck() -> None:
    s = pedro_table(["0: draw discard", "0: draw deck"], "ja")
    assert sorted(seat(s, 0)["hand"]) == ["beer#37", "missed#30"]
    assert s["discard_top"] == "jail#68"


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_pedro_ramirez_drawing_first_from_the_deck_draws_both_from_it(preset: str) -> None:
    s = pedro_table(["0: draw deck"], preset)
    assert sorted(seat(s, 0)["hand"]) == ["bang#1", "missed#30"]
    assert s["discard_top"] == "beer#37"


# --- El Gringo -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "taken"), [("standard", 2), ("ja", 1)])
def test_el_gringo_takes_one_card_per_life_or_per_hit(preset: str, taken: int) -> None:
    # ru «по одной за каждую потерянную единицу»; ja 「1枚のカードを引きます」. No base card takes two lives
    # from one player at once, so the trigger is called with a two-life loss directly.
    state = build_state(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["bang", "beer", "panic"]), seat_spec("el_gringo", "outlaw")
            ),
            preset=preset,
        )
    )
    ev: list[Event] = []
    after_damage(state, ev, 1, 2, 0)
    assert len(state.players[1].hand) == taken
    assert len(state.players[0].hand) == 3 - taken


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_el_gringo_takes_one_card_for_a_bang_in_both_presets(preset: str) -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["bang", "beer", "beer"]), seat_spec("el_gringo", "outlaw")
            ),
            ["0: play bang @1"],
            preset=preset,
        )
    )
    assert len(events(s, "steal", seat=1, reason="el_gringo")) == 1
    assert kinds(seat(s, 1)["hand"]) == ["beer"]


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_el_gringo_takes_nothing_for_dynamite_in_both_presets(preset: str) -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["bang"]),
                seat_spec("el_gringo", "outlaw", in_play=["dynamite"], life=4, max_life=4),
            ),
            deck_top=["missed:2S"],
            turn=1,
            phase="start",
            preset=preset,
        )
    )
    assert seat(s, 1)["life"] == 1
    assert not events(s, "steal")


# --- the same in every preset --------------------------------------------------------------------

# Rulebook examples whose outcome does not depend on any option (El Gringo's life differs, so the Suzy and
# El Gringo example is left out).
COMMON_EXAMPLES = [
    "ru_distance_scope",
    "ru_distance_scope_vs_mustang",
    "ru_distance_mustang_range_4",
    "ru_distance_mustang_everyone",
    "cs_weapon_does_not_extend_panic",
    "ru_beer_two_beers_against_dynamite",
    "ru_beer_one_beer_is_not_enough",
    "ru_barrel_four_of_hearts",
    "rule_sheriff_eliminates_deputy",
    "rule_outlaw_eliminates_outlaw",
    "cs_outlaw_loses_own_duel",
    "cs_suzy_lafayette_duel",
    "cs_vulture_sam_sheriff_eliminates_deputy",
    "ru_slab_the_killer_barrel",
    "cs_calamity_janet_duel",
    "end_sheriff_dies_outlaws_win",
    "end_sheriff_dies_renegade_alone",
    "end_law_wins",
    "cs_end_example_2_outlaws_win",
]


@pytest.mark.parametrize("name", COMMON_EXAMPLES)
def test_rulebook_example_holds_under_the_ja_preset(name: str) -> None:
    data = copy.deepcopy(load(name))
    data["preset"] = "ja"
    state, s = play(data, strict=True)
    assert state.config.preset == "ja"
    check_expect(s, data["expect"])
    built = build_state(data)
    for a, b, d in data["expect"].get("distances", []):
        assert distance(built, a, b) == d
