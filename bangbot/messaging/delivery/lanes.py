"""The delivery lanes of one process: per game, a runner that shows saved changes after the game's lock is released.

A game's runner has two lanes. The players' lane shows each outbox row's private part (every seat's message, the
farewells, private reminders) in order, as soon as the row is saved; the group's lane follows it row by row and may
wait for the group's flood limit without holding anything else up. This module only keeps their bookkeeping; the
lanes themselves are in messaging.delivery.outbox.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from bangbot.storage.models import Outbox
from bangbot.storage.times import aware

BACKOFF_FIRST_SECONDS = 0.5
BACKOFF_MAX_SECONDS = 60.0
News = list[dict[str, Any]]  # a seat's news from a change, as Showing.recent keeps it
FAILURES_BEFORE_PAUSE = 4  # a runner failing this often in a row stops; the timer's sweep starts a new one later


@dataclass
class GameLanes:
    """One game's delivery in this process: its runner, the rows its players' lane showed, who waits for which."""

    runner: asyncio.Task[None] | None = None
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    shown: dict[int, Outbox] = field(default_factory=dict)  # rows whose private part is shown, group part pending
    waiters: dict[int, asyncio.Event] = field(default_factory=dict)
    failures: int = 0  # failures in a row of this runner's lanes; at FAILURES_BEFORE_PAUSE it leaves it to the timer
    seen: set[int] = field(default_factory=set)  # rows whose presser's own message is shown, the rest still going
    edited: dict[int, set[int]] = field(default_factory=dict)  # per row not yet shown: the seats whose message shows it
    delivering: int | None = None  # the row whose players' part the lane is showing now
    leased: bool = False  # whether this process holds the game's delivery lease (no other worker edits its messages)
    version: int = 0  # the newest version of the game an outbox row read by its players' lane was saved at
    news: asyncio.Event = field(
        default_factory=asyncio.Event
    )  # set when a row joins `shown` (messaging.delivery.quiet_turn)
    deleting: asyncio.Lock = field(default_factory=asyncio.Lock)  # held to delete shown rows, or to read the rows
    table_behind: set[int] = field(
        default_factory=set
    )  # shown rows but for the kept table's edit (messaging.delivery.quiet_turn)
    held_news: dict[int, dict[int, News]] = field(default_factory=dict)  # per waiting seat, its news per row
    unread: bool = True  # a row may have come since the players' lane last read the rows (see rouse)
    reads: int = 0  # reads of the rows the players' lane began
    due_read: int = 1  # the first read begun since the lane was last roused (it finds every row saved before)
    read: asyncio.Event = field(default_factory=asyncio.Event)  # set at each read of the rows (see rows_read)
    last_read: tuple[int, list[Outbox] | None] = (0, None)  # the last read's number and rows (None: the runner stopped)

    def rouse(self) -> None:
        """Wakes the players' lane to read the game's rows: one may have come since its last read (woken only by the
        group's lane forgetting rows, the lane may know there is none: see outbox.nothing_new)."""
        self.unread = True
        self.due_read = self.reads + 1
        self.wake.set()

    def holds(self, row: Outbox) -> bool:
        """Returns whether this very row's private part is shown: on SQLite a new row may take the id of one just
        deleted while `shown` still keeps the old one, so its content is compared too."""
        kept = self.shown.get(row.id or 0)
        return kept is not None and kept.payload == row.payload and same_time(kept.created_at, row.created_at)

    def keep_news(self, row_id: int, position: int, news: News) -> None:
        """Keeps the news of a seat whose message waits for the group's view of a row
        (messaging.delivery.bystanders)."""
        self.held_news.setdefault(position, {})[row_id] = news

    def take_news(self, position: int, rows: set[int] | None = None) -> News:
        """Returns and forgets a waiting seat's kept news in the rows' order: from the rows named, or from all."""
        kept = self.held_news.get(position, {})
        news: News = []
        for row_id in sorted(kept):
            if rows is None or row_id in rows:
                news += kept.pop(row_id)
        if not kept:
            self.held_news.pop(position, None)
        return news

    def begin_read(self) -> int:
        """Notes that the players' lane begins to read the rows (none came since unless it is roused again); returns
        the read's number."""
        self.unread = False
        self.reads += 1
        return self.reads

    def rows_read(self, number: int, rows: list[Outbox] | None) -> None:
        """Hands the rows a read of the players' lane found (None: its runner stopped) to whoever waits for a read."""
        self.last_read = (number, rows)
        self.read.set()
        self.read = asyncio.Event()

    def presser_saw(self, row_id: int) -> None:
        """Wakes whoever waits for a row whose presser's own message is shown (the others' still go out)."""
        self.seen.add(row_id)
        self.waiters.pop(row_id, asyncio.Event()).set()

    def shown_event(self, row_id: int) -> asyncio.Event:
        """Returns the event set once a row's private part was shown (or tried once), or its presser's message was."""
        return self.waiters.setdefault(row_id, asyncio.Event())

    def seats_showing(self, row_id: int) -> set[int]:
        """Returns the seats whose message already shows a row whose players' part is not done (to add to)."""
        return self.edited.setdefault(row_id, set())

    def private_tried(self, row_id: int) -> None:
        """Wakes whoever waits for a row's private part, which was shown or failed once."""
        self.seen.discard(row_id)
        self.waiters.pop(row_id, asyncio.Event()).set()


@dataclass
class Lanes:
    """Every game's lanes in this process, and counts of what they did."""

    games: dict[int, GameLanes] = field(default_factory=dict)
    retries: int = 0
    hurry: asyncio.Event = field(default_factory=asyncio.Event)  # set at a stop: no group lane holds its rows then
    settling: set[asyncio.Task[None]] = field(default_factory=set)  # deleting rows a settled delivery held back

    def of(self, game_id: int) -> GameLanes:
        """Returns a game's lanes, made on first use."""
        return self.games.setdefault(game_id, GameLanes())

    def busy(self) -> list[asyncio.Task[None]]:
        """Returns the runners still working."""
        return [g.runner for g in self.games.values() if g.runner is not None and not g.runner.done()]


def same_time(first: datetime, second: datetime) -> bool:
    """Returns whether two stored times are the same, each read back naive (SQLite: UTC) or kept aware."""
    return aware(first) == aware(second)


class Backoff:
    """Waits longer after each failure in a row (doubling up to a minute), or as long as the messenger asked."""

    def __init__(self, first: float = BACKOFF_FIRST_SECONDS, most: float = BACKOFF_MAX_SECONDS) -> None:
        self.first = first
        self.most = most
        self.next = first

    def reset(self) -> None:
        """Starts over after a success."""
        self.next = self.first

    async def wait(self, error: BaseException) -> None:
        """Sleeps before the next try: the error's retry_after if it has one, else the next step of the backoff."""
        asked = getattr(error, "retry_after", None)
        if isinstance(asked, timedelta):
            asked = asked.total_seconds()
        delay = float(asked) if isinstance(asked, int | float) and asked > 0 else self.next
        self.next = min(self.next * 2, self.most)
        await asyncio.sleep(delay)
