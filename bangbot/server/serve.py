"""Serving the HTTP app with uvicorn inside the bot's own event loop, stopped by the bot, never by uvicorn's signals."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn
from starlette.types import ASGIApp

GRACEFUL_SECONDS = 5.0  # open requests get this long to finish when the bot stops


class EmbeddedServer(uvicorn.Server):
    """A uvicorn server that leaves the process's signals to its owner (the bot stops it with `should_exit`)."""

    @contextmanager
    def capture_signals(self) -> Iterator[None]:
        """Captures nothing: SIGTERM is the bot's, which stops this server as one step of its own stop."""
        yield


def embedded_server(app: ASGIApp, host: str, port: int) -> EmbeddedServer:
    """Returns a server for app on host:port that logs through the bot's logging, without access lines."""
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_config=None,
        access_log=False,
        lifespan="off",
        timeout_graceful_shutdown=int(GRACEFUL_SECONDS),
    )
    return EmbeddedServer(config)


async def started(server: EmbeddedServer) -> asyncio.Task[None]:
    """Starts serving in a task of the running loop; returns it once the server listens (raises if it cannot)."""
    task = asyncio.get_running_loop().create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()  # raises the server's error, e.g. the port taken
            raise RuntimeError("the HTTP server stopped before it listened")
        await asyncio.sleep(0.02)
    return task
