"""The Mini App's board never shows a seat what it cannot see: at positions of seeded games in every game and mode,
each seat's and the group's snapshot stays the same when everything it cannot see is dealt again (tests/hidden_info),
and carries none of another seat's hand, role or reserve."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bangbot.games import game as registered
from bangbot.i18n import translator
from bangbot.i18n.themes import themed
from bangbot.web.snapshot import snapshot
from tests.games.test_hidden_information import TABLES, Table, table_id
from tests.hidden_info import resampler, self_play

GAMES = 2
CHECK_EVERY = 7
NAMES = ("Аня", "山田", "Zoë", "<b>x</b>", "Ann", "Bob", "Cy")


def page(state: Any, seat: int | None, lang: str) -> str:
    """Returns a seat's snapshot of a state as the page receives it (JSON text), in lang."""
    rules = registered(state.config.ruleset).ruleset
    tr = themed(translator(lang), rules.id)
    view = rules.view(state, seat)
    return json.dumps(snapshot(tr, view, NAMES[: state.config.players]), ensure_ascii=False, sort_keys=True)


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_no_snapshot_carries_what_its_seat_cannot_see(table: Table) -> None:
    rnd = random.Random(33)
    resample = resampler(table.config())
    checked = 0
    for seed in range(GAMES):
        for step, position in enumerate(self_play(table.config(), 900 + seed)):
            if step % CHECK_EVERY:
                continue
            state = position.state
            for seat in [*range(state.config.players), None]:
                lang = rnd.choice(("en", "ru", "ja", "cs"))
                shown = page(state, seat, lang)
                again = page(resample(state, seat, rnd), seat, lang)
                assert shown == again, f"seat {seat}'s board shows what it cannot see at step {step} of game {seed}"
                checked += 1
    assert checked > 20


def test_the_group_sees_no_hand_and_no_menu() -> None:
    table = TABLES[0]
    position = next(iter(self_play(table.config(), 5)))
    data = json.loads(page(position.state, None, "ru"))
    assert data["board"]["hand"] == [] and data["board"]["own"] == [] and data["menu"] is None
    assert data["board"]["role"] == ""
    asked = registered(position.state.config.ruleset).ruleset.awaiting(position.state)[0]
    mine = json.loads(page(position.state, asked, "ru"))
    assert mine["board"]["hand"] and mine["menu"]["rows"]
    assert mine["board"]["seats"][0]["seat"] == asked  # the table goes round from the viewer


@pytest.mark.parametrize("table", [t for t in TABLES if t.config().players <= 3], ids=table_id)
def test_every_pile_a_duel_board_shows_holds_its_cards(table: Table) -> None:
    """The Duel draws from each squad's own deck: a common pile is shown only once it holds cards (never a "0")."""
    empty_seen = 0
    for position in self_play(table.config(), 61):
        state = position.state
        piles = json.loads(page(state, 0, "en"))["board"]["piles"]
        decks = [pile["count"] for pile in piles if pile["label"] != "discard pile"]
        assert decks == ([len(state.common)] if state.common else []), f"piles {piles} at step {state.version}"
        empty_seen += not state.common
    assert empty_seen > 0
