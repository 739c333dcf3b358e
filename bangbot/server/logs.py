"""The bot's logs: plain lines or JSON objects, each with the update it came from, without personal data.

While an update is handled, `mark_update(update_id, personal)` marks its task (and the database threads it hands work
to): every record then carries `update_id`, and the update's own personal strings (its sender's and chat's names,
its text) are replaced by `[…]` wherever they would show, message and traceback alike, unless personal logging was
asked for. Secrets (the bot token, the webhook secret) never show.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterable
from contextvars import ContextVar

from pythonjsonlogger.json import JsonFormatter

HIDDEN = "[…]"
SHORTEST_HIDDEN = 2  # a one-letter name would blot out every such letter; it identifies nobody either
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s%(update)s"
JSON_FIELDS = "%(asctime)s %(levelname)s %(name)s %(message)s %(update_id)s %(worker)s"
QUIET_LOGGERS = ("httpx", "alembic", "uvicorn.error")  # their INFO lines (each request, migration...) are no news

current_update: ContextVar[int | None] = ContextVar("bangbot_update", default=None)
_personal: ContextVar[tuple[str, ...]] = ContextVar("bangbot_personal", default=())


def mark_update(update_id: int | None, personal: Iterable[str | None] = ()) -> None:
    """Marks the rest of the running task (and the tasks and database threads it starts) as handling this update,
    whose personal strings the logs hide; each update is handled in a task of its own."""
    kept = tuple(sorted({p for p in personal if p and len(p) >= SHORTEST_HIDDEN}, key=len, reverse=True))
    current_update.set(update_id)
    _personal.set(kept)


class Scrubber:
    """Hides the current update's personal strings (unless `personal`) and the secrets in a formatted record."""

    def __init__(self, secrets: Iterable[str | None], personal: bool) -> None:
        self.secrets = tuple(s for s in secrets if s)
        self.personal = personal

    def __call__(self, text: str) -> str:
        """Returns text with the secrets and, unless personal logging is on, the update's personal strings hidden."""
        for secret in self.secrets:
            text = text.replace(secret, "[secret]")
        if not self.personal:
            for part in _personal.get():
                text = text.replace(part, HIDDEN)
        return text


class UpdateFilter(logging.Filter):
    """Adds the update being handled (`update_id`, None outside one) and the worker's label to each record."""

    def __init__(self, worker: str) -> None:
        super().__init__()
        self.worker = worker

    def filter(self, record: logging.LogRecord) -> bool:
        """Sets the fields on the record; lets every record through."""
        update = current_update.get()
        record.update_id = update
        record.worker = self.worker
        return True


class TextFormatter(logging.Formatter):
    """A plain line per record, scrubbed."""

    def __init__(self, scrub: Scrubber) -> None:
        super().__init__(TEXT_FORMAT)
        self.scrub = scrub

    def format(self, record: logging.LogRecord) -> str:
        """Returns the record's line (its update's id at the end) and traceback, scrubbed."""
        update = getattr(record, "update_id", None)
        record.update = f" (update {update})" if update is not None else ""
        return self.scrub(super().format(record))


class JsonLineFormatter(JsonFormatter):
    """One JSON object per record (time, level, logger, message, update_id, worker, exc_info), scrubbed."""

    def __init__(self, scrub: Scrubber) -> None:
        renamed = {"asctime": "time", "levelname": "level", "name": "logger"}
        super().__init__(JSON_FIELDS, rename_fields=renamed, json_ensure_ascii=False)
        self.scrub = scrub

    def format(self, record: logging.LogRecord) -> str:
        """Returns the record's JSON line, scrubbed (non-ASCII kept as is, so a name is found as it was given)."""
        return self.scrub(super().format(record))


def setup_logging(
    level: str, json_lines: bool, personal: bool, secrets: Iterable[str | None], worker: str
) -> logging.Handler:
    """Sends the root logger's records at level to standard error, as JSON lines or plain ones; returns the handler."""
    handler = logging.StreamHandler(sys.stderr)
    scrub = Scrubber(secrets, personal)
    handler.setFormatter(JsonLineFormatter(scrub) if json_lines else TextFormatter(scrub))
    handler.addFilter(UpdateFilter(worker))
    root = logging.getLogger()
    root.handlers = [handler]
    root.setLevel(level.upper())
    for noisy in QUIET_LOGGERS:
        logging.getLogger(noisy).setLevel(max(logging.WARNING, root.level))
    if not personal:  # its DEBUG lines carry whole requests: the texts sent, the names in them
        logging.getLogger("telegram").setLevel(max(logging.INFO, root.level))
    return handler
