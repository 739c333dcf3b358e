"""The board served on its own, on 127.0.0.1 and a free port: for development (bangbot board --dev) and tests."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import AsyncIterator

import uvicorn
from starlette.applications import Starlette
from starlette.routing import Mount

from bangbot.messaging.context import Context
from bangbot.web.app import Board, BoardSettings, board_app

HOST = "127.0.0.1"
MOUNT = "/app"


def free_port() -> int:
    """Returns a TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


@contextlib.asynccontextmanager
async def serving(
    ctx: Context, settings: BoardSettings, port: int = 0, made: tuple[Starlette, Board] | None = None
) -> AsyncIterator[str]:
    """Serves the board of a game service (made by board_app, or the one given) under /app on 127.0.0.1 while the
    block runs; yields the page's URL."""
    app, board = made or board_app(ctx, settings)
    root = Starlette(routes=[Mount(MOUNT, app=app)])
    port = port or free_port()
    config = uvicorn.Config(root, host=HOST, port=port, log_level="warning", lifespan="off", timeout_keep_alive=75)
    server = uvicorn.Server(config)
    task = asyncio.get_running_loop().create_task(server.serve())
    try:
        while not server.started:
            if task.done():
                task.result()
                raise RuntimeError("the board's server stopped before it started")
            await asyncio.sleep(0.01)
        yield f"http://{HOST}:{port}{MOUNT}/"
    finally:
        server.should_exit = True
        server.force_exit = True
        await board.close()
        with contextlib.suppress(asyncio.CancelledError):
            await task
