"""The HTTP app in process: each readiness check and what fails it, routes mounted beside the bot's, the webhook."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Mount, Route

from bangbot.server.app import SECRET_HEADER, Webhook, build_app
from bangbot.server.health import Reach, Readiness


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def readiness(backlog: int = 0, database: bool = True, probe_ok: bool = True, reach: Reach | None = None) -> Readiness:
    """Returns readiness checks over fakes: a database that answers (or not), this backlog, a Bot API probe."""
    probes: list[int] = []

    async def ping() -> None:
        if not database:
            raise ConnectionError("postgresql://user:password@db/bangbot is down")

    async def totals() -> tuple[int, int]:
        await ping()
        return backlog, 3

    async def probe() -> object:
        probes.append(1)
        if not probe_ok:
            raise TimeoutError
        return object()

    return Readiness(ping, totals, reach or Reach(), probe, backlog_bound=100)


def test_ready_only_when_every_check_passes() -> None:
    assert asyncio.run(readiness().failures()) == {}
    assert list(asyncio.run(readiness(backlog=101).failures())) == ["outbox"]
    failed = asyncio.run(readiness(database=False).failures())
    assert failed == {"database": "ConnectionError"}, "the driver's message (it may hold a password) stays out"
    assert list(asyncio.run(readiness(probe_ok=False).failures())) == ["bot_api"]


def test_the_bot_api_counts_as_reached_while_its_last_answer_is_recent() -> None:
    clock = Clock()
    reach = Reach(clock)
    reach.answered()
    checks = readiness(probe_ok=False, reach=reach)
    assert asyncio.run(checks.failures()) == {}, "answered a moment ago: no probe needed"
    clock.now += 61
    assert list(asyncio.run(checks.failures())) == ["bot_api"], "too long ago: the probe decides, and it fails"
    reach.answered()
    clock.now += 1
    reach.failed()
    assert list(asyncio.run(checks.failures())) == ["bot_api"], "the last request found it unreachable"


def client(app: Starlette) -> httpx.AsyncClient:
    """Returns an HTTP client that calls the app in process."""
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://bot")


def test_extra_routes_are_served_beside_the_bots_own() -> None:
    async def requests() -> None:
        board = Mount("/app", routes=[Route("/", lambda request: PlainTextResponse("the board"))])
        stolen = Route("/healthz", lambda request: PlainTextResponse("not the bot's"))
        async with client(build_app(readiness(), extra_routes=[board, stolen])) as http:
            assert (await http.get("/app/")).text == "the board"
            assert (await http.get("/healthz")).json() == {"alive": True}, "an extra route does not shadow the bot's"
            assert (await http.get("/readyz")).json() == {"ready": True}
            assert (await http.post("/telegram")).status_code in (404, 405), "no webhook without one given"

    asyncio.run(requests())


def test_the_webhook_takes_updates_with_the_secret_only() -> None:
    taken: list[dict[str, Any]] = []

    async def accept(update: dict[str, Any]) -> None:
        taken.append(update)

    update = {"update_id": 7, "message": {}}

    async def requests() -> list[int]:
        async with client(build_app(readiness(), Webhook("hook/path", "s3cret", accept))) as http:
            return [
                (await http.post("/hook/path", json=update)).status_code,
                (await http.post("/hook/path", json=update, headers={SECRET_HEADER: "s3cre"})).status_code,
                (await http.post("/hook/path", content=b"[]", headers={SECRET_HEADER: "s3cret"})).status_code,
                (await http.post("/hook/path", json=update, headers={SECRET_HEADER: "s3cret"})).status_code,
            ]

    assert asyncio.run(requests()) == [403, 403, 400, 200]
    assert taken == [update]
