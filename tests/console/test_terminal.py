"""The terminal game, driven through its standard input like a person at the keyboard."""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys
import unicodedata
from contextlib import closing
from pathlib import Path

import pytest

from tests.terminal_session import PROMPT, TerminalSession, orphans

TABLE = "BANG! in the terminal — turn "
OUT = "You are out of the game."
NEXT_TURN = "Press Enter for the next turn"
PAUSED = "Press Enter"  # after a turn that ended by itself, and between the AI players' turns once you are out
OVER = "The game is over."


def bangbot(stdin: str, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Runs the terminal game with the given keyboard input (its end closes the input)."""
    return subprocess.run(
        [sys.executable, "-m", "bangbot", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
        env={**os.environ, **(env or {})},
    )


def answers(out: str) -> list[str]:
    """Returns what the terminal printed after each prompt, in order (the first item: before any prompt)."""
    return out.split(PROMPT)


def columns(text: str) -> int:
    """Returns the terminal columns a text takes (wide East Asian characters take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def autoplay(*args: str, end_turns: bool, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    """Plays a whole game choosing the first choice shown (every other time 0 when end_turns: end the turn, take
    the hit) and going on at every pause; returns the exit status, the output and standard error."""
    game = TerminalSession(*args, env=env)
    n = 0
    while (seen := game.wait_for(PROMPT, PAUSED, OVER)) not in ("", OVER):
        if seen == PAUSED:
            game.type("")
            continue
        first = re.findall(r"^│ (\d+)\) ", game.text[game.text.rindex("┌─") :], re.M)[0]
        game.type("0" if end_turns and n % 2 else first)  # a question asked again keeps its numbers: 1 may be gone
        n += 1
    return game.finish()


def test_plays_a_whole_game_to_its_end() -> None:
    code, out, err = autoplay("--players", "4", "--seed", "3", end_turns=True)
    assert code == 0, err
    assert err == ""
    assert "┌─ group chat" in out and "┌─ private chat" in out
    assert "Your role:" in out and "1) " in out
    assert "0) End the turn" in out and "9) « Back" in out
    assert "Game over:" in out and out.rstrip().endswith("The game is over.")


def test_only_what_changed_is_printed_at_each_prompt() -> None:
    out = autoplay("--players", "4", "--seed", "3", end_turns=False, env={"COLUMNS": "200"})[1]
    # A changed line comes under its heading: no lone "🤖 3 — in range of BANG!" under "Hand: —".
    assert "Distance to each player" in out and orphans(out, 2, "Distance to each player") == []
    # The private message is printed in full once; then only its changed lines, its question and its choices.
    assert out.count("Your role:") == 1 and out.count("Your character:") == 1
    # The table is printed again only when a turn begins, someone is out of the game, or the game ends.
    turns = [int(n) for n in re.findall(re.escape(TABLE) + r"(\d+)", out)]
    outs = out.count("is out of the game.")
    assert len(turns) >= 3
    assert len(turns) - len(set(turns)) <= outs + 1
    assert turns == sorted(turns)
    # Between two prompts of the same turn that changed nothing of the table, no table is printed.
    segments = answers(out)
    assert sum(1 for s in segments if TABLE not in s) > len(segments) / 2


def test_bad_input_is_explained_and_the_end_of_input_stops_cleanly(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'keep.sqlite3'}"
    result = bangbot("hello\n99\n", "--players", "5", "--seed", "4", "--db", db)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout.count("Type one of the numbers above.") == 2
    assert "The game is saved" in result.stdout
    assert "Traceback" not in result.stdout


def test_a_resumed_game_shows_the_last_turns_log_the_table_and_your_message(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'keep.sqlite3'}"
    first = bangbot("1\n" * 4, "--players", "5", "--seed", "4", "--db", db)
    assert first.returncode == 0, first.stderr
    with closing(sqlite3.connect(tmp_path / "keep.sqlite3")) as kept:  # what the delivery held back was written
        assert kept.execute("SELECT count(*) FROM outbox").fetchone() == (0,)
    again = bangbot("", "--players", "5", "--db", db)
    assert again.returncode == 0, again.stderr
    out = again.stdout
    assert "A new game of BANG!" not in out
    log, table, private = out.index("Turn "), out.index(TABLE), out.index("Your role:")
    assert log < table < private < out.index(PROMPT)
    assert "The game is saved" in out


def test_the_end_of_input_without_db_says_the_game_is_not_kept_and_deletes_it(tmp_path: Path) -> None:
    result = bangbot("1\n", "--players", "4", "--seed", "3", env={"TMPDIR": str(tmp_path)})
    assert result.returncode == 0 and result.stderr == ""
    assert "The game is not kept" in result.stdout
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("keep", [False, True])
def test_ctrl_c_stops_at_once_without_a_traceback(tmp_path: Path, keep: bool) -> None:
    db = ["--db", f"sqlite:///{tmp_path / 'keep.sqlite3'}"] if keep else []
    game = TerminalSession("--players", "4", "--seed", "3", *db, env={"TMPDIR": str(tmp_path)})
    assert game.wait_for(PROMPT) == PROMPT
    game.interrupt()
    code, out, err = game.finish()
    assert code == 130
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert ("The game is saved" if keep else "The game is not kept") in out.split(PROMPT)[-1]
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("bangbot-")] == []


def test_status_shows_the_table_and_your_message() -> None:
    out = bangbot("/status\n", "--players", "4", "--seed", "3").stdout
    after = answers(out)[1]
    assert TABLE in after and "Deck:" in after
    assert "Your role:" in after and "Life:" in after and "1) " in after


def test_language_opens_its_menu_at_once_and_does_not_take_the_next_answer() -> None:
    plain = answers(bangbot("", "--players", "4", "--seed", "3").stdout)
    segments = answers(bangbot("/language\n2\n", "--players", "4", "--seed", "3").stdout)
    assert "Choose your language:" in segments[1] and "2) Русский" in segments[1]
    assert segments[1].rstrip().endswith("└─")  # the menu is the question now
    assert "теперь ваш язык — русский" in segments[2]
    # No move was made: the game's own question comes back unanswered, with as many choices as before.
    assert "┌─ group chat" not in segments[2] and "┌─ групповой чат" not in segments[2]
    choice = re.compile(r"^│ \d+\) ", re.M)
    assert len(choice.findall(segments[2])) == len(choice.findall(plain[0]))


def test_help_lists_only_what_works_in_the_terminal() -> None:
    segments = answers(bangbot("/help\n/deadline 5m\n/newgame\n", "--players", "4", "--seed", "3").stdout)
    shown = segments[1]
    for command in ("/status", "/rules", "/language", "/help"):
        assert command in shown
    for command in ("/newgame", "/deadline", "/cancel"):
        assert command not in shown
    assert "does not work in the terminal" in segments[2] and "does not work in the terminal" in segments[3]


@pytest.mark.parametrize("language", ["en", "ja"])
def test_long_lines_are_wrapped_inside_the_frame(language: str) -> None:
    result = bangbot("1\n" * 40, "--players", "5", "--seed", "4", "--lang", language, env={"COLUMNS": "40"})
    assert result.returncode == 0, result.stderr
    framed = [line for line in result.stdout.splitlines() if line.startswith("│")]
    assert len(framed) > 50
    assert max(columns(line) for line in framed) <= 40
    assert any(line.startswith("│   ") for line in framed)  # a continuation, indented inside the frame


def test_in_russian_with_a_command() -> None:
    result = bangbot("/rules Бочка\n" + "1\n0\n" * 3000, "--players", "4", "--seed", "8", "--lang", "ru")
    assert result.returncode == 0, result.stderr
    assert "«Бочка»" in result.stdout


def test_a_table_size_out_of_range_is_refused() -> None:
    result = bangbot("", "--players", "9")
    assert result.returncode == 2
    assert result.stderr == "bangbot: --game base is played by 4 to 7 players, not --players 9.\n"


def passive_until_out(show: str, watch: bool = True) -> tuple[str, str]:
    """Plays seeded games taking every hit and ending every turn until the person is out, then answers show and
    (watch) presses Enter at every pause to the end, or (not watch) ends the input at the first pause.

    Returns what was printed before the question and after it.
    """
    for seed in range(1, 30):
        game = TerminalSession("--players", "4", "--seed", str(seed), "--name", "Player")
        while (seen := game.wait_for(OUT, PROMPT)) == PROMPT:
            choices = re.findall(r"^│ (\d+)\) (.*)", game.text, re.M)
            last = choices[-1][0] if not choices[-1][1].startswith("« Back") else choices[-2][0]
            game.type(last)  # take the hit (0) and confirm it when asked (Yes, not « Back), end the turn, go on
        if seen:
            if PROMPT not in game.text[game.text.rindex(OUT) :]:
                assert game.wait_for(PROMPT) == PROMPT
            game.type(show)
            while watch and game.wait_for(NEXT_TURN, OVER) == NEXT_TURN:
                game.type("")  # one turn of the AI players per Enter
            if not watch:
                assert game.wait_for(NEXT_TURN) == NEXT_TURN
            code, out, err = game.finish()
            assert code == 0 and err == ""
            return out[: out.index(OUT)], out[out.index(OUT) :]
        game.finish()
    raise AssertionError("no seed put the passive player out of the game")


def test_when_you_are_out_the_terminal_asks_then_shows_every_turn_and_the_summary() -> None:
    before, after = passive_until_out("1")
    assert "Player is out of the game." in before  # the turn you were put out in is shown before the question
    assert "Show only the result" in after
    # The AI players' turns are shown one per Enter: each pause comes after a new turn began.
    screens = after.split(NEXT_TURN)
    assert len(screens) > 2 and all(re.search(r"Turn \d+:", screen) for screen in screens[1:-1])
    summary = after[after.rindex(TABLE) :]
    assert "Game over:" in summary and "[Sheriff]" in summary and "[Outlaw]" in summary
    assert "The game, player by player:" in summary  # after the final table
    assert after.rstrip().endswith("The game is over.")


def test_when_you_are_out_the_result_alone_can_be_shown() -> None:
    before, after = passive_until_out("2")
    assert "Player is out of the game." in before
    assert not re.search(r"Turn \d+:", after.split(PROMPT)[-1])  # no AI turn is shown
    summary = after[after.rindex(TABLE) :]
    assert "Game over:" in summary and "[Sheriff]" in summary and "[Outlaw]" in summary
    assert "The game, player by player:" in summary and "Record of game 1" in summary  # shown to the quiet too


def test_a_resumed_game_keeps_its_language_and_language_renames_its_table(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'keep.sqlite3'}"
    first = bangbot("1\n", "--players", "4", "--seed", "3", "--lang", "ru", "--db", db)
    assert first.returncode == 0, first.stderr
    again = bangbot("/language\n3\n/status\n", "--db", db)
    assert again.returncode == 0, again.stderr
    resumed, switched = again.stdout.split("ターミナルのBANG!", 1)
    assert "«Бэнг!» — терминал" in resumed and "BANG! in" not in resumed and "┌─ групповой чат" in resumed
    assert "терминал" not in switched and "ターミナルのBANG!" in switched  # every title follows the new language


def test_the_terminal_does_not_send_you_to_a_private_chat() -> None:
    out = bangbot("", "--players", "4", "--seed", "3").stdout
    assert "check your private messages" not in out


def test_a_database_whose_game_is_over_offers_a_new_game(tmp_path: Path) -> None:
    from sqlmodel import Session, select

    from bangbot.storage.db import open_engine
    from bangbot.storage.models import FINISHED, Game

    url = f"sqlite:///{tmp_path / 'keep.sqlite3'}"
    assert bangbot("", "--players", "4", "--seed", "3", "--db", url).returncode == 0
    engine = open_engine(url)
    try:
        with Session(engine) as s:
            game = s.exec(select(Game)).one()
            game.status = FINISHED
            s.add(game)
            s.commit()
        no = bangbot("2\n", "--db", url)
        assert no.returncode == 0, no.stderr
        assert "The game kept in this database is over." in no.stdout and "1) Start a new game" in no.stdout
        assert PROMPT not in no.stdout.split(PROMPT, 1)[1]  # nothing else was asked: no game was started
        with Session(engine) as s:
            assert len(s.exec(select(Game)).all()) == 1
        yes = bangbot("1\n", "--db", url)
        assert yes.returncode == 0, yes.stderr
        assert "Your role:" in yes.stdout
        with Session(engine) as s:
            assert len(s.exec(select(Game)).all()) == 2
    finally:
        engine.dispose()
