"""The Duel's pending decisions: each kind saved exactly as before it was typed, games saved then read back byte for
byte, and each seat's view showing the same of them as before."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from bangbot.games.duel.rules.modes import MODE_IDS
from bangbot.games.duel.rules.requests import (
    DECISIONS,
    REQUEST_TYPES,
    BecameAttacker,
    CardDuel,
    Choice,
    Died,
    DiscardOne,
    Dodge,
    Dodged,
    DuelRequest,
    Entered,
    GoldPanTwice,
    HandLimit,
    HarryDraw,
    Hurt,
    Indians,
    KeepOne,
    LeroyRepeat,
    Lineup,
    Loot,
    MarshalDraw,
    Out,
    Replace,
    ResourceIn,
    Robbed,
    ShootBack,
    StandIn,
    StorePick,
)
from bangbot.games.duel.rules.serialize import from_json, request_from_json, request_to_json, to_json
from bangbot.games.duel.rules.views import view
from tests.games.duel.test_duel_ruleset import play

# Every kind of request as the engine makes it, and the JSON the Duel saved for it before requests were typed
# (written from the dicts the engine built then, in their key order).
EXAMPLES: list[tuple[DuelRequest, str]] = [
    (Lineup(0, 0), '{"kind":"lineup","seat":0,"position":0,"options":[]}'),
    (Lineup(1, 1, ("jango", "wyatt_earp")), '{"kind":"lineup","seat":1,"position":1,"options":["jango","wyatt_earp"]}'),
    (Replace(1, 0, ("daltons",)), '{"kind":"replace","seat":1,"position":0,"options":["daltons"]}'),
    (
        Dodge(1, 2, "jango", 0, None, "tom_horn", 1),
        '{"kind":"dodge","seat":1,"slot":2,"char":"jango","by":0,"card":null,"rider":"tom_horn","need":1}',
    ),
    (
        Dodge(0, 1, "", 2, 7, "colt", 2),
        '{"kind":"dodge","seat":0,"slot":1,"char":"","by":2,"card":7,"rider":"colt","need":2}',
    ),
    (Indians(1, 3, 0, 42), '{"kind":"indians","seat":1,"slot":3,"by":0,"card":42}'),
    (Indians(1, 3, 0, 42, "jango"), '{"kind":"indians","seat":1,"slot":3,"by":0,"card":42,"char":"jango"}'),
    (CardDuel(1, 0, 1, 70, "missed"), '{"kind":"duel","seat":1,"by":0,"other":1,"card":70,"with":"missed"}'),
    (DiscardOne(0, "stagecoach"), '{"kind":"discard","seat":0,"reason":"stagecoach"}'),
    (DiscardOne(1, "peacemaker", 0), '{"kind":"discard","seat":1,"reason":"peacemaker","by":0}'),
    (HandLimit(0), '{"kind":"limit","seat":0}'),
    (KeepOne(1, (45, 21)), '{"kind":"keep","seat":1,"shown":[45,21]}'),
    (StorePick(0, (11, 7, 33), (0, 1, 0)), '{"kind":"store","seat":0,"shown":[11,7,33],"picks":[0,1,0]}'),
    (Choice(1, "blow", ("none", "1")), '{"kind":"option","seat":1,"reason":"blow","options":["none","1"]}'),
    (Choice(1, "cover", ("0", "1"), 2), '{"kind":"option","seat":1,"reason":"cover","options":["0","1"],"left":2}'),
    (MarshalDraw(0, 3), '{"kind":"option","seat":0,"reason":"enters_draws_three","left":3,"options":[]}'),
    (
        Loot(1, 0, (24, 36), 2, ("none", "24", "hand")),
        '{"kind":"option","seat":1,"reason":"loots_the_dead","owner":0,"cards":[24,36],"left":2,'
        '"options":["none","24","hand"]}',
    ),
    (
        GoldPanTwice(1, 102, ("once", "91")),
        '{"kind":"option","seat":1,"reason":"gold_pan_twice","card":102,"options":["once","91"]}',
    ),
    (
        LeroyRepeat(1, "dexterity", None, ("none", "57")),
        '{"kind":"option","seat":1,"reason":"resource_twice","name":"dexterity","target":null,"options":["none","57"]}',
    ),
    (
        HarryDraw(1, 2, None),
        '{"kind":"option","seat":1,"reason":"filters_draws","left":2,"deck_of":null,"first":true,"options":[]}',
    ),
    (
        HarryDraw(1, 1, 0, ("keep", "discard"), 33),
        '{"kind":"option","seat":1,"reason":"filters_draws","left":1,"deck_of":0,"first":true,'
        '"options":["keep","discard"],"look":33}',
    ),
    (
        StandIn(0, ("none", "takes_hurt_for_partner"), 1, 1, None, "rattlesnake", "jango"),
        '{"kind":"option","seat":0,"reason":"takes_hurt_for_partner","options":["none","takes_hurt_for_partner"],'
        '"slot":1,"amount":1,"by":null,"cause":"rattlesnake","char":"jango"}',
    ),
    (
        Dodged(0, 0, "bat_masterson", 1, None, "return_fire"),
        '{"kind":"dodged","seat":0,"slot":0,"char":"bat_masterson","by":1,"card":null,"rider":"return_fire"}',
    ),
    (ShootBack(1, 0), '{"kind":"shoot_back","by":1,"at":0}'),
    (
        Hurt(3, "big_jim", None, 3, "dynamite"),
        '{"kind":"hurt","slot":3,"char":"big_jim","by":null,"amount":3,"cause":"dynamite"}',
    ),
    (Died(2, "jango", 0), '{"kind":"died","slot":2,"char":"jango","by":0}'),
    (Entered(1, 1), '{"kind":"entered","seat":1,"position":1}'),
    (BecameAttacker(1, 1), '{"kind":"became_attacker","seat":1,"by":1}'),
    (BecameAttacker(1, 0, swap=True), '{"kind":"became_attacker","seat":1,"by":0,"swap":true}'),
    (
        BecameAttacker(0, 1, swap=True, by_big_jim=True),
        '{"kind":"became_attacker","seat":0,"by":1,"swap":true,"by_big_jim":true}',
    ),
    (Robbed(0, 1), '{"kind":"robbed","seat":0,"by":1}'),
    (Robbed(0, 1, how="take"), '{"kind":"robbed","seat":0,"by":1,"how":"take"}'),
    (Robbed(0, 1, source=0), '{"kind":"robbed","seat":0,"by":1,"from":0}'),
    (Robbed(0, 1, how="take", source=2), '{"kind":"robbed","seat":0,"by":1,"how":"take","from":2}'),
    (Out(1, None), '{"kind":"out","seat":1,"by":null}'),
    (ResourceIn(0, 1, "jango"), '{"kind":"resource_in","seat":0,"slot":1,"char":"jango"}'),
]

SAVED_STATES = (
    (
        '{"config":{"players":2,"preset":"third_law","simplified":false,"ruleset":"duel","options":{}},"squads":[{"se'
        'at":0,"side":"law","deck":[6,11,8,51,0,18,77,78,58,28,48,71,72,22,59,23,17,42,41,57,37,38],"hand":[79],"figh'
        'ters":[{"character":"annie_oakley","life":2,"max_life":4,"equipment":[33],"resources":[],"entered":{}},{"cha'
        'racter":"tex_killer","life":4,"max_life":4,"equipment":[],"resources":[],"entered":{}}],"reserve":["bill_til'
        'ghman"],"dead":["pat_garrett"],"start_hand":4},{"seat":1,"side":"renegade","deck":[116,81,80,104,88,90,118,8'
        '5,106,82,94,115,91,117],"hand":[100],"fighters":[{"character":"charlie_bassett","life":1,"max_life":4,"equip'
        'ment":[103,32,30],"resources":[],"entered":{}},{"character":"dutch_harry","life":2,"max_life":4,"equipment":'
        '[],"resources":[101],"entered":{"101":8}}],"reserve":["king_fisher","marshal"],"dead":[],"start_hand":5}],"r'
        'ng":"728034927264493913","common":[],"discard":[61,98,109,21,114,89,93,95,107,102,47,39,69,111,40,92,75,7,11'
        '9,9,83,110,49,84,50,87,60,99,97,12,113,96,86,105,26,112,108],"turn":1,"turn_number":10,"phase":"play","bangs'
        '_played":1,"bang_limit":1,"used":["resource_draws"],"requests":[{"kind":"option","seat":1,"reason":"filters_'
        'draws","left":1,"deck_of":null,"first":true,"options":["keep","discard"],"look":117},{"kind":"option","seat"'
        ':1,"reason":"filters_draws","left":1,"deck_of":null,"first":true,"options":[]},{"kind":"dodge","seat":0,"slo'
        't":0,"char":"annie_oakley","by":1,"card":108,"rider":"sledge","need":1}],"winner":null,"version":91}'
    ),
    (
        '{"config":{"players":2,"preset":"duel","simplified":false,"ruleset":"duel","options":{}},"squads":[{"seat":0'
        ',"side":"law","deck":[],"hand":[61,64],"fighters":[{"character":"bat_masterson","life":2,"max_life":4,"equip'
        'ment":[],"resources":[],"entered":{}},{"character":"lone_ranger","life":2,"max_life":5,"equipment":[26],"res'
        'ources":[],"entered":{}}],"reserve":["jango","alan_pinkerton"],"dead":[],"start_hand":4},{"seat":1,"side":"o'
        'utlaw","deck":[],"hand":[9,7],"fighters":[{"character":"bull_anderson","life":2,"max_life":5,"equipment":[32'
        '],"resources":[],"entered":{}}],"reserve":[],"dead":["jack_ransome","slim_poet","daltons"],"start_hand":5}],'
        '"rng":"2241393359402993022","common":[79,46,54,25,16,23,39,76,49,33,5],"discard":[30,38,47,72,12,57,73,13,65'
        ",22,68,8,66,35,45,40,20,52,43,19,3,44,14,60,74,18,1,31,63,56,28,50,4,70,11,0,59,21,2,17,67,6,41,78,51,55,34,"
        '37,62,69,10,42,15,53,27,77,48,29,58,71,75,24,36],"turn":1,"turn_number":30,"phase":"draw","bangs_played":0,"'
        'bang_limit":1,"used":[],"requests":[{"kind":"option","seat":1,"reason":"loots_the_dead","owner":1,"cards":[2'
        '4,36],"left":2,"options":["none","24","36"]},{"kind":"became_attacker","seat":1,"by":1},{"kind":"became_atta'
        'cker","seat":1,"by":1,"swap":true}],"winner":null,"version":176}'
    ),
)
SAVED_REQUESTS = (
    '{"kind":"became_attacker","seat":1,"by":1}',
    '{"kind":"became_attacker","seat":1,"by":1,"swap":true}',
    '{"kind":"discard","seat":1,"reason":"peacemaker","by":0}',
    '{"kind":"discard","seat":0,"reason":"stagecoach"}',
    '{"kind":"discard","seat":1,"reason":"swaps_a_card"}',
    '{"kind":"discard","seat":1,"reason":"tex_killer","by":0}',
    '{"kind":"dodge","seat":1,"slot":2,"char":"cattle_katie","by":0,"card":null,"rider":"return_fire","need":1}',
    '{"kind":"dodge","seat":1,"slot":2,"char":"jack_ransome","by":0,"card":8,"rider":"carbine","need":1}',
    '{"kind":"dodged","seat":0,"slot":0,"char":"bat_masterson","by":1,"card":null,"rider":"return_fire"}',
    '{"kind":"dodged","seat":1,"slot":3,"char":"bull_anderson","by":0,"card":6,"rider":"quickdraw"}',
    '{"kind":"duel","seat":0,"by":1,"other":0,"card":70,"with":"bang"}',
    '{"kind":"entered","seat":1,"position":1}',
    '{"kind":"hurt","slot":3,"char":"big_jim","by":null,"amount":3,"cause":"dynamite"}',
    '{"kind":"hurt","slot":2,"char":"fortune_teller","by":0,"amount":1,"cause":"grapeshot"}',
    '{"kind":"indians","seat":1,"slot":2,"by":0,"card":42,"char":"cattle_katie"}',
    '{"kind":"keep","seat":1,"shown":[45,21]}',
    '{"kind":"limit","seat":0}',
    '{"kind":"lineup","seat":0,"position":1,"options":["bat_masterson","jango","wyatt_earp"]}',
    '{"kind":"option","seat":1,"reason":"ambush","options":["none","88"]}',
    '{"kind":"option","seat":1,"reason":"blow","options":["none","1","0"]}',
    '{"kind":"option","seat":0,"reason":"carbine","options":["none","23"]}',
    '{"kind":"option","seat":1,"reason":"cover","options":["0","1"],"left":2}',
    '{"kind":"option","seat":1,"reason":"discards_own_card_draws","options":["26"]}',
    '{"kind":"option","seat":1,"reason":"draws_equipment","options":["draw","32","108","83"]}',
    '{"kind":"option","seat":1,"reason":"enters_draws_three","left":3,"options":["0","1"]}',
    '{"kind":"option","seat":1,"reason":"filters_draws","left":1,"deck_of":null,"first":true,"options":[]}',
    (
        '{"kind":"option","seat":1,"reason":"filters_draws","left":2,"deck_of":null,"first":true,"options":["keep","d'
        'iscard"],"look":84}'
    ),
    (
        '{"kind":"option","seat":1,"reason":"filters_draws","left":1,"deck_of":0,"first":true,"options":["keep","disc'
        'ard"],"look":33}'
    ),
    '{"kind":"option","seat":1,"reason":"gold_pan_twice","card":102,"options":["once","91"]}',
    '{"kind":"option","seat":1,"reason":"loots_the_dead","owner":1,"cards":[24],"left":2,"options":["none","24"]}',
    (
        '{"kind":"option","seat":1,"reason":"resource_twice","name":"dexterity","target":null,"options":["none","57",'
        '"77","99","105"]}'
    ),
    (
        '{"kind":"option","seat":1,"reason":"resource_twice","name":"double_barrel","target":0,"options":["none","30"'
        ',"42","96","108"]}'
    ),
    '{"kind":"option","seat":0,"reason":"shotgun","options":["none","0","1"]}',
    '{"kind":"option","seat":1,"reason":"swaps_both","options":["none","0"]}',
    (
        '{"kind":"option","seat":0,"reason":"takes_hurt_for_partner","options":["none","takes_hurt_for_partner"],"slo'
        't":0,"amount":1,"by":null,"cause":"rattlesnake","char":"buffalo_bill"}'
    ),
    (
        '{"kind":"option","seat":0,"reason":"takes_hurt_for_partner","options":["none","takes_hurt_for_partner"],"slo'
        't":1,"amount":1,"by":0,"cause":"indians","char":"jango"}'
    ),
    '{"kind":"option","seat":1,"reason":"union_pacific","options":["1","0"],"left":2}',
    '{"kind":"replace","seat":0,"position":0,"options":["bat_masterson","wyatt_earp"]}',
    '{"kind":"robbed","seat":0,"by":1}',
    '{"kind":"shoot_back","by":1,"at":0}',
    '{"kind":"store","seat":0,"shown":[11,7,33,68],"picks":[0,1,0,1]}',
)
# What only the asked seat sees of a decision: the characters it holds, the cards shown to it alone, Dutch Harry's look.
PRIVATE: dict[type, dict[str, object]] = {
    Lineup: {"options": ()},
    Replace: {"options": ()},
    KeepOne: {"shown": ()},
    HarryDraw: {"look": None},
}


def saved(data: object) -> str:
    """Returns JSON as the service saves it (compact)."""
    return json.dumps(data, separators=(",", ":"))


@pytest.mark.parametrize(
    ("request_", "text"), EXAMPLES, ids=[f"{type(r).__name__}-{i}" for i, (r, _) in enumerate(EXAMPLES)]
)
def test_each_kind_of_request_is_saved_as_before_and_read_back(request_: DuelRequest, text: str) -> None:
    assert saved(request_to_json(request_)) == text
    assert request_from_json(json.loads(text)) == request_


def test_the_examples_cover_every_kind_of_request() -> None:
    assert {type(r) for r, _ in EXAMPLES} == set(REQUEST_TYPES)


@pytest.mark.parametrize("text", SAVED_REQUESTS)
def test_every_request_a_game_saved_before_typed_requests_reads_back_and_saves_the_same(text: str) -> None:
    read = request_from_json(json.loads(text))
    assert saved(request_to_json(read)) == text
    assert json.loads(text)["kind"] == read.KIND


def test_games_saved_before_typed_requests_read_back_and_save_byte_for_byte() -> None:
    harry, bull = (from_json(json.loads(text)) for text in SAVED_STATES)
    assert [saved(to_json(s)) for s in (harry, bull)] == list(SAVED_STATES)
    looking, waiting, shot = harry.requests
    assert isinstance(looking, HarryDraw) and looking.look == 117 and looking.options == ("keep", "discard")
    assert isinstance(waiting, HarryDraw) and waiting.look is None and waiting.options == ()
    assert shot == Dodge(0, 0, "annie_oakley", 1, 108, "sledge", 1)
    loot, *swaps = bull.requests
    assert isinstance(loot, Loot) and loot.cards == (24, 36) and loot.options == ("none", "24", "36")
    assert swaps == [BecameAttacker(1, 1), BecameAttacker(1, 1, swap=True)]


def test_a_view_shows_the_asked_decision_whole_to_its_seat_and_without_what_is_private_to_the_others() -> None:
    seen: set[type] = set()
    for mode in MODE_IDS:
        for seed in range(8):
            for state in play(mode, seed, random.Random(seed)):
                full = state.requests[0] if state.requests else None
                for seat in (None, *range(len(state.squads))):
                    shown = view(state, seat).requests
                    if full is None:
                        assert shown == ()
                        continue
                    private = PRIVATE.get(type(full), {}) if full.seat != seat else {}
                    assert shown == (dataclasses.replace(full, **private),)
                seen.add(type(full))
    assert seen - {type(None)} == set(DECISIONS), "every kind of decision was seen"
