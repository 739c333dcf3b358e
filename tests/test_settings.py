"""The bot's settings and the operator's commands: one line for a bad value, secrets from files and never printed,
the data folder, the version, the PostgreSQL driver named when it is missing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bangbot.cli import main
from bangbot.i18n import translator
from bangbot.settings import BotSettings, SettingError, load, shown
from bangbot.version import bangbot_version

TOKEN = "123456:token-that-must-stay-secret"
WEBHOOK_SECRET = "webhook-secret-that-must-stay-secret"
DB_PASSWORD = "database-password-that-must-stay-secret"
SETTING_VARIABLES = ("BANGBOT_", "TELEGRAM_BOT_TOKEN", "DATABASE_URL", "XDG_DATA_HOME", "LANG", "LC_", "LANGUAGE")


def clean_env(**extra: str) -> dict[str, str]:
    """Returns this process's environment without any setting of the bot's or language, plus extra."""
    kept = {k: v for k, v in os.environ.items() if not k.startswith(SETTING_VARIABLES)}
    return {**kept, **extra}


def bangbot(*args: str, cwd: Path | None = None, **env: str) -> subprocess.CompletedProcess[str]:
    """Runs the bangbot command with only these settings; returns what it did."""
    return subprocess.run(
        [sys.executable, "-m", "bangbot", *args],
        env=clean_env(**env),
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
    )


@pytest.fixture
def no_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Clears the bot's settings from this process's environment; HOME is a fresh folder."""
    for name in list(os.environ):
        if name.startswith(SETTING_VARIABLES):
            monkeypatch.delenv(name)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return tmp_path


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("en", "BANGBOT_WEBHOOK_PORT=abc is not valid: it takes a port number from 1 to 65535.\n"),
        ("ru", "BANGBOT_WEBHOOK_PORT=abc — недопустимое значение: нужно указать номер порта от 1 до 65535.\n"),
    ],
)
def test_a_bad_value_is_one_line_naming_the_variable_and_exit_status_2(language: str, text: str) -> None:
    for args in (("bot",), ()):  # `bangbot bot`, and a token alone with bare `bangbot`
        done = bangbot(*args, BANGBOT_TOKEN=TOKEN, BANGBOT_WEBHOOK_PORT="abc", LANGUAGE=language)
        assert (done.returncode, done.stderr, done.stdout) == (2, text, "")


def test_every_kind_of_bad_value_names_what_it_takes(no_settings: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tr = translator("en")
    cases = {
        "BANGBOT_TICK_SECONDS": ("0", "a number of seconds above 0"),
        "BANGBOT_GROUP_RATE": ("20/x", "messages/seconds, for example 20/60"),
        "BANGBOT_SET_WEBHOOK": ("maybe", "1 or 0"),
        "BANGBOT_SEED": ("1.5", "a whole number"),
        "BANGBOT_GROUP_HOLD_SECONDS": ("soon", "a number"),
        "BANGBOT_LOG_LEVEL": ("LOUD", "DEBUG, INFO, WARNING or ERROR"),
    }
    for name, (value, takes) in cases.items():
        monkeypatch.setenv(name, value)
        with pytest.raises(SettingError) as raised:
            load()
        assert raised.value.line(tr) == f"{name}={value} is not valid: it takes {takes}."
        monkeypatch.delenv(name)
    settings = load()
    assert (settings.group_rate, settings.set_webhook, settings.seed) == ((20, 60.0), True, None)


def test_secrets_are_read_from_files(no_settings: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    files = {"BANGBOT_TOKEN_FILE": TOKEN, "BANGBOT_WEBHOOK_SECRET_FILE": WEBHOOK_SECRET}
    files["DATABASE_URL_FILE"] = f"postgresql+psycopg://bang:{DB_PASSWORD}@db.example/bangbot"
    for name, value in files.items():
        path = no_settings / name
        path.write_text(value + "\n")  # as `echo` or systemd-creds writes it: the line end is not part of it
        monkeypatch.setenv(name, str(path))
    settings = BotSettings.from_env()
    assert settings is not None
    assert (settings.token, settings.webhook_secret, settings.database_url) == (
        TOKEN,
        WEBHOOK_SECRET,
        files["DATABASE_URL_FILE"],
    )
    monkeypatch.setenv("BANGBOT_TOKEN_FILE", str(no_settings / "missing"))
    with pytest.raises(SettingError) as raised:
        load()
    assert raised.value.line(translator("en")) == "BANGBOT_TOKEN_FILE: cannot read this file."


def test_config_prints_every_setting_and_never_a_secret(tmp_path: Path) -> None:
    secret_file = tmp_path / "secret"
    secret_file.write_text(WEBHOOK_SECRET)
    url = f"postgresql+psycopg://bang:{DB_PASSWORD}@db.example:5432/bangbot"
    for token in ({"BANGBOT_TOKEN": TOKEN}, {"TELEGRAM_BOT_TOKEN": TOKEN}):
        done = bangbot(
            "config",
            DATABASE_URL=url,
            BANGBOT_WEBHOOK_SECRET_FILE=str(secret_file),
            BANGBOT_WEBHOOK_PORT="9000",
            **token,
        )
        assert done.returncode == 0, done.stderr
        out = done.stdout
        assert TOKEN not in out and WEBHOOK_SECRET not in out and DB_PASSWORD not in out
        assert TOKEN.split(":")[1] not in out and DB_PASSWORD[:8] not in out
        lines = dict(line.split(None, 1) for line in out.splitlines())
        assert lines["BANGBOT_TOKEN"] == lines["BANGBOT_WEBHOOK_SECRET"] == "********"
        assert lines["DATABASE_URL"] == "postgresql+psycopg://bang:********@db.example:5432/bangbot"
        assert lines["BANGBOT_WEBHOOK_PORT"] == "9000" and lines["BANGBOT_GROUP_RATE"] == "20/60"


def test_the_default_database_lives_in_the_data_folder_made_on_first_use(tmp_path: Path) -> None:
    elsewhere = tmp_path / "cwd"
    elsewhere.mkdir()
    data = tmp_path / "xdg"
    done = bangbot("migrate", cwd=elsewhere, HOME=str(tmp_path / "home"), XDG_DATA_HOME=str(data), LANGUAGE="en")
    assert (done.returncode, done.stdout) == (0, "The database's schema is up to date.\n"), done.stderr
    assert (data / "bangbot" / "bangbot.sqlite3").is_file() and list(elsewhere.iterdir()) == []
    # Without XDG_DATA_HOME: ~/.local/share/bangbot; BANGBOT_DATA_DIR relative to where the bot starts, made absolute.
    done = bangbot("migrate", cwd=elsewhere, HOME=str(tmp_path / "home"))
    assert done.returncode == 0 and (tmp_path / "home/.local/share/bangbot/bangbot.sqlite3").is_file()
    done = bangbot("config", cwd=elsewhere, HOME=str(tmp_path / "home"), BANGBOT_DATA_DIR="data")
    folder = dict(line.split(None, 1) for line in done.stdout.splitlines())["BANGBOT_DATA_DIR"]
    assert folder == str(elsewhere / "data")


def test_version() -> None:
    done = bangbot("--version")
    assert (done.returncode, done.stdout) == (0, f"bangbot {bangbot_version()}\n") and bangbot_version() != "unknown"


def test_a_postgresql_url_without_the_driver_names_the_postgres_extra(
    no_settings: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as if bangbot[postgres] were not installed
    monkeypatch.setenv("DATABASE_URL", "postgresql+psycopg://bang@127.0.0.1:1/bangbot")
    monkeypatch.setenv("LANGUAGE", "en")
    for command in (["migrate"], ["purge"], ["bot"]):
        if command == ["bot"]:
            monkeypatch.setenv("BANGBOT_TOKEN", TOKEN)
        with pytest.raises(SystemExit) as exited:
            main(command)
        assert exited.value.code == 2
        out = capsys.readouterr()
        assert out.err == (
            "A postgresql+psycopg:// database needs the PostgreSQL driver: pip install 'bangbot[postgres]'.\n"
        )


def test_bot_without_a_token_says_so(tmp_path: Path) -> None:
    done = bangbot("bot", HOME=str(tmp_path), LANGUAGE="en")
    assert (done.returncode, done.stderr) == (2, "No bot token: set BANGBOT_TOKEN or BANGBOT_TOKEN_FILE.\n")


def test_a_password_in_the_url_query_is_masked_and_a_malformed_url_is_not_shown(
    no_settings: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DATABASE_URL", f"postgresql+psycopg://bang@db/bangbot?password={DB_PASSWORD}&sslmode=require")
    rows = dict(shown(load()))
    assert rows["DATABASE_URL"] == "postgresql+psycopg://bang@db/bangbot?password=********&sslmode=require"
    monkeypatch.setenv("DATABASE_URL", f"bang:{DB_PASSWORD}")  # not a URL, but a password may be in it
    with pytest.raises(SettingError) as raised:
        load()
    line = raised.value.line(translator("en"))
    assert line.startswith("DATABASE_URL=******** is not valid: it takes a database URL") and DB_PASSWORD not in line
