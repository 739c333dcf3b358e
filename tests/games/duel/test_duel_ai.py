"""The Duel's AI players: decisions on built positions, only legal and repeatable choices, and wins over random play."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter

import pytest

from bangbot.ai.levels import EASY, NORMAL, players_at
from bangbot.ai.random_player import RandomPlayer
from bangbot.games import game as registered
from bangbot.games.contract import AIPlayer
from bangbot.games.duel.ai import DuelPlayer
from bangbot.games.duel.ai.match import play_duel
from bangbot.games.duel.rules.actions import Answer, Choose, Discard, DuelAction, EndTurn, Pass, Play, Swap, Use
from bangbot.games.duel.rules.data import CHARACTER, type_id
from bangbot.games.duel.rules.engine import apply, new_game
from bangbot.games.duel.rules.invariants import check_invariants
from bangbot.games.duel.rules.legal import awaiting
from bangbot.games.duel.rules.modes import MODE_IDS, MODES, STANDOFF
from bangbot.games.duel.rules.requests import Dodge, HandLimit
from bangbot.games.duel.rules.state import DuelState, Fighter
from bangbot.games.duel.rules.views import view
from bangbot.games.duel.ruleset import DUEL
from tests import duel_tables as tables

AI = DuelPlayer()
RULES = registered(DUEL).ruleset


def dealt(mode: str = "duel", seed: int = 1) -> DuelState:
    """Returns a game of a mode past its lineup, in the first player's play phase."""
    state, _ = new_game(RULES.config(MODES[mode].players, mode), seed)
    while state.phase != "play" or state.requests:
        seat = awaiting(state)[0]
        state, _ = apply(state, seat, RULES.legal_actions(state, seat)[0])
    return state


def pull(state: DuelState, name: str) -> int:
    """Takes a card of this name out of a deck, a hand, the common deck or the discard pile; returns it."""
    for pile in [s.deck for s in state.squads] + [s.hand for s in state.squads] + [state.common, state.discard]:
        for card in pile:
            if type_id(card) == name:
                pile.remove(card)
                return card
    raise LookupError(name)


def set_hand(state: DuelState, seat: int, names: list[str]) -> list[int]:
    """Gives seat exactly these cards (its old hand goes to the discard pile); returns them."""
    squad = state.squads[seat]
    state.discard += squad.hand
    squad.hand = []
    squad.hand = [pull(state, n) for n in names]
    return list(squad.hand)


def set_fighters(state: DuelState, seat: int, *fighters: tuple[str, int]) -> None:
    """Puts these characters (id, life) in play for seat, attacker first; the seat's other dealt ones are reserve."""
    squad = state.squads[seat]
    for f in squad.fighters:
        state.discard += f.in_play()
    dealt_ones = [f.character for f in squad.fighters] + squad.reserve
    chosen = [c for c, _ in fighters]
    squad.fighters = [Fighter(c, life, CHARACTER[c].life) for c, life in fighters]
    squad.reserve = [c for c in dealt_ones if c not in chosen][: len(dealt_ones) - len(chosen)]


def my_turn(state: DuelState, seat: int) -> DuelState:
    """Makes it seat's play phase with nothing pending."""
    state.turn, state.phase, state.requests, state.used, state.bangs_played = seat, "play", [], [], 0
    return state


def decide(state: DuelState, seat: int) -> DuelAction:
    """Returns the heuristic's decision for seat, checking that it is legal."""
    seen = view(state, seat)
    action = AI.decide(seen, {})
    assert action in seen.legal
    return action


def duel_position() -> DuelState:
    """Returns a plain Duel position: Law's turn, plain characters on both sides, no cards in play."""
    state = my_turn(dealt(), 0)
    set_fighters(state, 0, ("bill_tilghman", 5), ("lone_ranger", 5))
    set_fighters(state, 1, ("babe_leroy", 4), ("cattle_katie", 4))
    state.squads[1].reserve = ["daltons", "pearl_hart"]
    state.squads[0].reserve = ["wyatt_earp", "stranger"]
    return state


def test_it_dodges_a_hit_that_would_kill_its_attacker_with_a_missed() -> None:
    state = duel_position()
    (colt,) = set_hand(state, 0, ["colt"])
    missed, _ = set_hand(state, 1, ["missed", "stagecoach"])
    state.squads[1].fighters[0].life = 1
    state, _ = apply(state, 0, Play(colt, 2))
    assert awaiting(state) == (1,) and isinstance(state.requests[0], Dodge)
    assert decide(state, 1) == Answer(missed)


def test_a_dodge_is_kept_when_the_hit_cannot_be_avoided_and_the_hit_is_taken_without_one() -> None:
    state = duel_position()
    (colt,) = set_hand(state, 0, ["colt"])
    set_hand(state, 1, ["stagecoach"])
    state, _ = apply(state, 0, Play(colt, 2))
    assert decide(state, 1) == Pass()


def test_it_swaps_a_one_life_attacker_for_a_healthy_cover_and_keeps_a_healthy_attacker() -> None:
    state = duel_position()
    set_hand(state, 0, ["colt", "missed"])
    state.squads[0].fighters[0].life = 1
    assert decide(state, 0) == Swap()
    state.squads[0].fighters[0].life = 5
    state.squads[0].fighters[1].life = 1
    assert decide(state, 0) != Swap()


def test_beer_only_when_one_of_its_characters_is_hurt() -> None:
    state = duel_position()
    (beer,) = set_hand(state, 0, ["beer"])
    assert decide(state, 0) == EndTurn()
    state.squads[0].fighters[1].life = 3
    assert decide(state, 0) == Play(beer)


def test_saloon_brings_a_strong_enemy_down_but_never_raises_a_weak_one() -> None:
    state = duel_position()
    (saloon,) = set_hand(state, 0, ["saloon"])
    state.squads[1].fighters[0].life = 2
    assert decide(state, 0) == EndTurn()
    state.squads[1].fighters[0].life = 4
    assert decide(state, 0) == Play(saloon, 2)


def test_a_bang_goes_at_the_weakest_reachable_character() -> None:
    state = duel_position()
    (winchester,) = set_hand(state, 0, ["winchester"])
    state.squads[1].fighters[1].life = 1  # Winchester reaches the cover: the kill is there
    assert decide(state, 0) == Play(winchester, 3)


def test_rattlesnake_goes_on_the_enemy_attacker_and_a_barrel_on_the_own_cover() -> None:
    state = my_turn(duel_position(), 1)
    snake, barrel = set_hand(state, 1, ["rattlesnake", "barrel"])
    first = decide(state, 1)
    assert first in (Play(snake, 0), Play(barrel, 3))
    state, _ = apply(state, 1, first)
    second = decide(state, 1)
    assert {first, second} == {Play(snake, 0), Play(barrel, 3)}


def test_a_bang_that_the_hand_limit_would_throw_away_is_fired_rather_than_passed() -> None:
    # Seen in `bench ai --sanity --game duel`: a shot worth a little less than keeping the card, so the turn ended
    # and the card went at the hand limit (2 cards kept at 2 life) instead.
    state = my_turn(duel_position(), 1)
    set_fighters(state, 0, ("alan_pinkerton", 4), ("jango", 3))
    set_fighters(state, 1, ("west_harding", 2), ("kid_curry", 2))
    set_hand(state, 0, ["missed", "hat"])
    knife, missed, carbine, other_carbine = set_hand(state, 1, ["knife", "missed", "carbine", "carbine"])
    assert view(state, 1).hand_limit == 2
    assert decide(state, 1) in (Play(carbine, 0), Play(other_carbine, 0))
    state.discard += [knife, other_carbine]
    state.squads[1].hand = [missed, carbine]  # within the limit: the carbine is worth more kept than this shot
    assert decide(state, 1) == EndTurn()


def test_blow_never_throws_away_a_card_of_its_own_hand() -> None:
    # Seen in `bench ai --sanity --game duel`: Blow played for the card on the enemy attacker, then, with the enemy's
    # hand empty, the random hand card taken from its own hand.
    law = tables.seat("bill_tilghman", "lone_ranger", equip={0: ["barrel"]})
    renegades = tables.seat("hick_addams", "charlie_bassett", hand=["blow", "missed", "colt"])
    state, _ = tables.table(law, renegades, mode="third_law", turn=1)
    state, _ = tables.do(state, "1: play blow @0 #barrel", asks=1)
    assert state.requests[0].reason == "blow" and state.requests[0].options == ("none", "1")
    assert decide(state, 1) == Choose("none")


def test_in_the_standoff_a_quickdraw_volley_that_would_finish_the_hunter_is_held_back() -> None:
    # Seen in `bench ai --sanity --game duel`: three hits at a 2-life hunter were read as three single hits, none of
    # them a kill, and the volley ended the game for the third player.
    outlaws = tables.seat("pearl_hart", "cattle_katie")
    law = tables.seat("jango/2", equip={0: ["gunbelt", "partner", "whisky"]}, hand=["missed"], reserve=[])
    renegades = tables.seat("big_steve/2", hand=["quickdraw", "missed"], reserve=[])
    state, _ = tables.table(outlaws, law, renegades, mode=STANDOFF, turn=2)
    quickdraw = tables.in_hand(state, 2, "quickdraw")
    assert Play(quickdraw, 2) in view(state, 2).legal
    assert decide(state, 2) != Play(quickdraw, 2)


def test_a_quickdraw_volley_that_would_win_the_duel_is_fired() -> None:
    law = tables.seat("bill_tilghman", "lone_ranger", hand=["quickdraw"])
    outlaws = tables.seat("west_harding/2", equip={0: ["barrel", "hat", "watch"]}, hand=["missed"], reserve=[])
    state, _ = tables.table(law, outlaws)
    quickdraw = tables.in_hand(state, 0, "quickdraw")
    assert decide(state, 0) == Play(quickdraw, 2)


def test_in_the_standoff_a_gatling_that_would_rather_finish_the_hunter_than_the_target_is_held_back() -> None:
    # Seen in `bench ai --sanity --game duel`: the target's last character, with no hand, looked sure to fall, but
    # its Dexterity dodged, and the Gatling finished the hunter's last character for the third player.
    outlaws = tables.seat("babe_leroy/2", "slim_poet/2", hand=["gatling", "missed"])
    law = tables.seat("jango/1", equip={0: ["dexterity"]}, reserve=[])  # the Outlaws' target
    renegades = tables.seat("marshal/1", hand=["colt", "knife"], reserve=[])  # the Outlaws' hunter
    state, _ = tables.table(outlaws, law, renegades, mode=STANDOFF)
    gatling = tables.in_hand(state, 0, "gatling")
    assert Play(gatling) in view(state, 0).legal
    assert decide(state, 0) != Play(gatling)


def test_the_hand_limit_discards_the_least_useful_card() -> None:
    state = duel_position()
    cards = set_hand(state, 0, ["missed", "colt", "canteen", "stagecoach", "barrel", "missed", "winchester"])
    state.squads[0].fighters[0].life = 4
    state, _ = apply(state, 0, EndTurn())
    assert isinstance(state.requests[0], HandLimit)
    first = decide(state, 0)
    assert isinstance(first, Discard) and first.card in cards and type_id(first.card) == "canteen"


def test_the_lineup_puts_the_sturdiest_character_in_front() -> None:
    state, _ = new_game(RULES.config(2, "duel"), 3)
    options = view(state, 0).requests[0].options
    choice = decide(state, 0)
    assert isinstance(choice, Choose)
    assert CHARACTER[choice.option].life == max(CHARACTER[o].life for o in options)


def standoff_position() -> DuelState:
    """Returns a standoff position in the Outlaws' turn: every attacker at 3 life, plain characters."""
    state = my_turn(dealt(STANDOFF), 0)
    set_fighters(state, 0, ("babe_leroy", 4), ("cattle_katie", 4))
    set_fighters(state, 1, ("bill_tilghman", 3), ("lone_ranger", 5))
    set_fighters(state, 2, ("marshal", 3), ("alicia", 4))
    return state


def test_in_the_standoff_it_shoots_its_own_target() -> None:
    state = standoff_position()
    (colt,) = set_hand(state, 0, ["colt"])
    target = view(state, 0).squads[0].target
    assert state.squads[target].side == "law"
    assert decide(state, 0) == Play(colt, target * 2)


def test_in_the_standoff_it_never_finishes_off_its_hunter_for_the_third_player() -> None:
    state = standoff_position()
    (colt,) = set_hand(state, 0, ["colt"])
    hunter = next(s.seat for s in view(state, 0).squads if s.target == 0)
    state.squads[hunter].fighters = state.squads[hunter].fighters[:1]
    state.squads[hunter].reserve = []
    state.squads[hunter].fighters[0].life = 1
    target = view(state, 0).squads[0].target
    assert decide(state, 0) == Play(colt, target * 2)


def test_in_the_standoff_one_hit_from_losing_it_robs_the_hunter_not_its_target() -> None:
    state = standoff_position()
    (steal,) = set_hand(state, 0, ["steal"])
    for seat in (1, 2):
        set_hand(state, seat, ["missed", "colt"])
    hunter = next(s.seat for s in view(state, 0).squads if s.target == 0)
    target = view(state, 0).squads[0].target
    assert decide(state, 0) == Play(steal, target * 2, -1)
    state.squads[0].fighters = state.squads[0].fighters[:1]
    state.squads[0].reserve = []
    state.squads[0].fighters[0].life = 1
    assert decide(state, 0) == Play(steal, hunter * 2, -1)


def test_decisions_are_legal_repeatable_and_leave_memory_alone_in_every_mode() -> None:
    checked = Counter[str]()
    for mode in MODE_IDS:
        state, _ = new_game(RULES.config(MODES[mode].players, mode), 11)
        while state.winner is None and checked[mode] < 600:
            seat = awaiting(state)[0]
            seen = view(state, seat)
            memory = {"seed": 5}
            action = AI.decide(seen, memory)
            assert action in seen.legal
            assert AI.decide(seen, json.loads(json.dumps(memory))) == action and memory == {"seed": 5}
            state, events = apply(state, seat, action)
            AI.observe(memory, seat, [e.for_seat(seat) for e in events])
            json.dumps(memory)
            checked[mode] += 1
        assert check_invariants(state, []) == []
    assert min(checked.values()) > 50


@dataclasses.dataclass(frozen=True)
class NewKind:
    """A kind of decision the engine may ask one day, which this player has never heard of."""

    seat: int


def test_a_decision_it_does_not_know_still_gets_a_legal_answer() -> None:
    state = duel_position()
    set_hand(state, 0, ["colt"])
    seen = view(state, 0)
    unknown = dataclasses.replace(seen, requests=(NewKind(0),), legal=(Choose("b"), Choose("a")))
    assert AI.decide(unknown, {}) in unknown.legal
    with_pass = dataclasses.replace(unknown, legal=(Choose("a"), Pass()))
    assert AI.decide(with_pass, {}) == Pass()
    odd_turn = dataclasses.replace(seen, legal=(Use(0), EndTurn()))
    assert AI.decide(odd_turn, {}) in odd_turn.legal


def test_the_random_duel_player_is_legal_and_repeats_itself() -> None:
    player: RandomPlayer[DuelAction] = RandomPlayer()
    state, _ = new_game(RULES.config(2, "duel"), 4)
    for _ in range(200):
        if state.winner is not None:
            break
        seat = awaiting(state)[0]
        seen = view(state, seat)
        action = player.decide(seen, {"seed": 9})
        assert action in seen.legal and player.decide(seen, {"seed": 9}) == action
        state, _ = apply(state, seat, action)


def test_both_duel_players_are_registered_for_the_duel() -> None:
    assert isinstance(players_at(NORMAL)[DUEL], DuelPlayer)
    assert isinstance(players_at(EASY)[DUEL], RandomPlayer)


@pytest.mark.parametrize("mode", MODE_IDS)
def test_the_heuristic_beats_random_players_on_every_side(mode: str) -> None:
    games, won = 0, 0
    for seat in range(MODES[mode].players):
        for seed in range(20):
            players: list[AIPlayer] = [AI if s == seat else RandomPlayer() for s in range(MODES[mode].players)]
            result = play_duel(mode, seed, players)
            games += 1
            won += result.winner == result.roles[seat]
    assert won >= 0.7 * games, f"{mode}: the heuristic won {won} of {games}"
