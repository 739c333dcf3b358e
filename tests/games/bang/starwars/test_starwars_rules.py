"""BANG! Star Wars on the shared engine: the deal, New Hope, the start-of-turn order, rewards and the abilities."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bangbot.games import game as registered
from bangbot.games.bang.rules.cards import CARDS, NEW_HOPE, WELLS_FARGO
from bangbot.games.bang.rules.roles import SHERIFF
from bangbot.games.bang.rules.state import GameConfig
from bangbot.games.bang.starwars.rules.data import ABILITY_CARDS, DECK, FATE, STARWARS
from tests.scenario_helpers import event_index, events, kinds, legal, play, scenario, seat, seat_spec


def sw(players: list[dict[str, Any]], script: list[str] = (), **extra: Any) -> dict[str, Any]:  # type: ignore[assignment]
    """Returns a BANG! Star Wars scenario."""
    return scenario(players, script, ruleset=STARWARS, **extra)


def table(*specs: dict[str, Any]) -> list[dict[str, Any]]:
    """Returns seats 0.. with the given specs, filled up to four with plain Rebels and the Bounty Hunter."""
    out = list(specs)
    fillers = [("calculating", "outlaw"), ("elusive", "renegade"), ("fearless", "outlaw"), ("hardy", "deputy")]
    used = {s["character"] for s in out}
    for character, role in fillers:
        if len(out) >= 4:
            break
        if character not in used:
            out.append(seat_spec(character, role))
    return out


def test_the_deal_uses_the_ability_cards_energy_and_the_assumed_deck() -> None:
    rules = registered(STARWARS).ruleset
    for seed in range(20):
        state, _ = rules.new_game(rules.config(7, "standard"), seed)
        for p in state.players:
            energy = ABILITY_CARDS[p.character][1] + (1 if p.role == SHERIFF else 0)
            assert p.max_life == p.life == energy
            assert len(p.hand) == energy or p.role == SHERIFF  # Vader has already drawn for his first turn
        assert len({p.character for p in state.players}) == 7
    held = Counter(CARDS[c].kind for c in DECK)
    assert len(DECK) == 80 and held[NEW_HOPE] == 1 and held[WELLS_FARGO] == 0
    assert Counter(FATE.values()) == {
        "fate_draw": 8, "fate_discard_all": 2, "fate_steal": 2, "fate_barrage": 1,
        "fate_counter_hit": 2, "fate_swap_hands": 2, "fate_heal_other": 1,
    }  # fmt: skip
    with pytest.raises(ValueError):
        rules.config(7, "ja")


@pytest.mark.parametrize(("top", "energy", "holder"), [("missed:10H", 3, None), ("bang:QD", 1, 1)])
def test_new_hope_gives_two_energy_on_the_alliance_symbol_or_moves_left(top: str, energy: int, holder: int) -> None:
    data = sw(
        table(seat_spec("fearless", "sheriff", in_play=["new_hope"], life=1)),
        deck_top=[top.replace("missed", "beer") if top.startswith("missed") else top],
        phase="start",
    )
    _, summary = play(data)
    assert seat(summary, 0)["life"] == energy
    if holder is None:
        assert events(summary, "new_hope", seat=0)
        assert all("new_hope" not in kinds(seat(summary, n)["in_play"]) for n in range(4))
    else:
        assert events(summary, "new_hope_passed", seat=0, to=holder)
        assert kinds(seat(summary, holder)["in_play"]) == ["new_hope"]


def test_compactor_and_new_hope_are_checked_in_the_order_the_player_picks() -> None:
    players = table(seat_spec("fearless", "sheriff", in_play=["dynamite", "new_hope"], life=2))
    # The first check reveals Bacta 6♥, the second BANG! A♠: whichever is checked first gets the heart.
    asked = play(sw(players, deck_top=["beer:6H", "bang:AS"], phase="start"))[1]
    assert asked["awaiting"] == [0] and sorted(a.split()[1].split("#")[0] for a in legal(asked, 0)) == [
        "dynamite",
        "new_hope",
    ]
    hope_first = play(sw(players, ["0: pick new_hope"], deck_top=["beer:6H", "bang:AS"], phase="start"))[1]
    order = [e["reason"] for e in hope_first["events"] if e["kind"] == "check"]
    assert order == ["new_hope", "dynamite"] and seat(hope_first, 0)["life"] == 4
    compactor_first = play(sw(players, ["0: pick dynamite"], deck_top=["beer:6H", "bang:AS"], phase="start"))[1]
    order = [e["reason"] for e in compactor_first["events"] if e["kind"] == "check"]
    assert order == ["dynamite", "new_hope"] and seat(compactor_first, 0)["life"] == 2


@pytest.mark.parametrize(("script", "reward"), [("0: play indians", False), ("0: play bang @1", True)])
def test_no_reward_for_a_rebel_eliminated_by_the_jawas(script: str, reward: bool) -> None:
    players = table(
        seat_spec("fearless", "sheriff", hand=["indians", "bang"]), seat_spec("calculating", "outlaw", life=1)
    )
    _, summary = play(sw(players, [script]))
    assert 1 in summary["eliminated"]
    assert bool(events(summary, "draw", seat=0, reason="reward")) is reward


@pytest.mark.parametrize(("top", "survives"), [("bang:QD", True), ("missed:2S", False)])
def test_dangerous_survives_his_last_energy_on_a_card_without_the_empire_symbol(top: str, survives: bool) -> None:
    players = table(
        seat_spec("fearless", "sheriff", hand=["bang"]), seat_spec("dangerous", "outlaw", life=1, hand=["beer"])
    )
    _, summary = play(sw(players, ["0: play bang @1"], deck_top=[top, "missed:8S"]))
    if survives:
        assert seat(summary, 1)["alive"] and events(summary, "survived", seat=1, life=1)
        assert [e["count"] for e in events(summary, "draw", seat=1, reason="dangerous")] == [1]
    else:
        # After the failed check his Bacta may not save him: going out was his only answer, made for him.
        assert 1 in summary["eliminated"] and events(summary, "auto", seat=1, action="pass")


@pytest.mark.parametrize(("character", "life", "in_play", "drawn"), [
    ("furious", 1, [], 4), ("furious", 4, [], 1), ("resourceful", 5, [], 4), ("resourceful", 5, ["mustang"], 2),
])  # fmt: skip
def test_phase_one_of_furious_and_resourceful(character: str, life: int, in_play: list[str], drawn: int) -> None:
    players = table(seat_spec(character, "outlaw", life=life, in_play=in_play), seat_spec("fearless", "sheriff"))
    _, summary = play(sw(players, phase="start"))
    assert events(summary, "draw", seat=0, reason="phase1")[0]["count"] == drawn


def test_persistent_draws_two_from_the_deck_or_one_from_any_hand() -> None:
    players = table(seat_spec("persistent", "outlaw"), seat_spec("fearless", "sheriff", hand=["beer"]))
    asked = play(sw(players, phase="start"))[1]
    assert sorted(legal(asked, 0)) == ["draw @1", "draw deck"]
    from_hand = play(sw(players, ["0: draw @1"], phase="start"))[1]
    assert kinds(seat(from_hand, 0)["hand"]) == ["beer"]
    from_deck = play(sw(players, ["0: draw deck"], phase="start"))[1]
    assert len(seat(from_deck, 0)["hand"]) == 2


def test_nimble_may_discard_a_card_for_an_energy_when_another_plays_bacta() -> None:
    players = table(
        seat_spec("fearless", "sheriff", hand=["beer"], life=3), seat_spec("nimble", "outlaw", life=2, hand=["missed"])
    )
    asked = play(sw(players, ["0: play beer"]))[1]
    assert asked["awaiting"] == [1] and sorted(legal(asked, 1)) == sorted([legal(asked, 1)[0], "pass"])
    _, summary = play(sw(players, ["0: play beer", "1: answer missed"]))
    assert seat(summary, 1)["life"] == 3 and seat(summary, 0)["life"] == 4
    assert [e["card"].split("#")[0] for e in events(summary, "rebound", seat=1)] == ["missed"]


def test_vengeful_shoots_first_at_whoever_takes_his_card() -> None:
    players = table(
        seat_spec("fearless", "sheriff", hand=["panic", "missed"]), seat_spec("vengeful", "outlaw", hand=["beer"])
    )
    asked = play(sw(players, ["0: play panic @1 hand"]))[1]
    assert asked["awaiting"] == [0] and "pass" in legal(asked, 0)  # the thief answers the BANG! effect first
    assert kinds(seat(asked, 1)["hand"]) == ["beer"]  # nothing is taken yet
    _, summary = play(sw(players, ["0: play panic @1 hand", "0: pass"]))
    vader = seat(summary, 0)
    assert vader["life"] == vader["max_life"] - 1 and kinds(vader["hand"]) == ["beer", "missed"]
    assert [e["kind"] for e in summary["events"]] == ["play", "strikes_back", "hurt", "steal"]
    dodged = play(sw(players, ["0: play panic @1 hand", "0: answer missed"]))[1]
    assert seat(dodged, 0)["life"] == seat(dodged, 0)["max_life"] and kinds(seat(dodged, 0)["hand"]) == ["beer"]


def test_persistent_taking_from_a_vengeful_hand_is_shot_at_first() -> None:
    """«Мстительный»: «Эта способность действует против способностей, предоставляющих выбор (например, «Засада»)».

    «Настойчивый» chooses between the deck and a random card of any player's hand: taking from a Vengeful is such
    a choice, so the BANG! effect comes first and the card is taken after it.
    """
    players = table(seat_spec("persistent", "outlaw", hand=["missed"]), seat_spec("vengeful", "sheriff", hand=["beer"]))
    asked = play(sw(players, ["0: draw @1"], phase="start"))[1]
    assert asked["awaiting"] == [0] and sorted(legal(asked, 0))[-1] == "pass"  # the thief answers the BANG! effect
    assert kinds(seat(asked, 1)["hand"]) == ["beer"]  # nothing is taken yet
    _, summary = play(sw(players, ["0: draw @1", "0: pass"], phase="start"))
    assert seat(summary, 0)["life"] == 3 and kinds(seat(summary, 0)["hand"]) == ["beer", "missed"]
    assert event_index(summary, "hurt", seat=0, source=1) < event_index(summary, "steal", seat=0, reason="persistent")


@pytest.mark.parametrize(
    ("tops", "alive"), [(["bang:QD", "beer:6H", "bang:KD"], True), (["bang:QD", "missed:8S"], False)]
)
def test_dangerous_needs_one_successful_check_per_energy_lost(tops: list[str], alive: bool) -> None:
    """«Опасный»: «вы должны успешно пройти одну проверку за каждую потерянную единицу энергии»."""
    players = table(seat_spec("dangerous", "outlaw", life=1, in_play=["dynamite"]), seat_spec("fearless", "sheriff"))
    _, summary = play(sw(players, deck_top=["missed:5S", *tops], phase="start"))
    checks = [e["ok"] for e in events(summary, "check", seat=0, reason="dangerous")]
    assert checks == ([True, True, True] if alive else [True, False])
    assert seat(summary, 0)["alive"] is alive
    if alive:
        assert seat(summary, 0)["life"] == 1 and len(events(summary, "draw", seat=0, reason="dangerous")) == 1


def test_carbonite_never_goes_on_vader() -> None:
    players = table(seat_spec("fearless", "outlaw", hand=["jail"]), seat_spec("lucky", "sheriff"))
    _, summary = play(sw(players))
    assert all("@1" not in a for a in legal(summary, 0) if a.startswith("play jail"))


def test_the_base_config_still_deals_base_characters() -> None:
    state, _ = registered("base").ruleset.new_game(GameConfig.with_preset(5), 3)
    assert not {p.character for p in state.players} & set(ABILITY_CARDS)


def fate_table(shooter: dict[str, Any], target_hand: list[str] = ()) -> list[dict[str, Any]]:  # type: ignore[assignment]
    """Returns Vader (seat 0, as given) facing a Rebel at distance 1 with target_hand."""
    return table(shooter, seat_spec("calculating", "outlaw", hand=list(target_hand)))


def test_a_bang_at_low_energy_applies_both_effects_and_asks_no_order_that_changes_nothing() -> None:
    """The Rebel answers the shot only after both effects, so both orders of a BANG! and its draw end alike: the
    order is not asked (issue 34: no pointless question) and the engine applies both."""
    players = fate_table(seat_spec("fearless", "sheriff", hand=["bang:AS"], life=2), ["missed:8S"])
    _, summary = play(sw(players, ["0: play bang @1"], deck_top=["beer:7H"]))
    assert events(summary, "auto", seat=0, action="fate first") and "fate first" not in legal(summary, 0)
    assert events(summary, "fate", seat=0, effect="fate_draw")
    assert [e["count"] for e in events(summary, "draw", seat=0, reason="fate_draw")] == [1]
    assert summary["awaiting"] == [1]  # the Rebel answers the shot only after both effects
    calm = play(sw(table(seat_spec("fearless", "sheriff", hand=["bang:AS"], life=3)), ["0: play bang @1"]))[1]
    assert not events(calm, "fate") and "fate first" not in legal(calm, 0)


def test_the_barrage_replaces_the_shot_with_a_hit_on_every_other_player() -> None:
    players = table(seat_spec("fearless", "sheriff", hand=["bang:5D"], life=1))
    _, summary = play(sw(players, ["0: play bang"]))  # no target: it hits every other player instead
    assert events(summary, "fate", seat=0, effect="fate_barrage")
    assert sorted(e["seat"] for e in events(summary, "hurt", source=0)) == [1, 2, 3]


@pytest.mark.parametrize(("order", "healed"), [("fate first", True), ("fate last", False)])
def test_bacta_first_at_two_energy_cancels_its_fate_effect(order: str, healed: bool) -> None:
    players = table(seat_spec("fearless", "sheriff", hand=["beer:8H"], life=2), seat_spec("lucky", "outlaw", life=2))
    script = ["0: play beer", order] if not healed else ["0: play beer", "0: fate first", "0: play beer @1"]
    script[1] = f"0: {order}"
    _, summary = play(sw(players, script))
    assert seat(summary, 0)["life"] == 3
    assert seat(summary, 1)["life"] == (3 if healed else 2)
    assert bool(events(summary, "fate_cancelled", seat=0)) is not healed


@pytest.mark.parametrize(("card", "effect"), [("missed:QC", "fate_counter_hit"), ("missed:AC", "fate_swap_hands")])
def test_a_missed_at_low_energy_dodges_and_hits_back_or_swaps_hands(card: str, effect: str) -> None:
    players = table(
        seat_spec("fearless", "sheriff", hand=["bang:7C", "beer:9H", "scope"]),
        seat_spec("calculating", "outlaw", life=2, hand=[card, "duel"]),
    )
    # The dodge and the fate effect end alike in either order: the order is not asked, the engine applies both.
    _, summary = play(sw(players, ["0: play bang @1", "1: answer missed"]))
    assert events(summary, "auto", seat=1, action="fate first") and "fate last" not in legal(summary, 1)
    assert events(summary, "fate", seat=1, effect=effect) and events(summary, "dodged", seat=1)
    if effect == "fate_counter_hit":
        assert events(summary, "hurt", seat=0, source=1, cause="missed")
    else:
        assert kinds(seat(summary, 1)["hand"]) == ["beer", "scope"] and kinds(seat(summary, 0)["hand"]) == ["duel"]


def test_discarding_a_card_never_applies_its_fate() -> None:
    players = table(
        seat_spec("fearless", "sheriff", hand=["duel"]), seat_spec("calculating", "outlaw", life=1, hand=["bang:AS"])
    )
    _, summary = play(sw(players, ["0: play duel @1", "1: answer bang"]))
    assert events(summary, "answer", seat=1) and not events(summary, "fate")


def test_the_steal_fate_is_chosen_before_the_target_may_answer() -> None:
    players = table(
        seat_spec("fearless", "sheriff", hand=["bang:3D"], life=2),
        seat_spec("calculating", "outlaw", hand=["missed:8S"], in_play=["mustang"]),
    )
    asked = play(sw(players, ["0: play bang @1"]))[1]  # both orders end alike: not asked
    assert asked["awaiting"] == [0] and legal(asked, 1) == []  # the Rebel answers after both effects
    assert sorted(a.split()[-1].split("#")[0] for a in legal(asked, 0)) == ["hand", "mustang"]
    _, summary = play(sw(players, ["0: play bang @1", "0: play bang @1 mustang"]))
    assert kinds(seat(summary, 0)["hand"]) == ["mustang"] and summary["awaiting"] == [1]
    assert events(summary, "steal", seat=0, reason="fate_steal")


def test_discard_all_asks_a_card_of_every_other_player_with_one() -> None:
    players = table(
        seat_spec("fearless", "sheriff", hand=["bang:AH"], life=2),
        seat_spec("calculating", "outlaw", hand=["beer"]),
        seat_spec("elusive", "renegade", in_play=["mustang"]),
        seat_spec("hardy", "outlaw"),
    )
    _, summary = play(sw(players, ["0: play bang @1"]))  # no order asked (both end alike); one card each: taken
    assert [e["seat"] for e in events(summary, "discarded", by=0)] == [1, 2]


def test_inventive_s_missed_played_as_a_bang_has_no_fate() -> None:
    players = fate_table(seat_spec("inventive", "sheriff", hand=["missed:QC"], life=1))
    _, summary = play(sw(players, ["0: play missed @1"]))
    assert (not events(summary, "fate") and summary["awaiting"] != [0]) or "fate first" not in legal(summary, 0)


def test_the_heuristic_ai_plays_whole_games_of_star_wars_without_a_fallback() -> None:
    from bangbot.games.bang.ai.heuristic import HeuristicPlayer
    from bangbot.games.bang.ai.match import play_match

    rules = registered(STARWARS).ruleset
    config = rules.config(7, "standard")
    strict = {role: HeuristicPlayer(strict=True) for role in ("sheriff", "deputy", "outlaw", "renegade")}
    for seed in range(40):
        result = play_match(config, seed, strict)  # strict: any mistake of its own raises instead of a fallback
        assert result.winner is not None and not result.capped


@pytest.mark.parametrize(
    ("card", "vader_life", "first"), [("beer:6H", 5, True), ("beer:8H", 3, True), ("beer:8H", 5, False)]
)
def test_the_ai_orders_fate_for_its_side(card: str, vader_life: int, first: bool) -> None:
    from bangbot.games.bang.ai.heuristic import HeuristicPlayer
    from bangbot.games.bang.rules.views import view
    from bangbot.games.bang.starwars.rules.actions import Fate

    players = table(
        seat_spec("fearless", "deputy", hand=[card, "bang", "bang"], life=2),
        seat_spec("lucky", "sheriff", life=vader_life),
        seat_spec("calculating", "outlaw"),
        seat_spec("elusive", "renegade"),
    )
    state, _ = play(sw(players, ["0: play beer"]))
    choice = HeuristicPlayer(strict=True).decide(view(state, 0), {})
    assert choice == Fate(first)  # a Stormtrooper gives Vader the energy when he lacks some; else heals first


def test_seasoned_repeats_a_brown_card_once_a_turn_for_a_discarded_bang() -> None:
    players = table(seat_spec("seasoned", "sheriff", hand=["stagecoach", "stagecoach", "bang", "bang"]))
    asked = play(sw(players, ["0: play stagecoach"]))[1]
    assert asked["awaiting"] == [0] and sorted(a.split()[0] for a in legal(asked, 0)) == ["answer", "answer", "pass"]
    _, summary = play(sw(players, ["0: play stagecoach", "0: answer bang", "0: play stagecoach"]))
    assert len(events(summary, "repeat", seat=0)) == 1
    assert [e["count"] for e in events(summary, "draw", seat=0, reason="stagecoach")] == [2, 2, 2]
    assert summary["awaiting"] == [0] and all(not a.startswith("answer") for a in legal(summary, 0))  # once a turn


def test_one_bacta_is_not_enough_against_the_compactor_at_two_energy() -> None:
    from tests.scenario_helpers import load

    data = load("sw_two_bactas_against_the_compactor")
    data["players"][0]["hand"] = ["beer:9H"]
    data["script"] = []
    _, summary = play(data)
    assert 0 in summary["eliminated"]  # going out was the only answer left, made for the player


def test_a_bacta_while_dying_applies_its_rescue_and_its_fate() -> None:
    """The rescue and the draw end alike in either order: the order is not asked (issue 34: no pointless question),
    the engine applies both."""
    players = table(
        seat_spec("fearless", "sheriff", hand=["bang"]), seat_spec("calculating", "outlaw", life=1, hand=["beer:6H"])
    )
    _, summary = play(sw(players, ["0: play bang @1", "1: answer beer"], deck_top=["missed:8S"]))
    assert events(summary, "auto", seat=1, action="fate first") and "fate last" not in legal(summary, 1)
    assert seat(summary, 1)["alive"] and seat(summary, 1)["life"] == 1
    assert events(summary, "saved", seat=1) and events(summary, "draw", seat=1, reason="fate_draw")


def test_a_bacta_that_cannot_save_is_not_offered_and_the_ai_takes_no_card_from_a_vengeful_hand() -> None:
    from bangbot.games.bang.ai.heuristic import HeuristicPlayer
    from bangbot.games.bang.rules.actions import DrawDeck
    from bangbot.games.bang.rules.views import view

    ai = HeuristicPlayer(strict=True)
    two_left = [
        seat_spec("fearless", "sheriff", hand=["bang"]),
        seat_spec("calculating", "outlaw", life=1, hand=["beer:9H"]),
        seat_spec("elusive", "renegade", alive=False, life=0),
        seat_spec("hardy", "outlaw", alive=False, life=0),
    ]
    # A Bacta that gives no energy and has no fate effect ends as going out does: not offered (issue 34, point 5).
    _, summary = play(sw(two_left, ["0: play bang @1"]))
    assert events(summary, "auto", seat=1) and 1 in summary["eliminated"] and summary["awaiting"] == []
    players = table(seat_spec("persistent", "outlaw"), seat_spec("vengeful", "sheriff", hand=["beer", "bang"]))
    asked, summary = play(sw(players, phase="start"))
    assert "draw @1" in legal(summary, 0)
    assert ai.decide(view(asked, 0), {}) == DrawDeck()  # taking from Vader's hand would cost a BANG! effect first


def test_a_vengeful_answer_to_one_fate_discard_waits_for_the_others() -> None:
    """«Эффекты других карт и способности персонажей действуют после того, как были сыграны оба эффекта, но не между
    ними.» Vader's fate effect makes everyone discard: the Vengeful's BANG! effect at him (and its Cover check) comes
    only once every discard of the effect is chosen."""
    players = [
        seat_spec("fearless", "sheriff", hand=["bang:AH"], in_play=["barrel"], life=2),
        seat_spec("vengeful", "outlaw", hand=["beer"]),
        seat_spec("elusive", "renegade", hand=["stagecoach"], in_play=["mustang"]),
        seat_spec("hardy", "outlaw"),
    ]
    script = ["0: play bang @1", "0: play bang @2 mustang"]  # both orders end alike: not asked
    _, summary = play(sw(players, script, deck_top=["missed:8S", "beer:6H"]))
    assert event_index(summary, "discarded", seat=2) < event_index(summary, "check", seat=0, reason="barrel")
    assert [e["seat"] for e in events(summary, "check")] == [0]  # the Vengeful has no Cover: only Vader checks
