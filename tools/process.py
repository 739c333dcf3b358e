"""The bot as its own process (`python -m tools.faulty_bot`: the bangbot command with the fault hooks) against the
local Bot API emulator."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tools.telegram import BotApiEmulator

START_TIMEOUT = 300.0  # only a ceiling against a hung start; a start normally takes a second or two
CHECKOUT = Path(__file__).parents[1]  # where tools/ is importable from
STOP_TIMEOUT = 60.0  # only a ceiling against a hung stop; a stop normally takes a second or two
UTIME_FIELD = 14  # /proc/PID/stat: utime is field 14, stime field 15 (proc(5)), in clock ticks


class BotProcess:
    """Starts, stops and kills the bot process; start() returns once it polls for updates."""

    def __init__(
        self,
        emulator: BotApiEmulator,
        database_url: str,
        log: Path,
        group_rate: str = "20/60",
        module: str = "tools.faulty_bot",
        **env: str,
    ) -> None:
        self.env = {
            **os.environ,
            "BANGBOT_TOKEN": emulator.token,
            "BANGBOT_API_URL": emulator.base_url,
            "DATABASE_URL": database_url,
            "BANGBOT_TICK_SECONDS": "1",
            "BANGBOT_GROUP_RATE": group_rate,
            "BANGBOT_GROUP_MERGE_SECONDS": "0",  # tests wait for each press's group edit: no merging window
            "BANGBOT_GROUP_HOLD_SECONDS": "0",  # ... and none held for a quiet turn
            # tests and benches read the outbox from this process: a shown row is deleted a second after its delivery
            # settled, not when its game's next write carries it (storage.deferred)
            "BANGBOT_HELD_WRITES_SECONDS": "1",
            **env,
        }
        self.env.pop("BANGBOT_FAULT", None)
        self.emulator = emulator
        self.module = module  # what `python -m` runs: the bot with its fault hooks, or a test's variant of it
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, fault: str | None = None) -> float:
        """Starts the process (with a planned crash, BANGBOT_FAULT) and returns the seconds until it polled (or, with
        a webhook, registered it)."""
        began = time.monotonic()
        polls = self.emulator.polls_started()
        hooks = len(self.emulator.calls_to("setWebhook"))
        env = {**self.env, "BANGBOT_FAULT": fault} if fault else self.env
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", self.module], env=env, stdout=out, stderr=out, cwd=CHECKOUT
            )
        self.emulator.wait_until(
            lambda: (
                self.emulator.polls_started() > polls
                or len(self.emulator.calls_to("setWebhook")) > hooks
                or not self.alive()
            ),
            START_TIMEOUT,
            "the bot to start",
        )
        return time.monotonic() - began

    def cpu_seconds(self) -> float | None:
        """Returns the user and system CPU seconds the running process has used, all its threads (Linux /proc; None
        elsewhere or once it ended)."""
        if self.process is None:
            return None
        try:
            stat = Path(f"/proc/{self.process.pid}/stat").read_text()
        except OSError:
            return None
        fields = stat.rsplit(")", 1)[1].split()  # after the command's name, from the state (field 3) on
        return (int(fields[UTIME_FIELD - 3]) + int(fields[UTIME_FIELD - 2])) / os.sysconf("SC_CLK_TCK")

    def alive(self) -> bool:
        """Returns whether the process runs."""
        return self.process is not None and self.process.poll() is None

    def stop(self, timeout: float = STOP_TIMEOUT) -> None:
        """Stops the process the way a service manager does (SIGTERM) and waits for it; one that does not stop in
        time is killed (no process outlives a failed test) and the wait's TimeoutExpired raised."""
        assert self.process is not None
        self.process.terminate()
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise

    def kill(self) -> None:
        """Kills the process with SIGKILL, as a crash or an out-of-memory kill would, and reaps it."""
        assert self.process is not None
        if self.alive():
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=60)

    def killed(self) -> bool:
        """Returns whether the process ended by SIGKILL (its own planned crash, or kill())."""
        return self.process is not None and self.process.poll() == -signal.SIGKILL


def checkout_env(checkout: Path | None) -> dict[str, str]:
    """Returns the environment that makes `python -m` import bangbot and tools/ from `checkout` (none: nothing)."""
    if checkout is None:
        return {}
    path = os.pathsep.join(filter(None, [str(checkout), os.environ.get("PYTHONPATH")]))
    return {"PYTHONPATH": path, "PYTHONSAFEPATH": "1"}  # the checkout's packages, not the working folder's
