"""Update delivery: getUpdates long polls and webhook posts with their retries."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Coroutine, Mapping
from typing import Any

from tools.telegram.methods import Methods
from tools.telegram.model import _Webhook
from tools.telegram.parameters import _Params
from tools.telegram.values import JSON, ApiError
from tools.telegram.wire import _http_post


class Delivery(Methods):
    """Hands updates to the bot by long polling or by webhook (on the emulator's loop)."""

    def _on_signal(self) -> None:
        """Wakes every waiting getUpdates and starts webhook deliveries (on the emulator's loop)."""
        event = self._poll_event
        if event is not None:
            self._poll_event = asyncio.Event()
            event.set()
        self._kick_webhook()

    def _confirm(self, offset: int) -> None:
        """Forgets updates confirmed by a getUpdates offset (negative: keep only the last -offset updates)."""
        if offset < 0:
            del self._pending[: max(0, len(self._pending) + offset)]
        elif offset > 0:
            self._pending = [update for update in self._pending if update["update_id"] >= offset]

    async def _get_updates(self, p: _Params) -> list[JSON]:
        """getUpdates: confirms by offset, then answers at once or when an update arrives or the timeout ends."""
        loop = asyncio.get_running_loop()
        with self._lock:
            if self._webhook is not None:
                raise ApiError(
                    409,
                    "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the "
                    "webhook first",
                )
            offset = p.integer("offset", 0) or 0
            limit = min(max(p.integer("limit", 100) or 100, 1), 100)
            timeout = min(max(p.integer("timeout", 0) or 0, 0), 50)
            self._set_allowed_updates(p.obj("allowed_updates", "can't parse allowed updates JSON object"))
            self._confirm(offset)
            self._poll_generation += 1
            generation = self._poll_generation
        self._on_signal()
        deadline = loop.time() + timeout
        while True:
            with self._lock:
                if generation != self._poll_generation:
                    raise ApiError(
                        409,
                        "Conflict: terminated by other getUpdates request; make sure that only one bot instance "
                        "is running",
                    )
                if self._webhook is not None:
                    raise ApiError(409, "Conflict: terminated by setWebhook request")
                batch = self._pending[:limit]
                remaining = deadline - loop.time()
                if batch or remaining <= 0:
                    if batch:
                        self._max_fetched_id = max(self._max_fetched_id, batch[-1]["update_id"])
                        self._last_activity = time.monotonic()
                        self._notify()
                    return batch
                event = self._poll_event
            if event is None:
                return []
            with self._lock:
                self._waiting_polls += 1
                self._notify()
            try:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(event.wait(), remaining)
            finally:
                with self._lock:
                    self._waiting_polls -= 1

    # -- internals: webhook delivery -----------------------------------------------------------------------------------

    def _kick_webhook(self) -> None:
        """Starts deliveries of pending updates up to max_connections in flight (on the emulator's loop)."""
        loop = self._loop
        if loop is None:
            return
        with self._lock:
            hook = self._webhook
            if hook is None:
                return
            now = time.monotonic()
            free = hook.max_connections - len(self._inflight)
            starting: list[JSON] = []
            for update in self._pending:
                if free <= 0:
                    break
                uid = update["update_id"]
                if uid in self._inflight or self._retry_at.get(uid, 0.0) > now:
                    continue
                self._inflight.add(uid)
                starting.append(update)
                free -= 1
        for update in starting:
            self._spawn(self._deliver(hook, update))

    def _spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        """Runs a coroutine as a task tracked for shutdown (on the emulator's loop)."""
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _deliver(self, hook: _Webhook, update: JSON) -> None:
        """POSTs one update to the webhook; on failure records the error and schedules a retry."""
        uid = int(update["update_id"])
        headers = {"X-Telegram-Bot-Api-Secret-Token": hook.secret_token} if hook.secret_token else {}
        error: str | None = None
        reply: Any = None
        try:
            status, reason, response_headers, body = await asyncio.wait_for(
                _http_post(hook.url, json.dumps(update).encode("utf-8"), headers), self._webhook_timeout
            )
            if not 200 <= status < 300:
                error = f"Wrong response from the webhook: {status} {reason}".strip()
            elif body and "json" in response_headers.get("content-type", ""):
                with contextlib.suppress(ValueError):
                    reply = json.loads(body)
        except TimeoutError:
            error = "Read timeout expired"
        except ConnectionRefusedError:
            error = "Connection refused"
        except (OSError, ValueError, asyncio.IncompleteReadError) as exc:
            error = f"Connection failed: {exc}"
        loop = asyncio.get_running_loop()
        with self._lock:
            self._inflight.discard(uid)
            self._last_activity = time.monotonic()
            if error is None:
                self._pending = [u for u in self._pending if u["update_id"] != uid]
                self._max_fetched_id = max(self._max_fetched_id, uid)
                self._retry_at.pop(uid, None)
                self._attempts.pop(uid, None)
            else:
                self._webhook_error = (int(self._clock()), error)
                attempts = self._attempts[uid] = self._attempts.get(uid, 0) + 1
                delay = min(self._webhook_retry_delay * 2 ** (attempts - 1), 5.0)
                self._retry_at[uid] = time.monotonic() + delay
                loop.call_later(delay, self._kick_webhook)
            self._notify()
        if isinstance(reply, dict) and isinstance(reply.get("method"), str):
            params = {key: value for key, value in reply.items() if key != "method"}
            await self._call(str(reply["method"]), params)
        self._kick_webhook()

    async def _call(self, method: str, raw: Mapping[str, Any], received: float | None = None) -> tuple[int, JSON]:
        """Runs one Bot API method with raw parameters (the server layer fills it in)."""
        raise NotImplementedError
