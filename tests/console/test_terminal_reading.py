"""Whole terminal games of every game and mode, in every language, read as a person reads them: in order, every
line under its owner, the lobby before the game, nothing said twice."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from bangbot.console.frame import text_width
from bangbot.console.game import frame_labels
from bangbot.games.bang.texts.glossary import CARD_NAMES, card_name
from bangbot.games.duel.presenter.prompts import character_ability
from bangbot.games.duel.rules.data import CARD_TYPES, CHARACTER
from bangbot.games.duel.texts.help import DUEL_CARD_HELP, DUEL_CHARACTER_HELP, says_always_active
from bangbot.games.duel.texts.names import DUEL_CARD_NAMES
from bangbot.games.duel.texts.rules import DUEL_CARD, DUEL_CHARACTER, explain_duel
from bangbot.i18n import LANGUAGES, translator
from bangbot.i18n.themes import themed
from bangbot.i18n.wording import AI_NAMES, ai_name
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


SPLIT: list[tuple[str, str, str]] = []
NARROW = 40  # columns: most lines wrap


@pytest.fixture(scope="module")
def narrow(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """Returns, per language, what the terminal printed at 40 columns in a game of each kind."""
    out: dict[str, list[str]] = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("COLUMNS", str(NARROW))
        patch.setenv("BANGBOT_RECORDS_DIR", str(tmp_path_factory.mktemp("narrow")))
        for language in LANGUAGES:
            out[language] = [
                terminal_game(game, preset, seats, language, 5)
                for game, preset, seats in (
                    ("base", "standard", 5),
                    ("starwars", "standard", 6),
                    ("duel", "standoff", 3),
                )
            ]
    return out


def names_of(language: str) -> list[str]:
    """Returns the names of more than one word a reader must find whole on a line: every game's cards and the AI
    players (not yet Japanese names, which may still break between their characters)."""
    tr, sw = translator(language), themed(translator(language), "starwars")
    names = [card_name(t, k) for t in (tr, sw) for k in CARD_NAMES]
    names += [tr.name(m) for m in DUEL_CARD_NAMES.values()]
    names += [ai_name(tr, slot) for slot in range(len(AI_NAMES))]
    return [name for name in set(names) if " " in name and not any(ord(c) > 0x2E80 for c in name)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_name_or_card_is_split_across_lines(language: str, narrow: dict[str, list[str]]) -> None:
    names = names_of(language)
    SPLIT.clear()
    for text in narrow[language]:
        lines = [line.replace("\u00a0", " ") for line in text.splitlines()]
        for above, below in pairwise(lines):
            if not below.startswith("│   "):  # only a wrapped line's continuation
                continue
            tail, head = above.removeprefix("│ ").rstrip(), below.removeprefix("│   ").lstrip()
            for joined in (f"{tail} {head}", tail + head):
                for name in names:
                    at = joined.find(name)
                    while at != -1:
                        if at < len(tail) < at + len(name):
                            SPLIT.append((name, above, below))
                        at = joined.find(name, at + 1)
    assert not SPLIT, sorted(set(SPLIT))[:40]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_cards_text_asked_with_its_question_mark_stays_in_its_frame(
    language: str, narrow: dict[str, list[str]]
) -> None:
    alerts = [line for text in narrow[language] for line in text.splitlines() if "⚠" in line]
    assert alerts, "no ❓ was pressed"
    for line in alerts:
        assert line.startswith("│ ⚠") and text_width(line) <= NARROW, line
