"""Whole terminal games of every game and mode, in every language, read as a person reads them: in order, every
line under its owner, the lobby before the game, nothing said twice."""

from __future__ import annotations

from pathlib import Path

import pytest

from bangbot.console.game import frame_labels
from bangbot.games.duel.presenter.prompts import character_ability
from bangbot.games.duel.rules.data import CARD_TYPES, CHARACTER
from bangbot.games.duel.texts.help import DUEL_CARD_HELP, DUEL_CHARACTER_HELP, says_always_active
from bangbot.games.duel.texts.rules import DUEL_CARD, DUEL_CHARACTER, explain_duel
from bangbot.i18n import LANGUAGES, translator
from tests.terminal_reading import terminal_game
from tests.terminal_session import orphans, private_frames

GAMES = [("base", "standard", 5), ("base", "ja", 7), ("starwars", "standard", 6)] + [
    ("duel", mode, 3 if mode == "standoff" else 2)
    for mode in ("duel", "third_law", "third_outlaws", "reinforcements", "standoff")
]
TABLE_DEPTH = 3  # a Duel table's character, reserve and hand lines sit under their player's line


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], tuple[str, str]]:
    """Returns, per language and game, what the terminal printed in a whole game and the game's record."""
    folder = tmp_path_factory.mktemp("records")
    out: dict[tuple[str, str], tuple[str, str]] = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("COLUMNS", "400")  # no line wraps: each printed line is one line of a message
        patch.setenv("BANGBOT_RECORDS_DIR", str(folder))
        for language in LANGUAGES:
            for i, (game, preset, seats) in enumerate(GAMES):
                text = terminal_game(game, preset, seats, language, 11 + i)
                records = list(Path(folder).iterdir())
                assert len(records) == 1, (language, game, text[-2000:])
                record = records[0]
                out[language, f"{game}/{preset}"] = text, record.read_text(encoding="utf-8")
                record.unlink()
    return out


def log_of(record: str) -> list[str]:
    """Returns the log lines of a game's record, turn by turn."""
    return record.split("\n== ", 3)[-1].splitlines()[1:]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_groups_lines_come_in_the_games_order(
    language: str, played: dict[tuple[str, str], tuple[str, str]]
) -> None:
    group = frame_labels(translator(language))[0]
    for (lang, game), (text, record) in played.items():
        if lang != language:
            continue
        log = log_of(record)
        known, at = set(log), 0
        for frame in private_frames(text, group):
            for line in frame:
                if line.strip() and line in known and not (at and log[at - 1] == line):
                    assert line in log[at:], (game, line, log[max(0, at - 5) : at])
                    at = log.index(line, at) + 1


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_line_of_the_group_is_printed_without_its_player(
    language: str, played: dict[tuple[str, str], tuple[str, str]]
) -> None:
    group = frame_labels(translator(language))[0]
    for (lang, game), (text, _) in played.items():
        if lang == language:
            assert orphans(text, TABLE_DEPTH, title=group) == [], game


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_lobby_is_printed_before_the_game_it_starts(
    language: str, played: dict[tuple[str, str], tuple[str, str]]
) -> None:
    tr = translator(language)
    lobby = tr.gettext("A new game of BANG! is gathering players.")
    for (lang, game), (text, _) in played.items():
        if lang == language:
            frames = private_frames(text, frame_labels(tr)[0])
            assert [i for i, frame in enumerate(frames) if lobby in frame] == [0], game


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_duel_players_starting_hand_is_shown_once(
    language: str, played: dict[tuple[str, str], tuple[str, str]]
) -> None:
    tr = translator(language)
    starting = tr.gettext("Your starting hand: {cards}. Your characters: {characters}.").split("{")[0]
    for (lang, game), (text, _) in played.items():
        if lang == language and game.startswith("duel"):
            first = private_frames(text, frame_labels(tr)[1])[0]
            assert any(line.startswith(tr.gettext("Your hand: {cards}").split("{")[0]) for line in first)
            assert not any(starting in line for line in first), (game, first)


@pytest.mark.parametrize("language", ["en", "ja"])  # whose helps say "Always active" in the sentence's words
def test_always_active_is_said_once(language: str) -> None:
    tr = translator(language)
    sentence = tr.pgettext("duel-rules", "Always active.").rstrip(".。")
    assert any(says_always_active(DUEL_CHARACTER_HELP[c]) for c in CHARACTER)
    assert any(says_always_active(DUEL_CARD_HELP[c]) for c in CARD_TYPES)
    for character in CHARACTER:
        for text in (character_ability(tr, character), explain_duel(tr, (DUEL_CHARACTER, character))):
            assert text.count(sentence) <= 1, text
    for card in CARD_TYPES:
        text = explain_duel(tr, (DUEL_CARD, card))
        assert text.count(sentence) <= 1, text
