"""Per-seat views and events never show another seat's hand or hidden role."""

from __future__ import annotations

import random

from bangbot.games.bang.rules.engine import apply, new_game
from bangbot.games.bang.rules.invariants import check_invariants, hidden_information_leaks
from bangbot.games.bang.rules.legal import awaiting, legal_actions
from bangbot.games.bang.rules.scenario import run
from bangbot.games.bang.rules.state import GameConfig
from bangbot.games.bang.rules.views import view


def test_view_shows_own_hand_and_role_and_only_public_roles() -> None:
    state, _ = new_game(GameConfig.with_preset(5), 11)
    for p in state.players:
        v = view(state, p.seat)
        assert list(v.hand) == p.hand
        assert v.role == p.role
        for other in v.seats:
            q = state.players[other.seat]
            assert other.hand_count == len(q.hand)
            if q.seat != p.seat and q.role != "sheriff":
                assert other.role is None
            if q.role == "sheriff":
                assert other.role == "sheriff"
    spectator = view(state, None)
    assert spectator.hand == () and spectator.legal == ()
    assert [s.role for s in spectator.seats if s.role] == ["sheriff"]


def test_eliminated_players_roles_are_revealed() -> None:
    players = [
        {"character": "willy_the_kid", "role": "sheriff", "hand": ["bang", "beer"]},
        {"character": "bart_cassidy", "role": "outlaw", "life": 1},
        {"character": "black_jack", "role": "outlaw"},
        {"character": "kit_carlson", "role": "renegade"},
    ]
    state, _ = run({"players": players, "script": ["0: play bang @1"]})
    v = view(state, 3)
    assert v.seats[1].role == "outlaw" and not v.seats[1].alive
    assert v.seats[2].role is None


def test_drawn_cards_are_seen_by_the_drawer_only() -> None:
    _, events = new_game(GameConfig.with_preset(4), 5)
    draws = [e for e in events if e.kind == "draw"]
    assert draws
    for e in draws:
        drawer = e.data["seat"]
        assert "cards" in e.for_seat(drawer)
        for seat in range(4):
            if seat != drawer:
                assert "cards" not in e.for_seat(seat)
        assert "cards" not in e.for_seat(None)


def test_kit_carlsons_look_is_private() -> None:
    players = [
        {"character": "kit_carlson", "role": "sheriff", "hand": ["beer"]},
        {"character": "bart_cassidy", "role": "outlaw"},
        {"character": "black_jack", "role": "outlaw"},
        {"character": "willy_the_kid", "role": "renegade"},
    ]
    state, out = run({"players": players, "phase": "start", "deck_top": ["bang", "missed", "beer"]})
    assert out["awaiting"] == [0]
    assert view(state, 0).requests[0]["cards"]
    assert view(state, 1).requests[0]["cards"] == []


def test_leak_checker_catches_a_leak() -> None:
    state, events = new_game(GameConfig.with_preset(4), 5)
    assert hidden_information_leaks(state, events) == []
    draw = next(e for e in events if e.kind == "draw")
    leaky = type(draw)(draw.kind, {**draw.data, **draw.secret}, draw.secret, draw.to)
    assert hidden_information_leaks(state, [leaky])


def test_invariant_checker_catches_a_lost_card_and_bad_life() -> None:
    state, events = new_game(GameConfig.with_preset(4), 5)
    assert check_invariants(state, events) == []
    state.deck.pop()
    state.players[1].life = state.players[1].max_life + 1
    problems = check_invariants(state, events)
    assert any("exactly one place" in p for p in problems)
    assert any("life" in p for p in problems)


def test_no_view_leaks_during_random_games() -> None:
    for seed in range(6):
        chooser = random.Random(seed)
        state, events = new_game(GameConfig.with_preset(4 + seed % 4), seed)
        while state.winner is None:
            assert hidden_information_leaks(state, events) == []
            seats = awaiting(state)
            seat = seats[chooser.randrange(len(seats))]
            state, events = apply(state, seat, chooser.choice(legal_actions(state, seat)))
