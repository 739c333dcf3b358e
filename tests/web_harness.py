"""A game of the service with its board served on 127.0.0.1: signed initData for its users, their sessions."""

from __future__ import annotations

import json
import time
from urllib.parse import urlencode

import httpx

from bangbot.messaging.adapter import User
from bangbot.web.auth import sign_init_data

TOKEN = "123456:TEST-board-token"


def init_data(user: User, start: str = "", age: float = 0.0, token: str = TOKEN, language: str = "") -> str:
    """Returns initData as Telegram would sign it for a user (age seconds ago), opened with start_param start."""
    person = {"id": user.id, "first_name": user.name, "language_code": language or user.language or "en"}
    fields = {
        "user": json.dumps(person, ensure_ascii=False, separators=(",", ":")),
        "auth_date": str(int(time.time() - age)),
        "query_id": "AAH-test",
    }
    if start:
        fields["start_param"] = start
    fields["hash"] = sign_init_data(fields, token)
    return urlencode(fields)


async def session(client: httpx.AsyncClient, base: str, user: User) -> str:
    """Returns a session token of a user, opened with their signed initData."""
    answer = await client.post(base + "api/session", json={"init_data": init_data(user)})
    assert answer.status_code == 200, answer.text
    return str(answer.json()["token"])


async def snapshot(client: httpx.AsyncClient, base: str, token: str, game: int, query: str = "") -> httpx.Response:
    """Returns the response to a request for a game's snapshot."""
    return await client.get(f"{base}api/games/{game}{query}", headers={"authorization": f"Bearer {token}"})
