"""Who did what, in every language: one's own news in the second person over whole games, one honorific, one
word per idea, a summary that cannot be read backwards."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest

from bangbot.core.events import Event
from bangbot.games import game as registered
from bangbot.games.bang.presenter.labels import card_label
from bangbot.games.bang.presenter.render import event_line
from bangbot.games.bang.texts.glossary import character_name
from bangbot.games.duel.presenter.lines import event_line as duel_line
from bangbot.games.duel.presenter.lines import slot_phrase
from bangbot.games.duel.rules.actions import Play
from bangbot.games.duel.rules.effects import _stagecoach
from bangbot.games.duel.rules.renegade_effects import _marshal_draws
from bangbot.games.duel.rules.requests import MarshalDraw
from bangbot.games.duel.texts.names import duel_card_name, duel_character_name
from bangbot.i18n import LANGUAGES, Translator, catalog_path, translator
from bangbot.i18n.themes import themed
from bangbot.i18n.wording import player, players

GAMES = [("base", "standard", 5), ("base", "ja", 7), ("starwars", "standard", 6)]
# Kinds whose reader's own line still names them in the third person: a turn's heading, the deal.
THIRD_PERSON = {"turn", "start"}
NAMES = ["Anna", "Petr", "Jana", "Karel", "Ivo", "Eva", "田中さん"]


def own_lines(language: str, game: str, preset: str, seats: int, seed: int) -> list[tuple[str, str]]:
    """Returns (kind, line) of every event of a random game as its own acting player reads it."""
    rules, tr = registered(game).ruleset, themed(translator(language), game)
    names = players(tr, NAMES[:seats])
    state, _ = rules.new_game(rules.config(seats, preset), seed)
    rng = random.Random(seed)
    out: list[tuple[str, str]] = []
    for _ in range(300):
        if rules.winner(state):
            break
        seat = rng.choice(rules.awaiting(state))
        state, events = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
        for e in events:
            reader = e.data.get("seat")
            if not isinstance(reader, int) or e.kind in THIRD_PERSON:
                continue
            data = e.for_seat(reader)
            if reader in (data.get("from"), data.get("to"), data.get("other")):
                continue  # at oneself: the other player named is the reader
            line = event_line(tr, data, names, reader)
            if line:
                out.append((e.kind, line.replace(names[reader], "\0")))
    return out


@pytest.mark.parametrize("language", LANGUAGES)
def test_ones_own_news_never_names_oneself(language: str) -> None:
    for i, (game, preset, seats) in enumerate(GAMES):
        lines = [line for seed in (3 + i, 30 + i) for line in own_lines(language, game, preset, seats, seed)]
        assert lines
        assert [(kind, line) for kind, line in lines if "\0" in line] == [], game


def test_a_name_that_carries_the_honorific_gets_no_second_one() -> None:
    ja = translator("ja")
    assert players(ja, ["田中さん", "花子", "🤖 1"])[:2] == ["田中さん", "花子さん"]
    assert player(ja, "田中さん") == "田中さん" and player(translator("en"), "Bob") == "Bob"


def test_japanese_says_the_rulebooks_word_for_out_of_the_game() -> None:
    catalog = catalog_path("ja").read_text(encoding="utf-8")
    assert "リタイヤ" in catalog and "脱落" not in catalog


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_summary_says_who_took_out_whom(language: str) -> None:
    tr = translator(language)
    victims = tr.ngettext("Took out of the game: {names}", "Took out of the game: {names}", 1, names="X")
    by = tr.gettext("Eliminated by {name} in turn {number}", name="X", number=9)
    if language == "en":
        assert victims == "Took out of the game: X" and by == "Eliminated by X in turn 9"
    if language == "ru":
        assert "выбивает X" not in by and "кто выбил: X" in by


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_draw_says_why(language: str) -> None:
    tr = translator(language)
    rules = registered("duel").ruleset
    state, _ = rules.new_game(rules.config(2, "third_law"), 1)
    events: list[Event] = []
    _marshal_draws(state, 0, MarshalDraw(0, 3), "0", events)
    _stagecoach(state, 0, Play(card=0), events)
    names = players(tr, ["Anna", "Petr"])
    lines = [duel_line(tr, e.for_seat(None), names, None) or "" for e in events if e.kind == "draw"]
    assert len(lines) == 2
    glued = [line.replace("\u00a0", " ") for line in lines]  # a cause's words are glued with no-break spaces
    assert duel_character_name(tr, "marshal") in glued[0] and duel_card_name(tr, "stagecoach") in glued[1]
    base = themed(tr, "base")
    look = {"kind": "look", "seat": 1, "count": 3, "reason": "kit_carlson"}
    assert character_name(base, "kit_carlson") in (event_line(base, look, names, None) or "").replace("\u00a0", " ")
    mine = (event_line(base, {**look, "cards": [0, 1, 2]}, names, 1) or "").replace("\u00a0", " ")
    assert character_name(base, "kit_carlson") in mine and card_label(base, 0).replace("\u00a0", " ") in mine


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("mode", ["duel", "standoff"])
def test_a_duel_players_own_plays_swaps_and_equipment_speak_to_them(language: str, mode: str) -> None:
    tr = translator(language)
    seats = 3 if mode == "standoff" else 2
    names = players(tr, NAMES[:seats])
    told = 0
    for e in whole_games("duel", mode, seats, (1, 2)):
        reader = e.data.get("seat")
        if e.kind in ("play", "swap", "equip") and e.data.get("by", reader) == reader:
            line = duel_line(tr, e.for_seat(reader), names, reader)
            if line:
                told += 1
                assert not line.startswith(names[reader]), line
    assert told


# Every game and mode: (game, preset or mode, seats).
EVERY_TABLE = [
    *GAMES,
    *(("duel", mode, 3 if mode == "standoff" else 2) for mode in ("duel", "third_law", "third_outlaws")),
    ("duel", "reinforcements", 2),
    ("duel", "standoff", 3),
]
TURN_DRAWS = ("phase1", "turn")  # the reason of a turn's own draw, in base BANG! and in the Duel


def line_of(game: str) -> Callable[[Translator, dict[str, Any], Sequence[str], int | None], str | None]:
    """Returns the event line writer of a game."""
    return duel_line if game == "duel" else event_line


def whole_games(game: str, preset: str, seats: int, seeds: Sequence[int]) -> Iterator[Event]:
    """Yields every event of random whole games of a table."""
    rules = registered(game).ruleset
    for seed in seeds:
        state, events = rules.new_game(rules.config(seats, preset), seed)
        yield from events
        rng = random.Random(seed)
        for _ in range(600):
            if rules.winner(state):
                break
            seat = rng.choice(rules.awaiting(state))
            state, events = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
            yield from events


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("game", "preset", "seats"), EVERY_TABLE)
def test_every_draw_of_whole_games_says_why(language: str, game: str, preset: str, seats: int) -> None:
    tr = themed(translator(language), game)
    names, line = players(tr, NAMES[:seats]), line_of(game)
    caused = 0
    for e in whole_games(game, preset, seats, (1, 2)):
        if e.kind != "draw":
            continue
        reason = e.data.get("reason")
        assert reason, e  # a draw without a reason would read as the turn's own
        if reason in TURN_DRAWS:
            continue
        for reader in (None, e.data["seat"]):
            data = e.for_seat(reader)
            plain = {**data, "reason": TURN_DRAWS[game == "duel"]}
            assert line(tr, data, names, reader) != line(tr, plain, names, reader), e
        caused += 1
    assert caused


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("game", "preset", "seats"), [t for t in EVERY_TABLE if t[0] == "duel"])
def test_a_duel_players_own_news_of_whole_games_never_names_them(
    language: str, game: str, preset: str, seats: int
) -> None:
    tr = translator(language)
    names = players(tr, NAMES[:seats])
    told: set[str] = set()
    for e in whole_games(game, preset, seats, (1, 2)):
        if e.kind in ("turn", "game_start", "dealt"):
            continue  # a turn's heading, the deal
        slots = [e.data.get(key) for key in ("from", "to") if e.kind == "moved"]  # Dynamite moves between characters
        readers = {e.data.get(key) for key in ("seat", "by", "from")} | {s // 2 for s in slots if s is not None}
        for reader in {r for r in readers if isinstance(r, int) and 0 <= r < seats}:
            line = duel_line(tr, e.for_seat(reader), names, reader) or ""
            for slot in (2 * reader, 2 * reader + 1):  # the reader's characters are named by their owner
                for character in (None, e.data.get("character"), e.data.get("attacker")):
                    line = line.replace(slot_phrase(tr, names, slot, character), "")
            assert names[reader] not in line, (e.kind, line)
            told.add(e.kind)
    assert {"hit", "stolen", "reload"} & told


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_boards_log_tells_the_reader_their_own_draw_from_the_tables_count(language: str) -> None:
    """The board's log is the table's (a draw's count, not its cards): the reader's own draw still says "you"."""
    tr = themed(translator(language), "base")
    names = players(tr, NAMES[:4])
    for reason in ("phase1", "reward", "kit_carlson"):
        public = {"kind": "draw", "seat": 1, "count": 2, "reason": reason}
        mine = event_line(tr, public, names, 1) or ""
        assert names[1] not in mine and "2" in mine, (reason, mine)
        assert names[1] in (event_line(tr, public, names, None) or "")
