"""What every part of the game service shares: storage, the messenger, the clock, the AI, languages."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from bangbot.ai.levels import DEFAULT_LEVEL, LEVELS, players_at
from bangbot.games.contract import AIPlayer, TableState
from bangbot.games.contract import Game as Declared
from bangbot.i18n import SOURCE_LANGUAGE, Translator, normalize_language, translator
from bangbot.i18n.themes import themed
from bangbot.messaging.adapter import Messenger, User
from bangbot.messaging.commands.flood_limits import FloodGate
from bangbot.messaging.delivery.lanes import Lanes
from bangbot.messaging.delivery.last_shown import Shown
from bangbot.messaging.delivery.reply_queue import ChatSenders
from bangbot.messaging.lru import LruCache
from bangbot.messaging.owner.ban_list import Bans
from bangbot.storage.deferred import HELD_SECONDS
from bangbot.storage.locks import KeyedLocks
from bangbot.storage.models import ChatSettings
from bangbot.storage.repository import Repository

LOBBY_TTL = timedelta(hours=6)
REMINDER_SHARE = 5  # the reminder comes when a fifth of the deadline is left
OFFER_SHARE = 5  # a fifth into the time per move, the group may let the AI play for the people it waits for
MISSES_BEFORE_STANDIN = 2
LANGUAGE_CACHE_SECONDS = 30.0  # another worker's language change shows here within this time (none: kept till changed)
CACHED_USERS = 10_000  # people (and chats) remembered per process; the least recently seen are read again
VIEWS_KEPT = 256  # views of stored game versions (game, version, seat) kept: a press and its showing share them
STATES_KEPT = 256  # decoded states of stored game versions (game, version) kept: a press and its showing share them


def utc_now() -> datetime:
    """Returns the current time in UTC."""
    return datetime.now(UTC)


@dataclass
class Context:
    """Shared services of the game service; ai holds one AI player per ruleset id."""

    repo: Repository
    messenger: Messenger
    ai: Mapping[str, AIPlayer]
    clock: Callable[[], datetime] = utc_now
    lobby_ttl: timedelta = LOBBY_TTL
    seeds: Callable[[], int] = field(default=lambda: secrets.randbits(62))
    languages: LruCache[tuple[str, int], tuple[str, float]] = field(default_factory=lambda: LruCache(2 * CACHED_USERS))
    known_users: LruCache[int, tuple[str, str | None]] = field(default_factory=lambda: LruCache(CACHED_USERS))
    hold_ai: Callable[[TableState], bool] = field(default=lambda state: False)  # True: the AI players wait
    lanes: Lanes = field(default_factory=Lanes)  # what this process is delivering, per game (messaging.delivery.outbox)
    replies: ChatSenders = field(default_factory=ChatSenders)  # replies that need no saving, in order per chat
    group_merge_seconds: float = 0.0  # the group's lane waits this long so that quick moves share one edit
    group_quiet_seconds: float = (
        0.0  # a turn's moves wait for the group this long after the last (messaging.delivery.quiet_turn)
    )
    group_hold_seconds: float = 0.0  # ... and this long at most after the first (0: the group is shown every move)
    held_writes_seconds: float = HELD_SECONDS  # held writes wait this long for their game's write (storage.deferred)
    shown: Shown = field(default_factory=Shown)  # what this process last showed in each group message
    views: LruCache[tuple[int, int, int | None], Any] = field(default_factory=lambda: LruCache(VIEWS_KEPT))
    states: LruCache[tuple[int, int], Any] = field(default_factory=lambda: LruCache(STATES_KEPT))  # never changed
    choices: LruCache[tuple[Any, ...], frozenset[str]] = field(default_factory=lambda: LruCache(VIEWS_KEPT))
    seat_messages: KeyedLocks = field(default_factory=KeyedLocks)  # one edit of a seat's message at a time
    deadline_fired: Callable[[float], None] = field(default=lambda late: None)  # told how late each one fired (s)
    flood: FloodGate | None = (
        None  # the commands' flood control (messaging.commands.flood_limits); None: every command answered
    )
    owner_id: int | None = None  # the person who runs the bot: /admin opens their desk (messaging.owner.desk)
    bans: Bans = field(default_factory=Bans)  # the chats the owner banned (messaging.owner.banned_chat)
    leveled: dict[str, Mapping[str, AIPlayer]] = field(default_factory=dict)  # AI players of the other levels

    def ai_for(self, game: Declared, level: str = DEFAULT_LEVEL) -> AIPlayer:
        """Returns the AI player of a game at a level: the service's own at the default level, else that level's.

        Raises KeyError when there is none for the game or the level."""
        if level == DEFAULT_LEVEL:
            return self.ai[game.id]
        if level not in self.leveled:
            if level not in LEVELS:
                raise KeyError(level)
            self.leveled[level] = players_at(level)
        return self.leveled[level][game.id]

    def _cached(self, key: tuple[str, int], load: Callable[[], str]) -> str:
        """Returns a language from the cache, loading it when missing, or older than LANGUAGE_CACHE_SECONDS where
        other workers may change it (where this process alone writes, each change here updates or drops it)."""
        now = time.monotonic()
        hit = self.languages.get(key)
        if hit is not None and (self.repo.sole_writer or now - hit[1] < LANGUAGE_CACHE_SECONDS):
            return hit[0]
        value = load()
        self.remember_language(key, value)
        return value

    def remember_language(self, key: tuple[str, int], value: str) -> None:
        """Caches a language just read or stored here."""
        self.languages.put(key, (value, time.monotonic()))

    def forget_language(self, key: tuple[str, int]) -> None:
        """Drops a cached language after it was changed here."""
        self.languages.pop(key)

    def user_language(self, user_id: int) -> str:
        """Returns the language a user reads: chosen, else the messenger's if we have it, else English."""

        def load() -> str:
            settings = self.repo.user_settings(user_id)
            return settings.language or normalize_language(settings.messenger_language)

        return self._cached(("user", user_id), load)

    def tr_user(self, user_id: int, game: str | None = None) -> Translator:
        """Returns the translator of a user's private messages, in a game's words (a ruleset id; None: unthemed)."""
        return themed(translator(self.user_language(user_id)), game)

    def tr_chat(self, chat_id: int, reader: int | None = None, game: str | None = None) -> Translator:
        """Returns the translator of a group chat, in the words of a game (a ruleset id; None: unthemed).

        Its language is the chat's stored one, else the reader's (if given), else English.
        """
        chosen = self._cached(("chat", chat_id), lambda: self.repo.chat_settings(chat_id).language or "")
        if not chosen and reader is not None:
            return self.tr_user(reader, game)
        return themed(translator(chosen or SOURCE_LANGUAGE), game)

    def adopt_language(self, chat_id: int, user_id: int) -> ChatSettings:
        """Gives a group without a language the user's (at its first lobby); returns the group's settings."""
        settings = self.repo.chat_settings(chat_id)
        if settings.language is None:
            settings.language = self.user_language(user_id)
            self.repo.save_chat_settings(settings)
            self.remember_language(("chat", chat_id), settings.language)
        return settings

    def knows(self, user: User) -> bool:
        """Returns whether this process already stored the user's name and language as they are now."""
        return self.known_users.get(user.id) == (user.name, user.language)

    def remember_user(self, user: User) -> None:
        """Stores a user's display name and messenger language, the first time this process sees them or changed."""
        if self.knows(user):
            return
        self.repo.store_messenger_profile(user.id, user.name, user.language)
        self.forget_language(("user", user.id))
        # known only once stored: an update handled meanwhile (the first /start and /newgame come together) stores
        # it too rather than read a language not stored yet
        self.known_users.put(user.id, (user.name, user.language))
