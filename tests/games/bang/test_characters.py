"""The 16 base characters' abilities (cs "POSTAVY", ru "ПЕРСОНАЖИ", ja [キャラクター]), standard preset.

Every test sets a small table up card by card, runs a script in action notation and checks the outcome.
Seat 0 is the player whose turn it is unless a test says otherwise.
"""

from __future__ import annotations

from typing import Any

import pytest

from bangbot.core.events import Event
from bangbot.games.bang.rules.actions import Heal
from bangbot.games.bang.rules.characters import CHARACTER_LIFE, CHARACTERS
from bangbot.games.bang.rules.effects import after_damage
from bangbot.games.bang.rules.engine import apply, legal_actions, max_life
from bangbot.games.bang.rules.flow import settle
from bangbot.games.bang.rules.notation import match
from bangbot.games.bang.rules.scenario import build_state
from bangbot.games.bang.rules.state import GameConfig
from bangbot.games.bang.rules.table import distance
from tests.scenario_helpers import (
    event_index,
    events,
    four_seats,
    kind,
    kinds,
    legal,
    play,
    scenario,
    seat,
    seat_spec,
    targets,
)

Seat = dict[str, Any]


def refs(summary: dict[str, Any], n: int, where: str = "hand") -> list[str]:
    """Returns the card references in the hand (or in play) of seat n."""
    out: list[str] = seat(summary, n)[where]
    return out


# --- life points -------------------------------------------------------------------------------


def test_all_sixteen_characters_with_their_printed_life() -> None:
    # glossary.md / ru "В скобках после имени указано исходное здоровье персонажа".
    assert len(CHARACTERS) == 16
    assert {c: n for c, n in CHARACTER_LIFE.items() if n == 3} == {"el_gringo": 3, "paul_regret": 3}
    assert all(n == 4 for c, n in CHARACTER_LIFE.items() if c not in ("el_gringo", "paul_regret"))


def test_the_sheriff_gets_one_extra_life() -> None:
    config = GameConfig.with_preset(4)
    assert max_life(config, "paul_regret", "sheriff") == 4
    assert max_life(config, "paul_regret", "outlaw") == 3
    assert max_life(config, "bart_cassidy", "sheriff") == 5


# --- Bart Cassidy ------------------------------------------------------------------------------


def test_bart_cassidy_draws_a_card_when_he_loses_a_life() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["bang", "beer"]), seat_spec("bart_cassidy", "outlaw")
            ),
            ["0: play bang @1"],
            deck_top=["missed:2S"],
        )
    )
    assert seat(s, 1)["life"] == 3
    assert refs(s, 1) == ["missed#30"]
    assert events(s, "draw", seat=1, reason="bart_cassidy", count=1)


def test_bart_cassidy_draws_one_card_per_life_lost_to_dynamite() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff"),
                seat_spec("bart_cassidy", "outlaw", in_play=["dynamite"]),
            ),
            deck_top=["missed:2S", "beer:6H", "beer:7H", "beer:8H", "bang:2D", "bang:3D"],
            turn=1,
            phase="start",
        )
    )
    bart = seat(s, 1)
    assert bart["life"] == 1
    (drawn,) = events(s, "draw", seat=1, reason="bart_cassidy")
    assert drawn["count"] == 3
    assert kinds(drawn["cards"]) == ["beer", "beer", "beer"]
    assert kinds(bart["hand"]) == ["bang", "bang", "beer", "beer", "beer"]


def test_bart_cassidy_draws_nothing_on_the_hit_that_eliminates_him() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["bang", "beer"]),
                seat_spec("bart_cassidy", "outlaw", life=1),
            ),
            ["0: play bang @1"],
        )
    )
    assert 1 in s["eliminated"]
    assert not events(s, "draw", reason="bart_cassidy")


def test_bart_cassidy_draws_after_losing_a_duel() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["duel", "beer"]), seat_spec("bart_cassidy", "outlaw")
            ),
            ["0: play duel @1"],
            deck_top=["missed:2S"],
        )
    )
    assert seat(s, 1)["life"] == 3
    assert refs(s, 1) == ["missed#30"]


# --- Black Jack --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("second", "extra"),
    [("bang:QH", True), ("bang:2D", True), ("bang:2C", False), ("missed:2S", False)],
)
def test_black_jack_shows_his_second_card_and_draws_again_on_red(second: str, extra: bool) -> None:
    _, s = play(
        scenario(
            four_seats(seat_spec("black_jack", "outlaw"), seat_spec("willy_the_kid", "sheriff")),
            deck_top=["missed:3S", second, "beer:6H"],
            phase="start",
        )
    )
    (reveal,) = events(s, "reveal", seat=0, reason="black_jack")
    assert reveal["card"] in refs(s, 0)
    expected = ["missed", kind(reveal["card"])] + (["beer"] if extra else [])
    assert kinds(refs(s, 0)) == sorted(expected)
    assert bool(events(s, "draw", seat=0, reason="black_jack")) is extra


def test_black_jack_reveal_is_public_and_the_extra_card_is_secret() -> None:
    state = build_state(
        scenario(
            four_seats(seat_spec("black_jack", "outlaw"), seat_spec("willy_the_kid", "sheriff")),
            deck_top=["missed:3S", "bang:QH", "beer:6H"],
            phase="start",
        )
    )
    ev: list[Event] = []
    settle(state, ev)
    reveal = next(e for e in ev if e.kind == "reveal")
    assert "card" in reveal.for_seat(None)
    assert "card" in reveal.for_seat(1)
    extra = next(e for e in ev if e.kind == "draw" and e.data["reason"] == "black_jack")
    assert "cards" not in extra.for_seat(None)
    assert "cards" not in extra.for_seat(1)
    assert "cards" in extra.for_seat(0)


# --- Calamity Janet ----------------------------------------------------------------------------


def test_calamity_janet_plays_missed_as_bang_and_it_is_the_turns_bang() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("calamity_janet", "sheriff", hand=["missed", "bang", "beer"]),
                seat_spec("willy_the_kid", "outlaw"),
            ),
            ["0: play missed @1"],
        )
    )
    assert seat(s, 1)["life"] == 3
    assert events(s, "hurt", seat=1, source=0, cause="bang")
    assert kinds(refs(s, 0)) == ["bang", "beer"]
    # cs: "Když zahrajete ve svém tahu kartu Vedle! jako BANG!, nemůžete zahrát další kartu BANG!"
    assert not [a for a in legal(s, 0) if a.startswith("play bang")]


def test_calamity_janet_with_volcanic_plays_bang_after_missed_as_bang() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("calamity_janet", "sheriff", hand=["missed", "bang", "beer"], in_play=["volcanic"]),
                seat_spec("willy_the_kid", "outlaw"),
            ),
            ["0: play missed @1", "0: play bang @1"],
        )
    )
    assert seat(s, 1)["life"] == 2


def test_calamity_janet_cannot_play_a_bang_after_her_bang() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("calamity_janet", "sheriff", hand=["bang", "missed", "beer"]),
                seat_spec("willy_the_kid", "outlaw"),
            ),
            ["0: play bang @1"],
        )
    )
    assert not [a for a in legal(s, 0) if a.startswith("play missed")]


@pytest.mark.parametrize("attack", ["bang", "gatling"])
def test_calamity_janet_uses_bang_as_missed(attack: str) -> None:
    play_text = "0: play bang @1" if attack == "bang" else "0: play gatling"
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=[attack, "beer"]),
                seat_spec("calamity_janet", "outlaw", hand=["bang"]),
            ),
            [play_text, "1: answer bang"],
        )
    )
    assert seat(s, 1)["life"] == 4
    assert events(s, "dodged", seat=1)
    assert refs(s, 1) == []


def test_other_characters_cannot_use_bang_as_missed() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["bang", "beer"]),
                seat_spec("bart_cassidy", "outlaw", hand=["bang"]),
            ),
            ["0: play bang @1"],
        )
    )
    assert seat(s, 1)["life"] == 3


def test_calamity_janet_discards_missed_as_bang_in_a_duel() -> None:
    # cs Příklad 3: "smí ji ... odhazovat v rámci efektu karet Duel nebo Indiáni!"
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["duel", "beer"]),
                seat_spec("calamity_janet", "outlaw", hand=["missed"]),
            ),
            ["0: play duel @1", "1: answer missed"],
        )
    )
    assert events(s, "answer", seat=1, against="duel")
    assert seat(s, 1)["life"] == 4
    assert seat(s, 0)["life"] == 4  # the Sheriff had no BANG! left and lost the Duel


def test_calamity_janet_discards_missed_as_bang_against_indians() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["indians", "beer"]),
                seat_spec("calamity_janet", "outlaw", hand=["missed"]),
            ),
            ["0: play indians", "1: answer missed"],
        )
    )
    assert events(s, "answer", seat=1, against="indians")
    assert seat(s, 1)["life"] == 4
    assert seat(s, 2)["life"] == 3  # Black Jack had no BANG!


# --- El Gringo ---------------------------------------------------------------------------------


def test_el_gringo_takes_a_card_from_the_hand_of_the_player_who_hit_him() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["bang", "beer", "beer"]), seat_spec("el_gringo", "outlaw")
            ),
            ["0: play bang @1"],
        )
    )
    assert seat(s, 1)["life"] == 2
    assert kinds(refs(s, 1)) == ["beer"]
    assert kinds(refs(s, 0)) == ["beer"]
    assert events(s, "steal", seat=1, **{"from": 0, "reason": "el_gringo"})


def test_el_gringo_takes_one_card_per_life_lost() -> None:
    # ru "по одной за каждую потерянную единицу"; no base card takes two lives at once, so call the trigger itself.
    state = build_state(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["bang", "beer", "panic"]),
                seat_spec("el_gringo", "outlaw", life=1),
            )
        )
    )
    ev: list[Event] = []
    after_damage(state, ev, 1, 2, 0)
    assert len(state.players[1].hand) == 2
    assert len(state.players[0].hand) == 1
    assert [e.kind for e in ev] == ["steal", "steal"]


def test_el_gringo_takes_nothing_when_the_attacker_has_no_cards() -> None:
    _, s = play(
        scenario(
            four_seats(seat_spec("willy_the_kid", "sheriff", hand=["bang", "beer"]), seat_spec("el_gringo", "outlaw")),
            ["0: play beer", "0: play bang @1"],
        )
    )
    assert seat(s, 1)["life"] == 2
    assert not events(s, "steal")


def test_el_gringo_takes_nothing_for_dynamite() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["bang", "beer"]),
                seat_spec("el_gringo", "outlaw", in_play=["dynamite"], life=4, max_life=4),
                seat_spec("black_jack", "outlaw", hand=["bang"]),
                seat_spec("kit_carlson", "renegade", hand=["bang"]),
            ),
            deck_top=["missed:2S", "beer:6H", "beer:7H"],
            turn=1,
            phase="start",
        )
    )
    assert seat(s, 1)["life"] == 1
    assert kinds(refs(s, 1)) == ["beer", "beer"]
    assert not events(s, "steal")
    assert all(len(refs(s, n)) == c for n, c in ((0, 2), (2, 1), (3, 1)))


def test_el_gringo_takes_nothing_when_he_loses_the_duel_he_started() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("el_gringo", "outlaw", hand=["duel", "beer"]),
                seat_spec("willy_the_kid", "sheriff", hand=["bang", "missed"]),
            ),
            ["0: play duel @1", "1: answer bang"],
        )
    )
    assert seat(s, 0)["life"] == 2
    assert not events(s, "steal")
    assert kinds(refs(s, 1)) == ["missed"]


def test_el_gringo_takes_a_card_from_whoever_challenged_him_to_a_duel() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["duel", "beer", "beer"]), seat_spec("el_gringo", "outlaw")
            ),
            ["0: play duel @1"],
        )
    )
    assert seat(s, 1)["life"] == 2
    assert kinds(refs(s, 1)) == ["beer"]


def test_el_gringo_takes_a_card_from_the_player_of_indians() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["indians", "beer", "beer"]),
                seat_spec("el_gringo", "outlaw"),
            ),
            ["0: play indians"],
        )
    )
    assert seat(s, 1)["life"] == 2
    assert kinds(refs(s, 1)) == ["beer"]


def test_el_gringo_takes_nothing_on_the_hit_that_eliminates_him() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "deputy", hand=["bang", "beer", "panic"]),
                seat_spec("el_gringo", "outlaw", life=1),
                seat_spec("black_jack", "sheriff"),
            ),
            ["0: play bang @1"],
            deck_top=["missed:2S", "missed:3S", "missed:4S"],
        )
    )
    assert 1 in s["eliminated"]
    assert not events(s, "steal")
    # The Deputy keeps his Beer and Panic! and draws the 3 reward cards.
    assert kinds(refs(s, 0)) == ["beer", "missed", "missed", "missed", "panic"]


# --- Jesse Jones -------------------------------------------------------------------------------


def test_jesse_jones_chooses_where_his_first_card_comes_from() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("jesse_jones", "outlaw"),
                seat_spec("willy_the_kid", "sheriff", hand=["beer"]),
                seat_spec("black_jack", "outlaw"),
                seat_spec("kit_carlson", "renegade", hand=["missed"]),
            ),
            phase="start",
        )
    )
    assert s["awaiting"] == [0]
    assert legal(s, 0) == ["draw deck", "draw @1", "draw @3"]  # nobody to take from at seat 2


def test_jesse_jones_takes_the_first_card_from_a_hand_and_the_second_from_the_deck() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("jesse_jones", "outlaw", hand=["beer:8H"]),
                seat_spec("willy_the_kid", "sheriff", hand=["beer"]),
                seat_spec("black_jack", "outlaw"),
                seat_spec("kit_carlson", "renegade", hand=["missed:10C"]),
            ),
            ["0: draw @3"],
            deck_top=["missed:2S", "beer:6H"],
            phase="start",
        )
    )
    assert sorted(refs(s, 0)) == ["beer#39", "missed#25", "missed#30"]
    assert refs(s, 3) == []
    assert events(s, "steal", seat=0, reason="jesse_jones", **{"from": 3})
    assert s["deck_top"][0] == "beer#37"


def test_jesse_jones_may_draw_both_from_the_deck() -> None:
    _, s = play(
        scenario(
            four_seats(seat_spec("jesse_jones", "outlaw"), seat_spec("willy_the_kid", "sheriff", hand=["beer"])),
            ["0: draw deck"],
            deck_top=["missed:2S", "beer:6H"],
            phase="start",
        )
    )
    assert sorted(refs(s, 0)) == ["beer#37", "missed#30"]
    assert refs(s, 1) == ["beer#38"]


def test_jesse_jones_draws_from_the_deck_when_nobody_has_cards() -> None:
    _, s = play(
        scenario(
            four_seats(seat_spec("jesse_jones", "outlaw", hand=["beer:8H"]), seat_spec("willy_the_kid", "sheriff")),
            deck_top=["missed:2S", "beer:6H"],
            phase="start",
        )
    )
    assert sorted(refs(s, 0)) == ["beer#37", "beer#39", "missed#30"]
    assert not events(s, "steal")


# --- Jourdonnais -------------------------------------------------------------------------------


def test_jourdonnais_builtin_barrel_cancels_a_bang_on_a_heart() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["bang", "beer"]),
                seat_spec("jourdonnais", "outlaw", hand=["missed"]),
            ),
            ["0: play bang @1"],
            deck_top=["beer:6H"],
        )
    )
    assert events(s, "check", seat=1, reason="jourdonnais", ok=True)
    assert events(s, "dodged", seat=1)
    assert seat(s, 1)["life"] == 4
    assert kinds(refs(s, 1)) == ["missed"]


def test_jourdonnais_failed_check_still_allows_a_missed() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["bang", "beer"]),
                seat_spec("jourdonnais", "outlaw", hand=["missed"]),
            ),
            ["0: play bang @1"],
            deck_top=["bang:2C"],
        )
    )
    assert events(s, "check", seat=1, reason="jourdonnais", ok=False)
    assert s["awaiting"] == [1]
    assert legal(s, 1) == ["answer missed#25", "pass"]


@pytest.mark.parametrize(
    ("checks", "life"),
    [(["bang:2C", "beer:6H"], 4), (["beer:6H", "bang:2C"], 4), (["bang:2C", "bang:3C"], 3)],
)
def test_jourdonnais_with_a_real_barrel_checks_twice(checks: list[str], life: int) -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["bang", "beer"]),
                seat_spec("jourdonnais", "outlaw", in_play=["barrel"]),
            ),
            ["0: play bang @1"],
            deck_top=checks,
        )
    )
    reasons = [e["reason"] for e in events(s, "check", seat=1)]
    # A second check is only drawn if the first failed.
    assert reasons == (["jourdonnais", "barrel"] if checks[0] == "bang:2C" else ["jourdonnais"])
    assert seat(s, 1)["life"] == life


def test_jourdonnais_does_not_check_against_indians() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["indians", "beer"]), seat_spec("jourdonnais", "outlaw")
            ),
            ["0: play indians"],
            deck_top=["beer:6H"],
        )
    )
    assert not events(s, "check")
    assert seat(s, 1)["life"] == 3


# --- Kit Carlson -------------------------------------------------------------------------------


def test_kit_carlson_looks_at_three_cards() -> None:
    _, s = play(
        scenario(
            four_seats(seat_spec("kit_carlson", "outlaw"), seat_spec("willy_the_kid", "sheriff")),
            deck_top=["missed:2S", "bang:QH", "beer:6H", "jail:JS"],
            phase="start",
        )
    )
    (look,) = events(s, "look", seat=0)
    assert look["cards"] == ["missed#30", "bang#1", "beer#37"]
    assert legal(s, 0) == ["putback missed#30", "putback bang#1", "putback beer#37"]
    assert refs(s, 0) == []


def test_kit_carlson_puts_one_back_on_top_of_the_deck() -> None:
    _, s = play(
        scenario(
            four_seats(seat_spec("kit_carlson", "outlaw"), seat_spec("willy_the_kid", "sheriff")),
            ["0: putback bang"],
            deck_top=["missed:2S", "bang:QH", "beer:6H", "jail:JS"],
            phase="start",
        )
    )
    assert sorted(refs(s, 0)) == ["beer#37", "missed#30"]
    assert s["deck_top"][:2] == ["bang#1", "jail#68"]


# --- Lucky Duke --------------------------------------------------------------------------------


def test_lucky_duke_checks_two_cards_and_uses_the_better() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["bang", "beer"]),
                seat_spec("lucky_duke", "outlaw", in_play=["barrel"]),
            ),
            ["0: play bang @1"],
            deck_top=["missed:2S", "beer:6H", "jail:JS"],
        )
    )
    (check,) = events(s, "check", seat=1)
    assert check["cards"] == ["missed#30", "beer#37"]
    assert check["chosen"] == "beer#37"
    assert check["ok"] is True
    assert seat(s, 1)["life"] == 4
    # Both cards are discarded: the BANG!, then the two checked cards.
    assert s["discard_size"] == 3
    assert s["deck_top"][0] == "jail#68"


def test_lucky_duke_fails_only_when_both_cards_fail() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["bang", "beer"]),
                seat_spec("lucky_duke", "outlaw", in_play=["barrel"]),
            ),
            ["0: play bang @1"],
            deck_top=["missed:2S", "bang:2D"],
        )
    )
    (check,) = events(s, "check", seat=1)
    assert check["ok"] is False
    assert len(check["cards"]) == 2
    assert seat(s, 1)["life"] == 3
    assert s["discard_size"] == 3


def test_lucky_duke_dynamite_check_keeps_the_safe_card() -> None:
    _, s = play(
        scenario(
            four_seats(seat_spec("lucky_duke", "outlaw", in_play=["dynamite"]), seat_spec("willy_the_kid", "sheriff")),
            deck_top=["missed:2S", "bang:QH"],
            phase="start",
        )
    )
    assert seat(s, 0)["life"] == 4
    assert events(s, "dynamite_passed", seat=0, to=1)
    assert "dynamite#71" in refs(s, 1, "in_play")


def test_lucky_duke_jail_check_keeps_the_heart() -> None:
    _, s = play(
        scenario(
            four_seats(seat_spec("lucky_duke", "outlaw", in_play=["jail"]), seat_spec("willy_the_kid", "sheriff")),
            deck_top=["missed:2S", "beer:6H", "bang:2D", "bang:3D"],
            phase="start",
        )
    )
    assert events(s, "jail", seat=0, free=True)
    assert s["turn"] == 0
    assert kinds(refs(s, 0)) == ["bang", "bang"]


# --- Paul Regret and Rose Doolan ---------------------------------------------------------------

SIX = ["willy_the_kid", "bart_cassidy", "black_jack", "kit_carlson", "jesse_jones", "pedro_ramirez"]
ROLES_SIX = ["sheriff", "renegade", "deputy", "outlaw", "outlaw", "outlaw"]


def six_table(character: str, in_play: list[str], at: int = 0) -> list[Seat]:
    """Returns a six-player table with character (and its cards in play) at seat `at`."""
    players = [seat_spec(c, r) for c, r in zip(SIX, ROLES_SIX, strict=True)]
    players[at] = seat_spec(character, ROLES_SIX[at], in_play=in_play)
    return players


@pytest.mark.parametrize(("cards", "extra"), [([], 1), (["mustang"], 2)])
def test_paul_regret_is_further_away_for_everyone_else(cards: list[str], extra: int) -> None:
    state = build_state(scenario(six_table("paul_regret", cards)))
    seat_distance = {1: 1, 2: 2, 3: 3, 4: 2, 5: 1}
    for other, d in seat_distance.items():
        assert distance(state, other, 0) == d + extra
        assert distance(state, 0, other) == d  # he sees the others as usual


def test_paul_regret_is_out_of_reach_of_a_colt_next_to_him() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["bang", "panic", "beer"]),
                seat_spec("paul_regret", "outlaw"),
            ),
        )
    )
    assert not [a for a in legal(s, 0) if "@1" in a]
    assert "play bang#0 @3" in legal(s, 0)


@pytest.mark.parametrize(("cards", "less"), [([], 1), (["scope"], 2)])
def test_rose_doolan_sees_everyone_closer(cards: list[str], less: int) -> None:
    state = build_state(scenario(six_table("rose_doolan", cards)))
    seat_distance = {1: 1, 2: 2, 3: 3, 4: 2, 5: 1}
    for other, d in seat_distance.items():
        assert distance(state, 0, other) == max(1, d - less)
        assert distance(state, other, 0) == d  # the others see her as usual


def rose_at_six(in_play: list[str]) -> dict[str, Any]:
    """Returns the summary of Rose Doolan's turn at a six-player table where everyone holds a card."""
    _, s = play(
        scenario(
            [
                seat_spec("rose_doolan", "sheriff", hand=["bang", "panic", "beer"], in_play=in_play),
                *[seat_spec(c, r, hand=["beer"]) for c, r in zip(SIX[1:], ROLES_SIX[1:], strict=True)],
            ]
        )
    )
    return s


def test_rose_doolan_reaches_seat_distance_2_with_the_colt() -> None:
    s = rose_at_six([])
    assert targets(s, 0, "bang") == [1, 2, 4, 5]
    assert targets(s, 0, "panic") == [1, 2, 4, 5]


def test_rose_doolan_weapon_extends_bang_but_not_panic() -> None:
    # cs: weapons change only the range of BANG!; Rose's built-in Scope changes the distance itself.
    s = rose_at_six(["remington"])
    assert targets(s, 0, "bang") == [1, 2, 3, 4, 5]
    assert targets(s, 0, "panic") == [1, 2, 4, 5]


# --- Pedro Ramirez -----------------------------------------------------------------------------


def test_pedro_ramirez_chooses_between_deck_and_discard_pile() -> None:
    _, s = play(
        scenario(
            four_seats(seat_spec("pedro_ramirez", "outlaw"), seat_spec("willy_the_kid", "sheriff")),
            discard=["beer:6H", "jail:JS"],
            phase="start",
        )
    )
    assert legal(s, 0) == ["draw deck", "draw discard"]


def test_pedro_ramirez_takes_the_top_of_the_discard_pile_then_one_from_the_deck() -> None:
    _, s = play(
        scenario(
            four_seats(seat_spec("pedro_ramirez", "outlaw"), seat_spec("willy_the_kid", "sheriff")),
            ["0: draw discard"],
            deck_top=["missed:2S", "bang:QH"],
            discard=["beer:6H", "jail:JS"],
            phase="start",
        )
    )
    assert sorted(refs(s, 0)) == ["jail#68", "missed#30"]
    assert s["discard_top"] == "beer#37"
    assert events(s, "take_discard", seat=0, card="jail#68")
    assert s["deck_top"][0] == "bang#1"


def test_pedro_ramirez_draws_from_the_deck_when_the_discard_pile_is_empty() -> None:
    _, s = play(
        scenario(
            four_seats(seat_spec("pedro_ramirez", "outlaw"), seat_spec("willy_the_kid", "sheriff")),
            deck_top=["missed:2S", "bang:QH"],
            phase="start",
        )
    )
    assert sorted(refs(s, 0)) == ["bang#1", "missed#30"]


# --- Sid Ketchum -------------------------------------------------------------------------------


def test_sid_ketchum_discards_two_cards_to_regain_a_life() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("sid_ketchum", "outlaw", hand=["bang", "missed", "beer"], life=2),
                seat_spec("willy_the_kid", "sheriff"),
            ),
            ["0: heal bang missed"],
        )
    )
    assert seat(s, 0)["life"] == 3
    assert kinds(refs(s, 0)) == ["beer"]
    assert s["discard_size"] == 2
    assert events(s, "heal", seat=0, life=3)


def test_sid_ketchum_heals_several_times_but_never_above_his_maximum() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("sid_ketchum", "outlaw", hand=["bang", "missed", "jail", "panic", "beer", "duel"], life=2),
                seat_spec("willy_the_kid", "sheriff"),
            ),
            ["0: heal bang missed", "0: heal panic jail"],
        )
    )
    assert seat(s, 0)["life"] == 4
    assert not [a for a in legal(s, 0) if a.startswith("heal")]


def test_sid_ketchum_cannot_heal_at_full_life() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("sid_ketchum", "outlaw", hand=["bang", "missed", "jail"]),
                seat_spec("willy_the_kid", "sheriff"),
            ),
        )
    )
    assert not [a for a in legal(s, 0) if a.startswith("heal")]


def test_sid_ketchum_heal_needs_two_cards() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("sid_ketchum", "outlaw", hand=["jail"], life=2), seat_spec("willy_the_kid", "sheriff")
            ),
        )
    )
    assert "heal" not in " ".join(legal(s, 0))


def test_sid_ketchum_survives_a_lethal_hit_by_discarding_two_cards() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["bang", "beer"]),
                seat_spec("sid_ketchum", "outlaw", hand=["jail", "panic"], life=1),
            ),
            ["0: play bang @1"],
        )
    )
    assert s["awaiting"] == [1]
    assert legal(s, 1) == ["heal panic#49 jail#68", "pass"]
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["bang", "beer"]),
                seat_spec("sid_ketchum", "outlaw", hand=["jail", "panic"], life=1),
            ),
            ["0: play bang @1", "1: heal panic jail"],
        )
    )
    assert seat(s, 1)["alive"]
    assert seat(s, 1)["life"] == 1
    assert refs(s, 1) == []
    assert events(s, "saved", seat=1, life=1)


def test_sid_ketchum_heals_twice_against_dynamite() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff"),
                seat_spec(
                    "sid_ketchum", "outlaw", hand=["jail", "panic", "bang", "missed"], in_play=["dynamite"], life=2
                ),
            ),
            ["1: heal bang missed", "1: heal panic jail"],
            deck_top=["missed:2S", "beer:6H", "beer:7H"],
            turn=1,
            phase="start",
        )
    )
    assert seat(s, 1)["alive"]
    assert seat(s, 1)["life"] == 1
    assert kinds(refs(s, 1)) == ["beer", "beer"]


def test_sid_ketchum_with_too_few_cards_is_eliminated() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["bang", "beer"]),
                seat_spec("sid_ketchum", "outlaw", hand=["jail"], life=1),
            ),
            ["0: play bang @1"],
        )
    )
    assert 1 in s["eliminated"]


def test_sid_ketchum_heals_in_the_discard_phase() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("sid_ketchum", "outlaw", hand=["bang", "missed", "jail", "panic"], life=2),
                seat_spec("willy_the_kid", "sheriff"),
            ),
            ["0: end", "0: heal bang missed"],
        )
    )
    # After the heal: life 3, two cards in hand, so nothing left to discard and the turn passes on.
    assert seat(s, 0)["life"] == 3
    assert kinds(refs(s, 0)) == ["jail", "panic"]
    assert s["turn"] == 1


# --- Slab the Killer ---------------------------------------------------------------------------


def slab_vs(
    hand: list[str], in_play: list[str], script: list[str], deck_top: list[str], target: str = "willy_the_kid"
) -> dict[str, Any]:
    """Runs Slab the Killer's BANG! at seat 1 and returns the summary."""
    _, s = play(
        scenario(
            four_seats(
                seat_spec("slab_the_killer", "sheriff", hand=["bang", "beer"]),
                seat_spec(target, "outlaw", hand=hand, in_play=in_play),
            ),
            ["0: play bang @1", *script],
            deck_top=deck_top,
        )
    )
    return s


def test_slab_the_killer_one_missed_is_not_enough() -> None:
    s = slab_vs(["missed"], [], ["1: answer missed"], [])
    assert seat(s, 1)["life"] == 3
    assert refs(s, 1) == []


def test_slab_the_killer_two_missed_cancel_his_bang() -> None:
    s = slab_vs(["missed", "missed"], [], ["1: answer missed", "1: answer missed"], [])
    assert seat(s, 1)["life"] == 4
    assert events(s, "dodged", seat=1)


def test_slab_the_killer_a_barrel_success_counts_as_one_missed() -> None:
    s = slab_vs(["missed"], ["barrel"], ["1: answer missed"], ["beer:6H"])
    assert events(s, "check", seat=1, reason="barrel", ok=True)
    assert seat(s, 1)["life"] == 4


def test_slab_the_killer_a_barrel_success_alone_is_not_enough() -> None:
    s = slab_vs([], ["barrel"], [], ["beer:6H"])
    assert events(s, "check", seat=1, reason="barrel", ok=True)
    assert seat(s, 1)["life"] == 3


def test_slab_the_killer_jourdonnais_and_barrel_both_succeeding_cancel() -> None:
    # cs Příklad 3: Jourdonnais' check gives one Missed! effect; against Slab he needs one more.
    s = slab_vs([], ["barrel"], [], ["beer:6H", "beer:7H"], target="jourdonnais")
    assert [e["reason"] for e in events(s, "check", seat=1, ok=True)] == ["jourdonnais", "barrel"]
    assert seat(s, 1)["life"] == 4


def test_slab_the_killer_gatling_needs_only_one_missed() -> None:
    # His ability is about his BANG! cards; Gatling is not a BANG! card.
    _, s = play(
        scenario(
            four_seats(
                seat_spec("slab_the_killer", "sheriff", hand=["gatling", "beer"]),
                seat_spec("willy_the_kid", "outlaw", hand=["missed"]),
            ),
            ["0: play gatling", "1: answer missed"],
        )
    )
    assert seat(s, 1)["life"] == 4


# --- Suzy Lafayette ----------------------------------------------------------------------------


def test_suzy_lafayette_draws_when_she_plays_her_last_card() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("suzy_lafayette", "sheriff", hand=["bang"]),
                seat_spec("willy_the_kid", "outlaw", hand=["missed"]),
            ),
            ["0: play bang @1"],
            deck_top=["beer:6H"],
        )
    )
    assert refs(s, 0) == ["beer#37"]
    assert events(s, "draw", seat=0, reason="suzy_lafayette")


def test_suzy_lafayette_draws_after_answering_with_her_last_card() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["bang", "beer"]),
                seat_spec("suzy_lafayette", "outlaw", hand=["missed"]),
            ),
            ["0: play bang @1", "1: answer missed"],
            deck_top=["beer:6H"],
        )
    )
    assert refs(s, 1) == ["beer#37"]
    assert seat(s, 1)["life"] == 4


def test_suzy_lafayette_draws_when_her_last_card_is_stolen() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["panic", "beer"]),
                seat_spec("suzy_lafayette", "outlaw", hand=["missed"]),
            ),
            ["0: play panic @1 hand"],
            deck_top=["beer:6H"],
        )
    )
    assert refs(s, 1) == ["beer#37"]
    assert kinds(refs(s, 0)) == ["beer", "missed"]


def test_suzy_lafayette_waits_until_the_duel_she_started_is_over() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("suzy_lafayette", "outlaw", hand=["duel"]),
                seat_spec("willy_the_kid", "sheriff", hand=["bang", "bang"]),
            ),
            ["0: play duel @1", "1: answer bang"],
            deck_top=["bang:2C", "beer:6H"],
        )
    )
    # She could not answer with a card drawn during the Duel: she lost it, and only then drew.
    assert seat(s, 0)["life"] == 3
    assert event_index(s, "hurt", seat=0) < event_index(s, "draw", seat=0, reason="suzy_lafayette")
    assert refs(s, 0) == ["bang#17"]


def test_suzy_lafayette_last_missed_against_slab_draws_another() -> None:
    # cs: "Jestliže čelíte kartě BANG! zahrané Slabem the Killerem a máte v ruce jako poslední kartu Vedle!..."
    s = slab_vs(
        ["missed"], [], ["1: answer missed", "1: answer missed"], ["missed:2S", "beer:6H"], target="suzy_lafayette"
    )
    assert seat(s, 1)["life"] == 4
    assert events(s, "dodged", seat=1)
    assert refs(s, 1) == ["beer#37"]


# --- Vulture Sam -------------------------------------------------------------------------------


def test_vulture_sam_takes_all_cards_of_an_eliminated_player() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["bang", "beer"]),
                seat_spec("bart_cassidy", "outlaw", hand=["missed", "jail"], in_play=["scope", "schofield"], life=1),
                seat_spec("vulture_sam", "outlaw", hand=["bang"]),
            ),
            ["0: play bang @1", "1: pass"],
        )
    )
    assert 1 in s["eliminated"]
    assert kinds(refs(s, 2)) == ["bang", "jail", "missed", "schofield", "scope"]
    assert events(s, "vulture", seat=2, count=4, **{"from": 1})
    assert s["discard_size"] == 1  # only the BANG!


def test_vulture_sam_takes_the_cards_of_a_dynamite_victim() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff"),
                seat_spec("black_jack", "outlaw", hand=["missed"], in_play=["dynamite", "barrel"], life=3),
                seat_spec("kit_carlson", "outlaw"),
                seat_spec("vulture_sam", "renegade"),
            ),
            deck_top=["missed:2S"],
            turn=1,
            phase="start",
        )
    )
    assert 1 in s["eliminated"]
    # The exploded Dynamite is discarded; the Barrel and the hand go to Vulture Sam.
    assert kinds(refs(s, 3)) == ["barrel", "missed"]


def test_vulture_sam_own_cards_are_discarded_when_he_is_eliminated() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["bang", "beer"]),
                seat_spec("vulture_sam", "outlaw", hand=["jail"], in_play=["barrel"], life=1),
            ),
            ["0: play bang @1"],
            deck_top=["missed:2S"],
        )
    )
    assert 1 in s["eliminated"]
    assert events(s, "discard_all", seat=1)
    assert not events(s, "vulture")


# --- Willy the Kid -----------------------------------------------------------------------------


def test_willy_the_kid_plays_any_number_of_bangs() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["bang", "bang", "bang", "beer"]),
                seat_spec("black_jack", "outlaw"),
                seat_spec("kit_carlson", "outlaw"),
                seat_spec("pedro_ramirez", "renegade"),
            ),
            ["0: play bang @1", "0: play bang @1", "0: play bang @3"],
        )
    )
    assert seat(s, 1)["life"] == 2
    assert seat(s, 3)["life"] == 3


def test_others_play_only_one_bang_per_turn() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("black_jack", "sheriff", hand=["bang", "bang", "beer"]), seat_spec("willy_the_kid", "outlaw")
            ),
            ["0: play bang @1"],
        )
    )
    assert not [a for a in legal(s, 0) if a.startswith("play bang")]


# --- what other players may see ------------------------------------------------------------------


def settled_events(data: dict[str, Any], script: list[tuple[int, str]]) -> list[Event]:
    """Sets a scenario up with the engine itself and returns every event, as Event objects."""
    state = build_state(data)
    ev: list[Event] = []
    settle(state, ev)
    for n, text in script:
        state, new = apply(state, n, match(text, legal_actions(state, n)))
        ev += new
    return ev


def test_kit_carlson_looked_at_and_put_back_cards_stay_secret() -> None:
    ev = settled_events(
        scenario(
            four_seats(seat_spec("kit_carlson", "outlaw"), seat_spec("willy_the_kid", "sheriff")),
            deck_top=["missed:2S", "bang:QH", "beer:6H"],
            phase="start",
        ),
        [(0, "putback bang")],
    )
    look = next(e for e in ev if e.kind == "look")
    put_back = next(e for e in ev if e.kind == "put_back")
    for e in (look, put_back):
        assert not {"cards", "card", "kept"} & set(e.for_seat(None))
        assert not {"cards", "card", "kept"} & set(e.for_seat(1))
    assert len(look.for_seat(0)["cards"]) == 3
    assert put_back.for_seat(0)["card"] == 1  # bang#1, the Q of hearts


def test_jesse_jones_taken_card_is_seen_only_by_the_two_players() -> None:
    ev = settled_events(
        scenario(
            four_seats(
                seat_spec("jesse_jones", "outlaw", hand=["beer"]),
                seat_spec("willy_the_kid", "sheriff", hand=["missed:10C"]),
            ),
            phase="start",
        ),
        [(0, "draw @1")],
    )
    steal = next(e for e in ev if e.kind == "steal")
    assert steal.for_seat(0)["card"] == steal.for_seat(1)["card"] == 25
    assert "card" not in steal.for_seat(None)
    assert "card" not in steal.for_seat(2)


# --- order of resolution and timing ---------------------------------------------------------------


@pytest.mark.parametrize(("card", "answer"), [("gatling", "1: answer missed"), ("indians", "1: answer bang")])
def test_all_other_players_resolve_clockwise_so_suzy_draws_before_bart(card: str, answer: str) -> None:
    # cs Časová posloupnost karet: "se postupuje po směru hodinových ručiček. Začíná se hráčem po levici od toho,
    # kdo dané karty zahrál." Suzy (seat 1) answers with her last card and draws before Bart (seat 2) is hit.
    _, s = play(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=[card, "beer"]),
                seat_spec("suzy_lafayette", "outlaw", hand=["missed" if card == "gatling" else "bang"]),
                seat_spec("bart_cassidy", "outlaw"),
            ),
            [f"0: play {card}", answer],
            deck_top=["beer:6H", "beer:7H"],
        )
    )
    assert event_index(s, "answer", seat=1) < event_index(s, "hurt", seat=2)
    assert seat(s, 1)["hand"] == ["beer#37"]
    assert seat(s, 2)["hand"] == ["beer#38"]


def test_sid_ketchum_may_heal_at_any_time_also_in_another_players_turn() -> None:
    # cs "Můžete kdykoli odhodit dvě karty z ruky a vyléčit si tak jeden život."; ru «может в любой момент игры»;
    # editions.md: "Sid Ketchum may use his ability at any time".
    state = build_state(
        scenario(
            four_seats(
                seat_spec("willy_the_kid", "sheriff", hand=["bang", "beer"]),
                seat_spec("sid_ketchum", "outlaw", hand=["jail", "panic", "missed"], life=2),
            )
        )
    )
    assert state.turn == 0
    assert any(isinstance(a, Heal) for a in legal_actions(state, 1))
