"""The bot's Prometheus metrics, each labelled with the worker that counts it; counted at the Telegram adapter's
choke points (requests, updates, press answers) and the timer, never in the rules core."""

from __future__ import annotations

import os
import socket

from prometheus_client import Counter, Gauge, Histogram, disable_created_metrics

disable_created_metrics()  # type: ignore[no-untyped-call]  # a *_created series per counter adds nothing to read
PRESS_BUCKETS = (0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 5.0, 10.0)
LATENESS_BUCKETS = (0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0, 300.0, 3600.0)

UPDATES = Counter("bangbot_updates", "Updates handled, by kind", ["worker", "kind"])
PRESS_SECONDS = Histogram(
    "bangbot_press_seconds", "From a press's arrival to its answer", ["worker"], buckets=PRESS_BUCKETS
)
MESSAGES = Counter(
    "bangbot_messages",
    "Bot API requests that showed something: group/private send, edit, delete; press answers",
    ["worker", "kind"],
)
RATE_LIMITED = Counter("bangbot_rate_limited", "Bot API answers 429 Too Many Requests", ["worker"])
OUTBOX_BACKLOG = Gauge("bangbot_outbox_backlog", "Outbox rows still to deliver (the whole database)", ["worker"])
GAMES_RUNNING = Gauge("bangbot_games_running", "Games running (the whole database)", ["worker"])
DEADLINE_LATENESS = Histogram(
    "bangbot_deadline_lateness_seconds",
    "How late each deadline fired after its time; the count is the deadlines fired",
    ["worker"],
    buckets=LATENESS_BUCKETS,
)

_worker = [f"{socket.gethostname()}-{os.getpid()}"]

SEND = frozenset({"sendMessage", "sendDocument", "sendPhoto", "copyMessage", "forwardMessage"})
EDIT = frozenset({"editMessageText", "editMessageReplyMarkup", "editMessageCaption", "editMessageMedia"})
DELETE = frozenset({"deleteMessage", "deleteMessages"})
ANSWER = frozenset({"answerCallbackQuery"})


def worker() -> str:
    """Returns this worker's label: BANGBOT_WORKER_ID, else hostname-pid."""
    return _worker[0]


def set_worker(name: str | None) -> None:
    """Sets this worker's label (None: hostname-pid) and shows its series at 0 until they first count."""
    _worker[0] = name or f"{socket.gethostname()}-{os.getpid()}"
    for metric in (PRESS_SECONDS, RATE_LIMITED, DEADLINE_LATENESS):
        metric.labels(worker())


def message_kind(method: str, chat: object) -> str | None:
    """Returns the kind a successful Bot API call counts as (group_send, private_edit, press_answer...), or None."""
    if method in ANSWER:
        return "press_answer"
    action = "send" if method in SEND else "edit" if method in EDIT else "delete" if method in DELETE else None
    if action is None:
        return None
    group = isinstance(chat, str) or (isinstance(chat, int) and chat < 0)
    return f"{'group' if group else 'private'}_{action}"


def count_message(method: str, chat: object) -> None:
    """Counts a successful Bot API call that showed something, by kind."""
    kind = message_kind(method, chat)
    if kind is not None:
        MESSAGES.labels(worker(), kind).inc()


def count_update(kind: str) -> None:
    """Counts one update handled, by its kind (message, callback_query, ...)."""
    UPDATES.labels(worker(), kind).inc()


def count_rate_limited() -> None:
    """Counts one 429 answer of the Bot API."""
    RATE_LIMITED.labels(worker()).inc()


def observe_press(seconds: float) -> None:
    """Records the time from a press's arrival to its answer."""
    PRESS_SECONDS.labels(worker()).observe(seconds)


def observe_deadline(late_seconds: float) -> None:
    """Records a deadline fired, this late after its time."""
    DEADLINE_LATENESS.labels(worker()).observe(max(late_seconds, 0.0))


def set_totals(backlog: int, running: int) -> None:
    """Sets the database's outbox backlog and running games, as last read."""
    OUTBOX_BACKLOG.labels(worker()).set(backlog)
    GAMES_RUNNING.labels(worker()).set(running)
