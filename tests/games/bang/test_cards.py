"""The 22 playing-card kinds and the general play rules, each checked through a scenario.

Rules sources: /work/shared/rulebooks/004_… (cs), 000_… (ru) and spec/base-deck.md, spec/editions.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest

from bangbot.games.bang.rules.cards import BASE_DECK, parse_suit_rank
from bangbot.games.bang.rules.engine import apply, legal_actions, new_game
from bangbot.games.bang.rules.flow import settle
from bangbot.games.bang.rules.notation import match
from bangbot.games.bang.rules.scenario import ScenarioError, build_state, run, summary
from bangbot.games.bang.rules.state import GameConfig, GameState
from bangbot.games.bang.rules.table import distance, weapon_range
from tests.scenario_helpers import Summary, events, kinds, legal, seat

# Characters whose abilities stay out of the way: these act only in phase 1 (which the tests avoid for
# them) or only when a player is eliminated (Vulture Sam, kept out of scenarios with eliminations).
CHARS4 = ("vulture_sam", "black_jack", "kit_carlson", "pedro_ramirez")
# The same without Vulture Sam, for scenarios where somebody goes out of the game.
NO_VULTURE4 = ("jesse_jones", "black_jack", "kit_carlson", "pedro_ramirez")
ROLES4 = ("sheriff", "outlaw", "outlaw", "renegade")
BOOK_KINDS = {"dynamite", "duel", "general_store", "indians", "jail", "volcanic"}
# A card that is always playable, to keep a turn open (a lone "end" is taken automatically).
FILLER = "stagecoach"


def make_table(
    chars: Iterable[str] = CHARS4,
    roles: Iterable[str] = ROLES4,
    hands: dict[int, list[str]] | None = None,
    in_play: dict[int, list[str]] | None = None,
    life: dict[int, int] | None = None,
    dead: Iterable[int] = (),
    script: Iterable[str] = (),
    **extra: Any,
) -> dict[str, Any]:
    """Returns a scenario: one seat per character, with hands, cards in play, life and dead seats by seat."""
    hands, in_play, life, dead = hands or {}, in_play or {}, life or {}, set(dead)
    players: list[dict[str, Any]] = []
    for i, (character, role) in enumerate(zip(chars, roles, strict=True)):
        p: dict[str, Any] = {"character": character, "role": role}
        p["hand"] = list(hands.get(i, []))
        p["in_play"] = list(in_play.get(i, []))
        if i in life:
            p["life"] = life[i]
        if i in dead:
            p["alive"], p["life"] = False, 0
        players.append(p)
    return {"players": players, "script": list(script), "turn": 0, "phase": "play", **extra}


def ref(spec: str) -> str:
    """Returns the reference ('bang#12') of the first base card matching a spec like 'bang:QH'."""
    kind, _, code = spec.partition(":")
    wanted = parse_suit_rank(code) if code else None
    for c in BASE_DECK:
        if c.kind == kind and (wanted is None or (c.suit, c.rank) == wanted):
            return c.ref
    raise AssertionError(f"no card {spec}")


def hand(s: Summary, n: int) -> list[str]:
    """Returns the sorted kinds in seat n's hand."""
    return kinds(seat(s, n)["hand"])


def board(s: Summary, n: int) -> list[str]:
    """Returns the sorted kinds seat n has in play."""
    return kinds(seat(s, n)["in_play"])


def life(s: Summary, n: int) -> int:
    """Returns seat n's life."""
    value: int = seat(s, n)["life"]
    return value


def targets(s: Summary, n: int, kind: str, oneself: bool = False) -> set[int]:
    """Returns the other seats (and with oneself, seat n too) that seat n may now play a card of this kind at."""
    out: set[int] = set()
    for text in legal(s, n):
        words = text.split()
        if words[0] == "play" and words[1].partition("#")[0] == kind and len(words) > 2:
            out.add(int(words[2][1:]))
    return out if oneself else out - {n}


def plays(s: Summary, n: int, kind: str) -> list[str]:
    """Returns seat n's legal plays of a card of this kind."""
    return [t for t in legal(s, n) if t.startswith(f"play {kind}#")]


def discard_kinds(state: GameState) -> list[str]:
    """Returns the kinds on the discard pile, bottom first."""
    return [BASE_DECK[c].kind for c in state.discard]


def checks(s: Summary) -> list[tuple[int, str, bool]]:
    """Returns every check drawn as (seat, reason, success), in order."""
    return [(e["seat"], e["reason"], e["ok"]) for e in events(s, "check")]


def assert_illegal(data: dict[str, Any]) -> ScenarioError:
    """Runs a scenario whose last step must be refused and returns the error."""
    with pytest.raises(ScenarioError) as info:
        run(data)
    assert info.value.step == len(data["script"])
    return info.value


def assert_cards_conserved(state: GameState, total: int = 80) -> None:
    """Checks that every card of the deck is in exactly one place."""
    cards = state.all_cards()
    assert len(cards) == total
    assert len(set(cards)) == total


# ---------------------------------------------------------------- BANG! and range


def test_bang_hits_a_player_in_range_who_cannot_answer() -> None:
    state, s = run(make_table(hands={0: ["bang", FILLER]}, script=["0: play bang @1"]))
    assert life(s, 1) == 3
    assert hand(s, 0) == [FILLER]
    assert s["discard_top"].startswith("bang#")
    assert events(s, "hurt", seat=1, amount=1, source=0, cause="bang")
    assert s["awaiting"] == [0] and s["phase"] == "play"
    assert_cards_conserved(state)


def test_bang_answered_with_missed_both_cards_go_to_discard() -> None:
    state, s = run(
        make_table(hands={0: ["bang:8D", FILLER], 1: ["missed:2S"]}, script=["0: play bang @1", "1: answer missed"])
    )
    assert life(s, 1) == 4
    assert hand(s, 1) == []
    # The BANG! is discarded even though it was dodged; the Missed! lies on top of it.
    assert state.discard[-2:] == [_index("bang:8D"), _index("missed:2S")]
    assert events(s, "dodged", seat=1, attacker=0, source="bang")
    assert not events(s, "hurt")


def _index(spec: str) -> int:
    """Returns the card index of a spec (see ref)."""
    return int(ref(spec).partition("#")[2])


def test_only_the_target_may_answer_a_bang() -> None:
    data = make_table(hands={0: ["bang", FILLER], 1: ["missed"], 3: ["missed"]}, script=["0: play bang @1"])
    _, s = run(data)
    assert s["awaiting"] == [1]
    assert legal(s, 3) == []
    data["script"].append("3: answer missed")
    assert_illegal(data)


def test_target_may_take_the_hit_although_holding_missed() -> None:
    _, s = run(make_table(hands={0: ["bang", FILLER], 1: ["missed"]}, script=["0: play bang @1"]))
    assert s["awaiting"] == [1]
    assert sorted(a.split("#")[0] for a in legal(s, 1)) == ["answer missed", "pass"]
    _, s = run(make_table(hands={0: ["bang", FILLER], 1: ["missed"]}, script=["0: play bang @1", "1: pass"]))
    assert life(s, 1) == 3
    assert hand(s, 1) == ["missed"]


def test_colt_45_reaches_only_distance_1() -> None:
    _, s = run(make_table(hands={0: ["bang", FILLER]}))
    assert targets(s, 0, "bang") == {1, 3}
    assert_illegal(make_table(hands={0: ["bang", FILLER]}, script=["0: play bang @2"]))


def test_bang_on_oneself_is_legal_in_the_standard_preset_only() -> None:
    # cs 004: «Pokud chcete, smíte karty s tímto efektem hrát i na sebe.» The ja rulebook is silent: not there.
    _, s = run(make_table(hands={0: ["bang", FILLER]}))
    assert targets(s, 0, "bang", oneself=True) == {0, 1, 3}
    _, shot = run(make_table(hands={0: ["bang", FILLER]}, script=["0: play bang @0"]))
    assert life(shot, 0) == 4 and events(shot, "hurt", seat=0, source=0)
    assert_illegal(make_table(hands={0: ["bang", FILLER]}, script=["0: play bang @0"], preset="ja"))


SEVEN_CHARS = (
    "vulture_sam",
    "black_jack",
    "kit_carlson",
    "paul_regret",
    "pedro_ramirez",
    "jesse_jones",
    "willy_the_kid",
)
SEVEN_ROLES = ("sheriff", "outlaw", "outlaw", "outlaw", "renegade", "deputy", "deputy")
# From seat 0: seats 1 and 6 at 1, seats 2 and 5 at 2, seat 4 (Mustang) at 3+1 = 4,
# seat 3 (Paul Regret with a Mustang) at 3+1+1 = 5. Without them, seats 3 and 4 are at 3.
SEVEN_IN_PLAY = {3: ["mustang"], 4: ["mustang"]}


@pytest.mark.parametrize(
    ("weapon", "reach", "far", "near"),
    [
        (None, 1, {1, 6}, {1, 6}),
        ("volcanic", 1, {1, 6}, {1, 6}),
        ("schofield", 2, {1, 2, 5, 6}, {1, 2, 5, 6}),
        ("remington", 3, {1, 2, 5, 6}, {1, 2, 3, 4, 5, 6}),
        ("rev_carabine", 4, {1, 2, 4, 5, 6}, {1, 2, 3, 4, 5, 6}),
        ("winchester", 5, {1, 2, 3, 4, 5, 6}, {1, 2, 3, 4, 5, 6}),
    ],
)
def test_weapon_range_decides_bang_targets(weapon: str | None, reach: int, far: set[int], near: set[int]) -> None:
    chars = ("vulture_sam", "black_jack", "kit_carlson", "willy_the_kid", "pedro_ramirez", "jesse_jones", "lucky_duke")
    for table_chars, table_in_play, expected, dists in [
        (SEVEN_CHARS, SEVEN_IN_PLAY, far, [1, 2, 5, 4, 2, 1]),
        (chars, {}, near, [1, 2, 3, 3, 2, 1]),
    ]:
        in_play = {**table_in_play, 0: [weapon] if weapon else []}
        hands = {0: ["bang", "panic", FILLER], **{t: ["beer"] for t in range(1, 7)}}
        data = make_table(table_chars, SEVEN_ROLES, hands=hands, in_play=in_play)
        state, s = run(data)
        assert [distance(state, 0, t) for t in range(1, 7)] == dists
        assert weapon_range(state, 0) == reach
        assert targets(s, 0, "bang") == expected
        # Weapons change only the reach of BANG!, never the distance that Panic! needs.
        assert targets(s, 0, "panic") - {0} == {1, 6}


@pytest.mark.parametrize("weapon", ["winchester", "rev_carabine", "schofield"])
def test_weapon_range_lets_bang_hit_a_far_player(weapon: str) -> None:
    data = make_table(
        SEVEN_CHARS,
        SEVEN_ROLES,
        hands={0: ["bang", FILLER]},
        in_play={**SEVEN_IN_PLAY, 0: [weapon]},
        script=["0: play bang @5"],
    )
    _, s = run(data)
    assert life(s, 5) == 3


def test_only_one_bang_per_turn() -> None:
    data = make_table(hands={0: ["bang", "bang", FILLER]}, script=["0: play bang @1"])
    _, s = run(data)
    assert life(s, 1) == 3
    assert plays(s, 0, "bang") == []
    assert plays(s, 0, FILLER)
    data["script"].append("0: play bang @3")
    assert_illegal(data)


def test_bang_already_played_this_turn_blocks_the_next() -> None:
    _, s = run(make_table(hands={0: ["bang", FILLER]}, bangs_played=1))
    assert plays(s, 0, "bang") == []


def test_volcanic_allows_any_number_of_bangs_at_distance_1() -> None:
    data = make_table(
        hands={0: ["bang", "bang", "bang", FILLER]},
        in_play={0: ["volcanic"]},
        script=["0: play bang @1", "0: play bang @3", "0: play bang @1"],
    )
    state, s = run(data)
    assert (life(s, 1), life(s, 3)) == (2, 3)
    assert hand(s, 0) == [FILLER]
    assert state.bangs_played == 3
    assert weapon_range(state, 0) == 1
    _, s = run(make_table(hands={0: ["bang", FILLER]}, in_play={0: ["volcanic"]}))
    assert targets(s, 0, "bang") == {1, 3}


def test_new_turn_resets_the_bang_count() -> None:
    # Seat 0 plays its BANG!, ends; seat 1 (plain phase 1) may play its own BANG!.
    data = make_table(
        ("vulture_sam", "willy_the_kid", "kit_carlson", "pedro_ramirez"),
        hands={0: ["bang", FILLER], 1: ["missed"]},
        deck_top=["bang", "beer"],
        script=["0: play bang @1", "1: answer missed", "0: end"],
    )
    state, s = run(data)
    assert s["turn"] == 1 and s["phase"] == "play"
    assert state.bangs_played == 0
    assert hand(s, 1) == ["bang", "beer"]
    assert targets(s, 1, "bang") == {0, 2}


# ---------------------------------------------------------------- Missed!


def test_missed_cannot_be_played_in_own_turn() -> None:
    _, s = run(make_table(hands={0: ["missed", FILLER]}))
    assert plays(s, 0, "missed") == []
    assert plays(s, 0, FILLER)


def test_turn_with_nothing_to_play_ends_by_itself() -> None:
    # Only Missed! in hand: "end" is the only legal action, so the engine takes it.
    data = make_table(
        ("vulture_sam", "willy_the_kid", "kit_carlson", "pedro_ramirez"),
        hands={0: ["missed"]},
        deck_top=["bang", "beer"],
    )
    _, s = run(data)
    assert s["turn"] == 1
    assert hand(s, 0) == ["missed"]
    assert events(s, "auto", seat=0, action="end")


# ---------------------------------------------------------------- Beer


def test_beer_heals_one_life() -> None:
    _, s = run(make_table(hands={0: ["beer", FILLER]}, life={0: 3}, script=["0: play beer"]))
    assert life(s, 0) == 4
    assert s["discard_top"].startswith("beer#")
    assert hand(s, 0) == [FILLER]


def test_beer_never_heals_above_max_life() -> None:
    _, s = run(make_table(hands={0: ["beer", "beer", FILLER]}, life={0: 4}, script=["0: play beer", "0: play beer"]))
    assert life(s, 0) == 5 == seat(s, 0)["max_life"]
    assert hand(s, 0) == [FILLER]


def test_beer_has_no_effect_with_two_players_left_but_is_playable() -> None:
    data = make_table(hands={0: ["beer", FILLER]}, life={0: 3}, dead=(2, 3), script=["0: play beer"])
    state, s = run(data)
    assert life(s, 0) == 3
    assert hand(s, 0) == [FILLER]
    assert discard_kinds(state) == ["beer"]
    # With three players left it heals again.
    _, s = run(make_table(hands={0: ["beer", FILLER]}, life={0: 3}, dead=(3,), script=["0: play beer"]))
    assert life(s, 0) == 4


def test_beer_is_not_an_answer_to_a_non_lethal_hit() -> None:
    data = make_table(hands={0: ["bang", FILLER], 1: ["missed", "beer"]}, life={1: 2}, script=["0: play bang @1"])
    _, s = run(data)
    assert not any(a.startswith("answer beer") for a in legal(s, 1))
    data["script"].append("1: pass")
    _, s = run(data)
    assert life(s, 1) == 1
    assert hand(s, 1) == ["beer", "missed"]
    # Only one hit: the holder cannot drink it out of turn.
    _, s = run(make_table(hands={0: ["bang", FILLER], 1: ["beer"]}, life={1: 2}, script=["0: play bang @1"]))
    assert life(s, 1) == 1
    assert hand(s, 1) == ["beer"]
    assert s["awaiting"] == [0]


def test_beer_out_of_turn_saves_from_a_lethal_hit() -> None:
    data = make_table(NO_VULTURE4, hands={0: ["bang", FILLER], 1: ["beer"]}, life={1: 1}, script=["0: play bang @1"])
    _, s = run(data)
    assert s["awaiting"] == [1]
    assert sorted(a.split("#")[0] for a in legal(s, 1)) == ["answer beer", "pass"]
    data["script"].append("1: answer beer")
    _, s = run(data)
    assert life(s, 1) == 1
    assert seat(s, 1)["alive"]
    assert hand(s, 1) == []
    assert s["discard_top"].startswith("beer#")
    assert events(s, "saved", seat=1, life=1)
    assert s["eliminated"] == []


def test_declining_the_beer_when_dying_eliminates() -> None:
    data = make_table(
        NO_VULTURE4,
        hands={0: ["bang", FILLER], 1: ["beer"]},
        life={1: 1},
        script=["0: play bang @1", "1: pass"],
    )
    _, s = run(data)
    assert s["eliminated"] == [1]
    assert events(s, "eliminated", seat=1, role="outlaw", killer=0)


def _dynamite_on_seat1(beers: int, life_points: int) -> dict[str, Any]:
    """Seat 1 starts its turn with Dynamite in play, life_points life and that many Beers; ♠5 explodes it."""
    return make_table(
        ("jesse_jones", "willy_the_kid", "kit_carlson", "pedro_ramirez"),
        hands={1: ["beer"] * beers},
        in_play={1: ["dynamite"]},
        life={1: life_points},
        deck_top=["missed:5S", FILLER, FILLER],
        turn=1,
        phase="start",
    )


def test_two_beers_survive_three_damage_with_two_lives() -> None:
    # cs: "Zbývají vám 2 životy ... Dynamitu ... 2 karty Pivo, zůstanete naživu s jedním (2−3+2)".
    data = _dynamite_on_seat1(beers=2, life_points=2)
    _, s = run(data)
    assert events(s, "exploded", seat=1)
    assert s["awaiting"] == [1]
    assert sorted(a.split("#")[0] for a in legal(s, 1)) == ["answer beer", "answer beer", "pass"]
    data["script"] = ["1: answer beer"]
    _, s = run(data)
    assert s["awaiting"] == [1]  # one Beer is not enough yet
    assert life(s, 1) == 0
    data["script"] = ["1: answer beer", "1: answer beer"]
    state, s = run(data)
    assert life(s, 1) == 1
    assert s["eliminated"] == []
    # The turn goes on after the rescue: phase 1 draws the two cards under the checked one.
    assert s["turn"] == 1 and s["phase"] == "play"
    assert hand(s, 1) == [FILLER, FILLER]
    assert sorted(discard_kinds(state)) == ["beer", "beer", "dynamite", "missed"]


def test_one_beer_is_not_enough_against_three_damage_with_two_lives() -> None:
    # cs: "Kdybyste zahráli pouze jednu kartu Pivo ... byli byste zabiti (dostali byste se na nulu!)".
    state, s = run(_dynamite_on_seat1(beers=1, life_points=2))
    assert s["eliminated"] == [1]
    assert events(s, "eliminated", seat=1, killer=None)
    assert not events(s, "answer")
    assert "beer" in discard_kinds(state)
    assert s["winner"] is None


def test_three_beers_survive_dynamite_with_one_life() -> None:
    data = _dynamite_on_seat1(beers=3, life_points=1)
    data["script"] = ["1: answer beer", "1: answer beer", "1: answer beer"]
    _, s = run(data)
    assert life(s, 1) == 1
    assert s["eliminated"] == []


@pytest.mark.parametrize(
    ("life_points", "beers", "survives"),
    [(3, 0, False), (3, 1, True), (2, 1, False), (2, 2, True), (1, 2, False), (1, 3, True)],
)
def test_beers_against_dynamite_survive_only_above_zero(life_points: int, beers: int, survives: bool) -> None:
    data = _dynamite_on_seat1(beers=beers, life_points=life_points)
    data["script"] = ["1: answer beer"] * (beers if survives else 0)
    _, s = run(data)
    assert seat(s, 1)["alive"] is survives
    if survives:
        assert life(s, 1) == 1  # life − 3 + beers
        assert hand(s, 1) == [FILLER, FILLER]
    else:
        assert s["eliminated"] == [1]
        assert legal(s, 1) == []


def test_beer_cannot_help_another_player() -> None:
    data = make_table(
        NO_VULTURE4,
        hands={0: ["bang", FILLER], 1: ["beer"], 2: ["beer"]},
        life={1: 1},
        script=["0: play bang @1"],
    )
    _, s = run(data)
    assert s["awaiting"] == [1]
    assert legal(s, 2) == []
    data["script"].append("2: answer beer")
    assert_illegal(data)


def test_gatling_hits_resolve_clockwise_while_answers_are_collected_at_once() -> None:
    data = make_table(
        NO_VULTURE4,
        hands={0: ["gatling", FILLER], 1: ["beer"], 2: ["missed"], 3: ["beer"]},
        life={1: 1, 3: 1},
        script=["0: play gatling"],
    )
    _, s = run(data)
    # Seat 1 (no Missed!) is hit first and must decide about its Beer; seat 2 may answer at the same time.
    # Seat 3's forced hit waits its turn in clockwise order, so seat 3 is not asked yet.
    assert s["awaiting"] == [1, 2]
    assert life(s, 3) == 1
    data["script"] += ["2: answer missed"]
    _, s = run(data)
    assert s["awaiting"] == [1]
    assert life(s, 3) == 1
    data["script"] += ["1: pass"]
    _, s = run(data)
    assert s["eliminated"] == [1]
    assert s["awaiting"] == [3]
    assert sorted(a.split("#")[0] for a in legal(s, 3)) == ["answer beer", "pass"]
    data["script"] += ["3: answer beer"]
    _, s = run(data)
    assert (life(s, 2), life(s, 3)) == (4, 1)
    assert s["awaiting"] == [0]


def test_indians_lethal_hit_may_be_answered_with_beer() -> None:
    data = make_table(
        NO_VULTURE4,
        hands={0: ["indians", FILLER], 1: ["beer", "missed"]},
        life={1: 1},
        script=["0: play indians"],
    )
    _, s = run(data)
    assert s["awaiting"] == [1]
    assert sorted(a.split("#")[0] for a in legal(s, 1)) == ["answer beer", "pass"]
    data["script"].append("1: answer beer")
    _, s = run(data)
    assert life(s, 1) == 1
    assert hand(s, 1) == ["missed"]


def test_beer_cannot_save_with_two_players_left() -> None:
    data = make_table(
        NO_VULTURE4,
        hands={0: ["bang", FILLER], 1: ["beer"]},
        life={1: 1},
        dead=(2, 3),
        script=["0: play bang @1"],
    )
    _, s = run(data)
    assert s["eliminated"] == [1, 2, 3]
    assert events(s, "auto", seat=1, action="pass")
    assert s["winner"] == "law"


# ---------------------------------------------------------------- Saloon


def test_saloon_heals_every_living_player_by_one() -> None:
    data = make_table(
        ("vulture_sam", "black_jack", "kit_carlson", "pedro_ramirez", "jesse_jones"),
        ("sheriff", "outlaw", "outlaw", "renegade", "deputy"),
        hands={0: ["saloon", FILLER]},
        life={0: 3, 1: 4, 2: 1, 3: 2},
        dead=(4,),
        script=["0: play saloon"],
    )
    _, s = run(data)
    assert [life(s, n) for n in range(5)] == [4, 4, 2, 3, 0]
    assert s["discard_top"].startswith("saloon#")
    assert s["eliminated"] == [4]


def test_saloon_heals_with_two_players_left() -> None:
    # Only Beer loses its effect with two players left.
    data = make_table(hands={0: ["saloon", FILLER]}, life={0: 3, 1: 2}, dead=(2, 3), script=["0: play saloon"])
    _, s = run(data)
    assert (life(s, 0), life(s, 1)) == (4, 3)


def test_saloon_never_saves_a_dying_player() -> None:
    data = make_table(
        NO_VULTURE4,
        hands={0: ["bang", FILLER], 1: ["saloon"]},
        life={1: 1},
        script=["0: play bang @1"],
    )
    state, s = run(data)
    assert s["eliminated"] == [1]
    assert events(s, "auto", seat=1, action="pass")
    assert not events(s, "saved")
    assert "saloon" in discard_kinds(state)


# ---------------------------------------------------------------- Stagecoach, Wells Fargo


def test_stagecoach_draws_two() -> None:
    data = make_table(hands={0: ["stagecoach", "bang"]}, deck_top=["beer:6H", "missed:2S", "panic"])
    before = build_state(data)
    data["script"] = ["0: play stagecoach"]
    state, s = run(data)
    assert sorted(seat(s, 0)["hand"]) == sorted([ref("bang"), ref("beer:6H"), ref("missed:2S")])
    assert len(state.deck) == len(before.deck) - 2
    assert s["deck_top"][0].startswith("panic#")
    assert s["discard_top"].startswith("stagecoach#")


def test_wells_fargo_draws_three() -> None:
    data = make_table(hands={0: ["wells_fargo", "bang"]}, deck_top=["beer:6H", "missed:2S", "panic:JH", "gatling"])
    data["script"] = ["0: play wells_fargo"]
    _, s = run(data)
    assert sorted(seat(s, 0)["hand"]) == sorted([ref("bang"), ref("beer:6H"), ref("missed:2S"), ref("panic:JH")])
    assert s["deck_top"][0].startswith("gatling#")
    assert events(s, "draw", seat=0, count=3, reason="wells_fargo")


# ---------------------------------------------------------------- General Store


def _store_table(script: list[str]) -> dict[str, Any]:
    """Five seats, seat 3 out of the game; seat 1 plays a General Store on its turn."""
    return make_table(
        ("vulture_sam", "black_jack", "kit_carlson", "pedro_ramirez", "jesse_jones"),
        ("sheriff", "outlaw", "outlaw", "deputy", "renegade"),
        hands={1: ["general_store", FILLER]},
        dead=(3,),
        deck_top=["beer:6H", "missed:2S", "bang:QH", "panic:JH", "gatling"],
        turn=1,
        script=script,
    )


def test_general_store_reveals_one_card_per_living_player() -> None:
    _, s = run(_store_table(["1: play general_store"]))
    shown = events(s, "store", seat=1)[0]["cards"]
    assert sorted(shown) == sorted([ref("beer:6H"), ref("missed:2S"), ref("bang:QH"), ref("panic:JH")])
    # The player who played it picks first.
    assert s["awaiting"] == [1]
    assert sorted(legal(s, 1)) == sorted(f"pick {r}" for r in shown)
    assert s["deck_top"][0].startswith("gatling#")


def test_general_store_picks_go_clockwise_and_the_last_card_is_taken_automatically() -> None:
    data = _store_table(["1: play general_store", "1: pick panic", "2: pick beer"])
    _, s = run(data)
    assert s["awaiting"] == [4]  # seat 3 is out of the game and skipped
    data["script"].append("4: pick bang")
    state, s = run(data)
    assert hand(s, 1) == ["panic", FILLER]
    assert hand(s, 2) == ["beer"]
    assert hand(s, 4) == ["bang"]
    assert hand(s, 0) == ["missed"]  # the last card, nobody else to choose
    assert events(s, "auto", seat=0, action=f"pick {ref('missed:2S')}")
    assert s["awaiting"] == [1] and s["phase"] == "play"
    assert discard_kinds(state) == ["general_store"]
    assert_cards_conserved(state)


def test_general_store_picks_cannot_be_taken_out_of_order() -> None:
    assert_illegal(_store_table(["1: play general_store", "2: pick beer"]))
    assert_illegal(_store_table(["1: play general_store", "1: pick beer", "0: pick bang"]))
    # Nor may the player interrupt the picks with another card.
    assert_illegal(_store_table(["1: play general_store", f"1: play {FILLER}"]))


# ---------------------------------------------------------------- Panic!


def test_panic_reaches_only_distance_1() -> None:
    data = make_table(hands={0: ["panic", FILLER], 1: ["bang"], 2: ["bang"], 3: ["bang"]})
    _, s = run(data)
    assert targets(s, 0, "panic") == {1, 3}
    data["script"] = ["0: play panic @2 hand"]
    assert_illegal(data)


def test_panic_takes_the_only_hand_card() -> None:
    data = make_table(hands={0: ["panic", FILLER], 1: ["missed:2S"]}, script=["0: play panic @1 hand"])
    state, s = run(data)
    assert hand(s, 1) == []
    assert sorted(seat(s, 0)["hand"]) == sorted([ref("missed:2S"), ref(FILLER)])
    assert events(s, "steal", seat=0, reason="panic", from_hand=True, card=ref("missed:2S"))
    assert discard_kinds(state) == ["panic"]


def test_panic_takes_a_random_card_from_a_larger_hand() -> None:
    data = make_table(hands={0: ["panic", FILLER], 1: ["missed", "beer", "bang"]}, script=["0: play panic @1 hand"])
    _, s = run(data)
    taken = set(seat(s, 0)["hand"]) - {ref(FILLER)}
    assert len(taken) == 1
    assert len(seat(s, 1)["hand"]) == 2
    assert kinds(seat(s, 1)["hand"] + list(taken)) == ["bang", "beer", "missed"]


def test_panic_takes_a_chosen_card_in_play() -> None:
    data = make_table(
        hands={0: ["panic", FILLER], 1: ["beer"]},
        in_play={1: ["barrel", "schofield"]},
        script=["0: play panic @1 schofield"],
    )
    _, s = run(data)
    assert board(s, 1) == ["barrel"]
    assert hand(s, 1) == ["beer"]
    assert hand(s, 0) == ["schofield", FILLER]
    assert board(s, 0) == []  # taken into the hand, not into play


def test_panic_may_take_own_card_in_play_but_not_from_own_hand() -> None:
    data = make_table(hands={0: ["panic", FILLER]}, in_play={0: ["barrel"]})
    _, s = run(data)
    own = [a for a in plays(s, 0, "panic") if " @0" in a]
    assert own == [f"play {ref('panic')} @0 {ref('barrel')}"]
    data["script"] = ["0: play panic @0 barrel"]
    _, s = run(data)
    assert board(s, 0) == []
    assert hand(s, 0) == ["barrel", FILLER]


def test_panic_distance_counts_scope_and_mustang() -> None:
    # Scope brings seat 2 to distance 1; a Mustang takes seat 1 out of reach.
    data = make_table(hands={0: ["panic", FILLER], 1: ["bang"], 2: ["bang"], 3: ["bang"]}, in_play={1: ["mustang"]})
    _, s = run(data)
    assert targets(s, 0, "panic") == {3}
    data["players"][0]["in_play"] = ["scope"]
    _, s = run(data)
    assert targets(s, 0, "panic", oneself=True) == {0, 1, 2, 3}  # 0: own Scope
    data["script"] = ["0: play panic @2 hand"]
    _, s = run(data)
    assert hand(s, 2) == []
    assert hand(s, 0) == ["bang", FILLER]


def test_panic_cannot_target_a_player_with_no_cards() -> None:
    _, s = run(make_table(hands={0: ["panic", FILLER], 1: ["bang"]}))
    assert targets(s, 0, "panic") == {1}


# ---------------------------------------------------------------- Cat Balou


def test_cat_balou_discards_a_hand_card_at_any_distance() -> None:
    data = make_table(hands={0: ["cat_balou", FILLER], 2: ["beer:6H"]}, script=["0: play cat_balou @2 hand"])
    state, s = run(data)
    assert hand(s, 2) == []
    assert hand(s, 0) == [FILLER]
    # cs: the card that causes a discard goes first, then the discarded one.
    assert discard_kinds(state) == ["cat_balou", "beer"]
    assert events(s, "discarded", seat=2, by=0, from_hand=True, card=ref("beer:6H"))


def test_cat_balou_discards_a_chosen_card_in_play() -> None:
    data = make_table(
        hands={0: ["cat_balou", FILLER], 2: ["bang"]},
        in_play={2: ["barrel", "winchester"]},
        script=["0: play cat_balou @2 barrel"],
    )
    state, s = run(data)
    assert board(s, 2) == ["winchester"]
    assert hand(s, 2) == ["bang"]
    assert discard_kinds(state) == ["cat_balou", "barrel"]


def test_cat_balou_targets_everyone_and_own_cards_in_play() -> None:
    data = make_table(hands={0: ["cat_balou", FILLER], 1: ["bang"], 2: ["bang"], 3: ["bang"]}, in_play={0: ["mustang"]})
    _, s = run(data)
    assert targets(s, 0, "cat_balou", oneself=True) == {0, 1, 2, 3}
    assert f"play {ref('cat_balou')} @0 hand" not in legal(s, 0)
    data["script"] = ["0: play cat_balou @0 mustang"]
    state, s = run(data)
    assert board(s, 0) == []
    assert discard_kinds(state) == ["cat_balou", "mustang"]


# ---------------------------------------------------------------- Gatling


def test_gatling_asks_every_other_player_at_once() -> None:
    data = make_table(
        hands={0: ["gatling", "bang", FILLER], 1: ["missed"], 2: ["missed"]},
        script=["0: play gatling"],
    )
    state, s = run(data)
    # Seats 1 and 2 are both asked now; seat 3 has nothing to answer with, and its hit waits its clockwise turn.
    assert s["awaiting"] == [1, 2]
    assert life(s, 3) == 4
    assert legal(s, 0) == []
    data["script"] += ["2: answer missed"]
    _, s = run(data)
    assert s["awaiting"] == [1]
    assert life(s, 3) == 4
    data["script"] += ["1: pass"]
    state, s = run(data)
    assert [life(s, n) for n in range(4)] == [5, 3, 4, 3]
    assert s["awaiting"] == [0]
    assert all(e["cause"] == "gatling" for e in events(s, "hurt"))
    # Gatling is not the turn's BANG!.
    assert state.bangs_played == 0
    assert targets(s, 0, "bang") == {1, 3}


def test_gatling_reaches_every_distance() -> None:
    data = make_table(
        SEVEN_CHARS, SEVEN_ROLES, hands={0: ["gatling", FILLER]}, in_play=SEVEN_IN_PLAY, script=["0: play gatling"]
    )
    _, s = run(data)
    assert [life(s, n) for n in range(1, 7)] == [3, 3, 2, 3, 3, 3]  # Paul Regret has 3 lives


def test_gatling_barrels_are_checked_clockwise_from_the_shooters_left() -> None:
    # cs: "Při ověřování ... si „sejme" nejprve Ben a poté Felix" (Ben sits left of Alex).
    data = make_table(
        hands={2: ["gatling", FILLER]},
        in_play={3: ["barrel"], 0: ["barrel"]},
        deck_top=["beer:6H", "bang:2C"],
        turn=2,
        script=["2: play gatling"],
    )
    _, s = run(data)
    assert checks(s) == [(3, "barrel", True), (0, "barrel", False)]
    assert [life(s, n) for n in range(4)] == [4, 3, 4, 4]
    assert events(s, "dodged", seat=3, source="gatling")


def test_gatling_can_be_played_after_the_turns_bang() -> None:
    data = make_table(hands={0: ["bang", "gatling", FILLER]}, script=["0: play bang @1", "0: play gatling"])
    _, s = run(data)
    assert [life(s, n) for n in range(4)] == [5, 2, 3, 3]


# ---------------------------------------------------------------- Indians!


def test_indians_only_bang_cards_answer_and_players_are_asked_at_once() -> None:
    data = make_table(
        hands={0: ["indians", "bang", FILLER], 1: ["bang"], 2: ["missed"], 3: ["bang", "bang"]},
        in_play={2: ["barrel"]},
        deck_top=["beer:6H"],
        script=["0: play indians"],
    )
    _, s = run(data)
    # Seat 2's Missed! and Barrel do not help (no check is drawn): it is not asked, its hit waits for seat 1.
    assert hand(s, 2) == ["missed"]
    assert checks(s) == []
    assert s["awaiting"] == [1, 3]
    assert sorted(a.split("#")[0] for a in legal(s, 1)) == ["answer bang", "pass"]
    data["script"] += ["3: answer bang", "1: pass"]
    state, s = run(data)
    assert [life(s, n) for n in range(4)] == [5, 3, 3, 4]
    assert (hand(s, 1), hand(s, 3)) == (["bang"], ["bang"])
    assert events(s, "answer", seat=3, against="indians")
    # Indians! is not the turn's BANG!.
    assert state.bangs_played == 0
    assert targets(s, 0, "bang") == {1, 3}


# ---------------------------------------------------------------- Duel


def test_duel_alternates_bang_discards_starting_with_the_target() -> None:
    data = make_table(
        hands={0: ["duel", "bang", "bang", FILLER], 2: ["bang", "bang"]},
        script=["0: play duel @2"],  # distance 2: a Duel ignores distance
    )
    _, s = run(data)
    assert s["awaiting"] == [2]
    data["script"] += ["2: answer bang"]
    _, s = run(data)
    assert s["awaiting"] == [0]
    assert sorted(a.split("#")[0] for a in legal(s, 0)) == ["answer bang", "answer bang", "pass"]
    data["script"] += ["0: answer bang", "2: pass"]
    state, s = run(data)
    assert life(s, 2) == 3
    assert life(s, 0) == 5
    assert hand(s, 2) == ["bang"]
    assert events(s, "hurt", seat=2, cause="duel")
    # The BANG! discarded in the Duel does not count as the turn's BANG!.
    assert state.bangs_played == 0
    data["script"] += ["0: play bang @1"]
    _, s = run(data)
    assert life(s, 1) == 3


def test_duel_initiator_loses_when_out_of_bangs() -> None:
    data = make_table(hands={0: ["duel", FILLER], 1: ["bang"]}, script=["0: play duel @1", "1: answer bang"])
    _, s = run(data)
    assert life(s, 0) == 4
    assert life(s, 1) == 4
    assert events(s, "auto", seat=0, action="pass")
    assert s["awaiting"] == [0] and s["phase"] == "play"


def test_duel_missed_and_barrel_do_not_help() -> None:
    data = make_table(
        hands={0: ["duel", FILLER], 3: ["missed"]},
        in_play={3: ["barrel"]},
        deck_top=["beer:6H"],
        script=["0: play duel @3"],
    )
    _, s = run(data)
    assert life(s, 3) == 3
    assert hand(s, 3) == ["missed"]
    assert checks(s) == []


def test_duel_cannot_target_self() -> None:
    _, s = run(make_table(hands={0: ["duel", FILLER]}))
    assert targets(s, 0, "duel") == {1, 2, 3}


# ---------------------------------------------------------------- Barrel


def test_barrel_heart_cancels_the_bang() -> None:
    data = make_table(
        hands={0: ["bang", FILLER], 1: ["missed"]},
        in_play={1: ["barrel"]},
        deck_top=["beer:6H"],
        script=["0: play bang @1"],
    )
    state, s = run(data)
    assert life(s, 1) == 4
    assert hand(s, 1) == ["missed"]
    assert checks(s) == [(1, "barrel", True)]
    assert discard_kinds(state) == ["bang", "beer"]  # the checked card is discarded
    assert s["awaiting"] == [0]


@pytest.mark.parametrize("card", ["bang:2C", "bang:9D", "missed:5S"])
def test_barrel_failed_check_still_allows_missed(card: str) -> None:
    data = make_table(
        hands={0: ["bang", FILLER], 1: ["missed"]},
        in_play={1: ["barrel"]},
        deck_top=[card],
        script=["0: play bang @1"],
    )
    _, s = run(data)
    assert checks(s) == [(1, "barrel", False)]
    assert s["awaiting"] == [1]
    data["script"].append("1: answer missed")
    _, s = run(data)
    assert life(s, 1) == 4
    assert hand(s, 1) == []


def test_barrel_failed_check_without_missed_hits() -> None:
    data = make_table(
        hands={0: ["bang", FILLER]},
        in_play={1: ["barrel"]},
        deck_top=["bang:2C"],
        script=["0: play bang @1"],
    )
    _, s = run(data)
    assert life(s, 1) == 3
    assert board(s, 1) == ["barrel"]


def test_barrel_can_be_played_into_play() -> None:
    _, s = run(make_table(hands={0: ["barrel", FILLER]}, script=["0: play barrel"]))
    assert board(s, 0) == ["barrel"]
    assert hand(s, 0) == [FILLER]


# ---------------------------------------------------------------- Scope, Mustang and distance


def _six(in_play: dict[int, list[str]]) -> GameState:
    """The rulebooks' table of six: Alex (0), Ben (1), Cyril (2), Dan (3), Eva (4), Felix (5)."""
    return build_state(
        make_table(
            ("vulture_sam", "black_jack", "kit_carlson", "pedro_ramirez", "jesse_jones", "willy_the_kid"),
            ("sheriff", "outlaw", "outlaw", "outlaw", "renegade", "deputy"),
            in_play=in_play,
        )
    )


def test_distance_without_modifiers() -> None:
    state = _six({})
    assert [distance(state, 0, t) for t in range(1, 6)] == [1, 2, 3, 2, 1]


def test_mustang_rulebook_example() -> None:
    # cs: Alex with a Mustang is at 2 for Ben and Felix, 3 for Cyril and Eva, 4 for Dan; he sees them as usual.
    state = _six({0: ["mustang"]})
    assert [distance(state, t, 0) for t in range(1, 6)] == [2, 3, 4, 3, 2]
    assert [distance(state, 0, t) for t in range(1, 6)] == [1, 2, 3, 2, 1]


def test_scope_rulebook_example() -> None:
    # cs: Alex with the Scope sees Ben, Felix, Cyril and Eva at 1 and Dan at 2; they see him as usual.
    state = _six({0: ["scope"]})
    assert [distance(state, 0, t) for t in range(1, 6)] == [1, 1, 2, 1, 1]
    assert [distance(state, t, 0) for t in range(1, 6)] == [1, 2, 3, 2, 1]


def test_scope_and_mustang_cancel_out() -> None:
    # cs: Alex has the Scope, Cyril a Mustang: "obě karty vzájemně znegují", Cyril stays at 2.
    state = _six({0: ["scope"], 2: ["mustang"]})
    assert distance(state, 0, 2) == 2


def test_mustang_on_the_far_player_needs_range_4() -> None:
    # cs: Dan with a Mustang is at 4 from Alex, who needs a weapon reaching at least 4.
    for weapon, reachable in [("remington", False), ("rev_carabine", True), ("winchester", True)]:
        data = make_table(
            ("vulture_sam", "black_jack", "kit_carlson", "pedro_ramirez", "jesse_jones", "willy_the_kid"),
            ("sheriff", "outlaw", "outlaw", "outlaw", "renegade", "deputy"),
            hands={0: ["bang", FILLER]},
            in_play={0: [weapon], 3: ["mustang"]},
        )
        state, s = run(data)
        assert distance(state, 0, 3) == 4
        assert (3 in targets(s, 0, "bang")) is reachable, weapon


def test_scope_lets_the_colt_reach_distance_2() -> None:
    data = make_table(hands={0: ["bang", FILLER]}, in_play={0: ["scope"]}, script=["0: play bang @2"])
    _, s = run(data)
    assert life(s, 2) == 3


def test_mustang_keeps_the_neighbour_out_of_colt_range() -> None:
    _, s = run(make_table(hands={0: ["bang", FILLER]}, in_play={1: ["mustang"]}))
    assert targets(s, 0, "bang") == {3}


def test_eliminated_players_do_not_count_for_distance() -> None:
    _, s = run(make_table(hands={0: ["bang", "panic", FILLER], 2: ["beer"]}, dead=(1,)))
    assert targets(s, 0, "bang") == {2, 3}
    assert targets(s, 0, "panic") == {2}


def test_scope_and_mustang_go_into_play() -> None:
    data = make_table(hands={0: ["scope", "mustang", FILLER]}, script=["0: play scope", "0: play mustang"])
    _, s = run(data)
    assert board(s, 0) == ["mustang", "scope"]
    assert hand(s, 0) == [FILLER]


# ---------------------------------------------------------------- Same name, one weapon


@pytest.mark.parametrize("kind", ["barrel", "mustang"])
def test_no_two_cards_of_the_same_name_in_play(kind: str) -> None:
    data = make_table(hands={0: [kind, FILLER]}, in_play={0: [kind]})
    _, s = run(data)
    assert plays(s, 0, kind) == []
    data["script"] = [f"0: play {kind}"]
    assert_illegal(data)


def test_the_same_weapon_cannot_be_played_again() -> None:
    data = make_table(hands={0: ["schofield", "remington", FILLER]}, in_play={0: ["schofield"]})
    _, s = run(data)
    assert plays(s, 0, "schofield") == []
    assert plays(s, 0, "remington")


def test_a_new_weapon_replaces_the_old_one() -> None:
    data = make_table(hands={0: ["remington", FILLER]}, in_play={0: ["schofield", "barrel"]})
    data["script"] = ["0: play remington"]
    state, s = run(data)
    assert board(s, 0) == ["barrel", "remington"]
    assert discard_kinds(state) == ["schofield"]
    assert events(s, "replaced", seat=0, card=ref("schofield"))
    assert weapon_range(state, 0) == 3


def test_volcanic_replacing_a_weapon_brings_range_back_to_1() -> None:
    data = make_table(hands={0: ["volcanic", "bang", FILLER]}, in_play={0: ["winchester"]})
    _, s = run(data)
    assert targets(s, 0, "bang") == {1, 2, 3}
    data["script"] = ["0: play volcanic"]
    state, s = run(data)
    assert board(s, 0) == ["volcanic"]
    assert discard_kinds(state) == ["winchester"]
    assert targets(s, 0, "bang") == {1, 3}


# ---------------------------------------------------------------- Jail


def test_jail_never_on_the_sheriff_nor_on_self() -> None:
    data = make_table(hands={1: ["jail", FILLER]}, turn=1)
    _, s = run(data)
    assert targets(s, 1, "jail") == {2, 3}
    data["script"] = ["1: play jail @0"]
    assert_illegal(data)


def test_jail_goes_in_front_of_the_target() -> None:
    _, s = run(make_table(hands={0: ["jail", FILLER]}, script=["0: play jail @2"]))  # any distance
    assert board(s, 2) == ["jail"]
    assert board(s, 0) == []
    assert hand(s, 0) == [FILLER]


def test_jail_not_on_a_player_already_in_jail() -> None:
    _, s = run(make_table(hands={0: ["jail", FILLER]}, in_play={2: ["jail"]}))
    assert targets(s, 0, "jail") == {1, 3}


def test_two_jails_on_two_players_in_one_turn() -> None:
    # cs: "Máte-li v ruce dvě karty Vězení, můžete obě zahrát ve stejném tahu, ovšem každou na jiného hráče."
    data = make_table(hands={0: ["jail", "jail", FILLER]}, script=["0: play jail @1"])
    _, s = run(data)
    assert targets(s, 0, "jail") == {2, 3}
    data["script"].append("0: play jail @2")
    _, s = run(data)
    assert (board(s, 1), board(s, 2), board(s, 3)) == (["jail"], ["jail"], [])
    data["script"].append("0: play jail @1")
    assert_illegal(data)


def _jailed_seat1(check: str, preset: str = "standard", **extra: Any) -> dict[str, Any]:
    """Seat 1 (plain phase 1) starts its turn in Jail; check is the card its Jail check draws."""
    data = make_table(
        ("vulture_sam", "willy_the_kid", "black_jack", "pedro_ramirez"),
        in_play={1: ["jail"]},
        deck_top=[check, "stagecoach:9S", "stagecoach:9S", "bang:6C", "bang:7C"],
        turn=1,
        phase="start",
        preset=preset,
        **extra,
    )
    return data


def test_jail_heart_frees_and_the_turn_goes_on() -> None:
    state, s = run(_jailed_seat1("beer:6H"))
    assert events(s, "jail", seat=1, free=True)
    assert board(s, 1) == []
    assert "jail" in discard_kinds(state)
    assert s["turn"] == 1 and s["phase"] == "play"
    assert hand(s, 1) == ["stagecoach", "stagecoach"]


def test_jail_failed_check_skips_the_whole_turn_in_standard() -> None:
    data = _jailed_seat1("bang:2C", hands={1: ["missed", "missed", "missed", "missed"]}, life={1: 2})
    state, s = run(data)
    assert events(s, "jail", seat=1, free=False)
    assert board(s, 1) == []
    assert discard_kinds(state) == ["bang", "jail"]
    # No phase 1 draw and no phase 3 discard: the turn passes with 4 cards at 2 life.
    assert hand(s, 1) == ["missed"] * 4
    assert not events(s, "draw", seat=1)
    assert s["turn"] == 2


@pytest.mark.parametrize(
    ("preset", "card", "free"),
    [
        ("standard", "beer:6H", True),
        ("standard", "bang:2D", False),
        ("standard", "bang:2C", False),
        ("standard", "missed:2S", False),
        ("ja", "beer:6H", True),
        ("ja", "bang:2D", True),
        ("ja", "bang:2C", False),
        ("ja", "missed:2S", False),
    ],
)
def test_jail_suits_that_free(preset: str, card: str, free: bool) -> None:
    _, s = run(_jailed_seat1(card, preset))
    assert events(s, "jail", seat=1, free=free)
    assert (s["turn"] == 1) is free
    assert board(s, 1) == []


def test_jail_failed_check_in_ja_still_has_phase_3() -> None:
    data = _jailed_seat1("bang:2C", "ja", hands={1: ["missed", "missed", "missed", "missed"]}, life={1: 2})
    _, s = run(data)
    assert events(s, "jail", seat=1, free=False)
    assert not events(s, "draw", seat=1)  # phase 1 skipped
    assert s["turn"] == 1 and s["phase"] == "discard"
    assert s["awaiting"] == [1]
    assert all(a.startswith("discard missed#") for a in legal(s, 1))
    data["script"] = ["1: discard missed", "1: discard missed"]
    _, s = run(data)
    assert hand(s, 1) == ["missed", "missed"]
    assert s["turn"] == 2


def test_jail_failed_check_in_ja_within_the_hand_limit_passes_the_turn() -> None:
    _, s = run(_jailed_seat1("bang:2C", "ja", hands={1: ["missed"]}))
    assert s["turn"] == 2
    assert hand(s, 1) == ["missed"]


def test_jailed_player_can_still_be_shot_and_answer() -> None:
    data = make_table(
        hands={0: ["bang", FILLER], 1: ["missed"]},
        in_play={1: ["jail"]},
        script=["0: play bang @1", "1: answer missed"],
    )
    _, s = run(data)
    assert life(s, 1) == 4
    assert board(s, 1) == ["jail"]


# ---------------------------------------------------------------- Dynamite


def _dynamite_seat1(check: str, preset: str = "standard", **extra: Any) -> dict[str, Any]:
    """Seat 1 (plain phase 1) starts its turn with Dynamite; check is the card its Dynamite check draws."""
    return make_table(
        ("vulture_sam", "willy_the_kid", "black_jack", "pedro_ramirez"),
        in_play={1: ["dynamite"]},
        deck_top=[check, "bang:6C", "bang:7C", "bang:8C"],
        turn=1,
        phase="start",
        preset=preset,
        **extra,
    )


def test_dynamite_is_played_in_front_of_its_player() -> None:
    _, s = run(make_table(hands={0: ["dynamite", FILLER]}, script=["0: play dynamite"]))
    assert board(s, 0) == ["dynamite"]


@pytest.mark.parametrize("card", ["missed:2S", "missed:5S", "missed:8S", "stagecoach:9S"])
def test_dynamite_explodes_on_spades_2_to_9(card: str) -> None:
    state, s = run(_dynamite_seat1(card))
    assert events(s, "exploded", seat=1)
    assert events(s, "hurt", seat=1, amount=3, source=None, cause="dynamite")
    assert life(s, 1) == 1
    assert all(board(s, n) == [] for n in range(4))
    assert sorted(discard_kinds(state)) == sorted(["dynamite", card.partition(":")[0]])
    # The turn goes on with phase 1.
    assert s["turn"] == 1 and s["phase"] == "play"


@pytest.mark.parametrize(
    "card",
    ["jail:10S", "volcanic:10S", "duel:JS", "barrel:QS", "barrel:KS", "bang:AS", "bang:2C", "bang:9D", "beer:9H"],
)
def test_dynamite_does_not_explode_otherwise_and_passes_left(card: str) -> None:
    _, s = run(_dynamite_seat1(card))
    assert not events(s, "exploded")
    assert events(s, "dynamite_passed", seat=1, to=2)
    assert life(s, 1) == 4
    assert board(s, 1) == []
    assert board(s, 2) == ["dynamite"]
    assert s["turn"] == 1 and s["phase"] == "play"


def test_dynamite_is_checked_again_by_the_next_player() -> None:
    data = _dynamite_seat1("bang:2C")
    data["script"] = ["1: end"]
    _, s = run(data)
    assert s["turn"] == 2
    assert events(s, "dynamite_passed", seat=1, to=2)
    assert events(s, "dynamite_passed", seat=2, to=3)  # seat 2's own check drew ♣8
    assert board(s, 3) == ["dynamite"]


def test_dynamite_passes_right_in_ja() -> None:
    _, s = run(_dynamite_seat1("bang:2C", "ja"))
    assert events(s, "dynamite_passed", seat=1, to=0)
    assert board(s, 0) == ["dynamite"]
    assert board(s, 2) == []


def test_dynamite_skips_an_eliminated_neighbour() -> None:
    _, s = run(_dynamite_seat1("bang:2C", dead=(2,)))
    assert events(s, "dynamite_passed", seat=1, to=3)
    assert board(s, 3) == ["dynamite"]


def test_dynamite_is_checked_before_jail() -> None:
    # The first card (♣2) goes to Dynamite (safe), the second (♥6) to Jail (free).
    data = make_table(
        ("vulture_sam", "willy_the_kid", "black_jack", "pedro_ramirez"),
        in_play={1: ["jail", "dynamite"]},
        deck_top=["bang:2C", "beer:6H", "bang:3C", "bang:4C"],
        turn=1,
        phase="start",
    )
    _, s = run(data)
    assert checks(s) == [(1, "dynamite", True), (1, "jail", True)]
    assert board(s, 2) == ["dynamite"]
    assert s["turn"] == 1 and s["phase"] == "play"


def test_jail_is_still_checked_after_surviving_the_explosion() -> None:
    data = make_table(
        ("jesse_jones", "willy_the_kid", "black_jack", "pedro_ramirez"),
        in_play={1: ["jail", "dynamite"]},
        deck_top=["missed:3S", "beer:6H", "bang:6C", "bang:7C"],
        turn=1,
        phase="start",
    )
    _, s = run(data)
    assert checks(s) == [(1, "dynamite", False), (1, "jail", True)]
    assert life(s, 1) == 1
    assert board(s, 1) == []
    assert s["turn"] == 1 and hand(s, 1) == ["bang", "bang"]


def test_no_jail_check_after_dying_from_the_explosion() -> None:
    data = make_table(
        ("jesse_jones", "willy_the_kid", "black_jack", "pedro_ramirez"),
        in_play={1: ["jail", "dynamite"]},
        life={1: 3},
        deck_top=["missed:3S", "beer:6H"],
        turn=1,
        phase="start",
    )
    state, s = run(data)
    assert checks(s)[0] == (1, "dynamite", False)
    assert (1, "jail", True) not in checks(s) and not events(s, "jail")
    assert s["eliminated"] == [1]
    assert {"jail", "dynamite"} <= set(discard_kinds(state))


def test_dynamite_elimination_is_nobodys_doing() -> None:
    data = make_table(
        ("jesse_jones", "willy_the_kid", "black_jack", "pedro_ramirez"),
        in_play={1: ["dynamite"]},
        life={1: 3},
        deck_top=["missed:3S"],
        turn=1,
        phase="start",
    )
    _, s = run(data)
    assert s["eliminated"] == [1]
    assert events(s, "eliminated", seat=1, role="outlaw", killer=None)
    assert not events(s, "draw", reason="reward")
    assert s["turn"] != 1


# ---------------------------------------------------------------- Phase 3: hand limit


def test_phase_3_discards_down_to_current_life() -> None:
    data = make_table(hands={0: ["missed", "missed", "missed", FILLER]}, life={0: 2}, script=["0: end"])
    _, s = run(data)
    assert s["phase"] == "discard" and s["awaiting"] == [0]
    assert all(a.startswith("discard ") for a in legal(s, 0))
    assert len(legal(s, 0)) == 4
    data["script"] += ["0: discard missed", f"0: discard {FILLER}"]
    _, s = run(data)
    assert hand(s, 0) == ["missed", "missed"]
    assert s["turn"] == 1  # at the limit: the turn passes by itself


def test_phase_3_no_voluntary_discard_at_or_below_the_limit() -> None:
    # cs: "Jestliže máte v ruce stejně nebo méně karet, než máte momentálně životů, nemůžete žádné karty ... odhodit."
    data = make_table(hands={0: ["missed", FILLER]}, life={0: 2}, script=["0: end"])
    _, s = run(data)
    assert s["turn"] == 1
    assert hand(s, 0) == ["missed", FILLER]
    assert not events(s, "discard")
    data["script"].append("0: discard missed")
    assert_illegal(data)


# ---------------------------------------------------------------- Deck running out


def test_discard_pile_is_reshuffled_when_the_deck_runs_out_mid_draw() -> None:
    state = build_state(make_table(hands={0: ["stagecoach", "bang"]}))
    last = state.deck.pop()
    state.discard, state.deck = state.deck, [last]
    old_discard = set(state.discard)
    state, ev = apply(state, 0, match("play stagecoach", legal_actions(state, 0)))
    s = summary(state, ev)
    assert events(s, "reshuffle")
    assert len(seat(s, 0)["hand"]) == 3
    assert _index_of(seat(s, 0)["hand"], last)
    drawn_second = [c for c in state.players[0].hand if c in old_discard]
    assert len(drawn_second) == 1
    assert len(state.discard) <= 1
    assert_cards_conserved(state)


def _index_of(refs: list[str], index: int) -> bool:
    """Returns whether a card index is among the references."""
    return BASE_DECK[index].ref in refs


def test_general_store_reveals_from_a_reshuffled_discard_pile() -> None:
    state = build_state(make_table(hands={0: ["general_store", FILLER]}))
    state.discard, state.deck = state.deck[:-2], state.deck[-2:]
    state, ev = apply(state, 0, match("play general_store", legal_actions(state, 0)))
    s = summary(state, ev)
    assert events(s, "reshuffle")
    assert len(events(s, "store")[0]["cards"]) == 4
    assert len(legal(s, 0)) == 4
    assert_cards_conserved(state)


def test_phase_1_draws_from_a_reshuffled_discard_pile() -> None:
    data = make_table(("willy_the_kid", *CHARS4[1:]), phase="start")
    state = build_state(data)
    state.discard, state.deck = state.deck, []
    ev: list[Any] = []
    settle(state, ev)
    s = summary(state, ev)
    assert events(s, "reshuffle")
    assert len(seat(s, 0)["hand"]) == 2
    assert s["phase"] == "play"
    assert_cards_conserved(state)


# ---------------------------------------------------------------- The deck and the simplified game


def test_full_deck_matches_the_card_list() -> None:
    state = build_state(make_table())
    counts = Counter(BASE_DECK[c].kind for c in state.all_cards())
    expected = {
        "bang": 25, "missed": 12, "beer": 6, "saloon": 1, "stagecoach": 2, "wells_fargo": 1,
        "general_store": 2, "panic": 4, "cat_balou": 4, "gatling": 1, "indians": 2, "duel": 3,
        "barrel": 2, "scope": 1, "mustang": 2, "jail": 3, "dynamite": 1, "volcanic": 2,
        "schofield": 3, "remington": 1, "rev_carabine": 1, "winchester": 1,
    }  # fmt: skip
    assert counts == expected
    assert set(expected) == {c.kind for c in BASE_DECK}


def test_simplified_game_removes_the_13_book_cards() -> None:
    state = build_state(make_table(simplified=True))
    present = Counter(BASE_DECK[c].kind for c in state.all_cards())
    assert sum(present.values()) == 67
    assert not BOOK_KINDS & set(present)
    assert present["bang"] == 25 and present["missed"] == 12
    game, _ = new_game(GameConfig.with_preset(5, simplified=True), seed=7)
    assert len(game.all_cards()) == 67
    assert not BOOK_KINDS & {BASE_DECK[c].kind for c in game.all_cards()}


@pytest.mark.parametrize("kind", sorted(BOOK_KINDS))
def test_simplified_game_has_no_book_card_to_deal(kind: str) -> None:
    with pytest.raises(ScenarioError):
        build_state(make_table(hands={0: [kind]}, simplified=True))
    assert build_state(make_table(hands={0: [kind]}))  # present in the full game
