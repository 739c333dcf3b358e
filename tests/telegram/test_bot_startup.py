"""The bot's start and stop: a refused token, an unreachable or malformed Bot API is one clear line and exit status 1;
SIGTERM stops cleanly."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from bangbot.storage.db import open_engine
from bangbot.storage.repository import Repository
from tools.process import BotProcess
from tools.telegram import BotApiEmulator


def start_bot(
    tmp_path: Path, token: str, api_url: str, language: str = "en_US.UTF-8", **more: str
) -> subprocess.CompletedProcess[str]:
    """Runs the bot (with more environment variables) until it exits by itself."""
    env = {
        **os.environ,
        "BANGBOT_TOKEN": token,
        "BANGBOT_API_URL": api_url,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'bot.sqlite3'}",
        "LANGUAGE": "",
        "LC_ALL": language,
        **more,
    }
    return subprocess.run(
        [sys.executable, "-m", "bangbot"],
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )


def unused_port() -> int:
    """Returns a local port nothing listens on (bound, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_refused_token_is_one_line_and_status_1(tmp_path: Path) -> None:
    with BotApiEmulator() as emulator:
        result = start_bot(tmp_path, "123456:not-the-emulators-token", emulator.base_url)
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == "The bot token was refused by Telegram: check BANGBOT_TOKEN.\n"


def test_no_network_is_one_line_naming_the_address_and_status_1(tmp_path: Path) -> None:
    url = f"http://127.0.0.1:{unused_port()}/bot"
    result = start_bot(tmp_path, "123456:any", url)
    assert result.returncode == 1
    assert result.stderr.splitlines() == [f"Cannot reach the Bot API at {url}: check the network and BANGBOT_API_URL."]


def test_the_line_is_in_the_systems_language(tmp_path: Path) -> None:
    with BotApiEmulator() as emulator:
        result = start_bot(tmp_path, "123456:not-the-emulators-token", emulator.base_url, "ru_RU.UTF-8")
    assert result.returncode == 1
    assert len(result.stderr.splitlines()) == 1
    assert "Telegram" in result.stderr and "token was refused" not in result.stderr


@pytest.mark.parametrize("answer", [{}, {"id": "not a number", "first_name": "B", "is_bot": True}, "nonsense", None])
def test_a_malformed_get_me_is_one_line_and_status_1(tmp_path: Path, answer: object) -> None:
    with BotApiEmulator() as emulator:
        emulator.answer_with("getMe", lambda: answer)
        result = start_bot(tmp_path, emulator.token, emulator.base_url)
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        f"The Bot API at {emulator.base_url} did not answer getMe with a bot: check BANGBOT_API_URL."
    ]


def test_sigterm_with_group_edits_still_queued_stops_cleanly(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'bot.sqlite3'}"
    with BotApiEmulator() as emulator:
        users = [emulator.add_user(f"Player{i}", language_code="en") for i in range(4)]
        group = emulator.add_group("Saloon", members=users, admins=[users[0]])
        bot = BotProcess(emulator, url, tmp_path / "bot.log", group_rate="1/60")  # the lobby's edits must wait
        bot.start()
        repo = Repository(open_engine(url))
        for user in users:
            emulator.user_starts_bot(user)
        emulator.user_sends(users[0], group, "/newgame")
        emulator.wait_until(lambda: repo.open_game(group) is not None, 60, "a lobby")
        game = repo.open_game(group)
        assert game is not None and game.id is not None
        emulator.user_starts_bot(users[1], f"join_{game.join_token}")
        # The join is saved; its group edit waits for the group's window, so its outbox row is still there.
        emulator.wait_until(
            lambda: len(repo.seats(game.id or 0)) == 2 and bool(repo.outbox(game.id or 0)), 60, "a queued edit"
        )
        bot.stop()
        repo.engine.dispose()
    assert bot.process is not None and bot.process.returncode == 0
    log = (tmp_path / "bot.log").read_text()
    assert "Task was destroyed" not in log
    assert "Traceback" not in log


def test_a_bot_process_that_ignores_sigterm_is_killed_when_its_stop_times_out(tmp_path: Path) -> None:
    ignoring = (
        "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); print('ready', flush=True); time.sleep(60)"
    )
    with BotApiEmulator() as emulator:
        bot = BotProcess(emulator, f"sqlite:///{tmp_path / 'bot.sqlite3'}", tmp_path / "bot.log")
        bot.process = subprocess.Popen([sys.executable, "-c", ignoring], stdout=subprocess.PIPE)
        assert bot.process.stdout is not None and bot.process.stdout.readline() == b"ready\n"  # SIGTERM ignored now
        with pytest.raises(subprocess.TimeoutExpired):
            bot.stop(timeout=0.5)
        assert not bot.alive() and bot.killed(), "a stop that timed out leaves no process behind"
        bot.process.stdout.close()
