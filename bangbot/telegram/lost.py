"""Sends whose reply was lost: Telegram may have shown them, so the copy sent again may show twice; each is counted.

The Bot API has no idempotency key, and a lost reply carries no message id, so a copy Telegram made cannot be found to
be deleted. Delivery sends again (nothing is lost); this keeps which sends failed that way and counts those sent again
in the log (`resent_after_lost_reply=N`, read by the benches), so such repeats stay visible and rare.
"""

from __future__ import annotations

import hashlib
import logging
import re

from telegram.error import NetworkError

from bangbot.messaging.lru import LruCache
from bangbot.telegram.transport import answer_lost

log = logging.getLogger(__name__)
RESENT = "resent_after_lost_reply="  # the log line's counter
RESENT_LINE = re.compile(rf"{RESENT}(\d+)")
REMEMBERED = 1000


def reply_lost(error: BaseException) -> bool:
    """Returns whether a failed request may still have been applied: it went out and its answer was lost."""
    return isinstance(error, NetworkError) and error.__cause__ is not None and answer_lost(error.__cause__)


class LostReplies:
    """Remembers the sends whose reply was lost and counts those sent again (possible duplicates)."""

    def __init__(self) -> None:
        self.unsure: LruCache[tuple[int, str], bool] = LruCache(REMEMBERED)
        self.resent = 0

    def failed(self, chat_id: int, content: str, error: BaseException) -> None:
        """Notes a failed send of content into a chat, if Telegram may have shown it anyway."""
        if reply_lost(error):
            self.unsure.put((chat_id, digest(content)), True)
            log.info("the reply to a send into chat %s was lost: it may be shown already", chat_id)

    def sent(self, chat_id: int, content: str, message_id: int) -> None:
        """Notes a confirmed send; counts it when an earlier send of it lost its reply."""
        key = (chat_id, digest(content))
        if key not in self.unsure:
            return
        self.unsure.pop(key)
        self.resent += 1
        log.warning(
            "sent again after a lost reply: chat %s may show it twice (message %s is kept); %s%d",
            chat_id,
            message_id,
            RESENT,
            self.resent,
        )


def digest(content: str) -> str:
    """Returns a short digest of a message's content."""
    return hashlib.sha1(content.encode()).hexdigest()[:16]


def resent_in(log_text: str) -> int:
    """Returns how many sends a bot's log says were made again after a lost reply (its last count)."""
    return max((int(n) for n in RESENT_LINE.findall(log_text)), default=0)
