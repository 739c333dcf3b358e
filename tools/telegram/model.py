"""The emulated world's records: users, messages, chats, rate limits, callback queries, the webhook."""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field

from tools.telegram.values import JSON, ApiError, CallbackAnswer, FloodModel


@dataclass
class _User:
    """A person in the emulated world and their relation to the bot."""

    id: int
    first_name: str
    last_name: str | None
    username: str | None
    language_code: str | None
    started: bool = False
    blocked: bool = False


@dataclass
class _Message:
    """One stored message of a chat, sent by the bot or by a user."""

    chat_id: int
    message_id: int
    sender_id: int
    from_bot: bool
    date: int
    text: str
    raw_text: str
    parse_mode: str | None
    entities: list[JSON]
    reply_markup: JSON | None
    reply_to: int | None
    texts: list[str]
    edits: int = 0
    edit_date: int | None = None
    deleted: bool = False
    service: JSON = field(default_factory=dict)
    reply_keyboard: JSON | None = None
    thread_id: int | None = None


@dataclass
class _RateLimit:
    """Counts events against `count` per `period` seconds, as a sliding window or a leaky bucket.

    Events are counted at their arrival time, which may come slightly out of order (two connections): the window keeps
    its times sorted and checks every window of `period` seconds that would hold the new event, so the verdict is the
    one a test gets by counting the recorded arrival times itself.
    """

    count: int
    period: float
    model: FloodModel
    times: list[float] = field(default_factory=list)
    level: float = 0.0
    last: float = 0.0

    def retry_after(self, now: float) -> float:
        """Returns how many seconds to wait before one more event is allowed (0 when allowed now)."""
        if self.model == "bucket":
            rate = self.count / self.period
            level = max(0.0, self.level - max(0.0, now - self.last) * rate)
            return 0.0 if level + 1 <= self.count else (level + 1 - self.count) / rate
        horizon = bisect.bisect_right(self.times, now - 2 * self.period)
        del self.times[:horizon]  # no window that holds a newer event can reach these
        wait = 0.0
        # A window [start, start + period) that would hold `now` starts at an event within period before it, or at now.
        first = bisect.bisect_right(self.times, now - self.period)
        for start in [*self.times[first : bisect.bisect_right(self.times, now)], now]:
            held = bisect.bisect_left(self.times, start + self.period) - bisect.bisect_left(self.times, start)
            if held >= self.count:
                wait = max(wait, start + self.period - now)
        return wait

    def record(self, now: float) -> None:
        """Counts one event at time now."""
        if self.model == "bucket":
            rate = self.count / self.period
            self.level = max(0.0, self.level - max(0.0, now - self.last) * rate) + 1
            self.last = max(self.last, now)
        else:
            bisect.insort(self.times, now)


@dataclass
class _Chat:
    """A private chat (id = user id) or a group chat (negative id) with its members and messages."""

    id: int
    type: str
    title: str = ""
    username: str | None = None
    members: set[int] = field(default_factory=set)
    admins: set[int] = field(default_factory=set)
    creator: int | None = None
    restricted: dict[int, bool] = field(default_factory=dict)  # restricted users: whether each is still a member
    bot_status: str = "member"
    migrated_to: int | None = None
    topics: dict[int, str] = field(default_factory=dict)  # a forum supergroup's topics: thread id -> name
    messages: dict[int, _Message] = field(default_factory=dict)
    next_message_id: int = 1
    flood: _RateLimit | None = None

    @property
    def is_group(self) -> bool:
        """Returns whether this is a group or supergroup chat."""
        return self.type in ("group", "supergroup")


@dataclass
class _Query:
    """A callback query created by a button press, and its answer once given."""

    id: str
    user_id: int
    chat_id: int
    message_id: int
    data: str
    created: float
    answer: CallbackAnswer | None = None


@dataclass
class _Webhook:
    """The webhook the bot set: where and how updates are POSTed."""

    url: str
    secret_token: str | None
    max_connections: int
    ip_address: str | None


class _Described:
    """A method result that also carries Telegram's "description" field (setWebhook, deleteWebhook)."""

    def __init__(self, result: object, description: str) -> None:
        """Wraps result and its description."""
        self.result = result
        self.description = description


def _bad(text: str) -> ApiError:
    """Returns a 400 "Bad Request: text" error."""
    return ApiError(400, f"Bad Request: {text}")


def _forbidden(text: str) -> ApiError:
    """Returns a 403 "Forbidden: text" error."""
    return ApiError(403, f"Forbidden: {text}")


def _utf16_len(text: str) -> int:
    """Returns the length of text in UTF-16 code units, the unit of Telegram entity offsets."""
    return len(text.encode("utf-16-le", "surrogatepass")) // 2
