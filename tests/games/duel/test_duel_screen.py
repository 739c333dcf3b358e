"""What a Duel player reads and presses, in every language: the table, the private message, the buttons, the log."""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bangbot.games import game as registered
from bangbot.games.bang.presenter.presenter import BASE_PRESENTER
from bangbot.games.contract import BACK, TOP
from bangbot.games.duel.presenter.labels import card_label
from bangbot.games.duel.presenter.lines import LINES, event_line
from bangbot.games.duel.presenter.presenter import DUEL_PRESENTER
from bangbot.games.duel.rules.actions import Choose, Pass
from bangbot.games.duel.rules.data import CARDS
from bangbot.games.duel.rules.requests import Dodge, HandLimit, Lineup
from bangbot.games.duel.rules.state import DuelState
from bangbot.games.duel.rules.views import DuelView
from bangbot.games.duel.texts.names import (
    DUEL_CARD_NAMES,
    DUEL_CHARACTER_NAMES,
    DUEL_MODE_NAMES,
    DUEL_SIDE_NAMES,
    DUEL_SYMBOL_NAMES,
    duel_character_name,
)
from bangbot.i18n import LANGUAGES, Translator, translator
from bangbot.i18n.themes import themed
from bangbot.i18n.wording import players
from bangbot.messaging.adapter import MAX_MESSAGE_LENGTH
from bangbot.messaging.press.button_data import MAX_GAME_ID, MAX_SMALL, game_button
from bangbot.messaging.press.confirm import prompt_text
from bangbot.messaging.press.step_menu import PRESS

DUEL = "duel"
RULES = registered(DUEL).ruleset
MODES = tuple(RULES.modes)
NAMES = ["Ann", "Bob", "Cid"]
TITLE = "Saloon"
STEPS_PER_MODE = 300
MAX_BUTTON_TEXT = 64
CORE = Path(__file__).resolve().parents[3] / "bangbot" / "games" / "duel" / "rules"


def tr_of(language: str) -> Translator:
    """Returns the translator a Duel game's texts are rendered with."""
    return themed(translator(language), DUEL)


def lined_up(mode: str, seed: int) -> DuelState:
    """Deals a game in a mode and lets every seat take its first offered characters into play."""
    state, _ = RULES.new_game(RULES.config(registered(DUEL).mode_seats(mode), mode), seed)
    while state.phase == "setup" and RULES.awaiting(state):
        seat = RULES.awaiting(state)[0]
        state, _ = RULES.apply(state, seat, RULES.legal_actions(state, seat)[0])
    return state


def private(language: str, view: DuelView, level: str = TOP) -> str:
    """Returns a seat's private message at a step, without news."""
    tr = tr_of(language)
    return DUEL_PRESENTER.seat_text(
        tr, view, NAMES, TITLE, prompt_text(DUEL_PRESENTER, tr, view, NAMES, False, level), ""
    )


def random_positions(mode: str, seed: int, steps: int) -> Iterator[tuple[DuelState, list[dict[str, Any]]]]:
    """Plays a random game; yields each position with the public events that led to it."""
    state, events = RULES.new_game(RULES.config(registered(DUEL).mode_seats(mode), mode), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        yield state, [e.for_seat(None) for e in events] + [e.for_seat(s) for e in events for s in e.to]
        if state.winner is not None:
            return
        seat = RULES.awaiting(state)[0]
        state, events = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))


def test_each_game_has_its_presenter() -> None:
    assert registered(DUEL).presenter is DUEL_PRESENTER
    assert registered("base").presenter is BASE_PRESENTER and registered("starwars").presenter is BASE_PRESENTER
    with pytest.raises(KeyError):
        registered("poker")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("mode", MODES)
def test_the_table_shows_every_squad_with_life_and_counts(mode: str, language: str) -> None:
    tr = tr_of(language)
    state = lined_up(mode, 7)
    text = DUEL_PRESENTER.table_text(tr, RULES.view(state, None), NAMES, TITLE)
    assert TITLE in text
    for squad in state.squads:
        assert players(tr, NAMES)[squad.seat] in text
        assert len(squad.fighters) == 2
        for f in squad.fighters:
            assert duel_character_name(tr, f.character) in text
            assert f"{f.life}/{f.max_life}" in text
        for c in squad.hand:  # nobody's hand shows on the table, unless the same card is public anyway
            public = [*state.discard[-1:], *(x for q in state.squads for f in q.fighters for x in f.in_play())]
            if all(CARDS[p].type.id != CARDS[c].type.id for p in public):
                assert card_label(tr, c) not in text


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("mode", MODES)
def test_a_private_message_shows_the_own_hand_and_reserve_and_hides_the_others(mode: str, language: str) -> None:
    state = lined_up(mode, 3)
    tr = tr_of(language)
    for seat, squad in enumerate(state.squads):
        view = RULES.view(state, seat)
        text = private(language, view)
        assert len(text) <= MAX_MESSAGE_LENGTH
        assert all(card_label(tr, c) in text for c in squad.hand)
        assert all(duel_character_name(tr, c) in text for c in squad.reserve)
        assert all(f"{f.life}/{f.max_life}" in text for q in state.squads for f in q.fighters)
        for other in range(len(state.squads)):
            if other == seat:
                continue
            # Another hand and reserve, of the same sizes, change nothing in this seat's message.
            changed = state.copy()
            theirs = changed.squads[other]
            theirs.hand, theirs.deck = theirs.deck[: len(theirs.hand)], theirs.hand + theirs.deck[len(theirs.hand) :]
            assert private(language, RULES.view(changed, seat)) == text
            if theirs.reserve:
                unseen = [c for c in RULES.view(changed, other).reserve]
                changed.squads[other].reserve = [f.character for f in state.squads[seat].fighters][: len(unseen)]
                assert private(language, RULES.view(changed, seat)) == text


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("mode", MODES)
def test_the_prompt_says_what_is_asked(mode: str, language: str) -> None:
    tr = tr_of(language)
    state, _ = RULES.new_game(RULES.config(registered(DUEL).mode_seats(mode), mode), 5)
    asked = RULES.awaiting(state)[0]
    lineup = tr.gettext("Choose your attacking character (the one who shoots and whose cards count).")
    waiting = tr.gettext("Not your move now: the group's table shows whose it is.")
    for seat in range(len(state.squads)):
        text = private(language, RULES.view(state, seat))
        assert (lineup in text) == (seat == asked) and (waiting in text) == (seat != asked)
    state = lined_up(mode, 5)
    turn = tr.gettext("Your turn: play cards, then end the turn.")
    assert turn in private(language, RULES.view(state, state.turn))


def decisions() -> Iterator[tuple[str, DuelState]]:
    """Yields positions of random games in every mode where a seat is asked something other than its turn."""
    for mode in MODES:
        for state, _ in random_positions(mode, 11, STEPS_PER_MODE):
            if state.requests and state.winner is None:
                yield mode, state


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_decision_gets_its_own_prompt(language: str) -> None:
    tr = tr_of(language)
    generic = {tr.gettext("Make your choice with the buttons below."), tr.gettext("Choose one of the buttons below.")}
    kinds: set[type] = set()
    for _, state in decisions():
        seat = RULES.awaiting(state)[0]
        text = private(language, RULES.view(state, seat))
        last = text.splitlines()[-1]
        assert last and last not in generic and "{" not in last, (state.requests[0], last)
        kinds.add(type(state.requests[0]))
    assert {Lineup, Dodge, HandLimit} <= kinds


def buttons(language: str, view: DuelView) -> Iterator[tuple[str, Any]]:
    """Yields (level, button) for every button of every step a seat can reach, with the longest ids encoded."""
    tr = tr_of(language)

    def make(choice: str) -> str:
        return game_button(MAX_GAME_ID, MAX_SMALL, len(NAMES) - 1, choice)  # raises BadButton past 64 bytes

    for level in sorted(DUEL_PRESENTER.reachable_choices(tr, view, NAMES) | {TOP}):
        if level.startswith(PRESS) or level == BACK:
            continue
        for row in DUEL_PRESENTER.keyboard(tr, view, NAMES, level, make):
            for button in row:
                yield level, button


@pytest.mark.parametrize("mode", MODES)
def test_every_legal_action_has_a_reachable_button_in_every_language(mode: str) -> None:
    positions = 0
    for state, _ in random_positions(mode, 23, STEPS_PER_MODE):
        if state.winner is not None:
            break
        seat = RULES.awaiting(state)[0]
        view = RULES.view(state, seat)
        wanted = {f"{PRESS}{i}" for i in range(len(view.legal))}
        for language in LANGUAGES:
            found = {b.data.rsplit(":", 1)[1] for _, b in buttons(language, view)}
            assert wanted <= found, (language, view.legal, found)
            for level, b in buttons(language, view):
                assert b.text.strip() and "{" not in b.text and len(b.text) <= MAX_BUTTON_TEXT, (level, b.text)
            if language == "en":
                for level in found - wanted - {BACK}:
                    assert "{" not in private(language, view, level)
        positions += 1
    assert positions > 50


def emitted_kinds() -> set[str]:
    """Returns every event kind the Duel's engine can emit (an Event(...) with a literal kind in core/duel)."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in CORE.glob("*.py"))
    return set(re.findall(r'Event\(\s*"(\w+)"', source))


def sample_events() -> dict[str, list[dict[str, Any]]]:
    """Returns, per event kind, the events of random games in every mode, as the group and their seats see them."""
    found: dict[str, list[dict[str, Any]]] = {}
    for mode in MODES:
        for seed in range(1, 7):
            for _, events in random_positions(mode, seed, STEPS_PER_MODE):
                for e in events:
                    if len(found.setdefault(e["kind"], [])) < 30:
                        found[e["kind"]].append(e)
    # Rare in random play: a hit that Spurs and an empty hand keep off.
    found.setdefault("spurs", []).append({"kind": "spurs", "slot": 3, "by": 0, "character": "jango"})
    return found


SAMPLES = sample_events()


def names_of(tr: Translator) -> list[str]:
    """Returns every name a line may hold in a language (the Duel's tables, players), longest first."""
    tables = (DUEL_CARD_NAMES, DUEL_CHARACTER_NAMES, DUEL_MODE_NAMES, DUEL_SIDE_NAMES, DUEL_SYMBOL_NAMES)
    names = [tr.name(marked) for table in tables for marked in table.values()] + players(tr, NAMES) + NAMES
    return sorted(set(names), key=len, reverse=True)


def stripped(tr: Translator, line: str) -> str:
    """Returns a line without the names in it."""
    for name in names_of(tr):
        line = line.replace(name, "")
    return line


def test_the_log_knows_every_kind_the_engine_emits() -> None:
    kinds = emitted_kinds()
    assert kinds and kinds <= set(LINES), kinds - set(LINES)
    assert kinds <= set(SAMPLES), kinds - set(SAMPLES)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_event_reads_in_every_language(language: str) -> None:
    tr, en = tr_of(language), tr_of("en")
    written, english = players(tr, NAMES), players(en, NAMES)
    for kind, events in SAMPLES.items():
        for e in events:
            line = event_line(tr, e, written, None)
            if kind == "play" and CARDS[e["card"]].type.frame in ("equipment", "resource") and not e.get("how"):
                assert line is None  # the "equip" line tells it
                continue
            if kind == "dealt" and "cards" in e:
                assert line is None  # the owner's message shows the hand and reserve (test below)
                continue
            assert line and "{" not in line, (kind, e)
            if language in ("ru", "ja"):
                left = re.findall(r"[A-Za-z]{3,}", stripped(tr, line).replace("BANG!", ""))
                assert not left, (kind, line, left)
            if language == "cs":
                assert stripped(tr, line) != stripped(en, event_line(en, e, english, None) or ""), (kind, line)
    assert any("cards" not in e for e in SAMPLES["dealt"])  # the others' count of a starting hand reads above


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("mode", MODES)
def test_a_starting_hand_is_shown_once_in_its_owners_message(mode: str, language: str) -> None:
    tr = tr_of(language)
    state, events = RULES.new_game(RULES.config(registered(DUEL).mode_seats(mode), mode), 13)
    for squad in state.squads:
        text = private(language, RULES.view(state, squad.seat))
        assert all(card_label(tr, c) in text for c in squad.hand)
        assert all(duel_character_name(tr, c) in text for c in squad.reserve)
        own = [e.for_seat(squad.seat) for e in events if e.kind == "dealt" and squad.seat in e.to]
        assert own and all("cards" in e and event_line(tr, e, NAMES, squad.seat) is None for e in own)


@dataclasses.dataclass(frozen=True)
class BrandNew:
    """A kind of decision the engine may ask one day, which the presenter has no words for."""

    seat: int
    options: tuple[str, ...]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_decision_or_option_the_presenter_does_not_know_still_reads_and_presses(language: str) -> None:
    tr = tr_of(language)
    state = lined_up("duel", 9)
    seat = RULES.awaiting(state)[0]
    view = dataclasses.replace(
        RULES.view(state, seat),
        requests=(BrandNew(seat, ("first", "second")),),
        legal=(Choose("first"), Choose("second"), Pass()),
    )
    assert tr.gettext("Make your choice with the buttons below.") in private(language, view)
    texts = [b.text for _, b in buttons(language, view)]
    assert len(texts) == 3 and len(set(texts)) == 3 and all(t.strip() for t in texts)
    assert event_line(tr, {"kind": "brand_new_event", "seat": 0}, NAMES, None) is None
