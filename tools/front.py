"""The one webhook address in front of several bot workers, as a proxy would stand before them (tests and benches).

Telegram posts every update to one URL; the front hands it on to a worker's webhook: one worker per update, taking
turns (a worker that refuses the connection is skipped, as a proxy's health check would), or, for tests that want
two workers to see the same press, every button press to every worker. It answers Telegram once the worker did.
"""

from __future__ import annotations

import itertools
import socket
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
FORWARD_TIMEOUT = 60.0  # only a ceiling against a hung worker; a worker answers in milliseconds


class WebhookFront:
    """Takes Telegram's updates on 127.0.0.1 and posts each to the webhook of one worker (or a press to every one)."""

    def __init__(self, ports: list[int], path: str = "telegram", presses_to_all: bool = False) -> None:
        self.ports = ports
        self.path = path
        self.presses_to_all = presses_to_all
        self.turns = itertools.count()
        self.forwarded: list[tuple[str, list[int]]] = []  # each update's kind and the workers it went to
        self.per_worker: Counter[int] = Counter()
        self._guard = threading.Lock()
        front = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                ok = front.hand_on(body, self.headers.get(SECRET_HEADER, ""))
                self.send_response(200 if ok else 502)
                self.end_headers()

            def log_message(self, *args: object) -> None:
                """Stays quiet."""

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        """Returns the webhook URL Telegram posts to."""
        return f"http://127.0.0.1:{self.server.server_address[1]}/{self.path}"

    def start(self) -> WebhookFront:
        """Starts serving in a thread; returns itself."""
        self.thread.start()
        return self

    def stop(self) -> None:
        """Stops serving."""
        self.server.shutdown()
        self.server.server_close()

    def hand_on(self, body: bytes, secret: str) -> bool:
        """Posts one update to its worker (or a press to every worker); returns whether one took it."""
        press = b'"callback_query"' in body
        if press and self.presses_to_all:
            targets = list(self.ports)
            threads = [threading.Thread(target=post, args=(port, self.path, body, secret)) for port in targets]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            self._count("callback_query", targets)
            return True
        first = next(self.turns)
        for n in range(len(self.ports)):
            port = self.ports[(first + n) % len(self.ports)]
            if post(port, self.path, body, secret):
                self._count("callback_query" if press else "other", [port])
                return True
        return False

    def _count(self, kind: str, targets: list[int]) -> None:
        """Records where an update went."""
        with self._guard:
            self.forwarded.append((kind, targets))
            self.per_worker.update(targets)


def post(port: int, path: str, body: bytes, secret: str) -> bool:
    """Posts an update to a worker's webhook; returns whether it answered 200 (False: refused, down or failed)."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/{path}",
        data=body,
        headers={"Content-Type": "application/json", SECRET_HEADER: secret},
    )
    try:
        with urllib.request.urlopen(request, timeout=FORWARD_TIMEOUT) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, OSError):
        return False


def wait_port(port: int, timeout: float, alive: Callable[[], bool] | None = None) -> bool:
    """Waits until something listens on a local port; returns False after timeout s, or once alive() is False."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return True
        if alive is not None and not alive():
            return False
        time.sleep(0.1)
    return False
