"""The HTTP server: HTTP/1.1 plumbing, routing /bot<token>/<method>, injected failures and the lifecycle."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from types import TracebackType
from typing import Any, Self
from urllib.parse import urlsplit

from tools.telegram.model import _bad, _Described
from tools.telegram.parameters import _decode_params, _Params, _record_params
from tools.telegram.updates import Delivery
from tools.telegram.values import _PATH_RE, JSON, ApiCall, ApiError
from tools.telegram.wire import _http_response, _parse_headers, _read_body, _read_head


class Server(Delivery):
    """Serves the Bot API over HTTP on 127.0.0.1 in its own thread and loop."""

    def answer_with(self, method: str, result: Callable[[], object]) -> None:
        """Makes a method answer `{"ok": true, "result": result()}` whatever it is asked (a broken Bot API)."""
        name, _ = self._methods.get(method.lower(), (method, None))
        self._methods[method.lower()] = (name, lambda p: result())

    def fail_requests(self, status: int, retry_after: int = 0, methods: Iterable[str] | None = None) -> None:
        """From now until heal(), answers the bot's requests (of these methods; never getUpdates) with a failure.

        status 502: "Bad Gateway"; 429: "Too Many Requests" asking to retry after retry_after s; 0: no answer at all
        (the request is lost: its connection closes at heal(), the method not run), as when Telegram times out.
        """
        wanted = frozenset(m.lower() for m in methods) if methods is not None else None
        with self._lock:
            self._outage = (status, retry_after, wanted)

    def lose_replies(self, methods: Iterable[str] | None = None, count: int | None = None) -> None:
        """From now until heal() (or for the next `count` of them), runs each request of these methods (None: all but
        getUpdates) but drops its connection instead of answering: the reply is lost though the request was applied."""
        with self._lock:
            self._losing = frozenset(m.lower() for m in methods) if methods is not None else None
            self._replies_to_lose = count

    def heal(self) -> None:
        """Ends the failures fail_requests and lose_replies began: every request is served and answered again."""
        with self._lock:
            self._outage = None
            self._losing = frozenset()
            self._replies_to_lose = None

    def _loses_reply(self, name: str) -> bool:
        """Returns whether the reply to this request, applied now, is lost (lose_replies); counts it (lock held)."""
        if (self._losing is not None and name.lower() not in self._losing) or self._replies_to_lose == 0:
            return False
        if self._replies_to_lose is not None:
            self._replies_to_lose -= 1
        return True

    def _failing(self, name: str) -> tuple[int, int] | None:
        """Returns the injected failure (status, retry_after) a request of this method meets now, if any."""
        outage = self._outage
        if outage is None or name == "getUpdates" or (outage[2] is not None and name.lower() not in outage[2]):
            return None
        return outage[0], outage[1]

    async def _fail(
        self, name: str, raw: Mapping[str, Any], failure: tuple[int, int], received: float
    ) -> tuple[int, JSON]:
        """Answers a request with an injected failure (recorded as a call), or holds it unanswered until heal()."""
        status, retry_after = failure
        if status == 0:
            while self._failing(name) is not None:
                await asyncio.sleep(0.05)
            with self._lock:
                self._record(name, raw, 504, {"description": "lost: no answer"}, received)
            raise ConnectionResetError("the request was lost")
        payload: JSON = {"ok": False, "error_code": status}
        if status == 429:
            payload["description"] = f"Too Many Requests: retry after {retry_after}"
            payload["parameters"] = {"retry_after": retry_after}
        else:
            payload["description"] = "Bad Gateway"
        with self._lock:
            self._record(name, raw, status, payload, received)
        return status, payload

    # -- lifecycle -----------------------------------------------------------------------------------------------------

    def start(self) -> Self:
        """Starts serving on 127.0.0.1 (a free port unless one was given) in a background thread; returns self."""
        if self._thread is not None:
            raise RuntimeError("the emulator is already running")
        ready = threading.Event()
        failure: list[BaseException] = []

        def run() -> None:
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            try:
                server = loop.run_until_complete(
                    asyncio.start_server(self._handle_connection, "127.0.0.1", self._wanted_port)
                )
            except BaseException as exc:
                failure.append(exc)
                ready.set()
                loop.close()
                return
            self._server = server
            self._port = int(server.sockets[0].getsockname()[1])
            self._poll_event = asyncio.Event()
            self._loop = loop
            ready.set()
            try:
                loop.run_forever()
            finally:
                loop.run_until_complete(self._close_all())
                loop.close()

        self._thread = threading.Thread(target=run, name="telegram-bot-api-emulator", daemon=True)
        self._thread.start()
        if not ready.wait(10):
            raise RuntimeError("the emulator did not start within 10 s")
        if failure:
            self._thread = None
            raise failure[0]
        with self._lock:
            self._signal()
        return self

    def stop(self) -> None:
        """Stops the server, ends open connections and deliveries, and joins the thread; the world is kept."""
        thread, loop = self._thread, self._loop
        if thread is None:
            return
        if loop is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        with self._lock:
            self._thread = None
            self._loop = None
            self._server = None
            self._inflight.clear()

    async def _close_all(self) -> None:
        """Closes the listening socket, open connections and running tasks (on the emulator's loop)."""
        if self._server is not None:
            self._server.close()
        for writer in list(self._writers):
            writer.close()
        tasks = [task for task in self._tasks if not task.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def __enter__(self) -> Self:
        """Starts the emulator for a with-block."""
        return self.start()

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        """Stops the emulator at the end of a with-block."""
        self.stop()

    async def __aenter__(self) -> Self:
        """Starts the emulator for an async with-block."""
        return self.start()

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        """Stops the emulator at the end of an async with-block."""
        await asyncio.to_thread(self.stop)

    # -- internals: HTTP server ----------------------------------------------------------------------------------------

    async def _handle_connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Serves HTTP/1.1 requests (keep-alive) on one client connection."""
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        self._writers.add(writer)
        try:
            while True:
                head = await _read_head(reader)
                if head is None:
                    break
                request_line = head[0].decode("latin-1").split()
                if len(request_line) != 3:
                    writer.write(_http_response(400, _bad("malformed request line").payload(), keep_alive=False))
                    break
                verb, target, version = request_line
                headers = _parse_headers(head[1:])
                if headers.get("expect", "").lower() == "100-continue":
                    writer.write(b"HTTP/1.1 100 Continue\r\n\r\n")
                    await writer.drain()
                received = self._monotonic()  # the request arrived: its head was read
                body = await _read_body(reader, headers, to_eof=False)
                keep_alive = version.upper() == "HTTP/1.1" and headers.get("connection", "").lower() != "close"
                status, payload = await self._serve(verb, target, headers, body, received)
                writer.write(_http_response(status, payload, keep_alive=keep_alive))
                await writer.drain()
                if not keep_alive:
                    break
        except (ConnectionError, asyncio.IncompleteReadError, ValueError, asyncio.LimitOverrunError):
            pass
        except asyncio.CancelledError:
            pass  # shutdown: end quietly (asyncio.streams in 3.11 logs handler tasks that end cancelled)
        finally:
            self._writers.discard(writer)
            writer.close()
            if task is not None:
                self._tasks.discard(task)

    async def _serve(
        self, verb: str, target: str, headers: Mapping[str, str], body: bytes, received: float
    ) -> tuple[int, JSON]:
        """Routes /bot<token>/<method> to the method (arrived at `received`); returns HTTP status and JSON body."""
        parts = urlsplit(target)
        match = _PATH_RE.match(parts.path)
        if match is None or verb.upper() not in ("GET", "POST"):
            return 404, {"ok": False, "error_code": 404, "description": "Not Found"}
        token, method = match.groups()
        if token != self._token:
            return 401, {"ok": False, "error_code": 401, "description": "Unauthorized"}
        try:
            raw = _decode_params(parts.query, headers, body)
        except (ValueError, UnicodeDecodeError) as exc:
            return 400, _bad(f"can't parse request: {exc}").payload()
        return await self._call(method, raw)

    async def _call(self, method: str, raw: Mapping[str, Any], received: float | None = None) -> tuple[int, JSON]:
        """Runs one Bot API method with raw parameters, records the call, returns HTTP status and JSON body.

        received is when the request arrived (on the monotonic clock); flood limits count the request at that moment.
        A method other than getUpdates runs and is recorded under one hold of the lock, so whoever sees its effect
        (a message changed) also finds its call in `calls`.
        """
        if received is None:
            received = self._monotonic()
        entry = self._methods.get(method.lower())
        name = entry[0] if entry else method
        params = _Params(raw)
        if name == "getUpdates":
            try:
                status, payload = self._ok(await self._get_updates(params))
            except ApiError as exc:
                status, payload = exc.code, exc.payload()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                status, payload = self._internal_error(name, exc)
            with self._lock:
                self._record(name, raw, status, payload, received)
            return status, payload
        failure = self._failing(name)
        if failure is not None:
            return await self._fail(name, raw, failure, received)
        with self._lock:
            self._received = received
            try:
                if entry is None:
                    raise ApiError(404, "Not Found: method not found")
                status, payload = self._ok(entry[1](params))
            except ApiError as exc:
                status, payload = exc.code, exc.payload()
            except Exception as exc:
                status, payload = self._internal_error(name, exc)
            self._last_activity = time.monotonic()
            self._record(name, raw, status, payload, received)
            lost = self._loses_reply(name)
        if lost:
            raise ConnectionResetError("the reply was lost")  # applied, but the connection closes unanswered
        return status, payload

    @staticmethod
    def _ok(result: object) -> tuple[int, JSON]:
        """Returns the HTTP status and JSON body of a method's result."""
        payload: JSON = {"ok": True}
        if isinstance(result, _Described):
            payload["result"], payload["description"] = result.result, result.description
        else:
            payload["result"] = result
        return 200, payload

    def _internal_error(self, name: str, exc: Exception) -> tuple[int, JSON]:
        """Records a failure of the emulator itself and returns the 500 answer."""
        with self._lock:
            self._internal_errors.append(f"{name}: {type(exc).__name__}: {exc}")
        return 500, {"ok": False, "error_code": 500, "description": f"Internal Server Error: {exc}"}

    def _record(self, name: str, raw: Mapping[str, Any], status: int, payload: JSON, received: float) -> None:
        """Appends the call to `calls` and wakes waiters (lock held)."""
        self._calls.append(
            ApiCall(
                method=name,
                params=_record_params(raw),
                time=time.time(),
                ok=status == 200,
                error_code=None if status == 200 else status,
                description=payload.get("description") if status != 200 else None,
                received=received,
            )
        )
        self._notify()
