"""The terminal game, driven through its standard input like a person at the keyboard."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def bangbot(stdin: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Runs the terminal game with the given keyboard input."""
    return subprocess.run(
        [sys.executable, "-m", "bangbot", *args], input=stdin, capture_output=True, text=True, check=False, timeout=300
    )


def test_plays_a_whole_game_to_its_end() -> None:
    result = bangbot("1\n0\n" * 3000, "--players", "4", "--seed", "3")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "┌─ group chat" in out and "┌─ private chat" in out
    assert "Your role:" in out and "1) " in out
    assert "0) End the turn" in out and "9) « Back" in out
    assert "Game over:" in out and out.rstrip().endswith("The game is over.")


def test_bad_input_is_explained_and_the_end_of_input_stops_cleanly(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'keep.sqlite3'}"
    result = bangbot("hello\n99\n", "--players", "5", "--seed", "4", "--db", db)
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("Type one of the numbers above.") == 2
    assert "the game is saved" in result.stdout
    # The same database resumes the game where it stopped.
    again = bangbot("/status\n", "--players", "5", "--db", db)
    assert again.returncode == 0, again.stderr
    assert "A new game of BANG!" not in again.stdout
    assert "Your role:" in again.stdout


def test_in_russian_with_a_command() -> None:
    result = bangbot("/rules Бочка\n" + "1\n0\n" * 3000, "--players", "4", "--seed", "8", "--lang", "ru")
    assert result.returncode == 0, result.stderr
    assert "«Бочка»" in result.stdout


def test_a_table_size_out_of_range_is_refused() -> None:
    result = bangbot("", "--players", "9")
    assert result.returncode == 2
    assert "4" in result.stdout and "7" in result.stdout
