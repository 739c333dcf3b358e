"""The base Duel (reconstructed, spec/duel.md): the turn, the table's rules, each card and each character."""

from __future__ import annotations

from pathlib import Path

from bangbot.games.duel.rules.data import CARDS, characters_of, type_id
from bangbot.games.duel.rules.requests import DiscardOne, Dodge, HandLimit, Replace
from tests.duel_tables import RULES, asked, do, hand, kinds, legal, legal_names, life, names, on, seat, table, top, who

# Neutral characters: Bill Tilghman (only deaths) and Pat Garrett (only draws) for the Law, seat 0 (slots 0 and 1);
# West Harding and Jack Ransome for the Outlaws, seat 1 (slots 2 and 3).
LAW = ("bill_tilghman", "pat_garrett")
OUT = ("west_harding", "jack_ransome")


# --- The general rules ------------------------------------------------------------------------------------------


def test_lineup_puts_two_of_four_characters_in_play_and_hides_the_reserve() -> None:
    state, _ = RULES.new_game(RULES.config(2, "duel"), 4)
    law = list(state.squads[0].reserve)
    assert len(law) == 4 and set(law) <= set(characters_of("law"))
    assert legal(state, 0) == [f"choose {c}" for c in law] and legal(state, 1) == []
    assert RULES.view(state, 1).requests[0].options == (), "the Outlaw does not see the Law's characters"
    state, _ = do(state, f"0: choose {law[2]}", f"0: choose {law[0]}", asks=1)
    outlaws = list(state.squads[1].reserve)
    state, _ = do(state, f"1: choose {outlaws[1]}", f"1: choose {outlaws[3]}")
    assert [f.character for f in state.squads[0].fighters] == [law[2], law[0]]
    assert [f.character for f in state.squads[1].fighters] == [outlaws[1], outlaws[3]]
    assert sorted(state.squads[0].reserve) == sorted([law[1], law[3]])
    seen = RULES.view(state, 1)
    assert seen.reserve == tuple(state.squads[1].reserve) and seen.squads[0].reserve_count == 2
    assert state.turn == 0 and state.phase == "play" and len(state.squads[0].hand) == 4 + 2  # Law first, drew 2


def test_the_draw_takes_the_own_deck_then_a_common_deck_made_of_the_discard_pile() -> None:
    state, events = table(seat(*LAW, deck=["colt"], empty_deck=True), seat(*OUT), phase="start", discard=("beer",))
    assert len(state.squads[0].hand) == 2 and "colt" in hand(state, 0)
    assert state.squads[0].deck == [] and top(state) == "beer", "the discard pile's top card stays"
    assert len(state.common) + len(state.discard) + 2 == 40 + 1
    assert kinds(events, "draw")[0]["cards"][0] == state.squads[0].hand[0]


def test_one_bang_card_per_turn() -> None:
    state, _ = table(seat(*LAW, hand=["colt", "shotgun", "knife"]), seat(*OUT))
    state, _ = do(state, "0: play colt @2", "1: pass")
    assert not any(a.startswith("play shotgun") for a in legal_names(state)), "a second BANG! card is refused"
    assert "play knife @2" in legal_names(state), "a Knife is not a BANG! card"


def test_equipment_goes_on_the_own_cover_or_the_opponents_attacker_and_replaces_the_same_name() -> None:
    state, _ = table(seat(*LAW, equip={1: ["hat"]}, hand=["hat", "barrel"]), seat(*OUT))
    assert [a for a in legal_names(state) if a.startswith("play barrel")] == ["play barrel @1", "play barrel @2"]
    old = state.fighter(1).equipment[0]  # type: ignore[union-attr]
    state, _ = do(state, "0: play hat @1")
    assert on(state, 1) == ["hat"] and old not in state.fighter(1).in_play() and state.discard[-1] == old  # type: ignore[union-attr]


def test_one_swap_a_turn() -> None:
    state, _ = do(table(seat(*LAW), seat(*OUT))[0], "0: swap")
    assert who(state, 0) == "pat_garrett" and who(state, 1) == "bill_tilghman"
    assert "swap" not in legal_names(state)


def test_only_the_attackers_cards_and_ability_count_but_a_targeted_cover_and_always_active_ones_do() -> None:
    # Wyatt Earp draws when his hit is dodged: only as the attacker.
    state, _ = table(seat("bill_tilghman", "wyatt_earp", hand=["colt"]), seat(*OUT, hand=["missed"]))
    state, _ = do(state, "0: play colt @2", "1: answer missed")
    assert len(state.squads[0].hand) == 0
    state, _ = table(seat("wyatt_earp", "bill_tilghman", hand=["colt"]), seat(*OUT, hand=["missed"]))
    state, _ = do(state, "0: play colt @2", "1: answer missed")
    assert len(state.squads[0].hand) == 1
    # A Barrel on the cover does not protect the attacker, but it does protect the cover a Winchester aims at.
    out = seat(*OUT, equip={1: ["barrel"]}, deck=[":B"])
    state, _ = table(seat(*LAW, hand=["colt"]), out)
    state, _ = do(state, "0: play colt @2", asks=1)
    assert isinstance(asked(state), Dodge) and not kinds(do(state, "1: pass")[1], "check")
    state, events = do(table(seat(*LAW, hand=["winchester"]), out)[0], "0: play winchester @3")
    assert kinds(events, "check") and life(state, 3) == 4 and not asked(state)


def test_the_hand_limit_is_the_attackers_life_and_two_at_one_life() -> None:
    state, _ = table(seat("bill_tilghman/3", "pat_garrett", hand=["colt", "beer", "missed", "missed"]), seat(*OUT))
    state, _ = do(state, "0: end", asks=0)
    assert isinstance(asked(state), HandLimit)
    state, _ = do(state, "0: discard beer")
    assert len(state.squads[0].hand) == 3 and state.turn == 1
    state, _ = table(seat("bill_tilghman/1", "pat_garrett", hand=["colt", "missed", "missed"]), seat(*OUT))
    state, _ = do(state, "0: end", "0: discard colt")
    assert hand(state, 0) == ["missed", "missed"] and state.turn == 1


def test_a_check_looks_at_the_symbol_of_the_own_decks_top_card() -> None:
    state, events = table(seat(*LAW, hand=["colt"]), seat(*OUT, equip={0: ["barrel"]}, deck=["missed:B"]))
    state, events = do(state, "0: play colt @2")
    assert kinds(events, "check")[0]["seat"] == 1 and top(state) == "missed" and life(state, 2) == 4
    state, events = do(table(seat(*LAW, hand=["colt"]), seat(*OUT, equip={0: ["barrel"]}, deck=["colt:D"]))[0],
                       "0: play colt @2", asks=1)  # fmt: skip
    assert isinstance(asked(state), Dodge)


def test_reload_only_once_a_player_is_down_to_one_character() -> None:
    state, _ = table(seat(*LAW, hand=["canteen"]), seat(*OUT))
    assert not any(a.startswith("reload") for a in legal_names(state))
    state, _ = table(seat(*LAW, hand=["canteen"]), seat("west_harding", reserve=[]))
    assert "reload canteen" in legal_names(state)
    state, _ = do(state, "0: reload canteen")
    assert top(state) == "canteen" and len(state.squads[0].hand) == 1 and hand(state, 0) != ["canteen"]


def test_the_start_of_a_turn_checks_dynamite_then_rattlesnake_then_panic() -> None:
    out = seat(*OUT, equip={0: ["rattlesnake", "panic"], 1: ["dynamite"]}, deck=["missed:S", "missed:S"])
    state, events = table(seat(*LAW), out, turn=1, phase="start")
    assert [c["reason"] for c in kinds(events, "check")] == ["dynamite", "rattlesnake"]
    order = [e.kind for e in events if e.kind in ("check", "moved", "hurt", "swap")]
    assert order == ["check", "moved", "check", "hurt", "swap"]
    assert who(state, 2) == "jack_ransome" and life(state, 3) == 3 and on(state, 1) == ["dynamite"]


def test_a_death_discards_the_cards_draws_two_and_the_owner_picks_the_next_character() -> None:
    out = seat("west_harding/1", "jack_ransome", equip={0: ["gunbelt"]}, reserve=["daltons", "kid_curry"])
    state, _ = table(seat(*LAW, hand=["colt"]), out)
    state, _ = do(state, "0: play colt @2", "1: pass", asks=1)
    assert "gunbelt" in names(state.discard) and state.squads[1].dead == ["west_harding"]
    assert len(state.squads[1].hand) == 2
    assert isinstance(asked(state), Replace) and legal(state) == ["choose daltons", "choose kid_curry"]
    state, _ = do(state, "1: choose kid_curry")
    assert who(state, 2) == "kid_curry" and state.squads[1].reserve == ["daltons"]


def test_the_last_characters_death_loses_the_game() -> None:
    state, _ = table(seat(*LAW, hand=["colt"]), seat("west_harding/1", reserve=[]))
    state, _ = do(state, "0: play colt @2", "1: pass")
    assert state.winner == "law" and RULES.awaiting(state) == ()


# --- Cards -------------------------------------------------------------------------------------------------------


def test_colt_is_a_hit() -> None:
    state, _ = do(table(seat(*LAW, hand=["colt"]), seat(*OUT))[0], "0: play colt @2", "1: pass")
    assert life(state, 2) == 3 and top(state) == "colt"


def test_quickdraw_hits_once_per_card_in_play_on_the_target() -> None:
    out = seat(*OUT, equip={0: ["gunbelt", "hat"]}, hand=["missed"])
    state, _ = do(table(seat(*LAW, hand=["quickdraw"]), out)[0], "0: play quickdraw @2", "1: answer missed", asks=1)
    assert isinstance(asked(state), Dodge)
    state, _ = do(state, "1: pass")
    assert life(state, 2) == 3 and not asked(state)


def test_carbine_dodged_lets_the_shooter_discard_a_card_on_an_attacker() -> None:
    out = seat(*OUT, equip={0: ["gunbelt"]}, hand=["missed"])
    state, _ = do(table(seat(*LAW, hand=["carbine"]), out)[0], "0: play carbine @2", "1: answer missed", asks=0)
    assert asked(state).reason == "carbine" and asked(state).seat == 0
    state, _ = do(state, "0: choose #gunbelt")
    assert on(state, 2) == [] and top(state) == "gunbelt"


def test_peacemaker_dodged_makes_the_opponent_discard_a_card_of_their_choice() -> None:
    out = seat(*OUT, hand=["missed", "knife", "beer"])
    state, _ = do(table(seat(*LAW, hand=["peacemaker"]), out)[0], "0: play peacemaker @2", "1: answer missed", asks=1)
    assert isinstance(asked(state), DiscardOne) and asked(state).seat == 1
    state, _ = do(state, "1: discard beer")
    assert hand(state, 1) == ["knife"]


def test_remington_dodged_draws_one() -> None:
    law = seat(*LAW, hand=["missed"])
    state, _ = do(table(law, seat(*OUT, hand=["remington"]), turn=1)[0], "1: play remington @0", "0: answer missed")
    assert len(state.squads[1].hand) == 1


def test_schofield_dodged_heals_the_attacker() -> None:
    law = seat(*LAW, hand=["missed"])
    out = seat("west_harding/2", "jack_ransome", hand=["schofield"])
    state, _ = do(table(law, out, turn=1)[0], "1: play schofield @0", "0: answer missed")
    assert life(state, 2) == 3


def test_shotgun_dodged_lets_the_shooter_swap_either_side() -> None:
    out = seat(*OUT, hand=["missed"])
    state, _ = do(table(seat(*LAW, hand=["shotgun"]), out)[0], "0: play shotgun @2", "1: answer missed", asks=0)
    assert legal(state) == ["choose none", "choose 0", "choose 1"]
    state, _ = do(state, "0: choose 1")
    assert who(state, 2) == "jack_ransome"


def test_winchester_may_aim_at_the_cover() -> None:
    state, _ = table(seat(*LAW, hand=["winchester", "colt"]), seat(*OUT))
    assert "play winchester @3" in legal_names(state) and "play colt @3" not in legal_names(state)
    state, _ = do(state, "0: play winchester @3", "1: pass")
    assert life(state, 3) == 3


def test_bank_draws_one_more_on_the_attacker_only() -> None:
    state, _ = table(seat(*LAW, equip={0: ["bank"]}), seat(*OUT), phase="start")
    assert len(state.squads[0].hand) == 3
    state, _ = table(seat(*LAW, equip={1: ["bank"]}), seat(*OUT), phase="start")
    assert len(state.squads[0].hand) == 2


def test_rattlesnake_bites_on_a_snake() -> None:
    state, _ = table(seat(*LAW), seat(*OUT, equip={1: ["rattlesnake"]}, deck=["missed:S"]), turn=1, phase="start")
    assert life(state, 3) == 3, "always active, even on the cover"
    state, _ = table(seat(*LAW), seat(*OUT, equip={1: ["rattlesnake"]}, deck=["missed:B"]), turn=1, phase="start")
    assert life(state, 3) == 4


def test_dynamite_goes_on_the_own_cover_explodes_for_three_or_passes_to_the_opponents_cover() -> None:
    state, _ = table(seat(*LAW), seat(*OUT, hand=["dynamite"]), turn=1)
    assert [a for a in legal_names(state) if a.startswith("play dynamite")] == ["play dynamite @3"]
    state, _ = table(seat(*LAW), seat(*OUT, equip={1: ["dynamite"]}, deck=["colt:D"]), turn=1, phase="start")
    assert life(state, 3) == 1 and "dynamite" in names(state.discard)
    state, _ = table(seat(*LAW), seat(*OUT, equip={1: ["dynamite"]}, deck=["missed:H"]), turn=1, phase="start")
    assert life(state, 3) == 4 and on(state, 1) == ["dynamite"] and on(state, 3) == []


def test_gunbelt_allows_any_number_of_bang_cards() -> None:
    state, _ = table(seat(*LAW, equip={0: ["gunbelt"]}, hand=["colt", "shotgun", "winchester"]), seat(*OUT))
    state, _ = do(
        state, "0: play colt @2", "1: pass", "0: play shotgun @2", "1: pass", "0: play winchester @2", "1: pass"
    )
    assert life(state, 2) == 1


def test_barrel_dodges_on_a_barrel() -> None:
    state, events = table(seat(*LAW, hand=["colt"]), seat(*OUT, equip={0: ["barrel"]}, deck=["missed:B"]))
    state, events = do(state, "0: play colt @2")
    assert kinds(events, "dodged") and life(state, 2) == 4 and not asked(state)


def test_hat_is_discarded_to_dodge() -> None:
    state, _ = do(table(seat(*LAW, hand=["colt"]), seat(*OUT, equip={0: ["hat"]}))[0], "0: play colt @2", asks=1)
    assert legal_names(state) == ["use hat", "pass"]
    state, _ = do(state, "1: use hat")
    assert life(state, 2) == 4 and on(state, 2) == [] and top(state) == "hat"


def test_panic_swaps_its_holders_characters_at_the_start_of_their_turn() -> None:
    state, events = table(seat(*LAW), seat(*OUT, equip={0: ["panic"]}), turn=1, phase="start")
    assert who(state, 2) == "jack_ransome" and kinds(events, "swap")
    state, _ = table(seat(*LAW, hand=["panic"]), seat(*OUT))
    assert "play panic @2" in legal_names(state)


def test_sniper_rifle_lets_hits_aim_at_the_cover() -> None:
    state, _ = table(seat(*LAW, hand=["colt"]), seat(*OUT, equip={1: ["sniper"]}, hand=["knife"]), turn=1)
    assert "play knife @1" not in legal_names(state), "only on the attacker does it count"
    state, _ = table(seat(*LAW, hand=["colt"]), seat(*OUT, equip={0: ["sniper"]}, hand=["knife", "colt"]), turn=1)
    assert {"play knife @1", "play colt @1"} <= set(legal_names(state))
    state, _ = do(state, "1: play knife @1", "0: pass")
    assert life(state, 1) == 4


def test_watch_draws_when_the_opponent_moves_its_attacker() -> None:
    state, _ = table(seat(*LAW, hand=["canteen", "canteen"]), seat(*OUT, equip={0: ["watch"]}))
    state, _ = do(state, "0: swap")
    assert len(state.squads[1].hand) == 1
    state, _ = do(state, "0: play canteen @2")
    assert len(state.squads[1].hand) == 1, "the Law moving the Outlaw's marker is not the Outlaw moving it"


def test_derringer_is_a_hit_any_card_dodges() -> None:
    out = seat(*OUT, hand=["beer"])
    state, _ = do(table(seat(*LAW, hand=["derringer"]), out)[0], "0: play derringer @2", asks=1)
    assert legal_names(state) == ["answer beer", "pass"]
    state, _ = do(state, "1: answer beer")
    assert life(state, 2) == 4 and top(state) == "beer"
    state, _ = do(table(seat(*LAW, hand=["derringer"]), seat(*OUT))[0], "0: play derringer @2", "1: pass")
    assert life(state, 2) == 3
    barrel = seat(*OUT, equip={0: ["barrel"]}, deck=["missed:B"])
    state, _ = do(table(seat(*LAW, hand=["derringer"]), barrel)[0], "0: play derringer @2")
    assert life(state, 2) == 4 and not asked(state), "a Barrel dodges it too"


def test_gatling_hits_everyone_but_the_own_attacker() -> None:
    state, _ = do(table(seat(*LAW, hand=["gatling"]), seat(*OUT))[0], "0: play gatling", asks=1)
    hits = [asked(state).slot]
    for answering, then in ((1, 0), (0, 1)):
        state, _ = do(state, f"{answering}: pass", asks=then)
        hits.append(asked(state).slot)
    state, _ = do(state, "1: pass")
    assert hits == [2, 1, 3], "the opponent's attacker, the own cover, the opponent's cover"
    assert [life(state, s) for s in range(4)] == [5, 4, 3, 3]


def test_indians_make_everyone_but_the_own_attacker_discard_a_hit_card_or_lose_one() -> None:
    state, _ = table(seat(*LAW, hand=["indians", "colt"]), seat(*OUT, hand=["colt", "missed"]))
    state, _ = do(state, "0: play indians", asks=1)
    assert asked(state).slot == 2 and legal_names(state) == ["answer colt", "pass"]
    state, _ = do(state, "1: answer colt", "0: answer colt", "1: pass")
    assert [life(state, s) for s in range(4)] == [5, 5, 4, 3] and hand(state, 1) == ["missed"]


def test_knife_is_a_hit_but_not_a_bang_card() -> None:
    state, _ = table(seat("tex_killer", "pat_garrett", hand=["colt"]), seat(*OUT, hand=["knife"]), turn=1)
    state, _ = do(state, "1: play knife @0", "0: pass")
    assert life(state, 0) == 3
    state, _ = table(seat(*LAW, hand=["missed"]), seat(*OUT, hand=["knife", "colt"]), turn=1)
    state, _ = do(state, "1: play knife @0", "0: answer missed")
    assert "play colt @0" in legal_names(state)


def test_saloon_sets_an_attacker_or_the_own_cover_to_three() -> None:
    state, _ = table(seat("bill_tilghman", "pat_garrett/1", hand=["saloon"]), seat(*OUT))
    plays = sorted(a for a in legal_names(state) if a.startswith("play saloon"))
    assert plays == ["play saloon @0", "play saloon @1", "play saloon @2"]
    assert life(do(state, "0: play saloon @2")[0], 2) == 3, "down from 4"
    state, _ = do(state, "0: play saloon @1")
    assert life(state, 1) == 3


def test_canteen_swaps_either_sides_characters() -> None:
    state, _ = table(seat(*LAW, hand=["canteen", "canteen"]), seat(*OUT))
    state, _ = do(state, "0: play canteen @2", "0: play canteen @0")
    assert who(state, 2) == "jack_ransome" and who(state, 0) == "pat_garrett"


def test_steal_takes_a_random_hand_card_or_discards_a_card_in_play_not_on_the_opponents_cover() -> None:
    law = seat(*LAW, equip={1: ["hat"]}, hand=["colt"])
    out = seat(*OUT, equip={0: ["gunbelt"], 1: ["barrel"]}, hand=["steal", "steal", "knife"])
    state, _ = table(law, out, turn=1)
    plays = list({a.split(" ", 2)[2] for a in legal_names(state) if a.startswith("play steal")})
    in_play = [f"@{slot} #{c}" for slot in (2, 3) for c in state.squads[1].fighters[slot - 2].in_play()]
    assert sorted(plays) == sorted(["@0 #-1", *in_play]), "not the Law's cover's Hat"
    state, _ = do(state, "1: play steal @0 #hand")
    assert hand(state, 1) == ["colt", "knife", "steal"] and hand(state, 0) == []
    state, _ = do(state, "1: play steal @2 #gunbelt")
    assert on(state, 2) == [] and "gunbelt" in names(state.discard)


def test_missed_dodges_a_hit() -> None:
    state, _ = do(
        table(seat(*LAW, hand=["colt"]), seat(*OUT, hand=["missed"]))[0], "0: play colt @2", "1: answer missed"
    )
    assert life(state, 2) == 4 and top(state) == "missed"


def test_duel_alternates_hit_cards_and_who_stops_loses_one_on_the_attacker() -> None:
    law = seat(*LAW, hand=["duel", "colt"])
    state, _ = do(table(law, seat(*OUT, hand=["colt", "colt"]))[0], "0: play duel @2", asks=1)
    assert asked(state).seat == 1
    state, _ = do(state, "1: answer colt", "0: answer colt", "1: answer colt", asks=0)
    assert asked(state).seat == 0 and legal_names(state) == ["pass"]
    state, _ = do(state, "0: pass")
    assert life(state, 0) == 4 and life(state, 2) == 4


def test_stagecoach_draws_three_then_discards_one() -> None:
    state, _ = do(table(seat(*LAW, hand=["stagecoach"], deck=["colt", "beer", "duel"]), seat(*OUT))[0],
                  "0: play stagecoach", asks=0)  # fmt: skip
    assert asked(state).reason == "stagecoach"
    state, _ = do(state, "0: discard beer")
    assert hand(state, 0) == ["colt", "duel"]


def test_beer_heals_the_attacker_and_the_cover_in_the_own_turn_only() -> None:
    out = seat("west_harding/2", "jack_ransome/3", hand=["beer"])
    state, _ = do(table(seat(*LAW), out, turn=1)[0], "1: play beer")
    assert life(state, 2) == 3 and life(state, 3) == 4
    state, _ = do(table(seat(*LAW, hand=["colt"]), out)[0], "0: play colt @2", asks=1)
    assert legal_names(state) == ["pass"], "no Beer against a hit"


def test_general_store_shows_two_of_each_deck_picked_alternately_from_the_player() -> None:
    law = seat(*LAW, hand=["general_store"], deck=["colt", "beer"])
    state, _ = do(table(law, seat(*OUT, deck=["knife", "steal"]))[0], "0: play general_store", asks=0)
    assert names(asked(state).shown) == ["beer", "colt", "knife", "steal"] and asked(state).seat == 0
    state, _ = do(state, "0: pick knife", "1: pick colt", "0: pick steal", asks=1)
    assert asked(state).seat == 1
    state, _ = do(state, "1: pick beer")
    assert hand(state, 0) == ["knife", "steal"] and hand(state, 1) == ["beer", "colt"] and not asked(state)


def test_general_store_shows_four_of_the_common_deck_once_both_decks_are_gone() -> None:
    law = seat(*LAW, hand=["general_store"], empty_deck=True)
    state, _ = do(table(law, seat(*OUT, empty_deck=True), common=("colt", "beer", "knife", "steal", "duel"))[0],
                  "0: play general_store", asks=0)  # fmt: skip
    assert names(asked(state).shown) == ["beer", "colt", "knife", "steal"] and len(state.common) == 1


def test_schoolteacher_takes_a_card_in_play_but_not_from_the_opponents_cover() -> None:
    law = seat(*LAW, equip={1: ["hat"]}, hand=["schoolteacher"])
    state, _ = table(law, seat(*OUT, equip={0: ["gunbelt"], 1: ["barrel"]}))
    targets = sorted(a.split()[2] for a in legal_names(state) if a.startswith("play schoolteacher"))
    assert targets == ["@1", "@2"]
    state, _ = do(state, "0: play schoolteacher @2 #gunbelt")
    assert hand(state, 0) == ["gunbelt"] and on(state, 2) == []


def test_return_fire_dodges_and_hits_the_shooters_attacker() -> None:
    law = seat(*LAW, hand=["return_fire"])
    state, _ = do(table(law, seat(*OUT, hand=["colt"]), turn=1)[0], "1: play colt @0", "0: answer return_fire", asks=1)
    assert isinstance(asked(state), Dodge) and asked(state).slot == 2
    state, _ = do(state, "1: pass")
    assert life(state, 0) == 5 and life(state, 2) == 3


# --- Characters ---------------------------------------------------------------------------------------------------


def test_alan_pinkerton_hit_back_when_losing_a_life() -> None:
    state, _ = do(table(seat("alan_pinkerton", "pat_garrett"), seat(*OUT, hand=["colt"]), turn=1)[0],
                  "1: play colt @0", "0: pass", asks=1)  # fmt: skip
    assert isinstance(asked(state), Dodge) and asked(state).slot == 2
    state, _ = do(state, "1: pass")
    assert life(state, 0) == 3 and life(state, 2) == 3


def test_annie_oakley_dodges_with_hit_cards_and_plays_missed_as_colt() -> None:
    state, _ = table(seat("annie_oakley", "pat_garrett", hand=["missed", "winchester"]), seat(*OUT))
    assert "play missed @2 as=bang" in legal_names(state)
    state, _ = do(state, "0: play missed @2 as=bang", "1: pass")
    assert life(state, 2) == 3 and not any(a.startswith("play winchester") for a in legal_names(state))
    state, _ = do(table(seat("annie_oakley", "pat_garrett", hand=["colt"]), seat(*OUT, hand=["knife"]), turn=1)[0],
                  "1: play knife @0", "0: answer colt")  # fmt: skip
    assert life(state, 0) == 4


def test_bat_masterson_sees_two_cards_at_each_check() -> None:
    law = seat("bat_masterson", "pat_garrett", equip={0: ["barrel"]}, deck=["missed:S", "missed:B"])
    state, events = do(table(law, seat(*OUT, hand=["colt"]), turn=1)[0], "1: play colt @0")
    assert len(kinds(events, "check")[0]["cards"]) == 2 and life(state, 0) == 4 and not asked(state)


def test_bill_tilghman_draws_two_whenever_a_character_dies() -> None:
    out = seat("west_harding/1", "jack_ransome")
    state, _ = do(table(seat(*LAW, hand=["colt"]), out)[0], "0: play colt @2", "1: pass", asks=1)
    assert len(state.squads[0].hand) == 2


def test_buffalo_bill_may_take_his_partners_life_loss_but_not_his_last_life() -> None:
    law = seat("pat_garrett", "buffalo_bill")
    state, _ = do(table(law, seat(*OUT, hand=["colt"]), turn=1)[0], "1: play colt @0", "0: pass", asks=0)
    assert asked(state).reason == "takes_hurt_for_partner" and asked(state).seat == 0
    state, _ = do(state, "0: choose takes_hurt_for_partner")
    assert life(state, 0) == 5 and life(state, 1) == 3
    state, _ = do(table(law, seat(*OUT, hand=["colt"]), turn=1)[0], "1: play colt @0", "0: pass", "0: choose none")
    assert life(state, 0) == 4 and life(state, 1) == 4
    state, _ = do(table(seat("pat_garrett", "buffalo_bill/1"), seat(*OUT, hand=["colt"]), turn=1)[0],
                  "1: play colt @0", "0: pass")  # fmt: skip
    assert life(state, 0) == 4 and not asked(state)


def test_the_lone_ranger_draws_when_the_opponent_takes_a_life() -> None:
    state, _ = do(table(seat("lone_ranger", "pat_garrett"), seat(*OUT, hand=["colt"]), turn=1)[0],
                  "1: play colt @0", "0: pass")  # fmt: skip
    assert len(state.squads[0].hand) == 1


def test_the_stranger_plays_a_second_bang_card_even_as_the_cover() -> None:
    state, _ = table(seat("bill_tilghman", "stranger", hand=["colt", "shotgun", "winchester"]), seat(*OUT))
    state, _ = do(state, "0: play colt @2", "1: pass", "0: play shotgun @2", "1: pass")
    assert life(state, 2) == 2 and not any(a.startswith("play winchester") for a in legal_names(state))


def test_jango_draws_when_the_opponent_moves_its_attacker() -> None:
    state, _ = do(table(seat("jango", "pat_garrett"), seat(*OUT), turn=1)[0], "1: swap")
    assert len(state.squads[0].hand) == 1


def test_pat_garrett_shows_his_second_card_and_on_a_horseshoe_draws_from_the_opponent() -> None:
    law = seat("pat_garrett", "bill_tilghman", deck=["colt", "winchester:H"])
    state, events = table(law, seat(*OUT, deck=["knife"]), phase="start")
    assert hand(state, 0) == ["colt", "knife", "winchester"] and kinds(events, "shown")
    law = seat("pat_garrett", "bill_tilghman", deck=["colt", "shotgun:D"])
    state, _ = table(law, seat(*OUT, deck=["knife"]), phase="start")
    assert hand(state, 0) == ["colt", "shotgun"]


def test_tex_killer_makes_a_dodge_of_his_bang_cost_a_card_but_not_of_other_hits() -> None:
    out = seat(*OUT, hand=["missed", "missed", "beer"])
    state, _ = do(table(seat("tex_killer", "pat_garrett", hand=["colt", "knife"]), out)[0],
                  "0: play colt @2", "1: answer missed", asks=1)  # fmt: skip
    assert asked(state).reason == "tex_killer"
    state, _ = do(state, "1: discard beer", "0: play knife @2", "1: answer missed")
    assert not asked(state) and hand(state, 1) == []


def test_wild_bill_hits_back_at_whoever_steals_from_him() -> None:
    law = seat("wild_bill", "pat_garrett", hand=["colt"])
    state, _ = do(table(law, seat(*OUT, hand=["steal"]), turn=1)[0], "1: play steal @0 #hand", asks=1)
    assert isinstance(asked(state), Dodge) and asked(state).slot == 2


def test_wyatt_earp_draws_when_his_hit_is_dodged() -> None:
    state, _ = do(table(seat("wyatt_earp", "pat_garrett", hand=["colt"]), seat(*OUT, hand=["missed"]))[0],
                  "0: play colt @2", "1: answer missed")  # fmt: skip
    assert len(state.squads[0].hand) == 1


def test_babe_leroy_draws_two_once_a_turn_with_an_empty_hand() -> None:
    state, _ = table(seat(*LAW), seat("babe_leroy", "jack_ransome"), turn=1)
    state, _ = do(state, "1: choose empty_hand_draws")
    assert len(state.squads[1].hand) == 2
    assert "choose empty_hand_draws" not in legal(state), "once a turn"
    state, _ = table(seat(*LAW), seat("babe_leroy", "jack_ransome"), turn=1, used=("empty_hand_draws",))
    assert "choose empty_hand_draws" not in legal(state)
    state, _ = table(seat(*LAW), seat("babe_leroy", "jack_ransome", hand=["beer"]), turn=1)
    assert "choose empty_hand_draws" not in legal(state)


def test_bull_anderson_takes_two_cards_from_a_dead_characters_cards_or_its_owners_hand() -> None:
    law = seat("bill_tilghman/1", "pat_garrett", equip={0: ["hat"]}, hand=["beer"])
    state, _ = do(
        table(law, seat("bull_anderson", "jack_ransome", hand=["colt"]), turn=1)[0], "1: play colt @0", asks=0
    )
    state, _ = do(state, "0: pass", asks=1)
    assert asked(state).reason == "loots_the_dead"
    assert legal(state)[0] == "choose none" and "choose hand" in legal(state)
    state, _ = do(state, "1: choose #hat", "1: choose hand", asks=0)
    assert "hat" in hand(state, 1) and len(state.squads[1].hand) == 2
    assert len(state.squads[0].hand) == 2, "beer and the two cards drawn, less the one Bull took"
    assert isinstance(asked(state), Replace)


def test_cattle_katie_discards_a_card_on_her_once_a_turn_to_draw_two() -> None:
    out = seat("cattle_katie", "jack_ransome", equip={0: ["rattlesnake", "hat"]})
    state, _ = do(table(seat(*LAW), out, turn=1)[0], "1: choose discards_own_card_draws", asks=1)
    assert legal(state) == [f"choose {c}" for c in state.fighter(2).equipment if type_id(c) == "hat"]  # type: ignore[union-attr]
    state, _ = do(state, "1: choose #hat")
    assert on(state, 2) == ["rattlesnake"] and len(state.squads[1].hand) == 2
    assert "choose discards_own_card_draws" not in legal(state)


def test_the_daltons_draw_three() -> None:
    state, _ = table(seat(*LAW), seat("daltons", "jack_ransome"), turn=1, phase="start")
    assert len(state.squads[1].hand) == 3


def test_jack_ransome_plays_equipment_onto_any_character() -> None:
    state, _ = table(seat(*LAW), seat("jack_ransome", "west_harding", hand=["rattlesnake", "dynamite"]), turn=1)
    for name in ("rattlesnake", "dynamite"):
        assert sorted(a for a in legal_names(state) if a.startswith(f"play {name}")) == [
            f"play {name} @{s}" for s in range(4)
        ]
    state, _ = do(state, "1: play dynamite @0")
    assert on(state, 0) == ["dynamite"]


def test_pearl_hart_discards_a_card_to_use_the_action_on_top_of_the_discard_pile() -> None:
    out = seat("pearl_hart", "jack_ransome", hand=["missed"], deck=["colt", "beer", "knife"])
    state, _ = table(seat(*LAW), out, turn=1, discard=("stagecoach",))
    assert "play missed as=reuse" in legal_names(state)
    state, _ = do(state, "1: play missed as=reuse", "1: discard beer")
    assert hand(state, 1) == ["colt", "knife"] and "stagecoach" in names(state.discard)
    assert not any(a.endswith("as=reuse") for a in legal_names(state)), "once a turn"
    state, _ = table(seat(*LAW), out, turn=1, discard=("missed",))
    assert not any(a.endswith("as=reuse") for a in legal_names(state)), "a Missed! does nothing in the own turn"


def test_kid_curry_checks_the_opponents_deck_and_shoots_back_on_a_barrel() -> None:
    law = seat(*LAW, hand=["colt"], deck=["missed:B"])
    state, events = do(table(law, seat("kid_curry", "jack_ransome", deck=["missed:S"]))[0], "0: play colt @2", asks=0)
    assert kinds(events, "check")[0]["seat"] == 1 and type_id(kinds(events, "check")[0]["cards"][0]) == "missed"
    assert isinstance(asked(state), Dodge) and asked(state).slot == 0
    state, _ = do(state, "0: pass")
    assert life(state, 0) == 4 and life(state, 2) == 4


def test_slim_poet_makes_whoever_hurt_him_discard_a_random_card() -> None:
    law = seat(*LAW, hand=["colt", "beer"])
    state, _ = do(table(law, seat("slim_poet", "jack_ransome"))[0], "0: play colt @2", "1: pass")
    assert len(state.squads[0].hand) == 0 and top(state) == "beer"


def test_sundance_kid_discards_one_to_draw_one_from_each_deck_and_keep_one() -> None:
    out = seat("jack_ransome", "sundance_kid", hand=["beer"], deck=["knife"])
    state, _ = table(seat(*LAW, deck=["colt"]), out, turn=1)
    state, _ = do(state, "1: choose swaps_a_card", "1: discard beer", asks=1)
    assert names(asked(state).shown) == ["colt", "knife"]
    assert RULES.view(state, 0).requests[0].shown == (), "the Law does not see the cards"
    state, _ = do(state, "1: pick colt")
    assert hand(state, 1) == ["colt"] and top(state) == "knife"
    assert "choose swaps_a_card" not in legal(state)


def test_toco_ramirez_plays_any_card_as_a_colt() -> None:
    state, _ = table(seat(*LAW), seat("toco_ramirez", "jack_ransome", hand=["beer"]), turn=1)
    state, _ = do(state, "1: play beer @0 as=bang", "0: pass")
    assert life(state, 0) == 4 and top(state) == "beer"


def test_tom_horn_hits_the_opponents_cover_on_becoming_the_attacker() -> None:
    state, _ = do(table(seat(*LAW), seat("jack_ransome", "tom_horn"), turn=1)[0], "1: swap", asks=0)
    assert isinstance(asked(state), Dodge) and asked(state).slot == 1
    state, _ = do(state, "0: pass")
    assert life(state, 1) == 4


def test_west_harding_plays_any_number_of_bang_cards() -> None:
    state, _ = table(seat(*LAW), seat(*OUT, hand=["colt", "colt", "colt"]), turn=1)
    state, _ = do(state, "1: play colt @0", "0: pass", "1: play colt @0", "0: pass", "1: play colt @0", "0: pass")
    assert life(state, 0) == 2


def test_every_base_card_and_character_has_a_test_here() -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    base = {CARDS[i].type.id for i in range(len(CARDS)) if CARDS[i].deck in ("law", "outlaw")}
    chars = set(characters_of("law")) | set(characters_of("outlaw"))
    missing = [n for n in sorted(base | chars) if f"def test_{n}_" not in source and f"def test_the_{n}_" not in source]
    assert len(base) == 31 and len(chars) == 24 and missing == []


def test_the_once_a_turn_abilities_have_their_own_menu_paths_and_notation() -> None:
    law = seat("bill_tilghman", "pat_garrett", equip={0: ["hat"]}, hand=["colt"])
    out = seat("pearl_hart", "sundance_kid", equip={0: ["gunbelt"]}, hand=["missed", "beer"])
    for mode, used in (("duel", "steal"), ("reinforcements", "ambush")):
        state, _ = table(law, out, mode=mode, turn=1, discard=(used,))
        actions = RULES.legal_actions(state, 1)
        notations = [RULES.notation(a) for a in actions]
        assert "choose swaps_a_card" in notations and any(n.endswith("as=reuse") for n in notations)
        assert all(RULES.parse(n) == a for n, a in zip(notations, actions, strict=True))
        paths = [RULES.steps(a) for a in actions]
        assert len(set(paths)) == len(paths)
        assert not any(len(p) > len(q) and p[: len(q)] == q for p in paths for q in paths)
