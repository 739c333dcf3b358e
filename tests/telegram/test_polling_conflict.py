"""A second polling worker: Telegram answers one of the two getUpdates with 409 Conflict, and that worker stops with
one line saying to use a webhook for several workers, exit status 1, no traceback."""

from __future__ import annotations

from pathlib import Path

from tools.process import BotProcess
from tools.telegram import WAIT_CEILING, BotApiEmulator

LINE = (
    "Another process takes this bot's updates (a second polling worker, or a webhook): "
    "to run several workers, give each the same BANGBOT_WEBHOOK_URL."
)


def test_a_second_polling_worker_makes_one_of_them_stop_with_one_line(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'bot.sqlite3'}"
    with BotApiEmulator() as emulator:
        first = BotProcess(emulator, url, tmp_path / "first.log", LANGUAGE="en")
        second = BotProcess(emulator, url, tmp_path / "second.log", LANGUAGE="en")
        first.start()
        try:
            second.start()
            emulator.wait_until(lambda: not (first.alive() and second.alive()), WAIT_CEILING, "a worker to stop")
            stopped, running = (first, second) if not first.alive() else (second, first)
            assert stopped.process is not None and stopped.process.wait(timeout=WAIT_CEILING) == 1
            log = stopped.log.read_text().splitlines()
            assert log == [LINE], log
            assert running.alive()  # the one left polls on
        finally:
            for worker in (first, second):
                if worker.alive():
                    worker.stop()
