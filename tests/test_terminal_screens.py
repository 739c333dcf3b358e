"""Whole terminal games of every game and mode, in every language, played by a seeded typist in this process: what
a screen shows together tells the truth (the table is never older than the log above it)."""

from __future__ import annotations

import re

import pytest

from bangbot.i18n import LANGUAGES, Translator, translator
from bangbot.i18n.themes import themed
from tests.terminal_driver import TABLES, play_terminal

SEEDS = range(1, 6)
ELIMINATING = [table for table in TABLES if table[0] != "duel"]  # the Duel's players lose characters, not seats


def template(text: str, wanted: str) -> re.Pattern[str]:
    """Returns a pattern of a translated line: the field wanted captured, the others anything."""
    parts = re.split(r"(\{\w+\})", text)
    return re.compile(
        "".join(
            f"(?P<{wanted}>.+?)" if part == "{" + wanted + "}" else ".+?" if part.startswith("{") else re.escape(part)
            for part in parts
        )
        + "$"
    )


def stale_rows(text: str, tr: Translator) -> tuple[set[str], list[str]]:
    """Returns the players the log put out of the game, and the table rows printed that show one of them in the game
    after the log said so."""
    out_line = template(tr.gettext("{name} is out of the game. Role: {role}."), "name")
    gone: set[str] = set()
    stale: list[str] = []
    for line in text.splitlines():
        body = line.removeprefix("│ ")
        if found := out_line.search(body):
            gone.add(found.group("name"))
        stale += [body for name in gone if re.match(rf"[ ▶] \d+\. {re.escape(name)} — ", body)]
    return gone, stale


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("game", "preset", "players"), ELIMINATING)
def test_no_table_shows_a_player_in_the_game_after_the_log_put_them_out(
    game: str, preset: str, players: int, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # no row is wrapped
    tr = themed(translator(language), game)
    eliminated = 0
    for seed in SEEDS:
        played = play_terminal(game, preset, players, language, seed)
        assert played.status == 0
        gone, stale = stale_rows(played.text, tr)
        assert stale == [], seed
        eliminated += len(gone)
    assert eliminated > 0
