"""The terminal prints the summary per player after the final table, in every game; a paced replay never blocks."""

from __future__ import annotations

import re

import pytest

from tests.console.test_terminal import NEXT_TURN, OVER, autoplay, passive_until_out

TITLE = "The game, player by player:"


@pytest.mark.parametrize(
    "args",
    [
        ("--players", "4", "--seed", "3"),
        ("--game", "starwars", "--players", "4", "--seed", "2"),
        ("--game", "duel", "--mode", "standoff", "--seed", "3"),
    ],
)
def test_a_whole_game_ends_with_the_table_then_the_summary_per_player(args: tuple[str, ...]) -> None:
    code, out, err = autoplay(*args, end_turns=True)
    assert code == 0 and err == "", err
    end = out[out.rindex("┌─ group chat\n│ BANG!") :]  # the final table, every role or side shown
    assert "Game over" in end.split("└─", 1)[0] and TITLE in end
    summary = end[end.index(TITLE) : end.index("└─", end.index(TITLE))]
    players = re.findall(r"^│ (?:🏆 )?(\S.*?): ", summary, re.M)  # a seat's line; its details are indented
    assert len(players) == (3 if "duel" in args else 4) and "🏆" in summary
    assert len(re.findall(r"turns? survived", summary)) == len(players)
    assert ("Characters lost" in summary or "Character lost" in summary) == ("duel" in args)
    assert end.index(TITLE) < end.index("Record of game 1") < end.rindex(OVER)


def test_the_end_of_the_input_while_watching_the_ai_stops_at_once() -> None:
    # Shown one turn per Enter, the AI players' turns never run ahead; the end of the input stops, as Ctrl-D does.
    _, after = passive_until_out("1", watch=False)
    assert after.count(NEXT_TURN) == 1 and TITLE not in after
    assert after.rstrip().endswith(
        "Stopped. The game is not kept: without --db it lives in a temporary file, now deleted."
    )
