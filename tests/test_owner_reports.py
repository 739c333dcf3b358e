"""Error reports to the owner: one per kind in a window, the rest counted and told when it ends; no personal data."""

from __future__ import annotations

import asyncio
import contextvars
import logging

from bangbot.i18n import translator
from bangbot.server.logs import Scrubber, mark_update
from bangbot.server.reports import OwnerReports, Report


def failing(name: str) -> None:
    """Raises an error whose message carries a person's name, as a careless one might."""
    raise KeyError(f"no seat for {name}")


def test_a_burst_is_one_report_then_its_count_when_the_window_ends() -> None:
    sent = asyncio.run(burst())
    first, other, count = sent
    assert (first.error, first.more, first.update_id) == ("KeyError", 0, 41)
    assert first.frames[-1].startswith("tests/test_owner_reports.py:") and first.frames[-1].endswith("in failing")
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
