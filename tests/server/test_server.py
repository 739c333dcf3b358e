"""The bot's HTTP app in the real bot process against the Bot API emulator: health, readiness (and what makes it
fail), metrics that move with presses, the webhook's secret, JSON logs without names, error reports to the owner."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from bangbot.messaging.adapter import User
from bangbot.storage.postgres import PostgresServer, find_bin, free_port
from bangbot.web.dev import signed_init_data
from tools.process import BotProcess
from tools.telegram import BotApiEmulator

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
REPO = Path(__file__).resolve().parents[2]


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


def failed_checks(emulator: BotApiEmulator, port: int) -> dict[str, str]:
    """Waits until /readyz answers 503 and returns the checks it names as failed, with their reasons."""
    answer = emulator.wait_until(lambda: (got := get(port, "/readyz"))[0] == 503 and got, what="/readyz to fail")
    failed = json.loads(answer[1])["failed"]
    assert isinstance(failed, dict)
    return failed


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
        # Telegram says "Too Many Requests" to a press's answer: counted, and the answer still goes once it may.
        emulator.fail_requests(429, retry_after=1, methods=["answerCallbackQuery"])
        lobby = emulator.wait_for_message(group, "gathering")
        data = next(d for row in lobby.buttons for _, d in row if not d.startswith("http"))
        query = emulator.user_presses(users[0], group, lobby.message_id, data)
        emulator.wait_until(lambda: any(c.error_code == 429 for c in emulator.calls), what="a 429")
        emulator.heal()
        emulator.wait_for_answer(query)
        assert metric(get(port, "/metrics")[1], "bangbot_rate_limited_total") >= 1
        # The Bot API gone: not ready, and the answer says why.
        emulator.stop()
        assert list(failed_checks(emulator, port)) == ["bot_api"]
        assert get(port, "/healthz")[0] == 200, "alive all the same"
    finally:
        bot.stop()
    assert bot.process is not None and bot.process.returncode == 0


def test_a_webhook_serves_everything_on_its_port_and_refuses_a_wrong_secret(
    emulator: BotApiEmulator, tmp_path: Path
) -> None:
    port = free_port()
    user = emulator.add_user("Player0", started=True)
    group = emulator.add_group("Saloon", members=[user], admins=[user])
    bot = BotProcess(
        emulator,
        f"sqlite:///{tmp_path / 'bot.sqlite3'}",
        tmp_path / "bot.log",
        BANGBOT_WEBHOOK_URL=f"http://127.0.0.1:{port}/telegram",
        BANGBOT_WEBHOOK_LISTEN="127.0.0.1",
        BANGBOT_WEBHOOK_PORT=str(port),
        BANGBOT_WEBHOOK_SECRET="the-right-secret",
    )
    bot.start()
    try:
        [hook] = emulator.calls_to("setWebhook")
        assert hook.params["secret_token"] == "the-right-secret"
        assert get(port, "/healthz")[0] == 200
        emulator.wait_until(lambda: get(port, "/readyz")[0] == 200, what="ready")
        update = json.dumps(
            {"update_id": 1, "message": {"message_id": 1, "date": 0, "chat": {"id": 1, "type": "private"}}}
        )
        for headers in ({}, {SECRET_HEADER: "a-wrong-secret"}, {SECRET_HEADER: "the-right-secret-but-longer"}):
            assert post(port, "/telegram", update.encode(), {"Content-Type": "application/json", **headers}) == 403
        right = {"Content-Type": "application/json", SECRET_HEADER: "the-right-secret"}
        assert post(port, "/telegram", b"not json", right) == 400
        broken = json.dumps({"update_id": 2, "message": {"text": "no chat, no date"}}).encode()
        assert post(port, "/telegram", broken, right) == 200, "taken and dropped: Telegram would only send it again"
        # Updates come by the webhook: the game works, and they are counted.
        press_a_lobby_button(emulator, user, group)
        status, text = get(port, "/metrics")
        assert status == 200 and metric(text, "bangbot_updates_total", kind="callback_query") >= 1
        assert emulator.polls_started() == 0, "no polling beside the webhook"
    finally:
        bot.stop()
    assert bot.process is not None and bot.process.returncode == 0, "SIGTERM stops the webhook cleanly"


@pytest.mark.skipif(find_bin("initdb") is None, reason="PostgreSQL is not installed")
def test_readyz_names_the_database_when_it_does_not_answer(emulator: BotApiEmulator, tmp_path: Path) -> None:
    server = PostgresServer.start()  # its own server: stopping the test run's shared one would fail other tests
    try:
        port = free_port()
        bot = BotProcess(emulator, server.url, tmp_path / "bot.log", BANGBOT_HTTP_PORT=str(port))
        bot.start()
        try:
            assert get(port, "/readyz")[0] == 200
            server.pause()
            assert list(failed_checks(emulator, port)) == ["database"]
            server.resume()
            emulator.wait_until(lambda: get(port, "/readyz")[0] == 200, what="ready again")
        finally:
            bot.stop()
    finally:
        server.stop()


def test_errors_reach_the_owner_once_per_kind_without_personal_data(emulator: BotApiEmulator, tmp_path: Path) -> None:
    owner = emulator.add_user("Olga", last_name="Ownerova", language_code="ru", started=True)
    player = emulator.add_user("Anastasia", last_name="Quickfoot", username="anaquick", started=True)
    group = emulator.add_group("Dusty Saloon", members=[player], admins=[player])
    log = tmp_path / "bot.log"
    bot = BotProcess(
        emulator,
        f"sqlite:///{tmp_path / 'bot.sqlite3'}",
        log,
        module="tests.failing_bot",
        PYTHONPATH=str(REPO),
        BANGBOT_OWNER_ID=str(owner),
        BANGBOT_LOG_FORMAT="json",
        BANGBOT_LOG_LEVEL="INFO",
    )
    bot.start()

    def errors() -> list[dict[str, object]]:
        records = [json.loads(line) for line in log.read_text().splitlines() if line.startswith("{")]
        return [r for r in records if r["level"] == "ERROR"]

    try:
        emulator.user_starts_bot(owner)  # the owner reads Russian
        emulator.wait_for_message(owner)
        emulator.user_sends(player, group, "/boom my secret plans")
        report = emulator.wait_for_message(owner, "RuntimeError")
        [error] = emulator.wait_until(errors, what="the error logged")
        # The log says which update failed, by its id, and names nobody.
        assert (
            isinstance(error["update_id"], int) and error["message"] == f"update {error['update_id']} (message) failed"
        )
        assert "RuntimeError" in str(error["exc_info"])
        # The owner's report: in their language, where it failed and for which update; not who or what was typed.
        assert "Ошибка" in report.text and "tests/failing_bot.py" in report.text
        assert str(error["update_id"]) in report.text
        # A burst of the same error: logged each time, reported no more; another kind is reported at once.
        for _ in range(5):
            emulator.user_sends(player, group, "/boom my secret plans")
        emulator.wait_until(lambda: len(errors()) == 6, what="six errors logged")
        emulator.user_sends(player, group, "/bust")
        emulator.wait_for_message(owner, "LookupError")
        reports = [m.text for m in emulator.messages(owner) if "Ошибка" in m.text]
        assert len(reports) == 2 and sum("RuntimeError" in r for r in reports) == 1
    finally:
        bot.stop()
    text = log.read_text() + "\n".join(reports)
    for personal in ("Anastasia", "Quickfoot", "anaquick", "secret plans", "Dusty Saloon", emulator.token):
        assert personal not in text, personal


def test_the_bot_serves_the_board_under_app_when_its_mini_app_is_set(emulator: BotApiEmulator, tmp_path: Path) -> None:
    port = free_port()
    player = emulator.add_user("Ann", started=True)
    bot = BotProcess(
        emulator,
        f"sqlite:///{tmp_path / 'bot.sqlite3'}",
        tmp_path / "bot.log",
        BANGBOT_HTTP_PORT=str(port),
        BANGBOT_WEBAPP_NAME="board",
        BANGBOT_WEBAPP_URL="https://bang.example.org/app/",
    )
    bot.start()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/app/", timeout=30) as page:
            assert page.status == 200 and "Content-Security-Policy" in page.headers
        signed = signed_init_data(User(player, "Ann", "en"), emulator.token)
        tampered = signed.replace("Ann", "Bob")
        headers = {"Content-Type": "application/json"}
        assert post(port, "/app/api/session", json.dumps({"init_data": tampered}).encode(), headers) == 401
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/app/api/session",
            data=json.dumps({"init_data": signed}).encode(),
            headers=headers,
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            token = json.loads(answer.read())["token"]
        listed = urllib.request.Request(
            f"http://127.0.0.1:{port}/app/api/games", headers={"Authorization": f"Bearer {token}"}
        )
        with urllib.request.urlopen(listed, timeout=30) as games:
            assert json.loads(games.read()) == []  # Ann sits at no game yet
        assert get(port, "/app/api/games")[0] == 401
    finally:
        bot.stop()
