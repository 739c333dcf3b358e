"""Error reports to the person who runs the bot: every error logged goes to them privately, at most one per kind in
REPORT_WINDOW_SECONDS (the rest counted and told once the window is over), and without personal data: only code
locations, the log line's template, the exception's class, the update's id and the worker's label.
"""

from __future__ import annotations

import asyncio
import logging
import time
import traceback
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass, replace
from pathlib import Path

from bangbot.i18n import Translator
from bangbot.server.logs import current_update

log = logging.getLogger(__name__)
REPORT_WINDOW_SECONDS = 600.0
FRAMES_SHOWN = 4  # the innermost frames of the traceback
TEMPLATE_SHOWN = 160
PACKAGE_ROOT = Path(__file__).resolve().parents[2]
reporting: ContextVar[bool] = ContextVar("bangbot_reporting", default=False)  # set while a report is being sent


@dataclass(frozen=True)
class Report:
    """One error as the owner reads it: what was logged, where, for which update; `more` errors like it not told."""

    worker: str
    logger: str
    template: str
    error: str | None  # the exception's class
    frames: tuple[str, ...]  # "file:line in function", innermost last
    update_id: int | None
    more: int = 0

    @property
    def kind(self) -> tuple[str, str, str | None, str]:
        """Returns what makes two errors the same kind: logger, template, exception class, innermost frame."""
        return self.logger, self.template, self.error, self.frames[-1] if self.frames else ""

    def text(self, tr: Translator) -> str:
        """Returns the report in the owner's language."""
        lines = [tr.gettext("⚠️ An error in the bot (worker {worker}):", worker=self.worker)]
        lines.append(f"{self.logger}: {self.template}")
        if self.error is not None:
            lines.append(self.error)
        lines += [f"  {frame}" for frame in self.frames]
        if self.update_id is not None:
            lines.append(tr.gettext("Update: {update}", update=self.update_id))
        if self.more:
            lines.append(
                tr.ngettext(
                    "{n} more error of this kind in the last 10 minutes was not reported one by one.",
                    "{n} more errors of this kind in the last 10 minutes were not reported one by one.",
                    self.more,
                )
            )
        return "\n".join(lines)


def report_of(record: logging.LogRecord, worker: str) -> Report:
    """Returns the report of a log record: its template (never its arguments) and its exception's class and frames
    (never its message), which say where without saying whom."""
    error: str | None = None
    frames: tuple[str, ...] = ()
    if record.exc_info is not None and record.exc_info[0] is not None:
        error = record.exc_info[0].__qualname__
        summary = traceback.extract_tb(record.exc_info[2])[-FRAMES_SHOWN:]
        frames = tuple(f"{short_path(f.filename)}:{f.lineno} in {f.name}" for f in summary)
    template = str(record.msg)[:TEMPLATE_SHOWN]
    return Report(worker, record.name, template, error, frames, current_update.get())


def short_path(filename: str) -> str:
    """Returns a source file's path inside its package (the project's, or an installed one's): no home folder."""
    path = Path(filename).resolve()
    if "site-packages" in path.parts:
        return "/".join(path.parts[path.parts.index("site-packages") + 1 :])
    try:
        return str(path.relative_to(PACKAGE_ROOT))
    except ValueError:
        return "/".join(path.parts[-2:])


class OwnerReports(logging.Handler):
    """A logging handler that turns ERROR records into reports sent by `send`, rate-limited per kind."""

    def __init__(
        self,
        send: Callable[[Report], Awaitable[None]],
        loop: asyncio.AbstractEventLoop,
        worker: str,
        window: float = REPORT_WINDOW_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(logging.ERROR)
        self.send = send
        self.loop = loop
        self.worker = worker
        self.window = window
        self.clock = clock
        self.sent_at: dict[tuple[str, str, str | None, str], float] = {}
        self.held: dict[tuple[str, str, str | None, str], tuple[Report, int]] = {}  # the latest not told, how many
        self.tasks: set[asyncio.Task[None]] = set()

    def emit(self, record: logging.LogRecord) -> None:
        """Reports the record (from any thread); not one logged while a report was being sent."""
        if reporting.get() or record.name == __name__:
            return
        report = report_of(record, self.worker)
        try:
            self.loop.call_soon_threadsafe(self.arrived, report)
        except RuntimeError:  # the loop is closed: the bot has stopped
            return

    def arrived(self, report: Report) -> None:
        """Sends the report now if none of its kind went out within the window, else holds it and counts it (on the
        loop); the count goes out when the window ends."""
        kind = report.kind
        last = self.sent_at.get(kind)
        now = self.clock()
        if last is None or now - last >= self.window:
            self.sent_at[kind] = now
            self.dispatch(report)
            return
        held = self.held.get(kind)
        if held is None:
            self.loop.call_later(last + self.window - now, self.window_over, kind)
        self.held[kind] = (report, (held[1] if held else 0) + 1)

    def window_over(self, kind: tuple[str, str, str | None, str]) -> None:
        """Tells how many errors of a kind were held back in its window (with the latest of them); a new window."""
        report, count = self.held.pop(kind)
        self.sent_at[kind] = self.clock()
        self.dispatch(replace(report, more=count))

    def dispatch(self, report: Report) -> None:
        """Sends a report in a task of its own; a failure to send is logged as a warning, never reported again."""

        async def sending() -> None:
            reporting.set(True)
            try:
                await self.send(report)
            except Exception as error:
                log.warning("could not send an error report to the owner: %s", type(error).__name__)

        task = self.loop.create_task(sending())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
