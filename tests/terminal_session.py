"""A terminal game in its own process, driven like a person at the keyboard: wait for a prompt, type, press Ctrl-C."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from contextlib import suppress

PROMPT = "Your choice ("
WAIT_CEILING = 300.0  # only against a hang: every wait ends when its condition holds


class TerminalSession:
    """The terminal game with piped standard input and output."""

    def __init__(self, *args: str, env: dict[str, str] | None = None) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bangbot", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, **(env or {})},
            # A person's terminal delivers Ctrl-C; a job started in the background of a script (as CI may start
            # this suite) inherits SIGINT ignored, so the game gets the terminal's default back.
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        self.raw = b""

    @property
    def text(self) -> str:
        """Returns everything printed so far."""
        return self.raw.decode("utf-8", errors="replace")

    def wait_for(self, *markers: str) -> str:
        """Reads output until one of markers appears after what was read before; returns that marker ('' at exit)."""
        assert self.process.stdout is not None
        start = len(self.raw)
        while True:
            new = self.raw[start:].decode("utf-8", errors="ignore")
            for marker in markers:
                if marker in new:
                    return marker
            chunk = os.read(self.process.stdout.fileno(), 65536)
            if not chunk:
                return ""
            self.raw += chunk

    def type(self, line: str) -> None:
        """Types a line."""
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()

    def interrupt(self) -> None:
        """Presses Ctrl-C."""
        self.process.send_signal(signal.SIGINT)

    def finish(self) -> tuple[int, str, str]:
        """Closes the input, waits for the exit; returns the exit status, all output and standard error."""
        assert self.process.stdin is not None and self.process.stdout is not None
        with suppress(BrokenPipeError):
            self.process.stdin.close()
        while chunk := os.read(self.process.stdout.fileno(), 65536):
            self.raw += chunk
        code = self.process.wait(timeout=WAIT_CEILING)
        assert self.process.stderr is not None
        return code, self.text, self.process.stderr.read().decode()
