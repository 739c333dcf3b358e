"""The per-seat view says who is in reach and why a card held is not offered or is pointless, without gettext."""

from __future__ import annotations

from typing import Any

from bangbot.games.bang.rules import hints as h
from bangbot.games.bang.rules.scenario import run
from bangbot.games.bang.rules.views import view


def four(seat0: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """Returns a four-player scenario in the play phase of seat 0, whose player is described by seat0."""
    return {
        "players": [
            {"character": "bart_cassidy", "role": "sheriff", **seat0},
            {"character": "black_jack", "role": "outlaw", "in_play": ["mustang"]},
            {"character": "kit_carlson", "role": "renegade"},
            {"character": "jesse_jones", "role": "outlaw", "in_play": ["jail"]},
        ],
        "turn": 0,
        "phase": "play",
        **extra,
    }


def test_reach_follows_distance_weapon_and_panic() -> None:
    state, _ = run(four({"in_play": ["schofield"]}))
    assert h.reaches(view(state, 0)) == (
        h.Reach(1, 2, True, False),
        h.Reach(2, 2, True, False),
        h.Reach(3, 1, True, True),
    )
    assert h.reaches(view(state, None)) == ()


def test_an_eliminated_seat_sees_no_distances() -> None:
    setup = four({})
    setup["players"][3] |= {"alive": False}
    state, _ = run(setup)
    assert h.reaches(view(state, 3)) == ()
    assert [r.seat for r in h.reaches(view(state, 0))] == [1, 2]


def test_each_reason_once_and_only_in_the_own_turn() -> None:
    hand = ["bang", "bang", "missed", "beer", "beer", "barrel", "jail", "panic"]
    state, _ = run(four({"hand": hand, "in_play": ["barrel"]}, bangs_played=1))
    found = h.hints(view(state, 0))
    assert [(x.code, x.kind) for x in found] == [
        (h.ONE_BANG, "bang"),
        (h.MISSED_NOT_NOW, "missed"),
        (h.BEER_FULL, "beer"),
        (h.ALREADY_IN_PLAY, "barrel"),
    ]
    assert h.hints(view(state, 1)) == ()


def test_nobody_in_reach_nobody_to_jail_and_nobody_near_with_cards() -> None:
    setup = four({"role": "outlaw", "hand": ["bang", "jail", "panic", "stagecoach"]})
    setup["players"][1]["in_play"] = ["mustang", "jail"]
    setup["players"][2]["role"] = "sheriff"
    setup["players"][3]["in_play"] = ["mustang", "jail"]
    state, _ = run(setup)
    assert [(x.code, x.kind, x.value) for x in h.hints(view(state, 0))] == [
        (h.NOBODY_IN_RANGE, "bang", 1),
        (h.JAIL_NOBODY, "jail", 0),
        (h.PANIC_NOBODY_NEAR, "panic", 1),
    ]


def test_calamity_janet_hears_about_her_bang_not_about_missed() -> None:
    state, _ = run(four({"character": "calamity_janet", "hand": ["missed", "bang", "stagecoach"]}, bangs_played=1))
    assert [(x.code, x.kind) for x in h.hints(view(state, 0))] == [(h.ONE_BANG, "bang")]


def test_pointless_beer_and_saloon() -> None:
    state, _ = run(four({"hand": ["beer", "saloon"]}))
    beer, saloon = view(state, 0).hand
    assert h.pointless(view(state, 0), beer) == h.BEER_FULL
    assert h.pointless(view(state, 0), saloon) == h.SALOON_FULL
    hurt, _ = run(four({"hand": ["beer", "saloon"], "life": 3}))
    assert h.pointless(view(hurt, 0), beer) is None and h.pointless(view(hurt, 0), saloon) is None
