"""AI players: always legal, blind to hidden information, stable over saved memory, and better than random."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any, get_type_hints

import pytest

from bangbot.ai import AIPlayer, Memory, RandomPlayer
from bangbot.ai.mixing import mix
from bangbot.ai.random_player import SEED_KEY
from bangbot.games import contract
from bangbot.games.bang.ai.beliefs import estimate
from bangbot.games.bang.ai.heuristic import HeuristicPlayer
from bangbot.games.bang.ai.match import MEMORY_SALT, play_match
from bangbot.games.bang.rules.actions import (
    Action,
    Answer,
    DrawDeck,
    DrawDiscard,
    DrawHand,
    EndTurn,
    Pass,
    Play,
    PutBack,
)
from bangbot.games.bang.rules.cards import BANG, BASE_DECK, CARDS, MISSED
from bangbot.games.bang.rules.engine import apply, new_game
from bangbot.games.bang.rules.legal import awaiting
from bangbot.games.bang.rules.notation import to_text
from bangbot.games.bang.rules.roles import DEPUTY, LAW, OUTLAW, RENEGADE, SHERIFF
from bangbot.games.bang.rules.scenario import run
from bangbot.games.bang.rules.state import GameConfig, GameState
from bangbot.games.bang.rules.views import PlayerView, SeatView, view
from bangbot.games.duel.rules.views import DuelView

AI_DIR = Path(__file__).resolve().parents[3] / "bangbot" / "games" / "bang" / "ai"
STRICT = HeuristicPlayer(strict=True)
RANDOM: RandomPlayer[Action] = RandomPlayer()


def law_vs(law: AIPlayer, others: AIPlayer) -> Any:
    """Returns a lineup: law plays the Sheriff and the Deputies, others the Outlaws and the Renegade."""
    return lambda seat, role: law if role in (SHERIFF, DEPUTY) else others


def everyone(player: AIPlayer) -> Any:
    """Returns a lineup with player at every seat."""
    return lambda seat, role: player


@pytest.mark.parametrize("preset", ["standard", "ja"])
@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_heuristic_only_ever_chooses_legal_actions(preset: str, players: int) -> None:
    chosen: Counter[str] = Counter()

    def watch(seat: int, seen: PlayerView, memory: Memory, action: Action) -> None:
        assert action in seen.legal, f"seat {seat} chose {to_text(action)}"
        chosen[type(action).__name__] += 1
        at_oneself = [a for a in seen.legal if isinstance(a, Play) and a.target == seat and a.card in seen.hand]
        chosen["offered a BANG! on oneself"] += any(CARDS[a.card].kind in (BANG, MISSED) for a in at_oneself)
        assert not (action in at_oneself and CARDS[action.card].kind in (BANG, MISSED)), "a BANG! on oneself"

    for seed in range(8):
        config = GameConfig.with_preset(players, preset, simplified=seed % 4 == 3)
        result = play_match(config, 500 + seed, everyone(STRICT), watch=watch)
        assert result.winner is not None and not result.capped
    assert chosen["Play"] > 0 and chosen["EndTurn"] > 0 and chosen["Answer"] > 0
    assert (chosen["offered a BANG! on oneself"] > 0) == (preset == "standard")


def test_random_player_is_legal_and_repeats_itself() -> None:
    first = play_match(GameConfig.with_preset(6), 7, everyone(RANDOM))
    again = play_match(GameConfig.with_preset(6), 7, everyone(RANDOM))
    assert first.winner is not None
    assert first.moves == again.moves
    state, _ = new_game(GameConfig.with_preset(5), 3)
    seat = awaiting(state)[0]
    seen = view(state, seat)
    picks = {RANDOM.decide(seen, {"seed": s}) for s in range(40)}
    assert picks <= set(seen.legal) and len(picks) > 1


def test_ai_inputs_are_a_view_and_visible_events_only() -> None:
    for cls in (HeuristicPlayer, RandomPlayer):
        decide = get_type_hints(cls.decide)
        observe = get_type_hints(cls.observe)
        if cls is HeuristicPlayer:
            assert decide["view"] is PlayerView and decide["return"] == Action
        else:  # every game's random player reads the contract's seat view, fields of PlayerView and DuelView
            assert decide["view"].__origin__ is contract.SeatView
            read = {n for c in (contract.SeatView, contract.TableState) for n in vars(c) if not n.startswith("_")}
            assert read == {"seat", "config", "version", "turn", "turn_number", "legal", "winner"}
            assert read <= {f.name for f in dataclasses.fields(PlayerView)} & {
                f.name for f in dataclasses.fields(DuelView)
            }
        assert list(inspect.signature(cls.decide).parameters) == ["self", "view", "memory"]
        assert list(inspect.signature(cls.observe).parameters) == ["self", "memory", "seat", "events"]
        assert "GameState" not in str(decide) + str(observe)
    seat_fields = {f.name for f in dataclasses.fields(SeatView)}
    assert "hand" not in seat_fields and "hand_count" in seat_fields and "role" in seat_fields
    view_fields = {f.name: f.type for f in dataclasses.fields(PlayerView)}
    assert "GameState" not in " ".join(str(t) for t in view_fields.values())
    for path in AI_DIR.glob("*.py"):
        if path.name != "match.py":  # the driver is the caller's side: it holds the game, the AI never does
            text = path.read_text(encoding="utf-8")
            assert "GameState" not in text and "rules.engine" not in text and "rules.state" not in text, path.name


def test_a_view_hides_other_hands_and_roles() -> None:
    state, _ = new_game(GameConfig.with_preset(7), 21)
    for p in state.players:
        seen = view(state, p.seat)
        assert list(seen.hand) == p.hand
        for other in seen.seats:
            q = state.players[other.seat]
            assert other.hand_count == len(q.hand)
            if q.seat != p.seat and q.role != SHERIFF:
                assert other.role is None


def shuffle_hidden(state: GameState, seat: int, seed: int) -> GameState:
    """Returns a copy where what seat cannot see (other hands, the deck, hidden roles) is dealt again, counts kept."""
    out = state.copy()
    chooser = random.Random(seed)
    others = [p for p in out.players if p.seat != seat]
    pool = [c for p in others for c in p.hand] + out.deck
    chooser.shuffle(pool)
    for p in others:
        p.hand, pool = pool[: len(p.hand)], pool[len(p.hand) :]
    out.deck = pool
    masked = [p for p in others if p.alive and p.role != SHERIFF]
    roles = [p.role for p in masked]
    chooser.shuffle(roles)
    for p, role in zip(masked, roles, strict=True):
        p.role = role
    return out


def test_hidden_cards_change_neither_view_nor_decision() -> None:
    config = GameConfig.with_preset(5)
    state, events = new_game(config, 12)
    memories: list[Memory] = [{} for _ in range(5)]
    checked = 0
    for _ in range(120):
        if state.winner is not None:
            break
        for s in range(5):
            STRICT.observe(memories[s], s, [e.for_seat(s) for e in events])
        seat = awaiting(state)[0]
        seen = view(state, seat)
        other = view(shuffle_hidden(state, seat, checked), seat)
        assert other == seen
        assert STRICT.decide(other, memories[seat]) == STRICT.decide(seen, memories[seat])
        checked += 1
        state, events = apply(state, seat, STRICT.decide(seen, memories[seat]))
    assert checked > 50


def test_same_view_and_memory_give_the_same_decision_and_leave_memory_alone() -> None:
    def watch(seat: int, seen: PlayerView, memory: Memory, action: Action) -> None:
        before = copy.deepcopy(memory)
        assert STRICT.decide(seen, copy.deepcopy(memory)) == action
        assert STRICT.decide(seen, memory) == action
        assert memory == before

    result = play_match(GameConfig.with_preset(6), 4, everyone(STRICT), watch=watch)
    assert result.winner is not None


def test_memory_survives_a_json_round_trip_mid_game() -> None:
    config = GameConfig.with_preset(7)
    reference = play_match(config, 33, everyone(STRICT))
    state, events = new_game(config, 33)
    memories: list[Memory] = [{SEED_KEY: mix(MEMORY_SALT, 33, s)} for s in range(7)]  # as play_match seeds them
    moves: list[tuple[int, Action]] = []
    while state.winner is None:
        for s in range(7):
            STRICT.observe(memories[s], s, [e.for_seat(s) for e in events])
        memories = [json.loads(json.dumps(m)) for m in memories]  # saved and loaded between any two moves
        seat = awaiting(state)[0]
        action = STRICT.decide(view(state, seat), memories[seat])
        moves.append((seat, action))
        state, events = apply(state, seat, action)
    assert moves == reference.moves
    assert state.winner == reference.winner
    assert any(m.get("beliefs") for m in memories)


def test_an_ai_taking_over_mid_game_with_empty_memory_still_plays() -> None:
    state, _ = new_game(GameConfig.with_preset(5), 8)
    for _ in range(40):
        seat = awaiting(state)[0]
        state, _ = apply(state, seat, RANDOM.decide(view(state, seat), {"seed": 1}))
    while state.winner is None:
        seat = awaiting(state)[0]
        seen = view(state, seat)
        action = STRICT.decide(seen, {})
        assert action in seen.legal
        state, _ = apply(state, seat, action)


def win_rate(lineup: Any, side_wins: set[str], players: int, games: int, first_seed: int) -> float:
    """Returns the share of games won by any of side_wins."""
    config = GameConfig.with_preset(players)
    won = sum(play_match(config, first_seed + g, lineup).winner in side_wins for g in range(games))
    return won / games


def test_heuristic_sheriff_team_beats_random_opponents() -> None:
    assert win_rate(law_vs(HeuristicPlayer(), RANDOM), {LAW}, 7, 100, 9000) >= 0.8
    assert win_rate(law_vs(HeuristicPlayer(), RANDOM), {LAW}, 5, 50, 9100) >= 0.8


def test_heuristic_outlaws_and_renegade_beat_a_random_sheriff_team() -> None:
    assert win_rate(law_vs(RANDOM, HeuristicPlayer()), {"outlaws", "renegade"}, 7, 60, 9200) >= 0.8


def table(players: list[dict[str, Any]], **extra: Any) -> GameState:
    """Returns the state of a scenario table."""
    state, _ = run({"players": players, "script": [], **extra})
    return state


def decide(state: GameState, seat: int, memory: Memory | None = None) -> Action:
    """Returns the strict heuristic's choice for seat."""
    seen = view(state, seat)
    action = STRICT.decide(seen, memory or {})
    assert action in seen.legal
    return action


def kind(action: Action) -> str:
    """Returns the kind of the card an action plays or answers with."""
    assert isinstance(action, Play | Answer)
    return BASE_DECK[action.card].kind


def seat(character: str, role: str, hand: list[str] = [], **extra: Any) -> dict[str, Any]:  # noqa: B006
    """Returns one seat of a scenario."""
    return {"character": character, "role": role, "hand": hand, **extra}


def test_outlaw_shoots_the_sheriff_and_deputy_never_does() -> None:
    players = [
        seat("bart_cassidy", SHERIFF),
        seat("black_jack", OUTLAW, ["bang"]),
        seat("el_gringo", DEPUTY, ["bang"]),
        seat("kit_carlson", RENEGADE),
        seat("willy_the_kid", OUTLAW),
    ]
    outlaw = decide(table(players, turn=1, phase="play"), 1)
    assert isinstance(outlaw, Play) and kind(outlaw) == "bang" and outlaw.target == 0
    players[1]["hand"], players[2]["hand"], players[2]["in_play"] = [], ["bang", "bang"], ["winchester"]
    state = table(players, turn=2, phase="play")
    assert Play(view(state, 2).hand[0], 0) in view(state, 2).legal
    deputy = decide(state, 2)
    assert not (isinstance(deputy, Play) and deputy.target == 0)


def test_deputy_goes_after_the_seat_that_shot_the_sheriff() -> None:
    players = [
        seat("bart_cassidy", SHERIFF),
        seat("black_jack", OUTLAW),
        seat("el_gringo", DEPUTY, ["bang"], in_play=["winchester"]),
        seat("kit_carlson", RENEGADE),
        seat("willy_the_kid", OUTLAW),
    ]
    state = table(players, turn=2, phase="play")
    memory: Memory = {}
    STRICT.observe(memory, 2, [{"kind": "play", "seat": 4, "card": 0, "target": 0, "target_card": None}])
    action = decide(state, 2, memory)
    assert isinstance(action, Play) and kind(action) == "bang" and action.target == 4


def test_answers_a_bang_with_missed_and_drinks_beer_when_dying() -> None:
    players = [
        seat("slab_the_killer", SHERIFF, ["bang"]),
        seat("vulture_sam", OUTLAW, ["missed", "beer"]),
        seat("black_jack", OUTLAW),
        seat("kit_carlson", RENEGADE),
    ]
    state, _ = run({"players": players, "script": ["0: play bang @1"], "turn": 0, "phase": "play"})
    assert isinstance(decide(state, 1), Pass)  # Slab the Killer needs two Missed!: one is no use
    players[1]["hand"] = ["missed", "missed", "beer"]
    state, _ = run({"players": players, "script": ["0: play bang @1"], "turn": 0, "phase": "play"})
    assert kind(decide(state, 1)) == "missed"
    players[1]["life"] = 1
    players[1]["hand"] = ["beer", "bang"]
    state, _ = run({"players": players, "script": ["0: play bang @1"], "turn": 0, "phase": "play"})
    assert kind(decide(state, 1)) == "beer"


def test_equips_barrel_and_keeps_missed_when_discarding() -> None:
    players = [
        seat("bart_cassidy", SHERIFF, ["barrel", "missed", "general_store", "dynamite"]),
        seat("black_jack", OUTLAW),
        seat("el_gringo", DEPUTY),
        seat("kit_carlson", RENEGADE),
    ]
    action = decide(table(players, turn=0, phase="play"), 0)
    assert isinstance(action, Play) and kind(action) == "barrel"
    players[0].update(hand=["missed", "beer", "dynamite", "bang", "missed"], life=2)
    discarded = decide(table(players, turn=0, phase="discard"), 0)
    assert BASE_DECK[getattr(discarded, "card", 0)].kind == "dynamite"


def test_cat_balou_takes_the_barrel_of_the_seat_that_shot_the_sheriff() -> None:
    players = [
        seat("bart_cassidy", SHERIFF, ["cat_balou"]),
        seat("black_jack", OUTLAW, ["missed"], in_play=["barrel"]),
        seat("el_gringo", DEPUTY, ["bang"], in_play=["mustang"]),
        seat("kit_carlson", RENEGADE),
    ]
    memory: Memory = {}
    STRICT.observe(memory, 0, [{"kind": "play", "seat": 1, "card": 0, "target": 0, "target_card": None}])
    action = decide(table(players, turn=0, phase="play"), 0, memory)
    assert isinstance(action, Play) and kind(action) == "cat_balou" and action.target == 1
    assert BASE_DECK[action.target_card or 0].kind == "barrel"


def test_beer_is_kept_at_full_life_and_drunk_when_badly_hurt() -> None:
    players = [
        seat("bart_cassidy", SHERIFF, ["beer"]),
        seat("black_jack", OUTLAW),
        seat("el_gringo", DEPUTY),
        seat("kit_carlson", RENEGADE),
    ]
    assert decide(table(players, turn=0, phase="play"), 0) == EndTurn()
    players[0]["life"] = 2
    action = decide(table(players, turn=0, phase="play"), 0)
    assert isinstance(action, Play) and kind(action) == "beer"


def test_jesse_jones_draws_from_the_seat_that_shot_the_sheriff() -> None:
    players = [
        seat("bart_cassidy", SHERIFF),
        seat("jesse_jones", DEPUTY),
        seat("black_jack", OUTLAW, ["beer", "bang"]),
        seat("kit_carlson", RENEGADE, ["missed", "bang", "beer"]),
        seat("willy_the_kid", OUTLAW, ["missed"]),
    ]
    state = table(players, turn=1, phase="start")
    memory: Memory = {}
    STRICT.observe(memory, 1, [{"kind": "play", "seat": 2, "card": 0, "target": 0, "target_card": None}])
    assert decide(state, 1, memory) == DrawHand(2)


def test_pedro_ramirez_takes_a_missed_from_the_discard_pile_but_not_dynamite() -> None:
    players = [
        seat("pedro_ramirez", SHERIFF),
        seat("black_jack", OUTLAW),
        seat("el_gringo", DEPUTY),
        seat("kit_carlson", RENEGADE),
    ]
    assert decide(table(players, turn=0, phase="start", discard=["missed"]), 0) == DrawDiscard()
    assert decide(table(players, turn=0, phase="start", discard=["dynamite"]), 0) == DrawDeck()


def test_kit_carlson_puts_back_the_least_useful_card() -> None:
    players = [
        seat("kit_carlson", SHERIFF),
        seat("black_jack", OUTLAW),
        seat("el_gringo", DEPUTY),
        seat("bart_cassidy", RENEGADE),
    ]
    action = decide(table(players, turn=0, phase="start", deck_top=["missed", "dynamite", "beer"]), 0)
    assert isinstance(action, PutBack) and BASE_DECK[action.card].kind == "dynamite"


def test_volcanic_goes_into_play_with_many_bangs_and_fires_them_all() -> None:
    players = [
        seat("bart_cassidy", SHERIFF, ["volcanic", "bang", "bang", "bang"]),
        seat("black_jack", OUTLAW),
        seat("el_gringo", OUTLAW),
        seat("kit_carlson", RENEGADE),
    ]
    state = table(players, turn=0, phase="play")
    action = decide(state, 0)
    assert isinstance(action, Play) and kind(action) == "volcanic"
    state, _ = apply(state, 0, action)
    shots = 0
    while isinstance(action := decide(state, 0), Play) and kind(action) == "bang":
        state, _ = apply(state, 0, action)
        shots += 1
        while awaiting(state) and awaiting(state)[0] != 0:
            other = awaiting(state)[0]
            state, _ = apply(state, other, decide(state, other))
    assert shots == 3


def test_indians_cost_a_bang_only_when_life_is_low_or_bangs_are_many() -> None:
    players = [
        seat("bart_cassidy", SHERIFF, ["indians"]),
        seat("black_jack", OUTLAW, ["bang", "missed"]),
        seat("el_gringo", DEPUTY, ["bang", "bang"]),
        seat("kit_carlson", RENEGADE, ["bang"], life=2),
    ]
    state, _ = run({"players": players, "script": ["0: play indians"], "turn": 0, "phase": "play"})
    assert isinstance(decide(state, 1), Pass)
    assert kind(decide(state, 2)) == "bang"
    assert kind(decide(state, 3)) == "bang"


def play_event(actor: int, card: int, target: int | None, target_card: int | None = None) -> dict[str, Any]:
    """Returns a public play event as the engine emits it."""
    return {"kind": "play", "seat": actor, "card": card, "target": target, "target_card": target_card}


BANG_CARD, GATLING_CARD, JAIL_CARDS, PANIC_CARDS, CAT_BALOU_CARDS = 0, 57, (68, 70), (50, 51), (53, 54)


def endgame_table(sheriff_hand: list[str], life: int = 3) -> GameState:
    """Returns a five-seat table with both Outlaws out: the Sheriff (0), his Deputy (1), the Renegade (2)."""
    return table(
        [
            seat("bart_cassidy", SHERIFF, sheriff_hand, in_play=["winchester"]),
            seat("el_gringo", DEPUTY, life=life),
            seat("kit_carlson", RENEGADE, life=life),
            seat("black_jack", OUTLAW, alive=False, life=0),
            seat("willy_the_kid", OUTLAW, alive=False, life=0),
        ],
        turn=0,
        phase="play",
    )


def endgame_memory(after: list[dict[str, Any]]) -> Memory:
    """Returns the Sheriff's memory: the Renegade hunted Outlaws harder than the Deputy, both went out, then after."""
    memory: Memory = {}
    events = [
        {"kind": "start", "players": 5, "sheriff": 0},
        play_event(2, BANG_CARD, 3),
        play_event(2, BANG_CARD, 3),
        play_event(2, BANG_CARD, 4),
        play_event(1, BANG_CARD, 4),
        {"kind": "eliminated", "seat": 3, "role": OUTLAW, "killer": 2},
        {"kind": "eliminated", "seat": 4, "role": OUTLAW, "killer": 2},
        *after,
    ]
    STRICT.observe(memory, 0, events)
    return memory


def test_with_no_outlaw_left_the_sheriff_shoots_whoever_attacked_him_not_his_deputy() -> None:
    state = endgame_table(["bang", "beer"])
    quiet = endgame_memory([])
    assert estimate(view(state, 0), quiet).p(2, RENEGADE) == pytest.approx(0.5)  # hunting Outlaws proves nothing
    assert decide(state, 0, quiet) == EndTurn()
    shot_at = endgame_memory([play_event(2, BANG_CARD, 0)])
    assert estimate(view(state, 0), shot_at).p(2, RENEGADE) > 0.95
    action = decide(state, 0, shot_at)
    assert isinstance(action, Play) and kind(action) == "bang" and action.target == 2


def test_a_gatling_that_hits_the_sheriff_in_the_endgame_counts_as_evidence() -> None:
    state = endgame_table(["beer"])
    odds = estimate(view(state, 0), endgame_memory([play_event(1, GATLING_CARD, None)]))
    assert odds.p(1, RENEGADE) > 0.6 > odds.p(2, RENEGADE)


def test_a_bang_the_hand_limit_would_take_is_fired_at_a_suspect_but_never_kills_one() -> None:
    full = ["bang", "dynamite", "beer", "beer", "beer", "missed", "missed"]  # 7 cards, 5 lives: the BANG! would go
    action = decide(endgame_table(full), 0, endgame_memory([]))
    assert isinstance(action, Play) and kind(action) == "bang" and action.target in (1, 2)
    assert decide(endgame_table(["bang", "dynamite", "beer", "missed", "missed"]), 0, endgame_memory([])) == EndTurn()
    assert decide(endgame_table(full, life=1), 0, endgame_memory([])) == EndTurn()  # a last blow to a 50% Deputy


def test_a_deputy_fires_a_bang_the_hand_limit_would_take_at_a_seat_that_only_looks_like_a_friend() -> None:
    def deputy_table(hand: list[str], suspect_life: int = 4) -> GameState:
        players = [
            seat("bart_cassidy", SHERIFF),
            seat("el_gringo", DEPUTY, hand, life=4),
            seat("kit_carlson", OUTLAW, life=suspect_life),
            seat("black_jack", DEPUTY),
            seat("willy_the_kid", OUTLAW),
            seat("paul_regret", RENEGADE),
            seat("suzy_lafayette", OUTLAW),
        ]
        return table(players, turn=1, phase="play")

    memory: Memory = {}  # seat 2 freed the Sheriff of Jail four times: a likely Deputy, not a sure one
    freed = [play_event(2, CAT_BALOU_CARDS[i % 2], 0, JAIL_CARDS[i % 2]) for i in range(4)]
    STRICT.observe(memory, 1, [{"kind": "start", "players": 7}, *freed])
    over = ["bang", "missed", "missed", "beer", "beer"]  # 5 cards, 4 lives: the BANG! is worth least and would go
    assert 0.5 < estimate(view(deputy_table(over), 1), memory).p(2, DEPUTY) < 0.9
    action = decide(deputy_table(over), 1, memory)  # the Sheriff, a sure friend, is in reach too
    assert isinstance(action, Play) and kind(action) == "bang" and action.target == 2
    assert decide(deputy_table(over[:4]), 1, memory) == EndTurn()  # the BANG! is kept: no shot at a likely friend
    assert decide(deputy_table(over, suspect_life=1), 1, memory) == EndTurn()  # never its last blow


def test_the_blind_opening_spreads_its_shots_instead_of_taking_the_seat_on_the_left() -> None:
    players = [
        seat("bart_cassidy", SHERIFF, ["bang"]),
        seat("el_gringo", OUTLAW, ["missed"]),
        seat("kit_carlson", DEPUTY, ["missed"]),
        seat("black_jack", RENEGADE, ["missed"]),
        seat("willy_the_kid", OUTLAW, ["missed"]),
    ]
    state = table(players, turn=0, phase="play")
    targets = Counter(getattr(decide(state, 0, {SEED_KEY: s}), "target", None) for s in range(40))
    assert set(targets) == {1, 4} and min(targets.values()) >= 10


def test_a_jail_placed_by_a_likely_deputy_stays_and_one_placed_by_an_enemy_goes() -> None:
    players = [
        seat("bart_cassidy", SHERIFF, ["cat_balou"]),
        seat("el_gringo", DEPUTY),
        seat("kit_carlson", DEPUTY, in_play=["jail"]),
        seat("black_jack", RENEGADE),
        seat("willy_the_kid", OUTLAW),
        seat("paul_regret", OUTLAW),
        seat("suzy_lafayette", OUTLAW),
    ]
    state = table(players, turn=0, phase="play")
    jail = state.players[2].in_play[0]
    freed_me = [play_event(2, PANIC_CARDS[0], 0, JAIL_CARDS[0]), play_event(2, PANIC_CARDS[1], 0, JAIL_CARDS[1])]
    helped_me_too = [
        play_event(1, CAT_BALOU_CARDS[0], 0, JAIL_CARDS[0]),
        play_event(1, CAT_BALOU_CARDS[1], 0, JAIL_CARDS[1]),
    ]
    shot_me = [play_event(1, BANG_CARD, 0), play_event(1, BANG_CARD + 1, 0)]
    release = Play(CAT_BALOU_CARDS[0], 2, jail)
    for jailer, freed in ((helped_me_too, False), (shot_me, True)):
        memory: Memory = {}
        STRICT.observe(memory, 0, [{"kind": "start", "players": 7}, *freed_me, *jailer, play_event(1, jail, 2)])
        assert (decide(state, 0, memory) == release) is freed


def test_dynamite_only_when_it_is_likelier_to_blow_up_the_other_side() -> None:
    def lights(role: str, others: list[str]) -> bool:
        names = ["el_gringo", "kit_carlson", "black_jack", "willy_the_kid"]
        players = [seat("bart_cassidy", role, ["dynamite"])] + [seat(c, r) for c, r in zip(names, others, strict=True)]
        memory: Memory = {}
        STRICT.observe(memory, 0, [{"kind": "start", "players": 5}])
        action = decide(table(players, turn=0, phase="play"), 0, memory)
        return isinstance(action, Play) and kind(action) == "dynamite"

    assert not lights(OUTLAW, [SHERIFF, DEPUTY, RENEGADE, OUTLAW])  # it checks its owner first
    assert not lights(DEPUTY, [OUTLAW, RENEGADE, OUTLAW, SHERIFF])
    dead = {"alive": False, "life": 0}
    players = [
        seat("bart_cassidy", RENEGADE, ["dynamite"]),
        seat("el_gringo", SHERIFF),
        seat("kit_carlson", DEPUTY),
        seat("black_jack", DEPUTY),
        seat("willy_the_kid", OUTLAW, **dead),
        seat("paul_regret", OUTLAW, **dead),
        seat("suzy_lafayette", OUTLAW, **dead),
    ]
    memory: Memory = {}
    STRICT.observe(memory, 0, [{"kind": "start", "players": 7}])
    action = decide(table(players, turn=0, phase="play"), 0, memory)
    assert isinstance(action, Play) and kind(action) == "dynamite"  # the Renegade at the end: all others are enemies


def test_the_sheriff_finishes_off_only_a_seat_that_struck_at_him_while_outlaws_are_about() -> None:
    players = [
        seat("bart_cassidy", SHERIFF, ["bang"]),
        seat("el_gringo", DEPUTY, life=1),
        seat("kit_carlson", DEPUTY),
        seat("black_jack", RENEGADE),
        seat("willy_the_kid", OUTLAW),
        seat("paul_regret", OUTLAW),
        seat("suzy_lafayette", OUTLAW),
    ]
    state = table(players, turn=0, phase="play")
    helped_me = [play_event(2, PANIC_CARDS[0], 0, JAIL_CARDS[0]), play_event(2, PANIC_CARDS[1], 0, JAIL_CARDS[1])]
    feud = [play_event(1, BANG_CARD + i, 2) for i in range(4)]  # the Deputy at 1 life shot the seat that helped me
    memory: Memory = {}
    STRICT.observe(memory, 0, [{"kind": "start", "players": 7}, *helped_me, *feud])
    assert estimate(view(state, 0), memory).p(1, DEPUTY) < 0.05  # beliefs alone would let it die
    assert decide(state, 0, memory) == EndTurn()
    STRICT.observe(memory, 0, [play_event(1, BANG_CARD + 5, 0)])
    action = decide(state, 0, memory)
    assert isinstance(action, Play) and kind(action) == "bang" and action.target == 1
