"""The chats the owner banned, as this process knows them: read again from storage every BAN_CACHE_SECONDS."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from sqlalchemy import Engine

from bangbot.storage.desk import banned_chats

BAN_CACHE_SECONDS = 30.0  # another worker's ban (or unban) shows here within this time
REFUSE_EVERY_SECONDS = 60.0  # a banned chat's commands are refused once in this time, then ignored


@dataclass
class Bans:
    """The banned chats and when each was last refused a command."""

    chats: frozenset[int] = frozenset()
    read_at: float = float("-inf")
    refused: dict[int, float] = field(default_factory=dict)

    def stale(self) -> bool:
        """Returns whether the list should be read again."""
        return time.monotonic() - self.read_at >= BAN_CACHE_SECONDS

    def reload(self, engine: Engine) -> None:
        """Reads the banned chats from storage (in a thread)."""
        self.chats = banned_chats(engine)
        self.read_at = time.monotonic()
        self.refused = {chat: at for chat, at in self.refused.items() if chat in self.chats}

    def may_refuse(self, chat_id: int) -> bool:
        """Returns whether a banned chat's command gets the refusal now (once every REFUSE_EVERY_SECONDS)."""
        now = time.monotonic()
        if now - self.refused.get(chat_id, float("-inf")) < REFUSE_EVERY_SECONDS:
            return False
        self.refused[chat_id] = now
        return True
