"""`bench ai --compare`: --workers gives the same figures as one process; --role plays only that role's seats of the
same deals; a role no seat was dealt, or a count of processes or games below 1, is refused with exit status 2."""

from __future__ import annotations

import json

import pytest

from bangbot.bench.compare import main as compare
from bangbot.cli import main


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
