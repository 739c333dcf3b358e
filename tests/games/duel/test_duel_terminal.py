"""BANG! The Duel in the terminal: `bangbot --game duel --mode M` seats you against the AI, and resumes."""

from __future__ import annotations

import json
import re
from pathlib import Path

from sqlmodel import Session, select

from bangbot.games.duel.rules.modes import MODE_IDS
from bangbot.storage.db import open_engine
from bangbot.storage.models import ActionLog, Game, Seat
from tests.console.test_terminal import OUT, bangbot
from tests.terminal_session import PROMPT, TerminalSession, orphans

TURNS = 3


def stored(url: str) -> tuple[Game, list[Seat], list[ActionLog]]:
    """Returns the terminal's game, its seats and its action log as kept in the database."""
    engine = open_engine(url)
    try:
        with Session(engine) as s:
            game = s.exec(select(Game)).one()
            seats = sorted(s.exec(select(Seat).where(Seat.game_id == game.id)), key=lambda seat: seat.position)
            actions = list(s.exec(select(ActionLog).where(ActionLog.game_id == game.id)))
            return game, seats, actions
    finally:
        engine.dispose()


def turn_of(game: Game) -> int:
    """Returns the number of the turn under way in a stored game."""
    return int(json.loads(game.state_json or "{}")["turn_number"])


def play_until_turn(session: TerminalSession, url: str, turn: int) -> None:
    """Answers every question with its first choice, or ends the turn, until the stored game reaches turn."""
    for n in range(2000):
        assert session.wait_for(PROMPT) == PROMPT, session.text[-2000:]
        if n % 10 == 9 and turn_of(stored(url)[0]) >= turn:
            return
        first = re.findall(r"^│ (\d+)\) ", session.text[session.text.rindex("┌─") :], re.M)[0]
        session.type(first if n % 2 == 0 else "0")  # a question asked again keeps its numbers: 1 may be gone
    raise AssertionError("the game did not reach the turn")


def test_a_few_turns_of_the_standoff_then_a_resume(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'duel.sqlite3'}"
    wide = {"COLUMNS": "200"}  # no line wraps: a frame's lines are the message's
    session = TerminalSession(
        "--game", "duel", "--mode", "standoff", "--seed", "4", "--db", url, "--name", "Ann", env=wide
    )
    play_until_turn(session, url, TURNS)
    code, out, err = session.finish()
    assert code == 0 and err == "", err
    # Every changed line is printed under its player: no lone "reserve: 1; hand: 3 cards" or character line.
    assert "reserve: " in out and orphans(out, 3) == []
    assert "┌─ group chat" in out and "┌─ private chat" in out
    assert OUT not in out, "nobody is out of a game under way"
    game, seats, actions = stored(url)
    assert (game.ruleset, game.preset, game.status) == ("duel", "standoff", "running")
    assert seats[0].name == "Ann" and [s.is_ai for s in seats] == [False, True, True]
    assert {"player", "ai"} <= {a.by for a in actions} <= {"player", "ai", "forced"} and turn_of(game) >= TURNS
    # The same --db goes on with the same game.
    again = TerminalSession("--game", "duel", "--mode", "standoff", "--db", url)
    assert again.wait_for(PROMPT) == PROMPT
    again.type("1")
    assert again.wait_for(PROMPT) == PROMPT
    code, out, err = again.finish()
    assert code == 0 and err == "", err
    resumed, _, later = stored(url)
    assert resumed.id == game.id and len(later) >= len(actions) and resumed.version >= game.version
    assert "Ann" in out


def test_the_mode_belongs_to_the_duel_and_fixes_the_seats() -> None:
    helped = bangbot("", "--help")
    assert helped.returncode == 0 and all(mode in helped.stdout for mode in MODE_IDS)
    stray = bangbot("", "--mode", "standoff")
    assert stray.returncode == 2 and "--mode goes with --game duel" in stray.stderr
    wrong = bangbot("", "--game", "starwars", "--mode", "duel")
    assert wrong.returncode == 2 and "--mode goes with --game duel" in wrong.stderr
    crowded = bangbot("", "--game", "duel", "--mode", "standoff", "--players", "4")
    assert crowded.returncode == 2 and "is played by 3, not --players 4" in crowded.stderr


def test_the_lineup_shows_each_abilities_and_equipping_says_where_a_card_counts() -> None:
    game = TerminalSession(
        "--game", "duel", "--mode", "standoff", "--seed", "4", "--name", "Ann", env={"COLUMNS": "300"}
    )
    assert game.wait_for(PROMPT) == PROMPT
    lineup = game.text[game.text.rindex("Choose your attacking character") :]
    for name in ("Pearl Hart", "Tom Horn", "Slim Poet"):  # each reserve character with its ability
        assert re.search(rf"^│ {name}: \w.{{20,}}$", lineup, re.M), name
    game.type("1")
    assert game.wait_for(PROMPT) == PROMPT
    game.type(re.findall(r"^│ (\d+)\) Tom Horn", game.text, re.M)[-1])
    assert game.wait_for(PROMPT) == PROMPT
    game.type(re.findall(r"^│ (\d+)\) Gunbelt", game.text, re.M)[-1])  # an equipment card: where will it count?
    assert game.wait_for(PROMPT) == PROMPT
    code, out, err = game.finish()
    assert code == 0 and err == "", err
    step = out[out.rindex("Gunbelt\u00a0🐍 → at whom?") :]
    assert "It counts only while its character attacks, or is the target of a hit" in step


def test_a_decision_with_one_possible_answer_is_not_asked(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'duel.sqlite3'}"
    session = TerminalSession("--game", "duel", "--seed", "5", "--db", url, "--name", "Ann", env={"COLUMNS": "200"})
    play_until_turn(session, url, 8)
    code, out, err = session.finish()
    assert code == 0 and err == "", err
    frames = re.findall(r"^┌─ private chat\n(.*?)^└─", out, re.M | re.S)
    assert frames and all(len(re.findall(r"^│ \d+\) ", f, re.M)) != 1 for f in frames), "a lone choice was asked"
    assert "forced" in {a.by for a in stored(url)[2]}  # e.g. a hit with no card to dodge it: taken, as in base BANG!
