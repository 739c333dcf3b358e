"""A database away for a while does not flood the log: a traceback at most once a minute, one line for the rest."""

from __future__ import annotations

import logging

import pytest

from bangbot.messaging.storage_log import StorageFailures


def test_a_traceback_at_most_once_a_minute_and_one_line_for_every_other_failure(
    caplog: pytest.LogCaptureFixture,
) -> None:
    now = [100.0]
    failures = StorageFailures(logging.getLogger("bangbot.test"), clock=lambda: now[0])
    caplog.set_level(logging.WARNING)
    for second in (0.0, 1.0, 2.0, 61.0):
        now[0] = 100.0 + second
        try:
            raise OSError("database is locked\nand more")
        except OSError:
            failures.failed("could not save the press %s", "p1")
    records = caplog.records
    assert [r.exc_info is not None for r in records] == [True, False, False, True]
    assert records[1].getMessage() == (
        "could not save the press p1 (OSError: database is locked; traceback logged at most once a minute)"
    )
    assert records[3].getMessage() == "could not save the press p1 (2 more failures since the last traceback)"
