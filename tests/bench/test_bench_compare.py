"""`bench ai --compare`: --workers gives the same figures as one process; --role plays only that role's seats of the
same deals; a role no seat was dealt, or a count of processes or games below 1, is refused with exit status 2; decision
times are told apart in turn and out of it, beside the budgets."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from bangbot import games
from bangbot.ai.levels import NORMAL, player_at
from bangbot.bench.compare import Tally, play_seat, tables
from bangbot.bench.compare import main as compare
from bangbot.cli import main
from bangbot.games.contract import AIPlayer, Memory


def test_workers_share_the_deals_and_give_the_same_figures() -> None:
    alone = compare(["normal", "easy"], 3, 40, True, only="base")
    shared = compare(["normal", "easy"], 3, 40, True, only="base", workers=2)
    assert alone["paired_by_role"] == shared["paired_by_role"] and alone["overall"] == shared["overall"]
    assert alone["overall"]["normal"]["games"] == 3 * (4 + 5 + 6 + 7)


def test_a_role_plays_only_its_seats_of_the_same_deals() -> None:
    every = compare(["normal", "easy"], 3, 40, True, only="base")
    sheriffs = compare(["normal", "easy"], 3, 40, True, only="base", role="sheriff")
    assert list(sheriffs["paired_by_role"]) == ["base sheriff"]
    assert sheriffs["paired_by_role"]["base sheriff"] == every["paired_by_role"]["base sheriff"]
    assert sheriffs["overall"]["normal"]["games"] == 3 * 4  # one Sheriff a deal, four table sizes


def test_a_role_nobody_was_dealt_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["bench", "ai", "--compare", "normal,easy", "--only", "base", "--role", "jedi", "--games", "1", "--json"])
    assert exited.value.code == 2
    captured = capsys.readouterr()
    assert "jedi" in captured.err and json.loads(captured.out)["paired_by_role"] == {}


@pytest.mark.parametrize(
    "argv",
    [
        ["bench", "ai", "--compare", "hard,normal", "--workers", "0"],
        ["bench", "ai", "--workers", "-2"],
        ["bench", "ai", "--games", "0"],
        ["selfplay", "--workers", "0"],
        ["selfplay", "--games", "many"],
    ],
)
def test_a_count_below_one_is_refused_before_anything_runs(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "a whole number of at least 1" in err and argv[-1] in err


class Counting:
    """The heuristic, counting the decisions it is asked in its own turn and out of it."""

    def __init__(self, inner: AIPlayer) -> None:
        self.inner, self.turn, self.answers = inner, 0, 0

    def observe(self, memory: Memory, seat: int, events: Sequence[Mapping[str, Any]]) -> None:
        """Remembers what the heuristic remembers."""
        self.inner.observe(memory, seat, events)

    def decide(self, view: Any, memory: Memory) -> Any:
        """Counts the decision, then decides as the heuristic."""
        if view.seat == view.turn:
            self.turn += 1
        else:
            self.answers += 1
        return self.inner.decide(view, memory)


@pytest.mark.parametrize("game_id", ["base", "duel"])
def test_answers_out_of_turn_are_timed_apart_from_decisions_in_turn(game_id: str) -> None:
    game = games.game(game_id)
    preset, n = next(iter(tables(game)))
    config = game.ruleset.config(n, preset)
    dealt = game.ruleset.new_game(config, 7)[0]
    first = game.ruleset.view(dealt, game.ruleset.awaiting(dealt)[0]).turn  # the seat that plays the first turn
    counting, tally = Counting(player_at(game, NORMAL)), Tally()
    play_seat(game, config, 7, first, counting, player_at(game, NORMAL), tally)
    assert len(tally.times.turn) == counting.turn > 0 and len(tally.times.answer) == counting.answers > 0
    figures = tally.times.figures()
    assert set(figures) >= {"decision_p99_ms", "turn_p50_ms", "turn_p99_ms", "answer_p50_ms", "answer_p99_ms"}


def test_the_report_states_the_budgets_and_each_levels_times(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BANGBOT_AI_SECONDS", "0.05")
    report = compare(["normal", "easy"], 1, 40, True, only="base", role="sheriff")
    assert report["budget_ms"] == {"turn": 50.0, "answer": 10.0}
    assert set(report["decision_times"]) == {"normal", "easy"}
    assert report["decision_times"]["normal"]["turn_p99_ms"] >= report["decision_times"]["normal"]["turn_p50_ms"]
