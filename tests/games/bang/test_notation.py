"""Every legal action has a text that parses back to itself; bad texts are refused."""

from __future__ import annotations

import random

import pytest

from bangbot.core.errors import BadNotation
from bangbot.games.bang.rules.actions import HAND, Play
from bangbot.games.bang.rules.engine import apply, new_game
from bangbot.games.bang.rules.legal import awaiting, legal_actions
from bangbot.games.bang.rules.notation import match, parse, to_text
from bangbot.games.bang.rules.state import GameConfig


def test_every_legal_action_round_trips_through_its_text() -> None:
    seen: set[str] = set()
    for seed in range(8):
        chooser = random.Random(seed)
        state, _ = new_game(GameConfig.with_preset(4 + seed % 4, "ja" if seed % 2 else "standard"), seed)
        while state.winner is None:
            seats = awaiting(state)
            for seat in seats:
                for action in legal_actions(state, seat):
                    text = to_text(action)
                    assert parse(text) == action
                    seen.add(text.split()[0])
            seat = seats[chooser.randrange(len(seats))]
            state, _ = apply(state, seat, chooser.choice(legal_actions(state, seat)))
    assert {"play", "answer", "pass", "end", "discard", "pick"} <= seen


def test_examples_of_the_notation() -> None:
    assert to_text(Play(0, 2)) == "play bang#0 @2"
    assert to_text(Play(49, 3, HAND)) == "play panic#49 @3 hand"
    assert parse("play panic#49 @3 barrel#63") == Play(49, 3, 63)


@pytest.mark.parametrize("text", ["", "fly", "play", "play bang#1 2", "play missed#0", "answer bang#99", "end now"])
def test_bad_texts_are_refused(text: str) -> None:
    with pytest.raises(BadNotation):
        parse(text)


def test_loose_match_resolves_kinds_and_suits() -> None:
    legal = [Play(0, 1), Play(1, 1), Play(1, 3)]
    assert match("play bang @1", legal) == Play(0, 1)
    assert match("play bang:QH @3", legal) == Play(1, 3)
    with pytest.raises(BadNotation):
        match("play bang @2", legal)
