"""The Mini App's routes: the page, the session it opens, a game's snapshot, a tap's move, and the live nudges."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from bangbot.games.contract import TOP
from bangbot.i18n import N_, Translator, normalize_language, translator
from bangbot.i18n.glossary import game_name
from bangbot.messaging.adapter import Press, User
from bangbot.messaging.context import Context
from bangbot.messaging.lru import LruCache
from bangbot.messaging.press.answer import press_answer
from bangbot.messaging.press.button_data import BadButton, ButtonData
from bangbot.web.access import Forbidden, Members, Sight, Versions, sight
from bangbot.web.auth import InvalidInitData, InvalidSession, issue_session, open_session, session_key, verify_init_data
from bangbot.web.live import Hub, Notifier
from bangbot.web.page import labels, snapshot_of

STATIC = Path(__file__).parent / "static"
TELEGRAM_SDK = "https://telegram.org/js/telegram-web-app.js"
SDK_ROUTE = "telegram-web-app.js"
POLL_SECONDS = 15.0  # an open stream says it is alive this often; a page without one polls as often
STATIC_FILES = ("board.js", "board.css")
MAX_LEVEL = 32  # the longest step a page may ask for
SNAPSHOTS_KEPT = 2048  # snapshots per (game, version, seat, user, step): a page asking again is answered at once
NOT_FROM_TELEGRAM = N_("This page was not opened from Telegram, or it was opened too long ago.")


@dataclass(frozen=True, slots=True)
class BoardSettings:
    """What the board needs beside the game service: the bot's token, and where the page loads Telegram's script
    from (sdk_file: a local copy served by the board itself, for development and tests)."""

    bot_token: str
    sdk_url: str = TELEGRAM_SDK
    sdk_file: Path | None = None


class Board:
    """The board's state in one process: the service's context, the session key, the live hub, memberships."""

    def __init__(self, ctx: Context, settings: BoardSettings) -> None:
        self.ctx = ctx
        self.settings = settings
        self.key = session_key(settings.bot_token)
        self.hub = Hub()
        self.members = Members()
        self.versions = Versions()
        self.snapshots: LruCache[tuple[Any, ...], dict[str, Any]] = LruCache(SNAPSHOTS_KEPT)
        self.notifier: Notifier | None = None
        ctx.repo.saved.append(self.hub.saved)
        if ctx.repo.engine.dialect.name == "postgresql":
            self.notifier = Notifier(ctx.repo.engine, self.hub)
            ctx.repo.saved.append(self.notifier.notify)

    def started(self) -> None:
        """Binds the hub to the running loop and starts listening to the other workers (once)."""
        if self.hub.loop is None:
            self.hub.bind()
            if self.notifier is not None:
                self.notifier.start()

    async def close(self) -> None:
        """Stops listening for saves."""
        if self.hub.saved in self.ctx.repo.saved:
            self.ctx.repo.saved.remove(self.hub.saved)
        if self.notifier is not None:
            self.ctx.repo.saved.remove(self.notifier.notify)
            await self.notifier.stop()

    def user(self, request: Request) -> tuple[int, Translator]:
        """Returns the user a request's session token names and their page's translator; raises InvalidSession."""
        token = request.headers.get("authorization", "").removeprefix("Bearer ") or request.query_params.get("t", "")
        user_id, language = open_session(self.key, token)
        return user_id, translator(language)


Handler = Callable[["Board", Request], Awaitable[Response]]


def content_policy(sdk_url: str) -> str:
    """Returns the page's Content-Security-Policy: its own files, Telegram's script, and Telegram's frames."""
    script = "'self'" if not sdk_url.startswith("https://") else f"'self' {sdk_url}"
    return (
        f"default-src 'none'; script-src {script}; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors https://web.telegram.org https://*.telegram.org"
    )


def refused(status: int, text: str) -> JSONResponse:
    """Returns a refusal the page shows as it is."""
    return JSONResponse({"error": text}, status_code=status)


async def page(board: Board, request: Request) -> Response:
    """Returns the page: the same for every game and every reader (everything else comes from the snapshot)."""
    sdk = board.settings.sdk_url if board.settings.sdk_file is None else f"static/{SDK_ROUTE}"
    html = (STATIC / "index.html").read_text().replace("{{sdk}}", sdk)
    return Response(html, media_type="text/html", headers={"content-security-policy": content_policy(sdk)})


async def static(board: Board, request: Request) -> Response:
    """Returns one of the page's files (or the local copy of Telegram's script)."""
    name = request.path_params["name"]
    if name == SDK_ROUTE and board.settings.sdk_file is not None:
        return FileResponse(board.settings.sdk_file, media_type="text/javascript")
    if name not in STATIC_FILES:
        return Response(status_code=404)
    return FileResponse(STATIC / name, headers={"cache-control": "no-cache"})


async def start(board: Board, request: Request) -> Response:
    """Exchanges Telegram's signed initData for a session token; 401 for initData Telegram did not sign lately."""
    body = await request.json()
    raw = str(body.get("init_data", "")) if isinstance(body, dict) else ""
    try:
        fields = verify_init_data(raw, board.settings.bot_token)
    except InvalidInitData:
        hint = translator(normalize_language(str(body.get("language", "")) if isinstance(body, dict) else ""))
        return refused(401, hint.gettext(NOT_FROM_TELEGRAM))
    person = fields.get("user")
    if not isinstance(person, dict):
        return refused(401, translator("en").gettext("This choice is no longer current."))
    name = " ".join(str(person.get(k, "")) for k in ("first_name", "last_name")).strip()
    user = User(int(person["id"]), name, person.get("language_code"))
    language = await board.ctx.repo.run(remembered, board.ctx, user)
    token = issue_session(board.key, user.id, language)
    return JSONResponse(
        {"token": token, "start": fields.get("start_param", ""), "labels": labels(translator(language))}
    )


def remembered(ctx: Context, user: User) -> str:
    """Stores a user's name and Telegram language as a press would, and returns the language they read."""
    ctx.remember_user(user)
    return ctx.user_language(user.id)


def known_user(ctx: Context, user_id: int, name: str) -> User:
    """Returns a user as stored when their session began (name, Telegram's language), so a tap changes neither."""
    known = ctx.known_users.get(user_id)
    if known is not None:
        return User(user_id, *known)
    settings = ctx.repo.user_settings(user_id)
    return User(user_id, settings.name or name, settings.messenger_language)


async def seen(board: Board, request: Request, group: bool) -> tuple[Sight | None, Translator, int] | Response:
    """Returns the game a request names as its user may see it, or the refusal to send."""
    try:
        user_id, tr = board.user(request)
    except InvalidSession:
        return refused(401, translator("en").gettext(NOT_FROM_TELEGRAM))
    board.started()
    try:
        game_id = int(request.path_params["game"])
        newest = board.hub.versions.get(game_id)
        found = await sight(board.ctx, board.members, board.versions, game_id, user_id, group, newest)
    except Forbidden:
        return refused(403, tr.gettext("You are not at this game's table or in its group."))
    return found, tr, user_id


async def mine(board: Board, request: Request) -> Response:
    """Returns the running games the user sits at (the page opened from the menu button picks one)."""
    try:
        user_id, tr = board.user(request)
    except InvalidSession:
        return refused(401, translator("en").gettext(NOT_FROM_TELEGRAM))
    games = await board.ctx.repo.run(board.ctx.repo.running_games_of, user_id)
    return JSONResponse(
        [{"id": g.id, "title": g.chat_title, "game": game_name(tr, g.ruleset)} for g in games if g.id is not None]
    )


async def game(board: Board, request: Request) -> Response:
    """Returns a game's snapshot as the user may see it: the board, the step (level) of their choice, the log."""
    got = await seen(board, request, request.query_params.get("view") == "group")
    if isinstance(got, Response):
        return got
    found, tr, user_id = got
    if found is None:
        return refused(404, tr.gettext("There is no such game."))
    level = request.query_params.get("level", TOP)
    level = level if len(level) <= MAX_LEVEL and level.isascii() else TOP  # a step is a button's short choice
    seat = found.seat.position if found.seat is not None else None
    key = (found.batch.game.id, found.batch.game.version, seat, user_id, level)
    data = board.snapshots.get(key)
    if data is None:
        data = await board.ctx.repo.run(snapshot_of, board.ctx, found, user_id, level)
        board.snapshots.put(key, data)
    return JSONResponse(data)


async def press(board: Board, request: Request) -> Response:
    """Plays a tap as the press of the seat's button with this choice, through the bot's own press handling."""
    got = await seen(board, request, False)
    if isinstance(got, Response):
        return got
    found, tr, user_id = got
    body = await request.json()
    if found is None or found.seat is None or not isinstance(body, dict):
        return refused(403, tr.gettext("This choice is no longer current."))
    try:
        data = ButtonData(
            "g", int(request.path_params["game"]), int(body["prompt"]), found.seat.position, str(body["choice"])
        )
        encoded = data.encode()
    except (BadButton, KeyError, ValueError, TypeError):
        return refused(400, tr.gettext("This choice is no longer current."))
    user = await board.ctx.repo.run(known_user, board.ctx, user_id, found.seat.name)
    tap = Press(f"web:{uuid.uuid4().hex}", user, 0, 0, encoded, False)
    text, alert = await press_answer(board.ctx, tap)
    return JSONResponse({"text": text, "alert": alert})


async def events(board: Board, request: Request) -> Response:
    """Streams the game's new versions as server-sent events (the page fetches its snapshot on each)."""
    got = await seen(board, request, request.query_params.get("view") == "group")
    if isinstance(got, Response):
        return got
    found = got[0]
    if found is None:
        return Response(status_code=404)
    game_id = int(request.path_params["game"])
    known = found.batch.game.version
    return StreamingResponse(
        nudges(board, request, game_id, known),
        media_type="text/event-stream",
        headers={"cache-control": "no-cache", "x-accel-buffering": "no"},
    )


async def nudges(board: Board, request: Request, game_id: int, known: int) -> AsyncIterator[str]:
    """Yields an event with each newer version of a game; a comment every POLL_SECONDS keeps the stream alive and
    reads the version from storage, in case a change was missed."""
    yield f"retry: 1000\nevent: version\ndata: {known}\n\n"
    while not await request.is_disconnected():
        newer = await board.hub.wait(game_id, known, POLL_SECONDS)
        if newer is None:
            stored = await board.ctx.repo.run(board.ctx.repo.game_version, game_id)
            if stored is None or stored <= known:
                yield ": alive\n\n"
                continue
            newer = stored
            board.hub.saved(game_id, stored)  # a change the hub missed: the pages' next reads must see it
        known = newer
        yield f"event: version\ndata: {known}\n\n"


def board_app(ctx: Context, settings: BoardSettings) -> tuple[Starlette, Board]:
    """Returns the Mini App (to mount under /app beside the webhook) and its board (to close when stopping)."""
    board = Board(ctx, settings)

    def bound(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            return await handler(board, request)

        return endpoint

    routes = [
        Route("/", bound(page)),
        Route("/static/{name}", bound(static)),
        Route("/api/session", bound(start), methods=["POST"]),
        Route("/api/games", bound(mine)),
        Route("/api/games/{game:int}", bound(game)),
        Route("/api/games/{game:int}/press", bound(press), methods=["POST"]),
        Route("/api/games/{game:int}/events", bound(events)),
    ]
    return Starlette(routes=routes), board
