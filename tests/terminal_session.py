"""A terminal game in its own process, driven like a person at the keyboard: wait for a prompt, type, press Ctrl-C."""

from __future__ import annotations

import errno
import os
import pty
import re
import signal
import subprocess
import sys
import termios
from contextlib import suppress

PROMPT = "Your choice ("
WAIT_CEILING = 300.0  # only against a hang: every wait ends when its condition holds
END_OF_INPUT = b"\x04"  # Ctrl-D at the start of a line: a terminal's end of input


class TerminalSession:
    """The terminal game with piped standard input and output, or (tty=True) on a real pseudo-terminal."""

    def __init__(self, *args: str, env: dict[str, str] | None = None, tty: bool = False) -> None:
        self.tty = tty
        if tty:
            self.master, slave = pty.openpty()
            attrs = termios.tcgetattr(slave)
            attrs[3] &= ~termios.ECHO  # what is typed is not printed back: the output is the game's alone
            termios.tcsetattr(slave, termios.TCSANOW, attrs)
            streams: dict[str, int] = {"stdin": slave, "stdout": slave}
        else:
            streams = {"stdin": subprocess.PIPE, "stdout": subprocess.PIPE}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bangbot", *args],
            **streams,  # type: ignore[arg-type]
            stderr=subprocess.PIPE,
            env={**os.environ, **(env or {})},
            # A person's terminal delivers Ctrl-C; a job started in the background of a script (as CI may start
            # this suite) inherits SIGINT ignored, so the game gets the terminal's default back.
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        if tty:
            os.close(slave)
        self.raw = b""

    @property
    def output(self) -> int:
        """Returns the file descriptor the game's output is read from."""
        if self.tty:
            return self.master
        assert self.process.stdout is not None
        return self.process.stdout.fileno()

    @property
    def text(self) -> str:
        """Returns everything printed so far (a terminal's line ends read as plain newlines)."""
        return self.raw.decode("utf-8", errors="replace").replace("\r\n", "\n")

    def read(self) -> bytes:
        """Returns the next output there is, waiting for it; b"" once the game has exited."""
        try:
            return os.read(self.output, 65536)
        except OSError as error:  # a pseudo-terminal whose other end is closed
            if error.errno == errno.EIO:
                return b""
            raise

    def wait_for(self, *markers: str) -> str:
        """Reads output until one of markers appears after what was read before; returns that marker ('' at exit)."""
        start = len(self.raw)
        while True:
            new = self.raw[start:].decode("utf-8", errors="ignore").replace("\r\n", "\n")
            for marker in markers:
                if marker in new:
                    return marker
            chunk = self.read()
            if not chunk:
                return ""
            self.raw += chunk

    def type(self, *lines: str) -> None:
        """Types lines, all at once (what a fast typist does before the game reads the first)."""
        data = b"".join(line.encode() + b"\n" for line in lines)
        if self.tty:
            os.write(self.master, data)
            return
        assert self.process.stdin is not None
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def interrupt(self) -> None:
        """Presses Ctrl-C."""
        self.process.send_signal(signal.SIGINT)

    def finish(self) -> tuple[int, str, str]:
        """Ends the input, waits for the exit; returns the exit status, all output and standard error."""
        if self.tty:
            with suppress(OSError):
                os.write(self.master, END_OF_INPUT)
        else:
            assert self.process.stdin is not None
            with suppress(BrokenPipeError):
                self.process.stdin.close()
        while chunk := self.read():
            self.raw += chunk
        code = self.process.wait(timeout=WAIT_CEILING)
        if self.tty:
            os.close(self.master)
        assert self.process.stderr is not None
        return code, self.text, self.process.stderr.read().decode()


def private_frames(text: str, title: str = "private chat") -> list[list[str]]:
    """Returns the lines inside each frame printed under title (a private chat's), without the frame's border."""
    frames = re.findall(rf"^┌─ {re.escape(title)}\n(.*?)^└─", text, re.M | re.S)
    return [[line.removeprefix("│ ").removeprefix("│") for line in f.splitlines()] for f in frames]


def orphans(text: str, depth: int, heading: str = "", title: str = "private chat") -> list[str]:
    """Returns the lines of private frames indented by depth or more (a marker ▶ counts as blank) printed without
    the heading they belong to: the nearest less indented line above them in their paragraph, which must contain
    heading when one is given (title: of the frames read, another chat's)."""
    found: list[str] = []
    for lines in private_frames(text, title):
        above: list[str] = []  # the paragraph so far
        for line in lines:
            if not line.strip():
                above = []
                continue
            indent = len(line) - len(line.lstrip(" ▶"))
            owner = next((a for a in reversed(above) if len(a) - len(a.lstrip(" ▶")) < indent), None)
            if indent >= depth and (owner is None or heading not in owner):
                found.append(line)
            above.append(line)
    return found
