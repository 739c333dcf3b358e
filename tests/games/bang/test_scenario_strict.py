"""Strict scenarios (core/scenario.py) and Duel positions (tests/duel_tables.py): every decision asked is answered."""

from __future__ import annotations

from typing import Any

import pytest

from bangbot.games.bang.rules.scenario import ScenarioError, run
from bangbot.games.duel.rules.legal import awaiting
from tests.duel_tables import do, seat, table
from tests.scenario_helpers import scenario, seat_spec


def gatling(script: list[Any], awaiting: list[int]) -> dict[str, Any]:
    """Returns a table where the Sheriff, one life left, and two Outlaws holding Missed! face an Outlaw's Gatling."""
    return scenario(
        [
            seat_spec("willy_the_kid", "outlaw", hand=["gatling", "beer"]),
            seat_spec("black_jack", "sheriff", hand=["missed"], life=1),
            seat_spec("kit_carlson", "outlaw", hand=["missed"]),
            seat_spec("jesse_jones", "renegade", hand=["missed"]),
        ],
        script,
        awaiting=awaiting,
    )


def test_a_script_answering_every_decision_and_stopping_where_it_says_passes() -> None:
    data = gatling(["0: play gatling", "3: pass", "2: answer missed", "1: answer missed"], [0])
    state, summary = run(data, strict=True)
    assert summary["awaiting"] == [0]
    assert [p.life for p in state.players] == [4, 1, 4, 3]


def test_a_decision_the_game_drops_before_the_script_answers_it_fails() -> None:
    # The Sheriff takes the hit first and dies: the Outlaws win and the others' answers are never given.
    data = gatling(["0: play gatling", "1: pass"], [])
    state, _ = run(data)
    assert state.winner == "outlaws"
    with pytest.raises(ScenarioError, match=r"step 2: seats \[2, 3\] were asked and the script did not answer"):
        run(data, strict=True)


def test_a_script_stopping_with_other_seats_asked_fails_and_names_them() -> None:
    with pytest.raises(ScenarioError, match=r"asked now: 1: answer missed#\d+, pass; 2: answer") as caught:
        run(gatling(["0: play gatling"], [0]), strict=True)
    assert "pass" in caught.value.legal


def test_a_strict_scenario_must_say_where_it_stops() -> None:
    data = gatling(["0: play gatling"], [])
    del data["awaiting"]
    with pytest.raises(ScenarioError, match=r'"awaiting": \[1, 2, 3\]'):
        run(data, strict=True)
    assert run(data)[1]["awaiting"] == [1, 2, 3]


def test_a_step_may_say_who_is_asked_before_it() -> None:
    right = {"seat": 3, "action": "pass", "awaiting": [1, 2, 3]}
    run(gatling(["0: play gatling", right, "2: pass", "1: answer missed"], [0]), strict=True)
    wrong = {**right, "awaiting": [3]}
    with pytest.raises(ScenarioError, match=r"step 2 \(3: pass\) expects seats \[3\] asked"):
        run(gatling(["0: play gatling", wrong], [1, 2]), strict=True)


DUEL_LAW = ("bill_tilghman", "pat_garrett")
DUEL_OUTLAWS = ("west_harding", "jack_ransome")


def test_a_duel_step_for_a_seat_the_engine_does_not_ask_fails() -> None:
    state, _ = table(seat(*DUEL_LAW, hand=["colt"]), seat(*DUEL_OUTLAWS, hand=["missed"]))
    with pytest.raises(AssertionError, match=r"step '0: end': seats \[1\] asked \(dodge: \['answer \d+', 'pass'\]\)"):
        do(state, "0: play colt @2", "0: end")
    after, _ = do(state, "0: play colt @2", "1: pass")
    assert awaiting(after) == (0,)


def test_a_duel_step_must_name_its_seat() -> None:
    state, _ = table(seat(*DUEL_LAW, hand=["colt"]), seat(*DUEL_OUTLAWS))
    with pytest.raises(AssertionError, match="names the seat"):
        do(state, "play colt @2")


def test_duel_steps_say_who_is_left_with_a_decision() -> None:
    state, _ = table(seat(*DUEL_LAW, hand=["colt"]), seat(*DUEL_OUTLAWS, hand=["missed"]))
    with pytest.raises(AssertionError, match=r"end with seat 1 asked \(dodge\), not None"):
        do(state, "0: play colt @2")
    shot, _ = do(state, "0: play colt @2", asks=1)
    assert awaiting(shot) == (1,)
