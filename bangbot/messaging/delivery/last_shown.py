"""What this process last showed in each group message, so that an edit changing nothing is never sent.

Telegram refuses such an edit ("message is not modified") but still counts it against the group's limit. Every
messenger shares this one decision, so the collecting messenger counts the requests Telegram would get. The memory
is per process: one started again, or a message another worker edited since, costs at most one edit too many.
"""

from __future__ import annotations

import hashlib

from bangbot.messaging.adapter import Keyboard, MessageRef
from bangbot.messaging.lru import LruCache

SHOWN_KEPT = 10_000  # group messages remembered, the least recently shown forgotten first


def content_digest(text: str, buttons: Keyboard) -> str:
    """Returns a short digest of a message's text and buttons."""
    return hashlib.sha1(repr((text, buttons)).encode()).hexdigest()[:16]


class Shown:
    """The digest of each group message's content as this process last sent or submitted it."""

    def __init__(self, capacity: int = SHOWN_KEPT) -> None:
        self._digests: LruCache[MessageRef, str] = LruCache(capacity)
        self.skipped = 0

    def unchanged(self, ref: MessageRef, text: str, buttons: Keyboard) -> bool:
        """Returns whether the message already shows this content (counting it as a skipped edit when it does)."""
        if self._digests.get(ref) == content_digest(text, buttons):
            self.skipped += 1
            return True
        return False

    def remember(self, ref: MessageRef, text: str, buttons: Keyboard) -> None:
        """Notes what a message shows now that it was sent, or its edit was made or submitted."""
        self._digests.put(ref, content_digest(text, buttons))

    def forget(self, ref: MessageRef) -> None:
        """Forgets a message (deleted, or its edit failed: what it shows is unknown)."""
        self._digests.pop(ref)
