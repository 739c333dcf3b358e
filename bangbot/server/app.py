"""The bot's HTTP app: Telegram's webhook (in webhook mode), /healthz, /readyz, /metrics, and mounted extras.

`build_app` takes `extra_routes`: any Starlette routes (a `Mount("/app", app=...)` for the Mini App, a `Route`)
served beside the bot's own by the same server, in the bot's event loop, so a route's handler may await the game
service directly. The bot's own paths come first; an extra route cannot shadow them.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from bangbot.server.health import CHECK_TIMEOUT_SECONDS, Readiness
from bangbot.server.metrics import set_totals

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
MAX_UPDATE_BYTES = 1 << 20  # an update is a few kilobytes; anything this large is not one


@dataclass(frozen=True)
class Webhook:
    """Where Telegram posts updates, the secret it sends with each, and what takes a parsed update."""

    path: str
    secret: str
    accept: Callable[[dict[str, Any]], Awaitable[None]]


def build_app(
    readiness: Readiness, webhook: Webhook | None = None, extra_routes: Sequence[BaseRoute] = ()
) -> Starlette:
    """Returns the ASGI app: the webhook route (when given), /healthz, /readyz, /metrics, then extra_routes."""
    routes: list[BaseRoute] = []
    if webhook is not None:
        routes.append(Route("/" + webhook.path.strip("/"), webhook_endpoint(webhook), methods=["POST"]))
    routes += [
        Route("/healthz", healthz, methods=["GET"]),
        Route("/readyz", readyz_endpoint(readiness), methods=["GET"]),
        Route("/metrics", metrics_endpoint(readiness), methods=["GET"]),
        *extra_routes,
    ]
    return Starlette(routes=routes)


def webhook_endpoint(webhook: Webhook) -> Callable[[Request], Awaitable[Response]]:
    """Returns the webhook's handler: a wrong or missing secret is 403 (compared in constant time), a body that is
    not an update 400; an update is handed over and answered 200 at once."""
    expected = webhook.secret.encode()

    async def receive(request: Request) -> Response:
        given = request.headers.get(SECRET_HEADER, "").encode()
        if not hmac.compare_digest(given, expected):
            return PlainTextResponse("forbidden", status_code=403)
        body = await request.body()
        try:
            update = json.loads(body) if len(body) <= MAX_UPDATE_BYTES else None
        except ValueError:
            update = None
        if not isinstance(update, dict) or not isinstance(update.get("update_id"), int):
            return PlainTextResponse("not an update", status_code=400)
        await webhook.accept(update)
        return Response(status_code=200)

    return receive


async def healthz(_: Request) -> Response:
    """Answers 200 while the event loop runs."""
    return JSONResponse({"alive": True})


def readyz_endpoint(readiness: Readiness) -> Callable[[Request], Awaitable[Response]]:
    """Returns the readiness handler: 200 when every check passes, else 503 naming the checks that failed."""

    async def readyz(_: Request) -> Response:
        failed = await readiness.failures()
        if failed:
            return JSONResponse({"ready": False, "failed": failed}, status_code=503)
        return JSONResponse({"ready": True})

    return readyz


def metrics_endpoint(readiness: Readiness) -> Callable[[Request], Awaitable[Response]]:
    """Returns the metrics handler: the database's totals read now (kept as last read if it does not answer), then
    every metric in Prometheus' text format."""

    async def metrics(_: Request) -> Response:
        with contextlib.suppress(Exception):  # /readyz says what is wrong; the counters are still worth reading
            set_totals(*await asyncio.wait_for(readiness.totals(), CHECK_TIMEOUT_SECONDS))
        return Response(generate_latest(), media_type=CONTENT_TYPE_LATEST)

    return metrics
