"""HTTP/1.1 plumbing over asyncio streams: reading requests, writing answers, posting to a webhook."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Iterable, Mapping
from http import HTTPStatus
from urllib.parse import urlsplit

from tools.telegram.values import _LOCAL_HOSTS, JSON


async def _read_head(reader: asyncio.StreamReader) -> list[bytes] | None:
    """Reads a request or status line and headers; None on a clean end of stream before any byte."""
    lines: list[bytes] = []
    while True:
        line = await reader.readline()
        if not line:
            if not lines:
                return None
            raise ConnectionError("connection closed inside HTTP headers")
        if line in (b"\r\n", b"\n"):
            if lines:
                return lines
            continue
        lines.append(line.rstrip(b"\r\n"))
        if len(lines) > 256:
            raise ValueError("too many header lines")


def _parse_headers(lines: Iterable[bytes]) -> dict[str, str]:
    """Returns header fields keyed by lower-case name."""
    headers: dict[str, str] = {}
    for line in lines:
        name, _, value = line.decode("latin-1").partition(":")
        headers[name.strip().lower()] = value.strip()
    return headers


async def _read_body(reader: asyncio.StreamReader, headers: Mapping[str, str], *, to_eof: bool) -> bytes:
    """Reads a message body framed by Content-Length or chunked encoding (or, for responses, by end of stream)."""
    if "chunked" in headers.get("transfer-encoding", "").lower():
        body = bytearray()
        while True:
            size = int((await reader.readline()).split(b";")[0].strip() or b"0", 16)
            if size == 0:
                while (await reader.readline()) not in (b"\r\n", b"\n", b""):
                    pass
                return bytes(body)
            body += await reader.readexactly(size)
            await reader.readexactly(2)
    if "content-length" in headers:
        return await reader.readexactly(int(headers["content-length"]))
    return await reader.read() if to_eof else b""


def _http_response(status: int, payload: JSON, *, keep_alive: bool) -> bytes:
    """Returns a complete HTTP/1.1 response carrying payload as JSON."""
    body = json.dumps(payload).encode("utf-8")
    try:
        reason = HTTPStatus(status).phrase
    except ValueError:
        reason = "Unknown"
    head = (
        f"HTTP/1.1 {status} {reason}\r\n"
        "Server: bangbot-telegram-emulator\r\n"
        "Content-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n"
        f"Connection: {'keep-alive' if keep_alive else 'close'}\r\n\r\n"
    )
    return head.encode("latin-1") + body


async def _http_post(url: str, body: bytes, headers: Mapping[str, str]) -> tuple[int, str, dict[str, str], bytes]:
    """POSTs body to a local http:// URL; returns status, reason, headers and body of the response."""
    parts = urlsplit(url)
    host = _LOCAL_HOSTS[(parts.hostname or "").lower()]
    port = parts.port or 80
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    reader, writer = await asyncio.open_connection(host, port)
    try:
        lines = [
            f"POST {target} HTTP/1.1",
            f"Host: {parts.netloc}",
            "Content-Type: application/json",
            f"Content-Length: {len(body)}",
            "Connection: close",
            *(f"{name}: {value}" for name, value in headers.items()),
        ]
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
        await writer.drain()
        head = await _read_head(reader)
        if not head:
            raise ConnectionError("empty response")
        status_parts = head[0].decode("latin-1").split(" ", 2)
        status = int(status_parts[1])
        reason = status_parts[2] if len(status_parts) > 2 else ""
        response_headers = _parse_headers(head[1:])
        response_body = await _read_body(reader, response_headers, to_eof=True)
        return status, reason, response_headers, response_body
    finally:
        writer.close()
        with contextlib.suppress(Exception):
            await writer.wait_closed()
