"""Every Bot API request as the operator sees it: whether the Bot API was reached, 429s, messages shown by kind.

The bot's HTTP client is this one subclass, so every request (getUpdates, sends, edits, answers, getMe) passes here
once per attempt, whatever part of the bot made it.
"""

from __future__ import annotations

from typing import Any

from telegram.error import NetworkError
from telegram.request import RequestData

from bangbot.server.health import Reach
from bangbot.server.metrics import count_message, count_rate_limited
from bangbot.telegram.limiter import chat_of
from bangbot.telegram.transport import AiohttpRequest

TOO_MANY_REQUESTS = 429
GATEWAY_ERRORS = 500  # an answer from this status up came from a proxy, or a Bot API that is not working


class ObservedRequest(AiohttpRequest):
    """The bot's request (telegram.transport): tells `reach` how each request went; counts 429s and messages shown."""

    def __init__(self, reach: Reach, connection_pool_size: int = 1) -> None:
        super().__init__(connection_pool_size)
        self.reach = reach

    async def do_request(
        self, url: str, method: str, request_data: RequestData | None = None, *timeouts: Any, **named: Any
    ) -> tuple[int, bytes]:
        """Makes the request (timeouts as AiohttpRequest takes them); notes whether it reached the Bot API, and counts
        a 429 or a message shown."""
        try:
            status, body = await super().do_request(url, method, request_data, *timeouts, **named)
        except NetworkError:  # no answer: refused, timed out, cut
            self.reach.failed()
            raise
        if status >= GATEWAY_ERRORS:
            self.reach.failed()
        else:
            self.reach.answered()
        if status == TOO_MANY_REQUESTS:
            count_rate_limited()
        elif status == 200:
            parameters = request_data.parameters if request_data is not None else {}
            count_message(url.rsplit("/", 1)[-1], chat_of(parameters))
        return status, body
