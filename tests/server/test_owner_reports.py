"""Error reports to the owner: one per kind in a window, the rest counted and told when it ends; no personal data."""

from __future__ import annotations

import asyncio
import contextvars
import io
import json
import logging

from bangbot.i18n import translator
from bangbot.server.logs import JsonLineFormatter, Scrubber, TextFormatter, UpdateFilter, mark_update
from bangbot.server.reports import OwnerReports, Report


def failing(name: str) -> None:
    """Raises an error whose message carries a person's name, as a careless one might."""
    raise KeyError(f"no seat for {name}")


def test_a_burst_is_one_report_then_its_count_when_the_window_ends() -> None:
    sent = asyncio.run(burst())
    first, other, count = sent
    assert (first.error, first.more, first.update_id) == ("KeyError", 0, 41)
    assert first.frames[-1].startswith("tests/server/test_owner_reports.py:") and first.frames[-1].endswith(
        "in failing"
    )
    assert other.template == "another kind, with no traceback" and other.error is None
    assert count.kind == first.kind and count.more == 3
    for language in ("en", "ru", "ja", "cs"):
        text = count.text(translator(language))
        assert "Zdeňka" not in text and "Nováková" not in text and "{" not in text
        assert "seat %s of game %s failed" in text and "3" in text.splitlines()[-1]
    assert "3 more errors of this kind" in count.text(translator("en"))


async def burst() -> list[Report]:
    """Logs four errors of one kind and one of another while handling an update; returns the reports sent."""
    sent: list[Report] = []

    async def send(report: Report) -> None:
        sent.append(report)

    logger = logging.getLogger("bangbot.test_reports")
    reports = OwnerReports(send, asyncio.get_running_loop(), "w1", window=0.3)
    logger.addHandler(reports)
    try:
        mark_update(41, ["Zdeňka Nováková"])
        for _ in range(4):
            try:
                failing("Zdeňka Nováková")
            except KeyError:
                logger.exception("seat %s of game %s failed", 2, 7)
        logger.error("another kind, with no traceback")
        logger.warning("a warning is no report")
        while len(sent) < 3:  # the first of each kind at once, then the burst's count once its window is over
            await asyncio.sleep(0.05)
    finally:
        logger.removeHandler(reports)
    return sent


def test_the_scrubber_hides_the_updates_names_and_every_secret() -> None:
    contextvars.copy_context().run(scrubbed)  # the update's mark stays in that context


def scrubbed() -> None:
    """Checks the scrubber while an update with these personal strings is handled."""
    mark_update(5, ["Ana María", "hello there", "A"])
    scrub = Scrubber(["123:SECRET"], personal=False)
    assert scrub("Ana María said hello there to A via /bot123:SECRET/") == "[…] said […] to A via /bot[secret]/"
    assert Scrubber([], personal=True)("Ana María") == "Ana María"


def test_log_lines_carry_the_update_they_came_from() -> None:
    contextvars.copy_context().run(logged_lines)


def logged_lines() -> None:
    """Logs one line outside an update and one inside, as text and as JSON, and checks both."""
    stream = io.StringIO()
    scrub = Scrubber(["tok:EN"], personal=False)
    logger = logging.getLogger("bangbot.test_lines")
    logger.propagate = False
    for formatter in (TextFormatter(scrub), JsonLineFormatter(scrub)):
        handler = logging.StreamHandler(stream)
        handler.setFormatter(formatter)
        handler.addFilter(UpdateFilter("w7"))
        logger.addHandler(handler)
        logger.warning("before any update")
        mark_update(77, ["Jiří Dvořák"])
        logger.warning("chat %s: %s wrote", 5, "Jiří Dvořák")
        mark_update(None)
        logger.removeHandler(handler)
    text_before, text_inside, json_before, json_inside = stream.getvalue().splitlines()
    assert text_before.endswith("before any update") and text_inside.endswith("chat 5: […] wrote (update 77)")
    assert json.loads(json_before)["update_id"] is None
    assert {k: v for k, v in json.loads(json_inside).items() if k != "time"} == {
        "level": "WARNING",
        "logger": "bangbot.test_lines",
        "message": "chat 5: […] wrote",
        "update_id": 77,
        "worker": "w7",
    }
