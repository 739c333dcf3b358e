"""Recorded playthroughs: every game and Duel mode in every language, played again and compared with its file.

`BANGBOT_RECORD=1 .venv/bin/python -m pytest tests/messaging/test_playthroughs.py` writes the files anew (and removes
those of cases no longer played); `git diff tests/playthroughs` is then what a reviewer reads.
"""

from __future__ import annotations

import asyncio
import difflib
import os
from itertools import islice
from pathlib import Path

import pytest

from bangbot.bench.messenger import CollectingMessenger
from bangbot.messaging.adapter import Button, MessageRef, Press, User
from tests.playthrough_play import CASES, LANGUAGES, Case, Playthrough
from tests.playthrough_record import Recording

FOLDER = Path(__file__).parents[1] / "playthroughs"
RECORD = os.environ.get("BANGBOT_RECORD") == "1"
REGENERATE = "BANGBOT_RECORD=1 .venv/bin/python -m pytest tests/messaging/test_playthroughs.py"
MAX_TOTAL_BYTES = 3_000_000
DIFF_LINES = 80
PLAYED = [(case, language) for case in CASES for language in LANGUAGES]


def file_of(case: Case, language: str) -> Path:
    """Returns the file a case's playthrough in a language is kept in."""
    return FOLDER / f"{case.name}.{language}.txt"


@pytest.mark.parametrize(("case", "language"), PLAYED, ids=[f"{c.name}.{lang}" for c, lang in PLAYED])
def test_a_playthrough_shows_what_its_file_recorded(case: Case, language: str) -> None:
    text = asyncio.run(Playthrough(case, language, "sqlite://").record())
    path = file_of(case, language)
    if RECORD:
        FOLDER.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path.name} is missing: record it with {REGENERATE}"
    recorded = path.read_text(encoding="utf-8")
    if text != recorded:
        diff = difflib.unified_diff(
            recorded.splitlines(), text.splitlines(), f"{path.name} (recorded)", f"{path.name} (now)", lineterm=""
        )
        shown = "\n".join(islice(diff, DIFF_LINES))
        pytest.fail(f"the playthrough changed; if that is intended, run {REGENERATE} and review git diff\n{shown}")


def test_every_file_belongs_to_a_case_and_the_set_stays_small() -> None:
    expected = {file_of(case, language).name for case, language in PLAYED}
    if RECORD:
        for stale in FOLDER.glob("*.txt"):
            if stale.name not in expected:
                stale.unlink()
    present = {p.name for p in FOLDER.glob("*.txt")}
    assert present == expected, f"missing {sorted(expected - present)}, not played {sorted(present - expected)}"
    total = sum(p.stat().st_size for p in FOLDER.glob("*.txt"))
    assert total < MAX_TOTAL_BYTES, f"the playthroughs take {total} bytes: lower the presses of the cases"


def test_a_step_writes_its_moves_and_the_messages_sent_edited_deleted_or_delivered_later_and_the_answer() -> None:
    async def scenario() -> None:
        messenger = CollectingMessenger()
        user = User(7, "Ann")
        played: list[str] = []

        def new_moves() -> list[str]:
            moves = played[:]
            played.clear()
            return moves

        recording = Recording(messenger, {-1: "group", 7: "Ann (private)"}, new_moves)
        row = ((Button("Go", "g1:0:0:a0"), Button("Stop", "g1:0:0:a1")),)
        long = "\n".join(["head", "a", "b", "c", "tail"])

        async def send() -> None:
            await messenger.send(-1, long, row)
            await messenger.send(7, "secret")

        async def change() -> None:
            played.append("0: end")
            await messenger.edit(MessageRef(-1, 1), long.replace("tail", "end"), row)
            await messenger.delete(MessageRef(7, 2))
            await messenger.answer(Press("1", user, 7, 2, "x", True), "Done", alert=True)

        background: set[asyncio.Task[None]] = set()

        async def deliver_later() -> None:
            for _ in range(5):  # a delivery that takes a few turns of the event loop
                await asyncio.sleep(0)
            await messenger.send(-1, "late")

        async def hand_over() -> None:
            background.add(asyncio.get_running_loop().create_task(deliver_later()))

        await recording.step("the first", send)
        await recording.step("the second", change)
        await recording.step("the third", lambda: asyncio.sleep(0))
        await recording.step("the fourth", hand_over)
        assert recording.text().splitlines() == [
            "",
            "== 1. the first",
            "-- group, message 1: sent",
            "  | head",
            "  | a",
            "  | b",
            "  | c",
            "  | tail",
            "  [Go] [Stop]",
            "-- Ann (private), message 1: sent",
            "  | secret",
            "",
            "== 2. the second",
            "-- move: 0: end",
            "-- alert to Ann: Done",
            "-- group, message 1: edited",
            "  ┆ 4 lines as before",
            "  | end",
            "  [Go] [Stop]",
            "-- Ann (private), message 1: deleted",
            "",
            "== 3. the third",
            "-- nothing changed",
            "",
            "== 4. the fourth",
            "-- group, message 2: sent",
            "  | late",
        ]

    asyncio.run(scenario())
