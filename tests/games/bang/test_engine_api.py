"""The engine's contract: only legal actions apply, states are not mutated, forced answers resolve themselves."""

from __future__ import annotations

import pytest

from bangbot.core.errors import GameOver, IllegalAction
from bangbot.games.bang.rules.actions import EndTurn, Pass, Play
from bangbot.games.bang.rules.engine import apply, new_game
from bangbot.games.bang.rules.legal import awaiting, legal_actions
from bangbot.games.bang.rules.scenario import build_state, run
from bangbot.games.bang.rules.serialize import to_json
from bangbot.games.bang.rules.state import GameConfig

TABLE = [
    {"character": "willy_the_kid", "role": "sheriff", "hand": ["bang", "gatling", "beer"]},
    {"character": "vulture_sam", "role": "outlaw", "hand": ["missed"]},
    {"character": "black_jack", "role": "outlaw", "hand": ["beer"]},
    {"character": "kit_carlson", "role": "renegade", "hand": ["missed", "bang"]},
]


def test_illegal_action_is_rejected_with_the_legal_ones_and_changes_nothing() -> None:
    state = build_state({"players": TABLE})
    before = to_json(state)
    wrong = Play(state.players[1].hand[0], 0)  # not seat 1's turn
    with pytest.raises(IllegalAction) as info:
        apply(state, 1, wrong)
    assert info.value.legal == []
    assert to_json(state) == before
    with pytest.raises(IllegalAction) as info:
        apply(state, 0, Play(state.players[0].hand[0], 2))  # seat 2 is at distance 2, Colt reaches 1
    assert EndTurn() in info.value.legal
    assert to_json(state) == before


def test_apply_returns_a_new_state_and_leaves_the_old_one_alone() -> None:
    state = build_state({"players": TABLE})
    before = to_json(state)
    bang = state.players[0].hand[0]
    after, events = apply(state, 0, Play(bang, 1))
    assert to_json(state) == before
    assert after.version == state.version + 1
    assert [e.kind for e in events][:1] == ["play"]
    assert bang in after.discard and bang not in after.players[0].hand


def test_gatling_asks_every_target_at_once_and_forced_answers_resolve_themselves() -> None:
    _, out = run({"players": TABLE, "script": ["0: play gatling"]})
    # Seats 1 and 3 are both asked now. Seat 2 has no Missed!: it is not asked, and its hit waits for seat 1.
    assert out["awaiting"] == [1, 3]
    assert out["players"][2]["life"] == 4
    _, out = run({"players": TABLE, "script": ["0: play gatling", "1: answer missed"]})
    assert out["players"][2]["life"] == 3
    assert out["awaiting"] == [3]
    assert any(e["kind"] == "auto" and e["seat"] == 2 for e in out["events"])


def test_nobody_but_the_asked_seats_may_act() -> None:
    state, _ = run({"players": TABLE, "script": ["0: play gatling"]})
    assert legal_actions(state, 0) == []
    assert legal_actions(state, 2) == []
    assert Pass() in legal_actions(state, 1)


def test_a_finished_game_accepts_nothing() -> None:
    players = [dict(p) for p in TABLE]
    players[1] = {"character": "vulture_sam", "role": "outlaw", "life": 1, "hand": []}
    players[2] = {"character": "black_jack", "role": "outlaw", "alive": False}
    players[3] = {"character": "kit_carlson", "role": "renegade", "alive": False}
    state, out = run({"players": players, "script": ["0: play bang @1"]})
    assert out["winner"] == "law"
    assert awaiting(state) == ()
    with pytest.raises(GameOver):
        apply(state, 0, EndTurn())


def test_new_game_deals_roles_lives_and_hands_by_the_rules() -> None:
    for players in range(4, 8):
        state, _ = new_game(GameConfig.with_preset(players), seed=players)
        roles = sorted(p.role for p in state.players)
        assert roles.count("sheriff") == 1 and roles.count("renegade") == 1
        sheriff = next(p for p in state.players if p.role == "sheriff")
        assert state.turn == sheriff.seat
        assert len({p.character for p in state.players}) == players
        for p in state.players:
            assert p.life == p.max_life
        # Everyone was dealt as many cards as life; the Sheriff has drawn phase 1 since.
        assert sum(len(p.hand) for p in state.players if p is not sheriff) == sum(
            p.max_life for p in state.players if p is not sheriff
        )


@pytest.mark.parametrize("players", [4, 7])
def test_a_rotated_deal_moves_every_role_on_and_keeps_the_seats_characters_and_the_shuffle(players: int) -> None:
    config = GameConfig.with_preset(players)
    dealt, _ = new_game(config, seed=11)
    assert to_json(new_game(config, seed=11, rotation=0)[0]) == to_json(dealt)
    sheriffs = set()
    for rotation in range(1, players):
        state, _ = new_game(config, seed=11, rotation=rotation)
        assert [p.role for p in state.players] == [dealt.players[(s - rotation) % players].role for s in range(players)]
        assert [p.character for p in state.players] == [p.character for p in dealt.players]
        sheriff = next(p for p in state.players if p.role == "sheriff")
        assert state.turn == sheriff.seat and sheriff.max_life == dealt.players[sheriff.seat].max_life + 1
        # the hands come in seat order from the same shuffled deck (the Sheriff one card more): the pile keeps its order
        both = set(state.deck) & set(dealt.deck)
        assert len(both) > len(dealt.deck) - 4
        assert [c for c in state.deck if c in both] == [c for c in dealt.deck if c in both]
        sheriffs.add(sheriff.seat)
    assert len(sheriffs) == players - 1  # the rotations put the Sheriff in every other seat


def test_wrong_table_sizes_are_refused() -> None:
    for players in (3, 8):
        with pytest.raises(ValueError):
            new_game(GameConfig.with_preset(players), seed=1)
