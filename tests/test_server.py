"""The bot's HTTP app in the real bot process against the Bot API emulator: health, readiness (and what makes it
fail), metrics that move with presses, the webhook's secret, JSON logs without names, error reports to the owner."""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from bangbot.storage.postgres import PostgresServer, find_bin, free_port
from tools.process import BotProcess
from tools.telegram import BotApiEmulator

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
REPO = Path(__file__).resolve().parents[1]


def get(port: int, path: str) -> tuple[int, str]:
    """Returns the status and body of a GET to the bot's HTTP app."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def post(port: int, path: str, body: bytes, headers: dict[str, str]) -> int:
    """Returns the status of a POST to the bot's HTTP app."""
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return error.code


def metric(text: str, name: str, **labels: str) -> float:
    """Returns the sum of a metric's samples whose labels include these (0 when none)."""
    total = 0.0
    for line in text.splitlines():
        if not line.startswith(name + "{"):
            continue
        series, _, value = line.rpartition(" ")
        if all(f'{key}="{wanted}"' in series for key, wanted in labels.items()):
            total += float(value)
    return total


def press_a_lobby_button(emulator: BotApiEmulator, user: int, group: int) -> None:
    """Opens a lobby in the group and presses one of its buttons; waits for the press's answer."""
    emulator.user_sends(user, group, "/newgame")
    lobby = emulator.wait_for_message(group, "gathering")
    data = next(d for row in lobby.buttons for _, d in row if not d.startswith("http"))
    emulator.wait_for_answer(emulator.user_presses(user, group, lobby.message_id, data))


@pytest.fixture
def emulator() -> Iterator[BotApiEmulator]:
    """Yields a running Bot API emulator."""
    with BotApiEmulator() as running:
        yield running


def test_polling_serves_health_readiness_and_metrics_on_its_port(emulator: BotApiEmulator, tmp_path: Path) -> None:
    port = free_port()
    users = [emulator.add_user(f"Player{i}", started=True) for i in range(2)]
    group = emulator.add_group("Saloon", members=users, admins=[users[0]])
    bot = BotProcess(
        emulator, f"sqlite:///{tmp_path / 'bot.sqlite3'}", tmp_path / "bot.log", BANGBOT_HTTP_PORT=str(port)
    )
    bot.start()
    try:
        assert get(port, "/healthz") == (200, '{"alive":true}')
        assert get(port, "/readyz") == (200, '{"ready":true}')
        before = get(port, "/metrics")[1]
        press_a_lobby_button(emulator, users[0], group)
        press_a_lobby_button(emulator, users[1], group)  # the lobby is there: its message again, and a press
        emulator.wait_until(lambda: not emulator.unanswered(), what="every press answered")
        status, after = get(port, "/metrics")
        assert status == 200
        for name, labels, moved in [
            ("bangbot_updates_total", {"kind": "message"}, 2),  # the two /newgame
            ("bangbot_updates_total", {"kind": "callback_query"}, 2),
            ("bangbot_press_seconds_count", {}, 2),
            ("bangbot_messages_total", {"kind": "press_answer"}, 2),
            ("bangbot_messages_total", {"kind": "group_send"}, 1),  # the lobby
        ]:
            assert metric(after, name, **labels) - metric(before, name, **labels) >= moved, (name, labels)
        assert 'worker="' in after and "bangbot_outbox_backlog{" in after and "bangbot_games_running{" in after
        # The Bot API gone: not ready, and the answer says why.
        emulator.stop()
        status, body = emulator.wait_until(
            lambda: (answer := get(port, "/readyz"))[0] == 503 and answer, what="/readyz to fail"
        )
        assert list(json.loads(body)["failed"]) == ["bot_api"]
        assert get(port, "/healthz")[0] == 200, "alive all the same"
    finally:
        bot.stop()
    assert bot.process is not None and bot.process.returncode == 0
