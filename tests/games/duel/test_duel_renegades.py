"""The Renegades expansion (rulebook 002) played out: each card, each renegade, the resource rules and each mode."""

from __future__ import annotations

from functools import partial

from bangbot.games import game as registered
from bangbot.games.duel.rules.actions import Choose, Use
from bangbot.games.duel.rules.data import CARDS, LAW, LAW_RENEGADE, OUTLAW, OUTLAW_RENEGADE, RENEGADE, characters_of
from bangbot.games.duel.rules.modes import MODES
from bangbot.games.duel.rules.requests import Dodge, HandLimit, Indians
from bangbot.games.duel.rules.state import DuelState
from tests.duel_tables import (
    RULES,
    asked,
    do,
    hand,
    in_hand,
    kinds,
    legal,
    legal_names,
    life,
    on_slot,
    seat,
    table,
    who,
)

LAW_PAIR = ("pat_garrett", "marshal")  # seat 0's characters with no ability that acts in these scenes
OUTLAW_PAIR = ("big_steve", "daltons")  # seat 1's
# The standoff's seats in turn order (Outlaws, Law, Renegades), each with characters of its own decks.
OUT3, LAW3, REN3 = ("daltons", "jack_ransome"), ("pat_garrett", "bill_tilghman"), ("king_fisher", "alicia")

reinforcements = partial(table, mode="reinforcements")  # both renegade halves shuffled into the base sides
standoff = partial(table, mode="standoff")


def dodge_request(state: DuelState, slot: int) -> None:
    """Asserts the pending decision is a dodge for the character in slot."""
    assert isinstance(asked(state), Dodge) and asked(state).slot == slot, asked(state)


def targets(state: DuelState, name: str) -> set[int | None]:
    """Returns the slots the asked seat may play a card of this name at (None: a play without a target)."""
    plays = [a.split() for a in legal_names(state) if a.split()[:2] == ["play", name]]
    return {next((int(w[1:]) for w in words if w.startswith("@")), None) for words in plays}


def slots_asked(state: DuelState, kind: type[Dodge | Indians]) -> list[int]:
    """Returns the slots of the pending decisions of one kind, in order."""
    return [r.slot for r in state.requests if isinstance(r, kind)]


# ---------------------------------------------------------------------------------------------------- the cards


def test_buffalo_may_aim_at_the_cover_and_draws_before_the_answer() -> None:
    state, _ = reinforcements(seat(*LAW_PAIR, equip={0: ["buffalo"]}, deck=["hat"]), seat(*OUTLAW_PAIR))
    buffalo = on_slot(state, 0, "buffalo")
    assert {"use buffalo @2", "use buffalo @3"} <= set(legal_names(state))
    state, _ = do(state, "0: use buffalo @3", asks=1)
    assert hand(state, 0) == ["hat"], "the card is drawn at once, before the opponent answers"
    assert buffalo in state.discard
    dodge_request(state, 3)
    state, _ = do(state, "1: pass")
    assert life(state, 3) == 2


def test_whisky_heals_the_attacker_two_on_a_horseshoe_else_one() -> None:
    for check, healed in (("hat:H", 2), ("barrel:S", 1)):
        law = seat("pat_garrett/2", "marshal", equip={0: ["whisky"]}, deck=[check])
        state, _ = do(reinforcements(law, seat(*OUTLAW_PAIR))[0], "0: use whisky")
        assert life(state, 0) == 2 + healed


def test_spencer_takes_two_from_four_or_more_one_below_and_one_missed_cancels_it() -> None:
    law = seat(*LAW_PAIR, hand=["spencer"])
    state, _ = do(reinforcements(law, seat(*OUTLAW_PAIR))[0], "0: play spencer @2", "1: pass")
    assert life(state, 2) == 2
    state, _ = do(reinforcements(law, seat("big_steve/3", "daltons"))[0], "0: play spencer @2", "1: pass")
    assert life(state, 2) == 2
    state, _ = do(reinforcements(law, seat(*OUTLAW_PAIR, hand=["missed"]))[0], "0: play spencer @2", "1: answer missed")
    assert life(state, 2) == 4 and not asked(state)


def test_chief_asks_each_opposing_character_for_a_bang_card_or_a_life() -> None:
    state, _ = reinforcements(seat(*LAW_PAIR, hand=["chief"]), seat(*OUTLAW_PAIR, hand=["colt"]))
    state, _ = do(state, "0: play chief @2", asks=1)
    assert isinstance(asked(state), Indians) and asked(state).slot == 2
    state, _ = do(state, "1: answer colt", asks=1)
    assert asked(state).slot == 3
    state, _ = do(state, "1: pass")
    assert (life(state, 2), life(state, 3)) == (4, 2)


def test_double_barrel_dodged_by_the_attacker_also_hits_the_cover() -> None:
    law = seat(*LAW_PAIR, equip={0: ["double_barrel"]})
    state, _ = reinforcements(law, seat(*OUTLAW_PAIR, hand=["missed", "missed"]))
    state, _ = do(state, "0: use double_barrel @2", "1: answer missed", asks=1)
    dodge_request(state, 3)
    state, _ = do(state, "1: pass")
    assert (life(state, 2), life(state, 3)) == (4, 2)
    state, _ = do(reinforcements(law, seat(*OUTLAW_PAIR))[0], "0: use double_barrel @2", "1: pass")
    assert (life(state, 2), life(state, 3)) == (3, 3) and not asked(state), "a hit that lands does not go on"


def test_ambush_discards_from_the_own_attacker_and_or_any_attacker() -> None:
    law = seat(*LAW_PAIR, hand=["ambush"], equip={0: ["hat", "barrel"]})
    state, _ = reinforcements(law, seat(*OUTLAW_PAIR, equip={0: ["sniper"]}))
    ambush, sniper = in_hand(state, 0, "ambush"), on_slot(state, 2, "sniper")
    hat, barrel = on_slot(state, 0, "hat"), on_slot(state, 0, "barrel")
    assert {f"play {ambush}", f"play {ambush} @2 #{sniper}", f"play {ambush} @0 #{hat}"} <= set(legal(state))
    state, _ = do(state, "0: play ambush @2 #sniper", asks=0)
    assert sniper in state.discard
    assert set(asked(state).options) == {"none", str(hat), str(barrel)}
    state, _ = do(state, "0: choose #hat")
    assert state.squads[0].fighters[0].equipment == [barrel]
    # Both cards from the own attacker.
    state, _ = do(reinforcements(law, seat(*OUTLAW_PAIR))[0], "0: play ambush @0 #hat", "0: choose #barrel")
    assert state.squads[0].fighters[0].equipment == []


def test_sharps_ignores_the_targets_equipment_and_ability() -> None:
    out = seat("kid_curry", "daltons", equip={0: ["barrel", "hat", "spurs"]})
    state, _ = reinforcements(seat(*LAW_PAIR, hand=["sharps", "colt"]), out)
    assert "play sharps @2" in legal_names(state) and "play colt @2" not in legal_names(state), "Spurs ignored"
    state, events = do(state, "0: play sharps @2", asks=1)
    assert kinds(events, "check") == [], "no Barrel check, no Kid Curry check"
    assert legal(state, 1) == ["pass"], "no Hat"
    state, _ = do(state, "1: pass")
    assert life(state, 2) == 3
    law = seat(*LAW_PAIR, hand=["sharps", "beer", "hat"])
    state, _ = do(reinforcements(law, seat("slim_poet", "daltons"))[0], "0: play sharps @2", "1: pass")
    assert len(state.squads[0].hand) == 2, "Slim Poet's ability does not act on a Sharps hit"


def test_grapeshot_that_lands_takes_a_life_from_attacker_and_cover() -> None:
    law = seat(*LAW_PAIR, equip={0: ["grapeshot"]})
    state, _ = do(reinforcements(law, seat(*OUTLAW_PAIR))[0], "0: use grapeshot @2", "1: pass")
    assert (life(state, 2), life(state, 3)) == (3, 2)
    state, _ = do(
        reinforcements(law, seat(*OUTLAW_PAIR, hand=["missed"]))[0], "0: use grapeshot @2", "1: answer missed"
    )
    assert (life(state, 2), life(state, 3)) == (4, 3)


def test_companion_is_a_bang_or_a_missed() -> None:
    state, _ = reinforcements(seat(*LAW_PAIR, hand=["companion"]), seat(*OUTLAW_PAIR, hand=["companion"]))
    mine, theirs = in_hand(state, 0, "companion"), in_hand(state, 1, "companion")
    assert f"play {mine} @2 as=bang" in legal(state)
    state, _ = do(state, "0: play companion @2 as=bang", asks=1)
    assert f"answer {theirs}" in legal(state, 1)
    state, _ = do(state, "1: answer companion")
    assert life(state, 2) == 4


def test_lightning_allows_one_more_bang_card_at_any_time_of_the_turn() -> None:
    law = seat(*LAW_PAIR, hand=["lightning", "colt", "colt", "stagecoach"])
    state, _ = reinforcements(law, seat(*OUTLAW_PAIR))
    _, first, second, _ = state.squads[0].hand
    state, _ = do(state, "0: play lightning @2", "1: pass", "0: play stagecoach", asks=0)
    state, _ = do(state, f"0: discard {state.squads[0].hand[-1]}", f"0: play {first} @2", "1: pass")
    assert not any(a.startswith(f"play {second} ") for a in legal(state)), "only one more"
    state, _ = do(
        reinforcements(seat(*LAW_PAIR, hand=["colt", "colt"]), seat(*OUTLAW_PAIR))[0], "0: play colt @2", "1: pass"
    )
    assert "play colt @2" not in legal_names(state)


def test_dexterity_draws_a_card_in_the_turn_or_as_a_missed() -> None:
    state, _ = reinforcements(seat(*LAW_PAIR, equip={0: ["dexterity"]}, deck=["hat"]), seat(*OUTLAW_PAIR))
    dexterity = on_slot(state, 0, "dexterity")
    state, _ = do(state, "0: use dexterity")
    assert hand(state, 0) == ["hat"] and dexterity in state.discard
    out = seat(*OUTLAW_PAIR, equip={0: ["dexterity"]}, deck=["hat"])
    state, _ = do(reinforcements(seat(*LAW_PAIR, hand=["colt"]), out)[0], "0: play colt @2", "1: use dexterity")
    assert life(state, 2) == 4 and hand(state, 1) == ["hat"]


def test_gold_pan_takes_the_top_discard_and_only_then_is_discarded() -> None:
    state, _ = reinforcements(seat(*LAW_PAIR, equip={0: ["gold_pan"]}), seat(*OUTLAW_PAIR), discard=("beer", "hat"))
    (beer, hat), pan = state.discard, on_slot(state, 0, "gold_pan")
    state, _ = do(state, "0: use gold_pan")
    assert hat in state.squads[0].hand and state.discard == [beer, pan]


def test_partner_shoots_at_the_opposing_attacker_when_its_character_becomes_attacker() -> None:
    out = seat(*OUTLAW_PAIR, equip={0: ["watch", "barrel"]}, hand=["beer"], deck=["hat", "barrel:S"])
    state, _ = reinforcements(seat(*LAW_PAIR, equip={1: ["partner"]}), out)
    state, events = do(state, "0: swap", asks=1)
    assert [e.kind for e in events if e.kind in ("draw", "check")] == ["draw", "check"], "the Watch before the Barrel"
    assert hand(state, 1) == ["beer", "hat"], "the Pocket Watch drew the top card, the Barrel checked the next"
    dodge_request(state, 2)  # the Barrel showed no barrel: any card from the hand dodges
    assert "answer beer" in legal_names(state, 1)
    state, _ = do(state, "1: answer beer")
    assert life(state, 2) == 4


def test_partner_hit_lands_when_not_dodged() -> None:
    state, _ = do(reinforcements(seat(*LAW_PAIR, equip={1: ["partner"]}), seat(*OUTLAW_PAIR))[0], "0: swap", asks=1)
    dodge_request(state, 2)
    state, _ = do(state, "1: pass")
    assert life(state, 2) == 3


def test_cover_swaps_once_or_twice_the_same_player_allowed() -> None:
    state, _ = do(reinforcements(seat(*LAW_PAIR, hand=["cover"]), seat(*OUTLAW_PAIR))[0], "0: play cover", asks=0)
    assert asked(state).options == ("0", "1"), "the first swap is the card's point"
    state, _ = do(state, "0: choose 1", asks=0)
    assert who(state, 2) == "daltons"
    assert asked(state).options == ("none", "0", "1")
    state, _ = do(state, "0: choose 1")
    assert who(state, 2) == "big_steve" and not asked(state)


def test_ricochet_takes_only_missed_cards_a_hat_and_missed_resources_in_play() -> None:
    # Annie Oakley (of the Law) is the target, so the Outlaws shoot: she may not dodge it with her hit cards.
    law = seat(
        "annie_oakley",
        "marshal",
        hand=["missed", "companion", "trick", "return_fire", "colt"],
        equip={0: ["hat", "barrel", "lucky_penny"]},
    )
    state, _ = reinforcements(law, seat(*OUTLAW_PAIR, hand=["ricochet", "missed"]), turn=1)
    state, _ = do(state, "1: play ricochet @0", asks=0)
    missed, hat, penny = in_hand(state, 0, "missed"), on_slot(state, 0, "hat"), on_slot(state, 0, "lucky_penny")
    assert set(legal(state, 0)) == {f"answer {missed}", f"use {hat}", f"use {penny}", "pass"}
    count = len(state.squads[0].hand)
    state, _ = do(state, "0: use lucky_penny", asks=1)
    assert len(state.squads[0].hand) == count, "no other effect than the Missed! in a Ricochet"
    state, _ = do(state, "1: answer missed", f"0: answer {missed}", asks=1)
    assert legal(state, 1) == ["pass"]
    state, _ = do(state, "1: pass")
    assert life(state, 2) == 3, "the attacker of the first who does not discard loses a life"


def test_lucky_penny_draws_at_once_so_the_new_card_may_dodge_the_next_hit() -> None:
    out = seat(*OUTLAW_PAIR, equip={0: ["lucky_penny", "hat"]}, deck=["missed"])
    state, _ = reinforcements(seat(*LAW_PAIR, hand=["quickdraw"]), out)
    missed = state.squads[1].deck[-1]
    state, _ = do(state, "0: play quickdraw @2", "1: use lucky_penny", asks=1)
    dodge_request(state, 2)
    assert f"answer {missed}" in legal(state, 1)
    state, _ = do(state, "1: answer missed")
    assert life(state, 2) == 4


def test_sledge_draws_before_the_other_player_answers_its_hit() -> None:
    state, _ = reinforcements(seat(*LAW_PAIR, equip={0: ["sledge"]}, deck=["hat"]), seat(*OUTLAW_PAIR))
    state, _ = do(state, "0: use sledge @2", asks=1)
    assert hand(state, 0) == ["hat"]
    dodge_request(state, 2)


def test_blow_discards_a_card_in_play_and_a_hand_card_each_robbing_wild_bill() -> None:
    law = seat("wild_bill", "pat_garrett", hand=["beer"], equip={0: ["hat"]})
    state, _ = reinforcements(law, seat(*OUTLAW_PAIR, hand=["blow"]), turn=1)
    hat = on_slot(state, 0, "hat")
    state, _ = do(state, "1: play blow @0 #hat", asks=1)
    dodge_request(state, 2)  # Wild Bill's first hit back, for the card in play
    state, _ = do(state, "1: pass", asks=1)
    assert asked(state).reason == "blow" and "0" in asked(state).options
    state, _ = do(state, "1: choose 0", asks=1)
    assert state.squads[0].hand == [] and hat in state.discard
    dodge_request(state, 2)
    state, _ = do(state, "1: pass")
    assert life(state, 2) == 2, "Wild Bill hits back twice"


def test_whitney_is_dodged_by_a_missed_card_only() -> None:
    out = seat(
        "kid_curry",
        "daltons",
        hand=["missed", "companion", "trick", "return_fire"],
        equip={0: ["hat", "barrel", "lucky_penny"]},
    )
    state, events = do(reinforcements(seat(*LAW_PAIR, hand=["whitney"]), out)[0], "0: play whitney @2", asks=1)
    assert kinds(events, "check") == []
    assert set(legal_names(state, 1)) == {"answer missed", "pass"}


def test_walker_returns_to_the_hand_when_dodged_even_by_a_trick() -> None:
    state, _ = reinforcements(seat(*LAW_PAIR, hand=["walker"]), seat(*OUTLAW_PAIR, hand=["trick"]))
    walker = in_hand(state, 0, "walker")
    state, _ = do(state, "0: play walker @2", "1: answer trick")
    assert walker in state.squads[0].hand and walker not in state.squads[1].hand


def test_trick_takes_the_bang_card_it_cancelled() -> None:
    state, _ = reinforcements(seat(*LAW_PAIR, hand=["colt"]), seat(*OUTLAW_PAIR, hand=["trick"]))
    colt = in_hand(state, 0, "colt")
    state, _ = do(state, "0: play colt @2", "1: answer trick")
    assert colt in state.squads[1].hand and life(state, 2) == 4


def test_spurs_keep_hits_off_their_character_while_the_hand_is_empty() -> None:
    law = seat(*LAW_PAIR, hand=["colt", "gatling", "indians"])
    state, _ = reinforcements(law, seat(*OUTLAW_PAIR, equip={0: ["spurs"]}))
    assert "play colt @2" not in legal_names(state)
    state, _ = do(state, "0: play gatling", asks=0)
    assert slots_asked(state, Dodge) == [1, 3], "Gatling spares the spurred"
    state, _ = do(state, "0: pass", "1: pass", "0: play indians", asks=1)
    assert 2 in slots_asked(state, Indians), "Indians! still reach him"
    state, _ = reinforcements(seat(*LAW_PAIR, hand=["colt"]), seat(*OUTLAW_PAIR, hand=["beer"], equip={0: ["spurs"]}))
    assert "play colt @2" in legal_names(state), "with a card in hand he may be shot"


def test_union_pacific_draws_two_from_own_and_or_the_opponents_deck() -> None:
    law = seat(*LAW_PAIR, hand=["union_pacific"], deck=["hat"])
    state, _ = reinforcements(law, seat(*OUTLAW_PAIR, deck=["beer"]))
    hat, beer = state.squads[0].deck[-1], state.squads[1].deck[-1]
    state, _ = do(state, "0: play union_pacific", asks=0)
    assert asked(state).options == ("0", "1")
    state, _ = do(state, "0: choose 1", "0: choose 0")
    assert {hat, beer} <= set(state.squads[0].hand) and not asked(state)


# ----------------------------------------------------------------------------------------------- the renegades


def test_fortune_teller_discards_her_equipment_as_a_bang_then_draws() -> None:
    law = seat("fortune_teller", "pat_garrett", hand=["colt"], equip={0: ["hat", "rattlesnake"]})
    state, _ = reinforcements(law, seat(*OUTLAW_PAIR))
    hat = on_slot(state, 0, "hat")
    assert "use hat @2 as=bang" in legal_names(state)
    assert "use rattlesnake @2 as=bang" not in legal_names(state), "not an always-active card"
    state, _ = do(state, "0: use hat @2 as=bang", asks=1)
    assert hat in state.discard and len(state.squads[0].hand) == 2
    state, _ = do(state, "1: pass")
    assert life(state, 2) == 3
    assert "play colt @2" not in legal_names(state), "it was the turn's BANG!"


def test_fortune_teller_discards_her_equipment_as_a_missed_or_against_indians() -> None:
    law = seat("fortune_teller", "pat_garrett", fresh={0: ["whisky"]})
    state, _ = reinforcements(law, seat(*OUTLAW_PAIR, hand=["colt", "indians"]), turn=1)
    state, _ = do(state, "1: play colt @0", asks=0)
    assert "use whisky as=missed" in legal_names(state, 0), "even a resource that came in this turn"
    state, _ = do(state, "0: use whisky as=missed")
    assert life(state, 0) == 4 and len(state.squads[0].hand) == 1
    law = seat("fortune_teller", "pat_garrett", equip={0: ["hat"]})
    state, _ = do(reinforcements(law, seat(*OUTLAW_PAIR, hand=["indians"]), turn=1)[0], "1: play indians", asks=0)
    assert asked(state).slot == 0
    state, _ = do(state, "0: use hat as=bang", asks=1)
    assert life(state, 0) == 4 and len(state.squads[0].hand) == 1


def test_alicia_may_take_a_card_in_play_from_an_attacker_instead_of_drawing() -> None:
    position = (seat("alicia", "pat_garrett"), seat(*OUTLAW_PAIR, equip={0: ["barrel"]}))
    state, _ = reinforcements(*position, turn=1)
    barrel, deck = on_slot(state, 2, "barrel"), len(state.squads[0].deck)
    state, _ = do(state, "1: end", asks=0)
    assert asked(state).options == ("draw", str(barrel))
    state, _ = do(state, "0: choose #barrel")
    assert state.squads[0].hand == [barrel] and len(state.squads[0].deck) == deck, "no card drawn"
    state, _ = do(reinforcements(*position, turn=1)[0], "1: end", "0: choose draw")
    assert len(state.squads[0].hand) >= 2 and barrel not in state.squads[0].hand


def test_coquette_delou_uses_one_fresh_resource_a_turn() -> None:
    law = seat("coquette_delou/2", "pat_garrett", fresh={0: ["dexterity", "whisky"]})
    state, _ = reinforcements(law, seat(*OUTLAW_PAIR))
    assert {"use dexterity", "use whisky"} <= set(legal_names(state))
    state, _ = do(state, "0: use dexterity")
    assert "use whisky" not in legal_names(state)
    state, _ = reinforcements(seat(*LAW_PAIR, fresh={0: ["dexterity"]}), seat(*OUTLAW_PAIR))
    assert "use dexterity" not in legal_names(state)


def test_marshal_draws_three_from_chosen_decks_when_he_enters_play() -> None:
    law = seat("pat_garrett/1", "hick_addams", reserve=["marshal"], deck=["hat", "hat", "barrel"])
    state, _ = reinforcements(law, seat(*OUTLAW_PAIR, hand=["colt"], deck=["beer"]), turn=1)
    beer = state.squads[1].deck[-1]
    state, _ = do(state, "1: play colt @0", "0: pass", asks=0)
    assert asked(state).reason == "enters_draws_three" and asked(state).left == 3
    assert asked(state).options[:2] == ("0", "1")
    count = len(state.squads[0].hand)
    state, _ = do(state, "0: choose 1", "0: choose 0", "0: choose 0")
    assert len(state.squads[0].hand) == count + 3 and beer in state.squads[0].hand and not asked(state)


def test_marshal_chosen_as_a_starting_character_draws_three_more() -> None:
    state, _ = RULES.new_game(RULES.config(2, "third_law"), 3)
    if "marshal" not in state.squads[1].reserve:
        state.squads[1].reserve[0] = "marshal"
    for _ in range(2):
        state, _ = RULES.apply(state, 0, RULES.legal_actions(state, 0)[0])
    state, _ = RULES.apply(state, 1, Choose("marshal"))
    assert state.requests[0].reason == "enters_draws_three"
    for _ in range(3):
        state, _ = RULES.apply(state, 1, Choose("1"))
    assert len(state.squads[1].hand) == 5 + 3


def test_hick_addams_draws_when_another_player_discards_his_cards() -> None:
    law = seat("hick_addams", "pat_garrett", hand=["beer"], equip={0: ["hat"]})
    state, _ = reinforcements(law, seat(*OUTLAW_PAIR, hand=["steal", "steal", "blow"]), turn=1)
    state, _ = do(state, "1: play steal @0 #hand")
    assert state.squads[0].hand == [], "a card taken is not a card discarded: no draw"
    state, _ = do(state, "1: play steal @0 #hat")
    assert len(state.squads[0].hand) == 1, "his card in play discarded: draw 1"
    state, _ = do(state, "1: play blow", "1: choose 0")
    assert len(state.squads[0].hand) == 1, "a hand card discarded: draw 1"


def test_hick_addams_does_not_draw_for_a_resource_he_discards_himself() -> None:
    law = seat("hick_addams", "pat_garrett", equip={0: ["lucky_penny"]})
    state, _ = do(
        reinforcements(law, seat(*OUTLAW_PAIR, hand=["gatling"]), turn=1)[0],
        "1: play gatling",
        "0: use lucky_penny",
        asks=1,
    )
    assert len(state.squads[0].hand) == 1, "only the Lucky Penny's own card"


def test_hick_addams_draws_when_made_to_discard_by_a_peacemaker() -> None:
    law = seat("hick_addams", "pat_garrett", hand=["missed", "beer"])
    state, _ = reinforcements(law, seat(*OUTLAW_PAIR, hand=["peacemaker"]), turn=1)
    state, _ = do(state, "1: play peacemaker @0", "0: answer missed", "0: discard beer")
    assert len(state.squads[0].hand) == 1


def test_charlie_bassett_draws_after_the_first_resource_used_in_a_turn() -> None:
    law = seat("charlie_bassett/2", "pat_garrett", equip={0: ["dexterity", "whisky"]})
    state, _ = do(reinforcements(law, seat(*OUTLAW_PAIR))[0], "0: use dexterity")
    assert len(state.squads[0].hand) == 2
    state, _ = do(state, "0: use whisky")
    assert len(state.squads[0].hand) == 2


def test_big_jim_swaps_the_opponents_characters_after_his_own_swap() -> None:
    state, _ = do(reinforcements(seat(*LAW_PAIR), seat("daltons", "big_jim"), turn=1)[0], "1: swap", asks=1)
    assert asked(state).options == ("none", "0")
    state, _ = do(state, "1: choose 0")
    assert who(state, 0) == "marshal"


def test_dutch_harry_looks_at_each_card_drawn_and_may_take_the_next_instead() -> None:
    state, _ = reinforcements(seat(*LAW_PAIR), seat("dutch_harry", "daltons", deck=["hat", "barrel", "beer"]))
    hat, barrel, beer = reversed(state.squads[1].deck[-3:])
    state, _ = do(state, "0: end", asks=1)
    assert asked(state).reason == "filters_draws" and asked(state).look == hat
    assert RULES.view(state, 0).requests[0].look is None, "only Harry sees the card"
    state, _ = do(state, "1: choose discard", asks=1)
    assert barrel in state.squads[1].hand and hat in state.discard
    assert asked(state).look == beer
    state, _ = do(state, "1: choose keep")
    assert set(state.squads[1].hand) == {barrel, beer}


def test_big_steve_keeps_six_cards_whatever_his_life() -> None:
    six = ["beer", "hat", "barrel", "colt", "colt", "colt"]
    state, _ = do(reinforcements(seat(*LAW_PAIR), seat("big_steve/1", "daltons", hand=six), turn=1)[0], "1: end")
    assert state.turn == 0 and len(state.squads[1].hand) == 6
    state, _ = reinforcements(seat(*LAW_PAIR), seat("big_steve/1", "daltons", hand=[*six, "colt"]), turn=1)
    state, _ = do(state, "1: end", asks=1)
    assert isinstance(asked(state), HandLimit)


def test_king_fisher_draws_the_first_time_a_character_gets_a_resource_in_a_turn() -> None:
    law = seat(*LAW_PAIR, hand=["whisky", "dexterity", "buffalo"])
    state, _ = do(reinforcements(law, seat("king_fisher", "daltons"))[0], "0: play whisky @1")
    assert len(state.squads[1].hand) == 1
    state, _ = do(state, "0: play dexterity @1")
    assert len(state.squads[1].hand) == 1, "the same character again this turn"
    state, _ = do(state, "0: play buffalo @2")
    assert len(state.squads[1].hand) == 2


def test_little_leroy_discards_a_card_to_apply_her_resource_again() -> None:
    out = seat("little_leroy", "daltons", hand=["beer"], equip={0: ["dexterity"]})
    state, _ = reinforcements(seat(*LAW_PAIR), out, turn=1)
    beer = in_hand(state, 1, "beer")
    state, _ = do(state, "1: use dexterity", asks=1)
    assert asked(state).reason == "resource_twice"
    state, _ = do(state, f"1: choose {beer}")
    assert len(state.squads[1].hand) == 2 and beer in state.discard


def test_little_leroy_gold_pan_twice_takes_the_two_top_discards_first() -> None:
    out = seat("little_leroy", "daltons", hand=["beer"], equip={0: ["gold_pan"]})
    state, _ = reinforcements(seat(*LAW_PAIR), out, discard=("colt", "hat", "barrel"), turn=1)
    (colt, hat, barrel), pan, beer = state.discard, on_slot(state, 2, "gold_pan"), in_hand(state, 1, "beer")
    state, _ = do(state, "1: use gold_pan", f"1: choose {beer}")
    assert set(state.squads[1].hand) == {hat, barrel}
    assert state.discard == [colt, pan, beer]


def test_el_chindi_ignores_other_players_action_cards_while_he_holds_a_card() -> None:
    law = seat(*LAW_PAIR, hand=["derringer", "duel", "gatling", "canteen", "colt", "knife"])
    state, _ = reinforcements(law, seat("el_chindi", "daltons", hand=["beer"]))
    plays = {a.split()[1] for a in legal_names(state) if a.startswith("play ") and "@2" in a.split()}
    assert "colt" in plays, "not a BANG! card"
    assert not plays & {"derringer", "duel", "knife"}
    assert "play canteen @2" not in legal_names(state)
    state, _ = do(state, "0: play gatling", asks=0)
    assert slots_asked(state, Dodge) == [1, 3]
    state, _ = reinforcements(seat(*LAW_PAIR, hand=["duel"]), seat("el_chindi", "daltons"))
    assert "play duel @2" in legal_names(state), "with an empty hand he does not"


def test_el_chindi_as_cover_answers_his_own_attackers_indians() -> None:
    out = seat("daltons", "el_chindi", hand=["indians", "beer"])
    state, _ = do(reinforcements(seat(*LAW_PAIR), out, turn=1)[0], "1: play indians", asks=0)
    assert 3 in slots_asked(state, Indians)


# --------------------------------------------------------------------------------------------- resource rules


def test_a_resource_is_not_used_the_turn_it_comes_into_play() -> None:
    state, _ = do(
        reinforcements(seat(*LAW_PAIR, hand=["dexterity"]), seat(*OUTLAW_PAIR))[0], "0: play dexterity @1", "0: swap"
    )
    assert "use dexterity" not in legal_names(state, 0)
    state, _ = do(state, "0: end")
    while state.turn != 0 or asked(state):
        options = legal(state)
        choice = next((a for a in ("end", "pass") if a in options), options[0])
        state, _ = do(state, f"{RULES.awaiting(state)[0]}: {choice}")
    assert "use dexterity" in legal_names(state, 0)


def test_using_a_resource_discards_it_before_its_effect() -> None:
    state, _ = reinforcements(seat(*LAW_PAIR, equip={0: ["dexterity"]}, deck=["hat"]), seat(*OUTLAW_PAIR))
    dexterity = on_slot(state, 0, "dexterity")
    state, events = do(state, "0: use dexterity")
    assert [e.kind for e in events if e.kind in ("used", "draw")] == ["used", "draw"]
    assert state.discard[-1] == dexterity


def test_any_number_of_resources_but_no_two_alike() -> None:
    law = seat(*LAW_PAIR, hand=["whisky", "dexterity"], equip={1: ["whisky"]})
    state, _ = reinforcements(law, seat(*OUTLAW_PAIR))
    assert "play whisky @1" not in legal_names(state) and "play whisky @2" in legal_names(state)
    assert "play dexterity @1" in legal_names(state)


def test_resources_on_the_cover_wait_until_it_attacks() -> None:
    state, _ = reinforcements(seat(*LAW_PAIR, equip={1: ["dexterity"]}), seat(*OUTLAW_PAIR))
    assert "use dexterity" not in legal_names(state)
    state, _ = do(state, "0: swap")
    assert "use dexterity" in legal_names(state)


def test_hit_resources_answer_a_duel_or_indians_even_the_turn_they_came_in() -> None:
    law = seat(*LAW_PAIR, hand=["duel", "buffalo"])
    state, _ = reinforcements(law, seat(*OUTLAW_PAIR, equip={0: ["sledge"]}))
    buffalo = in_hand(state, 0, "buffalo")
    state, _ = do(state, "0: play buffalo @2", "0: play duel @2", asks=1)
    assert set(legal_names(state, 1)) == {"use buffalo", "pass"}, "Buffalo yes, Sledge not named"
    state, _ = do(state, "1: use buffalo", asks=0)
    assert buffalo in state.discard and life(state, 2) == 4


# --------------------------------------------------------------------------------------------------- the modes


def _deal(mode: str) -> list[tuple[str, int, set[str], set[str]]]:
    """Returns each seat's side, hand size, card decks and character decks after the deal."""
    state, _ = RULES.new_game(RULES.config(MODES[mode].players, mode), 9)
    out = []
    for q in state.squads:
        chars = {d for d in (LAW, OUTLAW, LAW_RENEGADE, OUTLAW_RENEGADE) for c in characters_of(d) if c in q.reserve}
        out.append((q.side, len(q.hand), {CARDS[c].deck for c in q.deck + q.hand}, chars))
    return out


def test_third_squad_against_the_law_law_four_cards_first_renegades_five() -> None:
    (law, renegade) = _deal("third_law")
    assert law[:3] == (LAW, 4, {LAW})
    assert renegade[:3] == (RENEGADE, 5, {LAW_RENEGADE, OUTLAW_RENEGADE})
    assert renegade[3] <= {LAW_RENEGADE, OUTLAW_RENEGADE}


def test_third_squad_against_the_outlaws_outlaws_five_cards_first_renegades_four() -> None:
    (outlaw, renegade) = _deal("third_outlaws")
    assert outlaw[:3] == (OUTLAW, 5, {OUTLAW})
    assert renegade[:3] == (RENEGADE, 4, {LAW_RENEGADE, OUTLAW_RENEGADE})


def test_reinforcements_shuffle_each_renegade_half_into_its_base_side() -> None:
    state, _ = RULES.new_game(RULES.config(2, "reinforcements"), 9)
    law, outlaw = state.squads
    assert {CARDS[c].deck for c in law.deck + law.hand} == {LAW, LAW_RENEGADE}
    assert {CARDS[c].deck for c in outlaw.deck + outlaw.hand} == {OUTLAW, OUTLAW_RENEGADE}
    assert len(law.deck + law.hand) == 40 + 20
    seen = set()
    for seed in range(40):
        s, _ = RULES.new_game(RULES.config(2, "reinforcements"), seed)
        seen |= set(s.squads[0].reserve)
    assert seen & set(characters_of(LAW_RENEGADE)) and seen <= set(characters_of(LAW) + characters_of(LAW_RENEGADE))


def test_standoff_deals_three_players_three_characters_outlaws_law_renegades() -> None:
    state, _ = RULES.new_game(RULES.config(3, "standoff"), 9)
    assert [(q.side, len(q.hand), len(q.reserve)) for q in state.squads] == [
        (OUTLAW, 4, 3),
        (LAW, 4, 3),
        (RENEGADE, 5, 3),
    ]
    assert RULES.awaiting(state) == (0,)
    assert [RULES.view(state, None).squads[s].target for s in range(3)] == [1, 2, 0]


def test_standoff_ends_when_a_last_character_dies_and_its_hunter_wins() -> None:
    state, _ = standoff(seat(*OUT3, hand=["colt"]), seat(*LAW3), seat("king_fisher/1", reserve=[]))
    state, _ = do(state, "0: play colt @4", "2: pass")
    assert RULES.winner(state) == LAW, "the Law's target was the Renegade, though the Outlaw shot"


def test_standoff_gatling_hits_every_attacker_then_every_cover_clockwise() -> None:
    state, events = do(
        standoff(seat(*OUT3), seat(*LAW3, hand=["gatling"]), seat(*REN3), turn=1)[0], "1: play gatling", asks=2
    )
    assert [h["slot"] for h in kinds(events, "hit")] == [4, 0, 3, 5, 1]
    state, _ = do(
        standoff(seat(*OUT3), seat(*LAW3, hand=["indians"]), seat(*REN3), turn=1)[0], "1: play indians", asks=2
    )
    assert slots_asked(state, Indians) == [4, 0, 3, 5, 1]


def test_standoff_general_store_two_from_each_deck_picked_in_two_rounds_from_the_turns_player() -> None:
    state, _ = standoff(seat(*OUT3), seat(*LAW3, hand=["general_store"]), seat(*REN3), turn=1)
    state, _ = do(state, "1: play general_store", asks=1)
    assert len(asked(state).shown) == 6 and asked(state).picks == (1, 2, 0, 1, 2, 0)
    picks = (1, 2, 0, 1, 2, 0)
    for number, then in zip(picks, (*picks[1:], None), strict=True):
        assert RULES.awaiting(state) == (number,)
        state, _ = do(state, f"{number}: pick {asked(state).shown[0]}", asks=then)
    assert [len(state.squads[s].hand) for s in range(3)] == [2, 2, 2]


def test_standoff_the_opponent_cards_act_only_on_the_own_target() -> None:
    outlaws = seat(*OUT3, hand=["duel", "colt", "blow"])
    state, _ = standoff(outlaws, seat(*LAW3, hand=["missed"]), seat(*REN3, hand=["missed"]))
    assert targets(state, "duel") == {2}
    assert targets(state, "colt") == {2, 4}
    state, _ = do(state, "0: play blow", asks=0)
    assert asked(state).options == ("none", "0", "1"), "own hand or the target's"


def test_standoff_wild_bill_and_hick_addams_answer_any_other_player() -> None:
    law, renegades = (
        seat("wild_bill", "bill_tilghman", equip={0: ["hat"]}),
        seat("hick_addams", "alicia", equip={0: ["barrel"]}),
    )
    state, _ = standoff(seat(*OUT3, hand=["steal", "steal"]), law, renegades)
    state, _ = do(state, "0: play steal @2 #hat", asks=0)
    dodge_request(state, 0)  # Wild Bill's hit back, though the Outlaw is not his target
    state, _ = do(state, "0: pass", "0: play steal @4 #barrel")
    assert len(state.squads[2].hand) == 1, "Hick Addams draws, though the Outlaw is not his target"


def test_the_duel_ruleset_offers_the_fortune_tellers_uses_as_their_own_steps() -> None:
    rules = registered("duel").ruleset
    use = Use(12, 3, how="bang")
    assert rules.parse(rules.notation(use)) == use and rules.steps(use)[0].value == "as_bang"
    assert rules.parse(rules.notation(Use(12, how="missed"))) == Use(12, how="missed")


def test_standoff_lone_ranger_draws_when_any_other_player_hurts_him() -> None:
    state, _ = standoff(seat(*OUT3), seat("lone_ranger", "bill_tilghman"), seat(*REN3, hand=["colt"]), turn=2)
    state, _ = do(state, "2: play colt @2", "1: pass")
    assert len(state.squads[1].hand) == 1, "the Renegade is not the Law's target, yet the Lone Ranger draws"


def test_el_chindi_ignores_return_fire_while_he_holds_a_card() -> None:
    law = seat(*LAW_PAIR, hand=["return_fire"])
    state, _ = reinforcements(law, seat("el_chindi", "daltons", hand=["colt", "beer"]), turn=1)
    state, _ = do(state, "1: play colt @0", "0: answer return_fire")
    assert not asked(state) and life(state, 2) == 4, "no hit comes back at him"
    state, _ = reinforcements(law, seat("el_chindi", "daltons", hand=["colt"]), turn=1)
    state, _ = do(state, "1: play colt @0", "0: answer return_fire", asks=1)
    dodge_request(state, 2)  # his hand is empty now: the hit comes


def test_standoff_return_fire_goes_at_the_own_target_whoever_shot() -> None:
    state, _ = standoff(seat(*OUT3, hand=["colt"]), seat(*LAW3, hand=["return_fire"]), seat(*REN3))
    state, _ = do(state, "0: play colt @2", "1: answer return_fire", asks=2)
    dodge_request(state, 4)  # the Law's target is the Renegade, though the Outlaw shot


def test_standoff_blow_reaches_the_own_and_the_targets_attackers_only() -> None:
    outlaws = seat(*OUT3, hand=["blow"], equip={0: ["hat"]})
    state, _ = standoff(outlaws, seat(*LAW3, equip={0: ["hat"]}), seat(*REN3, equip={0: ["barrel"]}))
    assert {a.split()[2] for a in legal(state) if a.startswith("play ") and "#" in a} == {"@0", "@2"}


def test_el_chindi_ignores_his_share_of_an_indian_chief() -> None:
    state, _ = reinforcements(seat(*LAW_PAIR, hand=["chief"]), seat("el_chindi", "daltons", hand=["beer"]))
    state, _ = do(state, "0: play chief @2", asks=1)
    assert slots_asked(state, Indians) == [3]


def test_standoff_wyatt_earp_draws_only_when_his_own_target_dodges() -> None:
    law = seat("wyatt_earp", "bill_tilghman", hand=["colt", "colt"])
    state, _ = standoff(seat(*OUT3, hand=["missed"]), law, seat(*REN3, hand=["missed"]), turn=1)
    state, _ = do(state, "1: play colt @0", "0: answer missed")
    assert len(state.squads[1].hand) == 1, "the Outlaws are not the Law's target: no card for the dodge"
    state, _ = standoff(seat(*OUT3, hand=["missed"]), law, seat(*REN3, hand=["missed"]), turn=1)
    state, _ = do(state, "1: play colt @4", "2: answer missed")
    assert len(state.squads[1].hand) == 2, "the Renegades are his target: a card for their dodge"


def test_standoff_kid_curry_checks_only_against_his_own_target() -> None:
    outlaws = seat("kid_curry", "jack_ransome")
    _, events = do(standoff(outlaws, seat(*LAW3), seat(*REN3, hand=["colt"]), turn=2)[0], "2: play colt @0", asks=0)
    assert not [e for e in kinds(events, "check") if e["reason"] == "kid_curry"], "the Renegades are not his target"
    _, events = do(standoff(outlaws, seat(*LAW3, hand=["colt"]), seat(*REN3), turn=1)[0], "1: play colt @0", asks=0)
    assert [e for e in kinds(events, "check") if e["reason"] == "kid_curry"], "the Law is his target: he checks"
