"""The board over HTTP on 127.0.0.1: sessions from signed initData (401 otherwise), each user's own view (the group's
for a member not seated, 403 for a stranger), taps played as the seat's buttons, and live nudges on every save."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from pydantic import ValidationError

from bangbot.ai.levels import EASY, players_at
from bangbot.bench.messenger import CollectingMessenger
from bangbot.games import game as registered
from bangbot.messaging.adapter import User
from bangbot.messaging.context import Context
from bangbot.settings import BoardAddress, BotSettings, SettingError, load
from bangbot.storage.db import open_engine
from bangbot.storage.repository import Repository
from bangbot.web import app as app_module
from bangbot.web.app import BoardSettings, board_app
from bangbot.web.serve import serving
from tests.service_harness import GROUP, Table, make_users
from tests.web.test_web_browser import CASES, open_table, table_pair
from tests.web_harness import TOKEN, init_data, session, snapshot

SETTINGS = BoardSettings(TOKEN)
STRANGER = User(5000, "Stranger", "en")
WATCHER = User(6000, "Watcher", "ru")


def run(coro: Any) -> None:
    """Runs a test coroutine."""
    asyncio.run(coro)


async def first_move(client: httpx.AsyncClient, base: str, token: str, game: int) -> tuple[str, int]:
    """Returns the first move a seat's menu offers (following its steps, as taps would) and its prompt version."""
    level = ""
    for _ in range(6):
        data = (await snapshot(client, base, token, game, f"?level={level}")).json()
        choices = [b["choice"] for row in data["menu"]["rows"] for b in row]
        moves = [c for c in choices if c.startswith("a")]
        if moves:
            return moves[0], data["prompt"]
        level = next(c for c in choices if c not in ("x", "") and not c.startswith("i"))
    raise AssertionError("no move within six steps")


def awaited_user(table: Table, data: dict[str, Any]) -> int:
    """Returns the index (in table.users) of a user whose seat the game waits for."""
    seats = {s.position: s.user_id for s in table.repo.seats(1)}
    awaited = next(s["seat"] for s in data["board"]["seats"] if s["awaited"])
    return next(i for i, u in enumerate(table.users) if u.id == seats[awaited])


def test_sessions_views_and_refusals(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'w.sqlite3'}", make_users(4, "ru"))
        await table.gather(4)
        table.messenger.strangers[GROUP] = {STRANGER.id}
        async with serving(table.svc.ctx, SETTINGS) as base, httpx.AsyncClient() as client:
            page = await client.get(base)
            assert "content-security-policy" in page.headers and "x-frame-options" not in page.headers
            assert "frame-ancestors" in page.headers["content-security-policy"]
            for bad in (init_data(table.users[0], age=2 * 86400), init_data(table.users[0], token="1:OTHER"), "x=1"):
                assert (await client.post(base + "api/session", json={"init_data": bad})).status_code == 401
            assert (await snapshot(client, base, "forged.token", 1)).status_code == 401
            mine = (await snapshot(client, base, await session(client, base, table.users[0]), 1)).json()
            seat = mine["viewer"]
            assert mine["board"]["seats"][0]["seat"] == seat and mine["board"]["hand"] and mine["board"]["role"]
            group = (await snapshot(client, base, await session(client, base, WATCHER), 1)).json()
            assert group["viewer"] is None and group["board"]["hand"] == [] and group["menu"] is None
            assert (
                group["board"]["seats"]
                == (await snapshot(client, base, await session(client, base, table.users[0]), 1, "?view=group")).json()[
                    "board"
                ]["seats"]
            )
            refused = await snapshot(client, base, await session(client, base, STRANGER), 1)
            assert refused.status_code == 403 and refused.json()["error"]

    run(scenario())


def test_a_tap_plays_as_the_button_and_pages_are_nudged(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'p.sqlite3'}", make_users(4))
        await table.gather(4)
        async with serving(table.svc.ctx, SETTINGS) as base, httpx.AsyncClient(timeout=10) as client:
            watcher = await session(client, base, WATCHER)
            before = (await snapshot(client, base, watcher, 1)).json()
            player = awaited_user(table, before)
            token = await session(client, base, table.users[player])
            idle = next(i for i in range(4) if i != player)
            idle_token = await session(client, base, table.users[idle])
            idle_data = (await snapshot(client, base, idle_token, 1)).json()
            if idle_data["menu"] is None:  # not asked: a tap from there is refused like a stale button
                tap = {"choice": "a0", "prompt": idle_data["prompt"]}
                answer = (await client.post(f"{base}api/games/1/press", json=tap, headers=auth(idle_token))).json()
                assert answer["alert"] and answer["text"]
            assert table.repo.game(1).version == before["version"]  # type: ignore[union-attr]
            texts = len(table.group_texts())
            nudges: asyncio.Queue[int] = asyncio.Queue()
            listening = asyncio.create_task(listen(client, f"{base}api/games/1/events?t={watcher}", nudges))
            assert await asyncio.wait_for(nudges.get(), 10) == before["version"]
            choice, prompt = await first_move(client, base, token, 1)
            tap = {"choice": choice, "prompt": prompt}
            answer = (await client.post(f"{base}api/games/1/press", json=tap, headers=auth(token))).json()
            assert not answer["alert"], answer
            assert await asyncio.wait_for(nudges.get(), 10) > before["version"]
            after = (await snapshot(client, base, watcher, 1)).json()
            assert after["version"] > before["version"]
            await table.svc.idle()
            assert len(table.group_texts()) > texts  # the group's messages follow a move made on the board
            stale = await client.post(f"{base}api/games/1/press", json=tap, headers=auth(token))
            assert stale.json()["alert"]
            listening.cancel()

    run(scenario())


def auth(token: str) -> dict[str, str]:
    """Returns the header that carries a session token."""
    return {"authorization": f"Bearer {token}"}


async def listen(client: httpx.AsyncClient, url: str, out: asyncio.Queue[int]) -> None:
    """Puts every version a stream of server-sent events announces into out."""
    async with client.stream("GET", url) as stream:
        event = ""
        async for line in stream.aiter_lines():
            if line.startswith("event:"):
                event = line.split(":", 1)[1].strip()
            elif line.startswith("data:") and event == "version":
                await out.put(json.loads(line.split(":", 1)[1]))


def test_tables_and_seats_open_the_board_only_when_the_bot_has_one(tmp_path: Path) -> None:
    async def scenario() -> None:
        plain = Table(f"sqlite:///{tmp_path / 'plain.sqlite3'}", make_users(4))
        await plain.gather(4)
        every = [b for m in plain.messenger.messages for row in m.buttons for b in row]
        assert not any(b.web_app for b in every) and not any("startapp" in (b.url or "") for b in every)
        table = Table(f"sqlite:///{tmp_path / 'board.sqlite3'}", make_users(4))
        table.messenger.board_base = "https://t.me/bangbot/board"
        await table.gather(4)
        game = table.repo.game(1)
        assert game is not None and game.table_message_id is not None
        await table.command(0, "status")
        links = [b.url for m in table.messenger.in_chat(GROUP) for row in m.buttons for b in row if b.url]
        assert "https://t.me/bangbot/board?startapp=g1" in links
        for user in table.users:
            mine = [m for m in table.messenger.in_chat(user.id) if m.buttons][-1]
            assert mine.buttons[0][0].web_app == "https://t.me/bangbot/board?game=1"
            assert not any(b.web_app for row in mine.buttons[1:] for b in row)
        async with serving(table.svc.ctx, SETTINGS) as base, httpx.AsyncClient() as client:
            token = await session(client, base, table.users[2])
            listed = (await client.get(f"{base}api/games", headers=auth(token))).json()
            assert [g["id"] for g in listed] == [1]
            assert (await client.get(f"{base}api/games")).status_code == 401

    run(scenario())


def test_the_board_setting_is_read_or_refused_with_a_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    assert BotSettings(token="1:a").board is None
    hooked = BotSettings(token="1:a", webapp_name="board", webhook_url="https://bot.example/telegram")
    assert hooked.board == BoardAddress("board", "https://bot.example/app/")
    own = {"webapp_name": "board_2", "webapp_url": "https://cards.example/b/"}
    assert BotSettings(token="1:a", **own).board == BoardAddress("board_2", "https://cards.example/b/")
    for bad in ({"webapp_name": "a b"}, {"webapp_name": "board"}, {**own, "webapp_url": "http://x/"}):
        with pytest.raises(ValidationError):
            BotSettings(token="1:a", **bad)
    monkeypatch.setenv("BANGBOT_TOKEN", "1:a")
    monkeypatch.setenv("BANGBOT_WEBAPP_NAME", "board")  # no https page: one line naming the variable
    with pytest.raises(SettingError) as refused:
        load()
    assert refused.value.variable == "BANGBOT_WEBAPP_NAME"


def test_a_page_served_by_another_worker_is_nudged_through_postgresql(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app_module, "POLL_SECONDS", 3600.0)  # only a notification can nudge the page in time

    async def scenario() -> None:
        table = Table(postgres_url, make_users(4))
        await table.gather(4)
        _, saving_board = board_app(table.svc.ctx, SETTINGS)  # the worker that saves: its board notifies the others
        other = Context(Repository(open_engine(postgres_url)), CollectingMessenger(), players_at(EASY))
        made = board_app(other, SETTINGS)
        async with serving(other, SETTINGS, made=made) as base, httpx.AsyncClient(timeout=30) as client:
            watcher = await session(client, base, WATCHER)
            nudges: asyncio.Queue[int] = asyncio.Queue()
            listening = asyncio.create_task(listen(client, f"{base}api/games/1/events?t={watcher}", nudges))
            first = await asyncio.wait_for(nudges.get(), 30)
            assert made[1].notifier is not None  # the worker's LISTEN connection opens with its first stream
            await asyncio.wait_for(made[1].notifier.listening.wait(), 30)
            user, message, choice = next(c for c in table.choices() if c[2].startswith("a"))
            await table.press(user, message, choice)
            assert await asyncio.wait_for(nudges.get(), 30) > first
            listening.cancel()
        await saving_board.close()
        other.repo.close()

    run(scenario())


def test_a_tap_that_costs_the_last_life_is_confirmed_first(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = await open_table(tmp_path, CASES[0])
        game = table.repo.game(1)
        assert game is not None and game.state_json is not None
        rules = registered(game.ruleset).ruleset
        state = rules.from_json(json.loads(game.state_json))
        shooter, target = table_pair(state)  # type: ignore[misc]
        state.players[target].life = 1  # one life left, and a Missed! in hand: taking the hit is asked twice
        game.state_json = json.dumps(rules.to_json(state))
        table.repo.save(game)
        users = {s.position: next(u for u in table.users if u.id == s.user_id) for s in table.repo.seats(1)}
        async with serving(table.svc.ctx, SETTINGS) as base, httpx.AsyncClient(timeout=30) as client:
            shooting = await session(client, base, users[shooter])
            card = CASES[0].bang(users[shooter].language or "en")
            level, tapped = "", False
            while not tapped:  # BANG! at the target, step by step as taps
                menu = (await snapshot(client, base, shooting, 1, f"?level={level}")).json()["menu"]
                labels = {b["label"]: b["choice"] for row in menu["rows"] for b in row}
                bang = next(c for label, c in labels.items() if card in label or users[target].name in label)
                if bang.startswith("a"):
                    tap = {"choice": bang, "prompt": (await snapshot(client, base, shooting, 1)).json()["prompt"]}
                    assert not (await client.post(f"{base}api/games/1/press", json=tap, headers=auth(shooting))).json()[
                        "alert"
                    ]
                    tapped = True
                level = bang
            hit = await session(client, base, users[target])
            data = (await snapshot(client, base, hit, 1)).json()
            confirm = next(b["choice"] for row in data["menu"]["rows"] for b in row if b["choice"].startswith("k"))
            asked = (await snapshot(client, base, hit, 1, f"?level={confirm}")).json()["menu"]
            assert "last life" in asked["question"]
            yes = asked["rows"][0][0]["choice"]
            before = table.repo.game(1).version  # type: ignore[union-attr]
            tap = {"choice": confirm, "prompt": data["prompt"]}  # the confirmation's opening is a step, not the move
            assert not (await client.post(f"{base}api/games/1/press", json=tap, headers=auth(hit))).json()["alert"]
            assert table.repo.game(1).version == before  # type: ignore[union-attr]
            tap = {"choice": yes, "prompt": data["prompt"]}
            assert not (await client.post(f"{base}api/games/1/press", json=tap, headers=auth(hit))).json()["alert"]
            assert table.repo.game(1).version > before  # type: ignore[union-attr]

    run(scenario())
