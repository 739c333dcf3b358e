"""The terminal game writes the record of a finished game to a file and says where."""

from __future__ import annotations

import re
from pathlib import Path

from bangbot.console.messenger import RECORDS_DIR
from tests.console.test_terminal import autoplay


def test_the_terminal_writes_the_record_at_the_end_and_prints_its_path(tmp_path: Path) -> None:
    code, out, err = autoplay("--players", "4", "--seed", "3", end_turns=True, env={RECORDS_DIR: str(tmp_path)})
    assert code == 0, err
    [record] = list(tmp_path.iterdir())
    assert record.name == "bangbot-game-1-en.txt"
    after = out.split("Record of game 1: BANG!", 1)[1]
    frame = re.sub(r"\n│\s*", "", after.split("└─", 1)[0])  # the path below the caption, unwrapped
    assert frame == str(record.resolve()) + "\n"
    text = record.read_text("utf-8")
    assert "== Who was who ==" in text and "seed=" in text and "Game over" in text
