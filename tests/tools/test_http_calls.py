"""tools.http_calls: each way of calling makes its edits against the emulator (a refused one raises) and is timed."""

from __future__ import annotations

import asyncio

from telegram.request import HTTPXRequest

from bangbot.telegram.transport import AiohttpRequest
from tools.http_calls import cpu_per_call, plain_edit, typed_edit


def test_each_way_of_calling_is_timed_per_call() -> None:
    ways = [(HTTPXRequest(), typed_edit), (HTTPXRequest(), plain_edit), (AiohttpRequest(2), plain_edit)]
    figures = [asyncio.run(cpu_per_call(request, edit, 5)) for request, edit in ways]
    assert all(0 < ms < 1000 for ms in figures), figures
