"""The Renegades expansion (rulebook 002) played out: each card, each renegade, the resource rules and each mode."""

from __future__ import annotations

from bangbot.core.duel.actions import Answer, Choose, Discard, EndTurn, Pass, Pick, Play, Swap, Use
from bangbot.core.duel.data import CARDS, LAW, LAW_RENEGADE, OUTLAW, OUTLAW_RENEGADE, RENEGADE, characters_of
from bangbot.core.duel.modes import MODES
from bangbot.rulesets import ruleset
from tests.duel_renegade_tables import RULES, Table, kinds, table

LAW_PAIR = ["pat_garrett", "marshal"]  # seat 0's characters with no ability that acts in these scenes
OUTLAW_PAIR = ["big_steve", "daltons"]  # seat 1's


def dodge_request(t: Table, slot: int) -> None:
    """Asserts the pending decision is a dodge for the character in slot."""
    assert t.asked is not None and t.asked["kind"] == "dodge" and t.asked["slot"] == slot


# ---------------------------------------------------------------------------------------------------- the cards


def test_buffalo_may_aim_at_the_cover_and_draws_before_the_answer() -> None:
    t = table([LAW_PAIR, OUTLAW_PAIR], play={0: ["buffalo"]}, tops={0: ["hat"]})
    buffalo = t.card("buffalo")
    assert {Use(buffalo, 2), Use(buffalo, 3)} <= set(t.legal(0))
    t.act(0, Use(buffalo, 3))
    assert t.card("hat") in t.hand(0), "the card is drawn at once, before the opponent answers"
    assert buffalo in t.state.discard
    dodge_request(t, 3)
    t.act(1, Pass())
    assert t.life(3) == 2


def test_whisky_heals_the_attacker_two_on_a_horseshoe_else_one() -> None:
    for top, healed in (("hat:H", 2), ("barrel:S", 1)):
        t = table([LAW_PAIR, OUTLAW_PAIR], play={0: ["whisky"]}, tops={0: [top]}, life={0: 2})
        t.act(0, Use(t.card("whisky")))
        assert t.life(0) == 2 + healed


def test_spencer_takes_two_from_four_or_more_one_below_and_one_missed_cancels_it() -> None:
    t = table([LAW_PAIR, OUTLAW_PAIR], hands={0: ["spencer"]})
    t.act(0, Play(t.card("spencer"), 2))
    t.act(1, Pass())
    assert t.life(2) == 2
    t = table([LAW_PAIR, OUTLAW_PAIR], hands={0: ["spencer"]}, life={2: 3})
    t.act(0, Play(t.card("spencer"), 2))
    t.act(1, Pass())
    assert t.life(2) == 2
    t = table([LAW_PAIR, OUTLAW_PAIR], hands={0: ["spencer"], 1: ["missed"]})
    t.act(0, Play(t.card("spencer"), 2))
    t.act(1, Answer(t.card("missed")))
    assert t.life(2) == 4 and t.asked is None


def test_chief_asks_each_opposing_character_for_a_bang_card_or_a_life() -> None:
    t = table([LAW_PAIR, OUTLAW_PAIR], hands={0: ["chief"], 1: ["colt"]})
    t.act(0, Play(t.card("chief"), 2))
    assert t.asked is not None and t.asked["kind"] == "indians" and t.asked["slot"] == 2
    t.act(1, Answer(t.card("colt")))
    assert t.asked is not None and t.asked["slot"] == 3
    t.act(1, Pass())
    assert (t.life(2), t.life(3)) == (4, 2)


def test_double_barrel_dodged_by_the_attacker_also_hits_the_cover() -> None:
    t = table([LAW_PAIR, OUTLAW_PAIR], play={0: ["double_barrel"]}, hands={1: ["missed", "missed"]})
    t.act(0, Use(t.card("double_barrel"), 2))
    t.act(1, Answer(t.card("missed")))
    dodge_request(t, 3)
    t.act(1, Pass())
    assert (t.life(2), t.life(3)) == (4, 2)
    t = table([LAW_PAIR, OUTLAW_PAIR], play={0: ["double_barrel"]})
    t.act(0, Use(t.card("double_barrel"), 2))
    t.act(1, Pass())
    assert (t.life(2), t.life(3)) == (3, 3) and t.asked is None, "a hit that lands does not go on"


def test_ambush_discards_from_the_own_attacker_and_or_any_attacker() -> None:
    t = table([LAW_PAIR, OUTLAW_PAIR], hands={0: ["ambush"]}, play={0: ["hat", "barrel"], 2: ["sniper"]})
    ambush, hat, barrel, sniper = (t.card(n) for n in ("ambush", "hat", "barrel", "sniper"))
    assert {Play(ambush), Play(ambush, 2, sniper), Play(ambush, 0, hat)} <= set(t.legal(0))
    t.act(0, Play(ambush, 2, sniper))
    assert sniper in t.state.discard
    assert t.asked is not None and set(t.asked["options"]) == {"none", str(hat), str(barrel)}
    t.act(0, Choose(str(hat)))
    assert t.state.squads[0].fighters[0].equipment == [barrel]
    # Both cards from the own attacker.
    t = table([LAW_PAIR, OUTLAW_PAIR], hands={0: ["ambush"]}, play={0: ["hat", "barrel"]})
    t.act(0, Play(t.card("ambush"), 0, t.card("hat")))
    t.act(0, Choose(str(t.card("barrel"))))
    assert t.state.squads[0].fighters[0].equipment == []


def test_sharps_ignores_the_targets_equipment_and_ability() -> None:
    t = table(
        [LAW_PAIR, ["kid_curry", "daltons"]],
        hands={0: ["sharps", "colt"]},
        play={2: ["barrel", "hat", "spurs"]},
    )
    sharps = t.card("sharps")
    assert Play(sharps, 2) in t.legal(0) and Play(t.card("colt"), 2) not in t.legal(0), "Spurs ignored"
    events = t.act(0, Play(sharps, 2))
    assert kinds(events, "check") == [], "no Barrel check, no Kid Curry check"
    assert t.legal(1) == [Pass()], "no Hat"
    t.act(1, Pass())
    assert t.life(2) == 3
    t = table([LAW_PAIR, ["slim_poet", "daltons"]], hands={0: ["sharps", "beer", "hat"]})
    t.act(0, Play(t.card("sharps"), 2))
    t.act(1, Pass())
    assert len(t.hand(0)) == 2, "Slim Poet's ability does not act on a Sharps hit"


def test_grapeshot_that_lands_takes_a_life_from_attacker_and_cover() -> None:
    t = table([LAW_PAIR, OUTLAW_PAIR], play={0: ["grapeshot"]})
    t.act(0, Use(t.card("grapeshot"), 2))
    t.act(1, Pass())
    assert (t.life(2), t.life(3)) == (3, 2)
    t = table([LAW_PAIR, OUTLAW_PAIR], play={0: ["grapeshot"]}, hands={1: ["missed"]})
    t.act(0, Use(t.card("grapeshot"), 2))
    t.act(1, Answer(t.card("missed")))
    assert (t.life(2), t.life(3)) == (4, 3)


def test_companion_is_a_bang_or_a_missed() -> None:
    t = table([LAW_PAIR, OUTLAW_PAIR], hands={0: ["companion"], 1: ["companion"]})
    mine, theirs = t.card("companion"), t.card("companion", 1)
    assert Play(mine, 2, how="bang") in t.legal(0)
    t.act(0, Play(mine, 2, how="bang"))
    assert Answer(theirs) in t.legal(1)
    t.act(1, Answer(theirs))
    assert t.life(2) == 4


def test_lightning_allows_one_more_bang_card_at_any_time_of_the_turn() -> None:
    t = table([LAW_PAIR, OUTLAW_PAIR], hands={0: ["lightning", "colt", "colt", "stagecoach"]})
    colt = t.card("colt")
    t.act(0, Play(t.card("lightning"), 2))
    t.act(1, Pass())
    t.act(0, Play(t.card("stagecoach")))
    t.act(0, Discard(t.hand(0)[-1]))
    t.act(0, Play(colt, 2))
    t.act(1, Pass())
    assert not any(isinstance(a, Play) and a.card == t.card("colt", 1) for a in t.legal(0)), "only one more"
    t = table([LAW_PAIR, OUTLAW_PAIR], hands={0: ["colt", "colt"]})
    t.act(0, Play(t.card("colt"), 2))
    t.act(1, Pass())
    assert Play(t.card("colt", 1), 2) not in t.legal(0)


def test_dexterity_draws_a_card_in_the_turn_or_as_a_missed() -> None:
    t = table([LAW_PAIR, OUTLAW_PAIR], play={0: ["dexterity"]}, tops={0: ["hat"]})
    t.act(0, Use(t.card("dexterity")))
    assert t.card("hat") in t.hand(0) and t.card("dexterity") in t.state.discard
    t = table([LAW_PAIR, OUTLAW_PAIR], hands={0: ["colt"]}, play={2: ["dexterity"]}, tops={1: ["hat"]})
    t.act(0, Play(t.card("colt"), 2))
    t.act(1, Use(t.card("dexterity")))
    assert t.life(2) == 4 and t.card("hat") in t.hand(1)


def test_gold_pan_takes_the_top_discard_and_only_then_is_discarded() -> None:
    t = table([LAW_PAIR, OUTLAW_PAIR], play={0: ["gold_pan"]}, discard=["beer", "hat"])
    t.act(0, Use(t.card("gold_pan")))
    assert t.card("hat") in t.hand(0) and t.state.discard == [t.card("beer"), t.card("gold_pan")]


def test_partner_shoots_at_the_opposing_attacker_when_its_character_becomes_attacker() -> None:
    t = table(
        [LAW_PAIR, OUTLAW_PAIR],
        play={1: ["partner"], 2: ["watch", "barrel"]},
        hands={1: ["beer"]},
        tops={1: ["hat", "barrel:S"]},
    )
    events = t.act(0, Swap())
    assert [e.kind for e in events if e.kind in ("draw", "check")] == ["draw", "check"], "the Watch before the Barrel"
    assert t.card("hat") in t.hand(1), "the Pocket Watch drew the top card, the Barrel checked the next"
    dodge_request(t, 2)  # the Barrel showed no barrel: any card from the hand dodges
    assert Answer(t.card("beer")) in t.legal(1)
    t.act(1, Answer(t.card("beer")))
    assert t.life(2) == 4


def test_partner_hit_lands_when_not_dodged() -> None:
    t = table([LAW_PAIR, OUTLAW_PAIR], play={1: ["partner"]})
    t.act(0, Swap())
    dodge_request(t, 2)
    t.act(1, Pass())
    assert t.life(2) == 3


def test_cover_swaps_once_or_twice_the_same_player_allowed() -> None:
    t = table([LAW_PAIR, OUTLAW_PAIR], hands={0: ["cover"]})
    t.act(0, Play(t.card("cover")))
    assert t.asked is not None and t.asked["options"] == ["0", "1"], "the first swap is the card's point"
    t.act(0, Choose("1"))
    assert t.state.squads[1].fighters[0].character == "daltons"
    assert t.asked is not None and t.asked["options"] == ["none", "0", "1"]
    t.act(0, Choose("1"))
    assert t.state.squads[1].fighters[0].character == "big_steve" and t.asked is None


def test_ricochet_takes_only_missed_cards_a_hat_and_missed_resources_in_play() -> None:
    t = table(
        [LAW_PAIR, ["annie_oakley", "daltons"]],
        hands={0: ["ricochet", "missed"], 1: ["missed", "companion", "trick", "return_fire", "colt"]},
        play={2: ["hat", "barrel", "lucky_penny"]},
    )
    t.act(0, Play(t.card("ricochet"), 2))
    missed, hat, penny = t.card("missed", 1), t.card("hat"), t.card("lucky_penny")
    assert set(t.legal(1)) == {Answer(missed), Use(hat), Use(penny), Pass()}
    hand = len(t.hand(1))
    t.act(1, Use(penny))
    assert len(t.hand(1)) == hand, "no other effect than the Missed! in a Ricochet"
    t.act(0, Answer(t.card("missed")))
    t.act(1, Answer(missed))
    assert t.legal(0) == [Pass()]
    t.act(0, Pass())
    assert t.life(0) == 4, "the attacker of the first who does not discard loses a life"


def test_lucky_penny_draws_at_once_so_the_new_card_may_dodge_the_next_hit() -> None:
    t = table([LAW_PAIR, OUTLAW_PAIR], hands={0: ["quickdraw"]}, play={2: ["lucky_penny", "hat"]}, tops={1: ["missed"]})
    t.act(0, Play(t.card("quickdraw"), 2))
    t.act(1, Use(t.card("lucky_penny")))
    dodge_request(t, 2)
    assert Answer(t.card("missed")) in t.legal(1)
    t.act(1, Answer(t.card("missed")))
    assert t.life(2) == 4


def test_sledge_draws_before_the_other_player_answers_its_hit() -> None:
    t = table([LAW_PAIR, OUTLAW_PAIR], play={0: ["sledge"]}, tops={0: ["hat"]})
    t.act(0, Use(t.card("sledge"), 2))
    assert t.card("hat") in t.hand(0)
    dodge_request(t, 2)


def test_blow_discards_a_card_in_play_and_a_hand_card_each_robbing_wild_bill() -> None:
    t = table([["wild_bill", "pat_garrett"], OUTLAW_PAIR], hands={0: ["beer"], 1: ["blow"]}, play={0: ["hat"]}, turn=1)
    t.act(1, Play(t.card("blow"), 0, t.card("hat")))
    dodge_request(t, 2)  # Wild Bill's first hit back, for the card in play
    t.act(1, Pass())
    assert t.asked is not None and t.asked["reason"] == "blow" and "0" in t.asked["options"]
    t.act(1, Choose("0"))
    assert t.hand(0) == [] and t.card("hat") in t.state.discard
    dodge_request(t, 2)
    t.act(1, Pass())
    assert t.life(2) == 2, "Wild Bill hits back twice"


def test_whitney_is_dodged_by_a_missed_card_only() -> None:
    t = table(
        [LAW_PAIR, ["kid_curry", "daltons"]],
        hands={0: ["whitney"], 1: ["missed", "companion", "trick", "return_fire"]},
        play={2: ["hat", "barrel", "lucky_penny"]},
    )
    events = t.act(0, Play(t.card("whitney"), 2))
    assert kinds(events, "check") == []
    assert set(t.legal(1)) == {Answer(t.card("missed")), Pass()}


def test_walker_returns_to_the_hand_when_dodged_even_by_a_trick() -> None:
    t = table([LAW_PAIR, OUTLAW_PAIR], hands={0: ["walker"], 1: ["trick"]})
    walker = t.card("walker")
    t.act(0, Play(walker, 2))
    t.act(1, Answer(t.card("trick")))
    assert walker in t.hand(0) and walker not in t.hand(1)


def test_trick_takes_the_bang_card_it_cancelled() -> None:
    t = table([LAW_PAIR, OUTLAW_PAIR], hands={0: ["colt"], 1: ["trick"]})
    t.act(0, Play(t.card("colt"), 2))
    t.act(1, Answer(t.card("trick")))
    assert t.card("colt") in t.hand(1) and t.life(2) == 4


def test_spurs_keep_hits_off_their_character_while_the_hand_is_empty() -> None:
    t = table([LAW_PAIR, OUTLAW_PAIR], hands={0: ["colt", "gatling", "indians"]}, play={2: ["spurs"]})
    colt = t.card("colt")
    assert Play(colt, 2) not in t.legal(0)
    t.act(0, Play(t.card("gatling")))
    assert [r["slot"] for r in t.state.requests if r["kind"] == "dodge"] == [1, 3], "Gatling spares the spurred"
    t.act(0, Pass())
    t.act(1, Pass())
    t.act(0, Play(t.card("indians")))
    assert 2 in [r["slot"] for r in t.state.requests if r["kind"] == "indians"], "Indians! still reach him"
    t = table([LAW_PAIR, OUTLAW_PAIR], hands={0: ["colt"], 1: ["beer"]}, play={2: ["spurs"]})
    assert Play(t.card("colt"), 2) in t.legal(0), "with a card in hand he may be shot"


def test_union_pacific_draws_two_from_own_and_or_the_opponents_deck() -> None:
    t = table([LAW_PAIR, OUTLAW_PAIR], hands={0: ["union_pacific"]}, tops={0: ["hat"], 1: ["beer"]})
    t.act(0, Play(t.card("union_pacific")))
    assert t.asked is not None and t.asked["options"] == ["0", "1"]
    t.act(0, Choose("1"))
    t.act(0, Choose("0"))
    assert {t.card("hat"), t.card("beer")} <= set(t.hand(0)) and t.asked is None


# ----------------------------------------------------------------------------------------------- the renegades


def test_fortune_teller_discards_her_equipment_as_a_bang_then_draws() -> None:
    t = table([["fortune_teller", "pat_garrett"], OUTLAW_PAIR], hands={0: ["colt"]}, play={0: ["hat", "rattlesnake"]})
    hat, snake = t.card("hat"), t.card("rattlesnake")
    assert Use(hat, 2, how="bang") in t.legal(0)
    assert Use(snake, 2, how="bang") not in t.legal(0), "not an always-active card"
    t.act(0, Use(hat, 2, how="bang"))
    assert hat in t.state.discard and len(t.hand(0)) == 2
    t.act(1, Pass())
    assert t.life(2) == 3
    assert Play(t.card("colt"), 2) not in t.legal(0), "it was the turn's BANG!"


def test_fortune_teller_discards_her_equipment_as_a_missed_or_against_indians() -> None:
    t = table(
        [["fortune_teller", "pat_garrett"], OUTLAW_PAIR], hands={1: ["colt", "indians"]}, fresh={0: ["whisky"]}, turn=1
    )
    whisky = t.card("whisky")
    t.act(1, Play(t.card("colt"), 0))
    assert Use(whisky, how="missed") in t.legal(0), "even a resource that came in this turn"
    t.act(0, Use(whisky, how="missed"))
    assert t.life(0) == 4 and len(t.hand(0)) == 1
    t = table([["fortune_teller", "pat_garrett"], OUTLAW_PAIR], hands={1: ["indians"]}, play={0: ["hat"]}, turn=1)
    t.act(1, Play(t.card("indians")))
    assert t.asked is not None and t.asked["slot"] == 0
    t.act(0, Use(t.card("hat"), how="bang"))
    assert t.life(0) == 4 and len(t.hand(0)) == 1


def test_alicia_may_take_a_card_in_play_from_an_attacker_instead_of_drawing() -> None:
    t = table([["alicia", "pat_garrett"], OUTLAW_PAIR], play={2: ["barrel"]}, turn=1)
    deck = len(t.state.squads[0].deck)
    t.act(1, EndTurn())
    assert t.asked is not None and t.asked["options"] == ["draw", str(t.card("barrel"))]
    t.act(0, Choose(str(t.card("barrel"))))
    assert t.hand(0) == [t.card("barrel")] and len(t.state.squads[0].deck) == deck, "no card drawn"
    t = table([["alicia", "pat_garrett"], OUTLAW_PAIR], play={2: ["barrel"]}, turn=1)
    t.act(1, EndTurn())
    t.act(0, Choose("draw"))
    assert len(t.hand(0)) >= 2 and t.card("barrel") not in t.hand(0)


def test_coquette_delou_uses_one_fresh_resource_a_turn() -> None:
    t = table([["coquette_delou", "pat_garrett"], OUTLAW_PAIR], fresh={0: ["dexterity", "whisky"]}, life={0: 2})
    dex, whisky = t.card("dexterity"), t.card("whisky")
    assert {Use(dex), Use(whisky)} <= set(t.legal(0))
    t.act(0, Use(dex))
    assert Use(whisky) not in t.legal(0)
    t = table([LAW_PAIR, OUTLAW_PAIR], fresh={0: ["dexterity"]})
    assert Use(t.card("dexterity")) not in t.legal(0)


def test_marshal_draws_three_from_chosen_decks_when_he_enters_play() -> None:
    t = table(
        [["pat_garrett", "hick_addams"], OUTLAW_PAIR],
        hands={1: ["colt"]},
        life={0: 1},
        reserve={0: ["marshal"]},
        tops={0: ["hat", "hat", "barrel"], 1: ["beer"]},
        turn=1,
    )
    t.act(1, Play(t.card("colt"), 0))
    t.act(0, Pass())
    assert t.asked is not None and t.asked["reason"] == "enters_draws_three" and t.asked["left"] == 3
    assert t.asked["options"][:2] == ["0", "1"]
    hand = len(t.hand(0))
    t.act(0, Choose("1"))
    t.act(0, Choose("0"))
    t.act(0, Choose("0"))
    assert len(t.hand(0)) == hand + 3 and t.card("beer") in t.hand(0) and t.asked is None


def test_marshal_chosen_as_a_starting_character_draws_three_more() -> None:
    state, _ = RULES.new_game(RULES.config(2, "third_law"), 3)
    if "marshal" not in state.squads[1].reserve:
        state.squads[1].reserve[0] = "marshal"
    for _ in range(2):
        state, _ = RULES.apply(state, 0, RULES.legal_actions(state, 0)[0])
    state, _ = RULES.apply(state, 1, Choose("marshal"))
    assert state.requests[0]["reason"] == "enters_draws_three"
    for _ in range(3):
        state, _ = RULES.apply(state, 1, Choose("1"))
    assert len(state.squads[1].hand) == 5 + 3


def test_hick_addams_draws_when_another_player_discards_his_cards() -> None:
    t = table(
        [["hick_addams", "pat_garrett"], OUTLAW_PAIR],
        hands={0: ["beer"], 1: ["steal", "steal", "blow"]},
        play={0: ["hat"]},
        turn=1,
    )
    t.act(1, Play(t.card("steal"), 0, -1))
    assert t.hand(0) == [], "a card taken is not a card discarded: no draw"
    t.act(1, Play(t.card("steal", 1), 0, t.card("hat")))
    assert len(t.hand(0)) == 1, "his card in play discarded: draw 1"
    t.act(1, Play(t.card("blow")))
    t.act(1, Choose("0"))
    assert len(t.hand(0)) == 1, "a hand card discarded: draw 1"


def test_hick_addams_does_not_draw_for_a_resource_he_discards_himself() -> None:
    t = table([["hick_addams", "pat_garrett"], OUTLAW_PAIR], hands={1: ["gatling"]}, play={0: ["lucky_penny"]}, turn=1)
    t.act(1, Play(t.card("gatling")))
    t.act(0, Use(t.card("lucky_penny")))
    assert len(t.hand(0)) == 1, "only the Lucky Penny's own card"


def test_hick_addams_draws_when_made_to_discard_by_a_peacemaker() -> None:
    t = table([["hick_addams", "pat_garrett"], OUTLAW_PAIR], hands={1: ["peacemaker"], 0: ["missed", "beer"]}, turn=1)
    t.act(1, Play(t.card("peacemaker"), 0))
    t.act(0, Answer(t.card("missed")))
    t.act(0, Discard(t.card("beer")))
    assert len(t.hand(0)) == 1


def test_charlie_bassett_draws_after_the_first_resource_used_in_a_turn() -> None:
    t = table([["charlie_bassett", "pat_garrett"], OUTLAW_PAIR], play={0: ["dexterity", "whisky"]}, life={0: 2})
    t.act(0, Use(t.card("dexterity")))
    assert len(t.hand(0)) == 2
    t.act(0, Use(t.card("whisky")))
    assert len(t.hand(0)) == 2


def test_big_jim_swaps_the_opponents_characters_after_his_own_swap() -> None:
    t = table([LAW_PAIR, ["daltons", "big_jim"]], turn=1)
    t.act(1, Swap())
    assert t.asked is not None and t.asked["options"] == ["none", "0"]
    t.act(1, Choose("0"))
    assert t.state.squads[0].fighters[0].character == "marshal"


def test_dutch_harry_looks_at_each_card_drawn_and_may_take_the_next_instead() -> None:
    t = table([LAW_PAIR, ["dutch_harry", "daltons"]], tops={1: ["hat", "barrel", "beer"]})
    hat, barrel, beer = t.card("hat"), t.card("barrel"), t.card("beer")
    t.act(0, EndTurn())
    assert t.asked is not None and t.asked["reason"] == "filters_draws" and t.asked["look"] == hat
    assert RULES.view(t.state, 0).requests[0].get("look") is None, "only Harry sees the card"
    t.act(1, Choose("discard"))
    assert barrel in t.hand(1) and hat in t.state.discard
    assert t.asked is not None and t.asked["look"] == beer
    t.act(1, Choose("keep"))
    assert set(t.hand(1)) == {barrel, beer}


def test_big_steve_keeps_six_cards_whatever_his_life() -> None:
    six = ["beer", "hat", "barrel", "colt", "colt", "colt"]
    t = table([LAW_PAIR, OUTLAW_PAIR], hands={1: six}, life={2: 1}, turn=1)
    t.act(1, EndTurn())
    assert t.state.turn == 0 and len(t.hand(1)) == 6
    t = table([LAW_PAIR, OUTLAW_PAIR], hands={1: [*six, "colt"]}, life={2: 1}, turn=1)
    t.act(1, EndTurn())
    assert t.asked is not None and t.asked["kind"] == "limit"


def test_king_fisher_draws_the_first_time_a_character_gets_a_resource_in_a_turn() -> None:
    t = table([LAW_PAIR, ["king_fisher", "daltons"]], hands={0: ["whisky", "dexterity", "buffalo"]})
    t.act(0, Play(t.card("whisky"), 1))
    assert len(t.hand(1)) == 1
    t.act(0, Play(t.card("dexterity"), 1))
    assert len(t.hand(1)) == 1, "the same character again this turn"
    t.act(0, Play(t.card("buffalo"), 2))
    assert len(t.hand(1)) == 2


def test_little_leroy_discards_a_card_to_apply_her_resource_again() -> None:
    t = table([LAW_PAIR, ["little_leroy", "daltons"]], hands={1: ["beer"]}, play={2: ["dexterity"]}, turn=1)
    t.act(1, Use(t.card("dexterity")))
    assert t.asked is not None and t.asked["reason"] == "resource_twice"
    t.act(1, Choose(str(t.card("beer"))))
    assert len(t.hand(1)) == 2 and t.card("beer") in t.state.discard


def test_little_leroy_gold_pan_twice_takes_the_two_top_discards_first() -> None:
    t = table(
        [LAW_PAIR, ["little_leroy", "daltons"]],
        hands={1: ["beer"]},
        play={2: ["gold_pan"]},
        discard=["colt", "hat", "barrel"],
        turn=1,
    )
    t.act(1, Use(t.card("gold_pan")))
    t.act(1, Choose(str(t.card("beer"))))
    assert set(t.hand(1)) == {t.card("hat"), t.card("barrel")}
    assert t.state.discard == [t.card("colt"), t.card("gold_pan"), t.card("beer")]


def test_el_chindi_ignores_other_players_action_cards_while_he_holds_a_card() -> None:
    hand = ["derringer", "duel", "gatling", "canteen", "colt", "knife"]
    t = table([LAW_PAIR, ["el_chindi", "daltons"]], hands={0: hand, 1: ["beer"]})
    plays = {a.card for a in t.legal(0) if isinstance(a, Play) and a.target == 2}
    assert t.card("colt") in plays, "not a BANG! card"
    assert not plays & {t.card("derringer"), t.card("duel"), t.card("knife")}
    assert Play(t.card("canteen"), 2) not in t.legal(0)
    t.act(0, Play(t.card("gatling")))
    assert [r["slot"] for r in t.state.requests if r["kind"] == "dodge"] == [1, 3]
    t = table([LAW_PAIR, ["el_chindi", "daltons"]], hands={0: ["duel"]})
    assert Play(t.card("duel"), 2) in t.legal(0), "with an empty hand he does not"


def test_el_chindi_as_cover_answers_his_own_attackers_indians() -> None:
    t = table([LAW_PAIR, ["daltons", "el_chindi"]], hands={1: ["indians", "beer"]}, turn=1)
    t.act(1, Play(t.card("indians")))
    assert 3 in [r["slot"] for r in t.state.requests if r["kind"] == "indians"]


# --------------------------------------------------------------------------------------------- resource rules


def test_a_resource_is_not_used_the_turn_it_comes_into_play() -> None:
    t = table([LAW_PAIR, OUTLAW_PAIR], hands={0: ["dexterity"]})
    dex = t.card("dexterity")
    t.act(0, Play(dex, 1))
    t.act(0, Swap())
    assert Use(dex) not in t.legal(0)
    t.act(0, EndTurn())
    while t.state.turn != 0 or t.asked is not None:
        seat = RULES.awaiting(t.state)[0]
        t.act(seat, next((a for a in (EndTurn(), Pass()) if a in t.legal(seat)), t.legal(seat)[0]))
    assert Use(dex) in t.legal(0)


def test_using_a_resource_discards_it_before_its_effect() -> None:
    t = table([LAW_PAIR, OUTLAW_PAIR], play={0: ["dexterity"]}, tops={0: ["hat"]})
    events = t.act(0, Use(t.card("dexterity")))
    assert [e.kind for e in events if e.kind in ("used", "draw")] == ["used", "draw"]
    assert t.state.discard[-1] == t.card("dexterity")


def test_any_number_of_resources_but_no_two_alike() -> None:
    t = table([LAW_PAIR, OUTLAW_PAIR], hands={0: ["whisky", "dexterity"]}, play={1: ["whisky"]})
    second = t.card("whisky")
    assert Play(second, 1) not in t.legal(0) and Play(second, 2) in t.legal(0)
    assert Play(t.card("dexterity"), 1) in t.legal(0)


def test_resources_on_the_cover_wait_until_it_attacks() -> None:
    t = table([LAW_PAIR, OUTLAW_PAIR], play={1: ["dexterity"]})
    assert Use(t.card("dexterity")) not in t.legal(0)
    t.act(0, Swap())
    assert Use(t.card("dexterity")) in t.legal(0)


def test_hit_resources_answer_a_duel_or_indians_even_the_turn_they_came_in() -> None:
    t = table([LAW_PAIR, OUTLAW_PAIR], hands={0: ["duel", "buffalo"]}, play={2: ["sledge"]})
    t.act(0, Play(t.card("buffalo"), 2))
    t.act(0, Play(t.card("duel"), 2))
    assert set(t.legal(1)) == {Use(t.card("buffalo")), Pass()}, "Buffalo yes, Sledge not named"
    t.act(1, Use(t.card("buffalo")))
    assert t.card("buffalo") in t.state.discard and t.life(2) == 4


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


STANDOFF = [["daltons", "big_steve"], ["pat_garrett", "marshal"], ["king_fisher", "alicia"]]


def test_standoff_ends_when_a_last_character_dies_and_its_hunter_wins() -> None:
    t = table(STANDOFF, mode="standoff", hands={0: ["colt"]}, life={4: 1})
    t.state.squads[2].fighters.pop()
    t.act(0, Play(t.card("colt"), 4))
    t.act(2, Pass())
    assert RULES.winner(t.state) == LAW, "the Law's target was the Renegade, though the Outlaw shot"


def test_standoff_gatling_hits_every_attacker_then_every_cover_clockwise() -> None:
    t = table(STANDOFF, mode="standoff", hands={1: ["gatling"]}, turn=1)
    events = t.act(1, Play(t.card("gatling")))
    assert [h["slot"] for h in kinds(events, "hit")] == [4, 0, 3, 5, 1]
    t = table(STANDOFF, mode="standoff", hands={1: ["indians"]}, turn=1)
    t.act(1, Play(t.card("indians")))
    assert [r["slot"] for r in t.state.requests if r["kind"] == "indians"] == [4, 0, 3, 5, 1]


def test_standoff_general_store_two_from_each_deck_picked_in_two_rounds_from_the_turns_player() -> None:
    t = table(STANDOFF, mode="standoff", hands={1: ["general_store"]}, turn=1)
    t.act(1, Play(t.card("general_store")))
    assert t.asked is not None and len(t.asked["shown"]) == 6 and t.asked["picks"] == [1, 2, 0, 1, 2, 0]
    for seat in (1, 2, 0, 1, 2, 0):
        assert RULES.awaiting(t.state) == (seat,)
        t.act(seat, Pick(t.asked["shown"][0]))
    assert [len(t.hand(s)) for s in range(3)] == [2, 2, 2]


def test_standoff_the_opponent_cards_act_only_on_the_own_target() -> None:
    t = table(STANDOFF, mode="standoff", hands={0: ["duel", "colt", "blow"], 1: ["missed"], 2: ["missed"]})
    assert {a.target for a in t.legal(0) if isinstance(a, Play) and a.card == t.card("duel")} == {2}
    assert {a.target for a in t.legal(0) if isinstance(a, Play) and a.card == t.card("colt")} == {2, 4}
    t.act(0, Play(t.card("blow")))
    assert t.asked is not None and t.asked["options"] == ["none", "0", "1"], "own hand or the target's"


def test_standoff_wild_bill_and_hick_addams_answer_any_other_player() -> None:
    squads = [["daltons", "big_steve"], ["wild_bill", "marshal"], ["hick_addams", "alicia"]]
    t = table(squads, mode="standoff", hands={0: ["steal", "steal"]}, play={2: ["hat"], 4: ["barrel"]})
    t.act(0, Play(t.card("steal"), 2, t.card("hat")))
    dodge_request(t, 0)  # Wild Bill's hit back, though the Outlaw is not his target
    t.act(0, Pass())
    t.act(0, Play(t.card("steal", 1), 4, t.card("barrel")))
    assert len(t.hand(2)) == 1, "Hick Addams draws, though the Outlaw is not his target"


def test_the_duel_ruleset_offers_the_fortune_tellers_uses_as_their_own_steps() -> None:
    rules = ruleset("duel")
    use = Use(12, 3, how="bang")
    assert rules.parse(rules.notation(use)) == use and rules.steps(use)[0].value == "as_bang"
    assert rules.parse(rules.notation(Use(12, how="missed"))) == Use(12, how="missed")


def test_standoff_lone_ranger_draws_when_any_other_player_hurts_him() -> None:
    squads = [["daltons", "big_steve"], ["lone_ranger", "marshal"], ["king_fisher", "alicia"]]
    t = table(squads, mode="standoff", hands={2: ["colt"]}, turn=2)
    t.act(2, Play(t.card("colt"), 2))
    t.act(1, Pass())
    assert len(t.hand(1)) == 1, "the Renegade is not the Law's target, yet the Lone Ranger draws"


def test_el_chindi_ignores_return_fire_while_he_holds_a_card() -> None:
    t = table([LAW_PAIR, ["el_chindi", "daltons"]], hands={0: ["return_fire"], 1: ["colt", "beer"]}, turn=1)
    t.act(1, Play(t.card("colt"), 0))
    t.act(0, Answer(t.card("return_fire")))
    assert t.asked is None and t.life(2) == 4, "no hit comes back at him"
    t = table([LAW_PAIR, ["el_chindi", "daltons"]], hands={0: ["return_fire"], 1: ["colt"]}, turn=1)
    t.act(1, Play(t.card("colt"), 0))
    t.act(0, Answer(t.card("return_fire")))
    dodge_request(t, 2)  # his hand is empty now: the hit comes


def test_standoff_return_fire_goes_at_the_own_target_whoever_shot() -> None:
    t = table(STANDOFF, mode="standoff", hands={0: ["colt"], 1: ["return_fire"]})
    t.act(0, Play(t.card("colt"), 2))
    t.act(1, Answer(t.card("return_fire")))
    dodge_request(t, 4)  # the Law's target is the Renegade, though the Outlaw shot


def test_standoff_blow_reaches_the_own_and_the_targets_attackers_only() -> None:
    t = table(STANDOFF, mode="standoff", hands={0: ["blow"]}, play={0: ["hat"], 2: ["hat"], 4: ["barrel"]})
    targets = {a.target for a in t.legal(0) if isinstance(a, Play) and a.target_card is not None}
    assert targets == {0, 2}


def test_el_chindi_ignores_his_share_of_an_indian_chief() -> None:
    t = table([LAW_PAIR, ["el_chindi", "daltons"]], hands={0: ["chief"], 1: ["beer"]})
    t.act(0, Play(t.card("chief"), 2))
    assert [r["slot"] for r in t.state.requests if r["kind"] == "indians"] == [3]
