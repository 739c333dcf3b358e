"""Every message of real games, with people and AI players, in every language: the slips a native reader stops at.

Random games of each ruleset (the Duel in each mode) are played to the end; after every action each awaited seat's
private message, its buttons at every step, the group's table and every reader's log lines are rendered and read.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from bangbot.games import game as registered
from bangbot.games.bang.presenter.render import event_line
from bangbot.games.bang.rules.cards import CARDS
from bangbot.games.bang.starwars.names import SW_ABILITY_NAMES
from bangbot.games.bang.texts.glossary import CHARACTER_NAMES, character_help, character_name
from bangbot.games.contract import TOP
from bangbot.games.duel.presenter.lines import event_line as duel_event_line
from bangbot.i18n import LANGUAGES, Translator, translator
from bangbot.i18n.themes import themed
from bangbot.i18n.wording import AI_NAMES, ai_name, players
from bangbot.messaging.delivery.sender import waiting_line
from bangbot.messaging.press.confirm import prompt_text
from bangbot.messaging.press.step_menu import PRESS
from tests.i18n.test_grammar import card_of, glossary_strings, strip

NAMES = ["Anna", "🤖 2", "Petr", "🤖 4", "Jana", "🤖 6", "花子"]
GAMES = [("base", "standard", 5), ("base", "ja", 7), ("starwars", "standard", 6)] + [
    ("duel", mode, 3 if mode == "standoff" else 2)
    for mode in ("duel", "third_law", "third_outlaws", "reinforcements", "standoff")
]
MAX_ACTIONS = 160
# What says "it is your turn" in each language; a seat asked in someone else's turn must never read it.
TURN_WORDS = {
    "en": ("Your turn",),
    "ru": ("Ваш ход",),
    "ja": ("手番です",),
    "cs": ("Jste na tahu", "Váš tah", "Na tahu: "),
}
DOUBLED_QUOTES = ("««", "»»", "„„", "““", "「「", "」」", "''", '""')
HALF_WIDTH = set("()[]!?:")


def played(game: str, preset: str, seats: int, seed: int) -> Iterator[tuple[Any, list[Any], int]]:
    """Yields (state, events so far in this step, the seat that acted) of a random game, action after action."""
    rules = registered(game).ruleset
    state, events = rules.new_game(rules.config(seats, preset), seed)
    rng = random.Random(seed)
    yield state, list(events), -1
    for _ in range(MAX_ACTIONS):
        if rules.winner(state):
            return
        seat = rng.choice(rules.awaiting(state))
        state, events = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
        yield state, list(events), seat


def screens(tr: Translator, game: str, preset: str, seats: int, seed: int) -> Iterator[tuple[str, str, bool]]:
    """Yields (what, text, whether the reader must act in another player's turn) for every screen of a game."""
    rules, shown = registered(game).ruleset, registered(game).presenter
    tr = themed(tr, game)
    names = NAMES[:seats]
    for step, (state, events, actor) in enumerate(played(game, preset, seats, seed)):
        public = rules.view(state, None)
        yield f"{step} table", shown.table_text(tr, public, names, "Dodge"), False
        yield f"{step} group log", shown.log_text(tr, [e.for_seat(None) for e in events], names, None), False
        for seat in {actor, *rules.awaiting(state)} - {-1}:
            view = rules.view(state, seat)
            news = shown.log_text(tr, [e.for_seat(seat) for e in events], names, seat)
            answering = seat in rules.awaiting(state) and public.turn != seat
            text = shown.seat_text(tr, view, names, "Dodge", prompt_text(shown, tr, view, names, False, TOP), news)
            yield f"{step} private {seat}", text, answering
            for level in sorted(shown.reachable_choices(tr, view, names)):
                if not level.startswith(PRESS):
                    keys = shown.keyboard(tr, view, names, level, lambda choice: choice)
                    yield f"{step} buttons {seat} {level}", "\n".join(b.text for row in keys for b in row), False


@pytest.fixture(scope="module")
def every_screen() -> dict[str, list[tuple[str, str, bool]]]:
    """Returns, per language, every screen of one game of each ruleset and mode."""
    out: dict[str, list[tuple[str, str, bool]]] = {}
    for language in LANGUAGES:
        tr = translator(language)
        out[language] = [
            (f"{game}/{preset} {what}", text, answering)
            for i, (game, preset, seats) in enumerate(GAMES)
            for what, text, answering in screens(tr, game, preset, seats, 7 + i)
        ]
    return out


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_seat_answering_in_another_turn_is_not_told_it_is_its_turn(
    language: str, every_screen: dict[str, list[tuple[str, str, bool]]]
) -> None:
    answering = [(what, text) for what, text, asked in every_screen[language] if asked]
    assert answering, "no seat was ever asked in someone else's turn"
    for what, text in answering:
        assert not any(word in text for word in TURN_WORDS[language]), (what, text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_doubled_quotes(language: str, every_screen: dict[str, list[tuple[str, str, bool]]]) -> None:
    for what, text, _ in every_screen[language]:
        assert not any(q in text for q in DOUBLED_QUOTES), (what, text)


def test_japanese_has_no_half_width_brackets_and_no_doubled_honorific(
    every_screen: dict[str, list[tuple[str, str, bool]]],
) -> None:
    names = [*glossary_strings("ja"), "BANG!"]
    robots = [ai_name(translator("ja"), slot) for slot in range(len(AI_NAMES))]
    for what, text, _ in every_screen["ja"]:
        assert "さんさん" not in text, (what, text)
        assert not any(f"{ai}さん" in text for ai in robots), (what, text)
        own = strip(text, names)
        for line in own.splitlines():
            if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", line):
                assert not set(line) & HALF_WIDTH, (what, line)


@pytest.mark.parametrize("language", ["ru", "cs"])
def test_an_ability_after_a_dash_does_not_start_with_a_capital(
    language: str, every_screen: dict[str, list[tuple[str, str, bool]]]
) -> None:
    tr = translator(language)
    helps = {character_help(tr, c) for c in CHARACTER_NAMES} | {
        character_help(themed(tr, "starwars"), c) for c in SW_ABILITY_NAMES
    }
    assert all(h[0].isupper() for h in helps)  # each help is a sentence: it must not follow a dash
    for what, text, _ in every_screen[language]:
        assert not any(f"— {h}" in text for h in helps), (what, text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_ai_players_have_names_and_never_a_persons(language: str) -> None:
    tr = translator(language)
    written = players(tr, ["🤖 1", "Anna", "🤖 2", "🤖 3"])
    assert len(set(written)) == 4 and all(not re.fullmatch(r"🤖 \d+.*", w) for w in written)
    taken = ai_name(tr, 0)
    clash = players(tr, [taken, "🤖 1"])  # a person who calls themselves like the first AI player
    assert clash[1] != clash[0] and clash[1].startswith("🤖 ")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_group_is_told_whose_turn_it_is_or_who_must_answer(language: str) -> None:
    tr = translator(language)
    rules = registered("base").ruleset
    state, _ = rules.new_game(rules.config(4, "standard"), 3)
    turn = rules.view(state, None).turn
    seats = [SimpleNamespace(user_id=i + 1, name=f"P{i}", ai_controlled=False, position=i) for i in range(4)]
    messenger = SimpleNamespace(mention=lambda user_id, name: name)
    ctx = SimpleNamespace(messenger=messenger)
    batch = SimpleNamespace(rules=rules, state=state, stored=None, seats=seats, game=SimpleNamespace(status="running"))
    own = waiting_line(ctx, tr, batch)  # type: ignore[arg-type]
    assert any(word in own for word in TURN_WORDS[language]) and f"P{turn}" in own
    other_seat = (turn + 1) % 4
    batch.rules = SimpleNamespace(awaiting=lambda s: (other_seat,), view=rules.view)
    other = waiting_line(ctx, tr, batch)  # type: ignore[arg-type]
    assert f"P{other_seat}" in other and not any(word in other for word in TURN_WORDS[language])


OWN_NEWS = {"en": "You ", "ru": "Вы ", "ja": "あなた", "cs": ""}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_players_own_news_speaks_to_them(language: str) -> None:
    tr = translator(language)
    names = players(tr, ["Anna", "🤖 2", "Petr"])
    bang, barrel = card_of("bang"), card_of("barrel")
    events = [
        {"kind": "draw", "seat": 0, "count": 2, "cards": [bang, barrel], "reason": "phase1"},
        {"kind": "draw", "seat": 0, "count": 1, "cards": [bang], "reason": "suzy_lafayette"},
        {"kind": "play", "seat": 0, "card": bang, "target": 1},
        {"kind": "play", "seat": 1, "card": bang, "target": 0},
        {"kind": "play", "seat": 1, "card": card_of("panic"), "target": 0, "target_card": barrel},
        {"kind": "hurt", "seat": 0, "amount": 1, "life": 3},
        {"kind": "steal", "seat": 1, "from": 0, "card": barrel, "reason": "panic"},
        {"kind": "steal", "seat": 1, "from": 0, "reason": "el_gringo"},
        {"kind": "life", "seat": 0, "life": 4, "gained": 1},
    ]
    for e in events:
        line = event_line(tr, e, names, 0) or ""
        assert line and names[0] not in line, (e, line)
        assert OWN_NEWS[language] in line or e["seat"] != 0, (e, line)
        assert line != event_line(tr, e, names, None), e
    cause = event_line(tr, events[1], names, 0) or ""
    assert character_name(tr, "suzy_lafayette").replace(" ", "\u00a0") in cause


def test_the_log_names_what_made_a_card_move() -> None:
    en, names = translator("en"), ["Anna", "Bob", "Cid"]
    assert event_line(en, {"kind": "draw", "seat": 1, "count": 1, "reason": "bart_cassidy"}, names, None) == (
        "Bob draws 1 card (Bart\u00a0Cassidy)."
    )
    pedro = {"kind": "take_discard", "seat": 1, "card": card_of("beer"), "reason": "pedro_ramirez"}
    assert (
        event_line(en, pedro, names, None)
        == f"Bob takes Beer\u00a0{CARDS[card_of('beer')].label} from the discard pile (Pedro\u00a0Ramirez)."
    )
    sw = themed(en, "starwars")
    back = event_line(sw, {"kind": "strikes_back", "seat": 2, "at": 0, "reason": "vengeful"}, names, None)
    assert back == "Cid shoots back at Anna (Vengeful)."
    watch = duel_event_line(en, {"kind": "draw", "seat": 0, "count": 1, "reason": "watch"}, names, None)
    assert watch == "Anna draws 1 card (Pocket\u00a0Watch)."
    tex = {"kind": "discarded", "seat": 1, "card": 0, "by": 1, "reason": "tex_killer"}
    assert (duel_event_line(en, tex, names, None) or "").endswith("(Tex\u00a0Killer).")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_duel_players_own_moves_speak_to_them(language: str) -> None:
    tr = translator(language)
    names = players(tr, ["Anna", "🤖 2"])
    for e in (
        {"kind": "draw", "seat": 0, "count": 1, "cards": [0], "reason": "watch"},
        {"kind": "discarded", "seat": 0, "card": 0, "by": 0, "reason": "tex_killer"},
        {"kind": "discarded", "seat": 0, "card": 0, "by": 0, "reason": "limit"},
        {"kind": "picked", "seat": 0, "card": 0},
        {"kind": "used", "seat": 0, "card": 0},
        {"kind": "answered", "seat": 0, "card": 0, "to": "indians"},
    ):
        own, table = duel_event_line(tr, e, names, 0) or "", duel_event_line(tr, e, names, None) or ""
        assert own and names[0] not in own and names[0] in table, (e, own, table)


def test_own_news_at_a_star_wars_table_says_energy_and_carbonite() -> None:
    sw = themed(translator("en"), "starwars")
    names = players(sw, ["Anna", "🤖 2"])
    hurt = event_line(sw, {"kind": "hurt", "seat": 0, "amount": 2, "life": 1}, names, 0)
    assert hurt == "You lose 2 energy (1 left)."
    jail = event_line(sw, {"kind": "jail", "seat": 0, "free": False}, names, 0) or ""
    assert jail.startswith("You stay frozen in Carbonite")
    check = event_line(sw, {"kind": "check", "seat": 0, "reason": "lucky", "cards": [0], "ok": True}, names, 0)
    assert (check or "").startswith("You check for Lucky: ")
