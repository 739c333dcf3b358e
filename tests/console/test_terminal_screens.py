"""Whole terminal games of every game and mode, in every language, played by a seeded typist in this process: what
a screen shows together tells the truth (the table is never older than the log above it), and a number keeps
meaning the choice it was shown for in its turn, and no card's or character's name is split across lines."""

from __future__ import annotations

import re
from collections.abc import Hashable
from typing import Any

import pytest

from bangbot.console import frame as frame_module
from bangbot.console.frame import text_width
from bangbot.console.game import Terminal
from bangbot.console.messenger import ConsoleMessenger, Prompt
from bangbot.games.contract import STEP_CARD, TableState
from bangbot.i18n import LANGUAGES, Translator, translator
from bangbot.i18n.themes import themed
from bangbot.i18n.wording import GLUE
from bangbot.messaging.adapter import Button, MessageRef
from bangbot.messaging.commands.rules import topic_names
from bangbot.messaging.press.button_data import decode
from bangbot.messaging.press.choice_topic import choice_steps
from tests.terminal_driver import TABLES, play_terminal

SEEDS = range(1, 6)
NARROW = 34  # columns of a narrow terminal
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


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("game", "preset", "players"), TABLES)
def test_a_number_shown_for_a_choice_keeps_meaning_it_in_its_turn(
    game: str, preset: str, players: int, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[tuple[int, dict[Hashable, str]]] = []  # per prompt: its turn, what each number picks
    asked: list[tuple[TableState, int]] = []
    answer, prompt = Terminal.answer, ConsoleMessenger.prompt

    async def answering(terminal: Terminal, ref: MessageRef, state: TableState) -> bool:
        asked.append((state, terminal.seat or 0))
        return await answer(terminal, ref, state)

    def prompting(messenger: ConsoleMessenger, ref: MessageRef, *args: Any) -> Prompt:
        seen = prompt(messenger, ref, *args)
        state, seat = asked[-1]
        shown.append((state.turn_number, {picked(state, seat, b): key for key, b in seen.keys.items() if not b.fixed}))
        return seen

    monkeypatch.setattr(Terminal, "answer", answering)
    monkeypatch.setattr(ConsoleMessenger, "prompt", prompting)
    kept = {"card": 0, "other": 0}  # numbers shown again for the same choice in its turn
    for seed in SEEDS[:3]:
        shown.clear()
        assert play_terminal(game, preset, players, language, seed).status == 0
        last: dict[Hashable, tuple[int, str]] = {}  # what each number picked when last shown, in which turn
        for turn, picks in shown:
            for choice, key in picks.items():
                before = last.get(choice)
                if before is not None and before[0] == turn:
                    assert key == before[1], (seed, turn, choice)
                    kept["card" if is_card(choice) else "other"] += 1
                last[choice] = turn, key
    assert kept["card"] > 0


def picked(state: TableState, seat: int, button: Button) -> Hashable:
    """Returns what a choice picks: its steps (choice_steps), else its text."""
    path = choice_steps(state, seat, decode(button.data).choice)
    return path if path else button.text


def is_card(choice: Hashable) -> bool:
    """Returns whether a choice picks a card."""
    return isinstance(choice, tuple) and choice[-1].kind == STEP_CARD


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("game", "preset", "players"), TABLES)
def test_no_card_or_character_name_is_split_across_lines_at_a_narrow_terminal(
    game: str, preset: str, players: int, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", str(NARROW))
    tr = translator(language)
    names = {name.replace(GLUE, " ") for kind in topic_names(tr, game) for name in kind}
    names = {name for name in names if text_width(name) <= NARROW - 6}  # a name fits a continuation line
    wrapped: list[tuple[str, list[str]]] = []
    wrap = frame_module.wrap

    def recording(line: str, width: int, *args: Any) -> list[str]:
        parts = wrap(line, width, *args)
        if len(parts) > 1:
            wrapped.append((line.replace(GLUE, " "), [part.replace(GLUE, " ") for part in parts]))
        return parts

    monkeypatch.setattr(frame_module, "wrap", recording)
    assert play_terminal(game, preset, players, language, 1).status == 0
    split = [
        (name, parts)
        for line, parts in wrapped
        for name in names
        if name in line and line.count(name) > sum(part.count(name) for part in parts)
    ]
    assert wrapped
    assert split == [], split[:3]
