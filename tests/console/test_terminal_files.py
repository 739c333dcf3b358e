"""The terminal's files and databases: every record gets a file of its own, --db takes a plain path and refuses
what it cannot open in one line, a resumed game shows its first move, and a stop speaks the game's language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bangbot.console.game import GROUP_ID
from bangbot.console.messenger import RECORDS_DIR
from bangbot.games import game as registered
from bangbot.i18n import LANGUAGES, translator
from bangbot.i18n.themes import themed
from bangbot.storage.db import open_engine
from bangbot.storage.repository import Repository
from tests.console.test_terminal import bangbot
from tests.terminal_driver import TABLES, play_terminal
from tests.terminal_session import PROMPT, TerminalSession


def test_every_game_without_db_keeps_its_own_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(RECORDS_DIR, str(tmp_path))
    for language in (*LANGUAGES, "en"):
        assert play_terminal("base", "standard", 4, language, 3).status == 0
    records = sorted(p.name for p in tmp_path.iterdir())
    assert len(records) == len(LANGUAGES) + 1  # each game's record: none overwrote another
    assert "bangbot-game-1-en.txt" in records and "bangbot-game-1-en-2.txt" in records


@pytest.mark.parametrize(
    ("db", "says"),
    [
        ("nonsense://x", "--db nonsense://x names no database"),
        ("{tmp}/file.txt/game.sqlite3", "the database cannot be opened"),
        ("{tmp}/missing/game.sqlite3", "the database cannot be opened"),
    ],
)
def test_a_database_that_cannot_be_used_is_one_line_and_status_2(tmp_path: Path, db: str, says: str) -> None:
    (tmp_path / "file.txt").write_text("not a folder")
    result = bangbot("", "--db", db.format(tmp=tmp_path))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("bangbot: ") and says in result.stderr and result.stderr.count("\n") == 1


def test_a_plain_path_is_an_sqlite_database(tmp_path: Path) -> None:
    path = tmp_path / "game.sqlite3"
    first = bangbot("1\n", "--players", "4", "--seed", "3", "--db", str(path))
    assert first.returncode == 0, first.stderr
    assert path.exists() and "The game is saved" in first.stdout
    again = bangbot("", "--db", str(path))
    assert again.returncode == 0 and "Your role:" in again.stdout and "A new game of BANG!" not in again.stdout


def current_log(url: str) -> list[str]:
    """Returns the lines of the current turn's group log of the game kept at url, as its group reads them."""
    engine = open_engine(url)
    try:
        with Repository(engine) as repo:
            game = repo.latest_game(GROUP_ID)
            assert game is not None and game.id is not None
            tr = themed(translator(repo.chat_settings(GROUP_ID).language or "en"), game.ruleset)
            names = [seat.name for seat in repo.seats(game.id)]
            return (
                registered(game.ruleset)
                .presenter.log_text(tr, json.loads(game.log_json or "[]"), names, None)
                .splitlines()
            )
    finally:
        engine.dispose()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("game", "preset", "players"), TABLES)
def test_a_resumed_game_shows_every_move_made_after_it(
    game: str, preset: str, players: int, language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # no line is wrapped
    for stop in (2, 5, 9):
        url = f"sqlite:///{tmp_path / f'{stop}.sqlite3'}"
        assert play_terminal(game, preset, players, language, 7, database=url, max_answers=stop).status == 0
        resumed = play_terminal(game, preset, players, language, 8, database=url, max_answers=4)
        shown = {line.removeprefix("│ ") for line in resumed.text.splitlines()}
        missing = [line for line in current_log(url) if line not in shown]
        assert missing == [], stop


def test_ctrl_c_in_a_resumed_game_speaks_its_language(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'keep.sqlite3'}"
    assert bangbot("1\n", "--players", "4", "--seed", "3", "--lang", "ru", "--db", db).returncode == 0
    game = TerminalSession("--db", db)
    assert game.wait_for("Ваш выбор (") == "Ваш выбор ("
    game.interrupt()
    code, out, _ = game.finish()
    assert code == 130
    assert "Остановлено. Игра сохранена" in out.split("Ваш выбор (")[-1] and "Stopped" not in out
    assert PROMPT not in out
