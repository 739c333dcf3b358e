"""python-telegram-bot's requests over aiohttp: one JSON body per call (files as multipart), connections kept alive.

python-telegram-bot ships an httpx transport. Against a local Bot API, an edit of a seat's message took about 0.8 ms of
the bot's CPU there and 0.3 ms here (`python -m tools.http_calls`): httpx builds and parses a request in many small
Python steps, aiohttp mostly in C. The timeouts keep python-telegram-bot's defaults and meaning; failures become its
TimedOut and NetworkError, with aiohttp's error as the cause, so `telegram.lost` can tell a request that went out and
got no answer.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any
from urllib.parse import urlsplit

import aiohttp
from telegram._utils.defaultvalue import DefaultValue
from telegram._utils.types import ODVInput
from telegram.error import NetworkError, TimedOut
from telegram.request import BaseRequest, RequestData

SECONDS = 5.0  # python-telegram-bot's default read, write and connect timeouts
POOL_SECONDS = 1.0  # ... and its wait for a free connection
# the request went out and no answer came: Telegram may have applied it (aiohttp cannot tell a reset while sending from
# one while reading, so a reset counts here too)
ANSWER_LOST: tuple[type[BaseException], ...] = (
    aiohttp.SocketTimeoutError,
    aiohttp.ServerDisconnectedError,
    aiohttp.ClientPayloadError,
    aiohttp.ClientOSError,
)
NEVER_SENT: tuple[type[BaseException], ...] = (aiohttp.ConnectionTimeoutError, aiohttp.ClientConnectorError)


def answer_lost(error: BaseException) -> bool:
    """Returns whether a transport error means the request went out and its answer was lost."""
    return isinstance(error, ANSWER_LOST) and not isinstance(error, NEVER_SENT)


JSON_HEADERS = {"User-Agent": BaseRequest.USER_AGENT, "Content-Type": "application/json"}
FORM_HEADERS = {"User-Agent": BaseRequest.USER_AGENT}


class AiohttpRequest(BaseRequest):
    """A python-telegram-bot request on one aiohttp session of at most `connection_pool_size` connections."""

    def __init__(self, connection_pool_size: int = 1, read_timeout: float | None = SECONDS) -> None:
        self.pool_size = connection_pool_size
        self._read_timeout = read_timeout
        self.session: aiohttp.ClientSession | None = None
        self.proxies = EnvironmentProxies()

    @property
    def read_timeout(self) -> float | None:
        """Returns the read timeout used when a call names none (seconds; None: no limit)."""
        return self._read_timeout

    async def initialize(self) -> None:
        """Opens the session (on the running event loop), if not open."""
        if self.session is None or self.session.closed:
            # aiohttp's trust_env would read the environment and ~/.netrc again on every request (a fifth of a busy
            # bot's CPU): the proxies the environment names are read here, once per host
            self.session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=self.pool_size))

    async def shutdown(self) -> None:
        """Closes the session and its connections."""
        if self.session is not None and not self.session.closed:
            await self.session.close()
        self.session = None

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        write_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        connect_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        pool_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        """Makes the request and returns Telegram's status and body; raises TimedOut or NetworkError when none came."""
        if self.session is None or self.session.closed:
            raise RuntimeError("this AiohttpRequest is not initialized")
        timeout = aiohttp.ClientTimeout(
            connect=_seconds(pool_timeout, POOL_SECONDS, connect_timeout),
            sock_connect=_seconds(connect_timeout, SECONDS),
            sock_read=_seconds(read_timeout, self._read_timeout),
        )
        body, headers = _body(request_data)
        try:
            proxy = self.proxies.proxy_for(url)
            async with self.session.request(
                method, url, data=body, headers=headers, timeout=timeout, proxy=proxy
            ) as response:
                return response.status, await response.read()
        except TimeoutError as error:  # aiohttp's timeouts are TimeoutErrors too
            raise TimedOut(f"aiohttp.{type(error).__name__}: {error}") from error
        except aiohttp.ClientError as error:
            raise NetworkError(f"aiohttp.{type(error).__name__}: {error}") from error


class EnvironmentProxies:
    """The proxy the environment (HTTPS_PROXY, HTTP_PROXY, NO_PROXY...) names for each host, read once per host."""

    def __init__(self) -> None:
        self.hosts: dict[tuple[str, str], str | None] = {}

    def proxy_for(self, url: str) -> str | None:
        """Returns the proxy to reach url through, or None to go straight."""
        parts = urlsplit(url)
        key = (parts.scheme, parts.netloc)
        if key not in self.hosts:
            bypass = urllib.request.proxy_bypass(parts.hostname or "")
            self.hosts[key] = None if bypass else urllib.request.getproxies().get(parts.scheme)
        return self.hosts[key]


def _seconds(given: ODVInput[float], default: float | None, added: ODVInput[float] = None) -> float | None:
    """Returns a timeout in seconds: the one given (None: no limit) or the default, plus `added` the same way."""
    seconds = default if isinstance(given, DefaultValue) else given
    if added is None or seconds is None:
        return seconds
    more = _seconds(added, SECONDS)
    return None if more is None else seconds + more


def _body(request_data: RequestData | None) -> tuple[Any, dict[str, str]]:
    """Returns the request's body and headers: its parameters as one JSON object, or a form when it uploads files."""
    if request_data is None:
        return None, FORM_HEADERS
    if not request_data.contains_files:
        return json.dumps(request_data.parameters).encode(), JSON_HEADERS
    form = aiohttp.FormData()
    for name, value in request_data.json_parameters.items():
        form.add_field(name, value)
    for name, (filename, content, mimetype) in request_data.multipart_data.items():
        form.add_field(name, content, filename=filename, content_type=mimetype)
    return form, FORM_HEADERS
