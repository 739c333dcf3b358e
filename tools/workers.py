"""Several bot processes behind one webhook front on one database, started at the same moment (tests and benches)."""

from __future__ import annotations

import contextlib
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from bangbot.storage.postgres import free_port
from tools.front import WebhookFront, wait_port
from tools.process import START_TIMEOUT, STOP_TIMEOUT, BotProcess
from tools.telegram import BotApiEmulator

SECRET = "bangbot-workers-secret"


class Workers(BotProcess):
    """N webhook workers (`python -m bangbot`) behind one WebhookFront, as one bot process to the benches' drivers;
    all write to one log file."""

    def __init__(
        self, emulator: BotApiEmulator, database_url: str, log: Path, count: int, group_rate: str, **env: str
    ) -> None:
        self.ports = [free_port() for _ in range(count)]
        self.front = WebhookFront(self.ports).start()
        webhook = {
            "BANGBOT_WEBHOOK_URL": self.front.url,
            "BANGBOT_WEBHOOK_LISTEN": "127.0.0.1",
            "BANGBOT_WEBHOOK_PATH": self.front.path,
            "BANGBOT_WEBHOOK_SECRET": SECRET,
        }
        super().__init__(emulator, database_url, log, group_rate, **webhook, **env)
        self.processes: list[subprocess.Popen[bytes] | None] = [None] * count
        self.failed_starts: list[int] = []  # the exit status of each process that ended while starting

    def start(self, fault: str | None = None) -> float:
        """Starts every worker at the same moment; one that ends while starting is counted and started again alone.

        Returns the seconds until every worker listened (no fault is planned in workers)."""
        began = time.monotonic()
        for index in range(len(self.ports)):
            self._spawn(index)
        for index, port in enumerate(self.ports):
            while not wait_port(port, START_TIMEOUT, lambda i=index: self._alive(i)):  # type: ignore[misc]
                process = self.processes[index]
                if process is None or process.poll() is None:
                    raise TimeoutError(f"worker {index} did not listen on {port}: see {self.log}")
                self.failed_starts.append(process.returncode)
                if len(self.failed_starts) > 3 * len(self.ports):
                    raise RuntimeError(f"the workers keep failing to start: see {self.log}")
                self._spawn(index)
        return time.monotonic() - began

    def _spawn(self, index: int) -> None:
        """Starts worker `index` on its port."""
        env = {**self.env, "BANGBOT_WEBHOOK_PORT": str(self.ports[index])}
        with self.log.open("ab") as out:
            self.processes[index] = subprocess.Popen([sys.executable, "-m", "bangbot"], env=env, stdout=out, stderr=out)

    def _alive(self, index: int) -> bool:
        """Returns whether worker `index` runs."""
        process = self.processes[index]
        return process is not None and process.poll() is None

    def alive(self) -> bool:
        """Returns whether every worker runs."""
        return all(self._alive(i) for i in range(len(self.ports)))

    def answer(self, route: str) -> list[int]:
        """Returns each worker's HTTP status for GET `route` at its webhook port (0: no answer)."""
        statuses = []
        for port in self.ports:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/{route}", timeout=10) as response:
                    statuses.append(int(response.status))
            except urllib.error.HTTPError as error:
                statuses.append(error.code)
            except (urllib.error.URLError, OSError):
                statuses.append(0)
        return statuses

    def kill(self) -> None:
        """Kills every worker with SIGKILL and reaps it."""
        for process in self.processes:
            if process is not None and process.poll() is None:
                process.kill()
                process.wait(timeout=STOP_TIMEOUT)

    def killed(self) -> bool:
        """Returns whether a worker ended by SIGKILL."""
        return any(p is not None and p.poll() == -signal.SIGKILL for p in self.processes)

    def stop(self, timeout: float = STOP_TIMEOUT) -> None:
        """Stops every worker as a service manager does (SIGTERM; killed when it does not stop in time), then the
        front."""
        for process in self.processes:
            if process is not None and process.poll() is None:
                process.terminate()
        for process in self.processes:
            if process is not None:
                try:
                    process.wait(timeout=timeout)
                except subprocess.TimeoutExpired:
                    process.kill()
                    with contextlib.suppress(subprocess.TimeoutExpired):
                        process.wait(timeout=STOP_TIMEOUT)
        self.front.stop()
