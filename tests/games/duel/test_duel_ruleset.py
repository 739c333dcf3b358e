"""The Duel behind the ruleset contract: every mode deals, plays to its end, round-trips, and has exact menus."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from bangbot.games import game as registered
from bangbot.games.duel.rules.data import CARDS
from bangbot.games.duel.rules.modes import MODE_IDS, MODES
from bangbot.games.duel.rules.requests import Lineup, Replace
from bangbot.games.duel.rules.state import DuelState
from bangbot.games.duel.ruleset import DUEL
from tests.games.test_ruleset import assert_menus_tell_apart

RULES = registered(DUEL).ruleset


def play(mode: str, seed: int, chooser: random.Random) -> Iterator[DuelState]:
    """Yields every state of one random game of a mode, up to its end."""
    state, _ = RULES.new_game(RULES.config(MODES[mode].players, mode), seed)
    while RULES.winner(state) is None:
        yield state
        seat = chooser.choice(RULES.awaiting(state))
        state, _ = RULES.apply(state, seat, chooser.choice(RULES.legal_actions(state, seat)))
    yield state


def test_the_duel_refuses_a_mode_it_does_not_have_and_a_wrong_table_size() -> None:
    assert list(RULES.modes) == list(MODE_IDS) and RULES.modes[0] == "duel"
    with pytest.raises(ValueError, match="no mode"):
        RULES.config(2, "standard")
    with pytest.raises(ValueError, match="needs 3 players"):
        RULES.config(2, "standoff")
    assert RULES.config(3, "standoff").players == 3


@pytest.mark.parametrize("mode", MODE_IDS)
def test_each_mode_deals_its_decks_hands_and_characters(mode: str) -> None:
    state, events = RULES.new_game(RULES.config(MODES[mode].players, mode), 7)
    for squad, side in zip(state.squads, MODES[mode].sides, strict=True):
        assert squad.side == side.side and len(squad.hand) == side.start_hand
        assert len(squad.reserve) == side.characters and squad.fighters == []
        assert {CARDS[c].deck for c in squad.deck + squad.hand} == set(side.decks)
    assert RULES.awaiting(state) == (0,), "the first player chooses its attacking character first"
    assert RULES.invariants(state, events) == []


@pytest.mark.parametrize("mode", MODE_IDS)
def test_a_random_game_of_each_mode_ends_sound_and_round_trips(mode: str) -> None:
    chooser = random.Random(5)
    last: DuelState | None = None
    for seed in range(6):
        for state in play(mode, seed, chooser):
            last = state
            for seat in RULES.awaiting(state):
                legal = RULES.legal_actions(state, seat)
                assert RULES.view(state, seat).legal == tuple(legal)
                assert all(RULES.parse(RULES.notation(a)) == a for a in legal)
        assert last is not None and RULES.winner(last) in {s.side for s in MODES[mode].sides}
        assert RULES.invariants(last, []) == []
        written = RULES.to_json(last)
        assert RULES.to_json(RULES.from_json(json.loads(json.dumps(written)))) == written


@pytest.mark.parametrize("mode", ["duel", "standoff"])
def test_menu_steps_tell_every_legal_duel_action_apart(mode: str) -> None:
    checked = 0
    for seed in range(4):
        for state in play(mode, seed, random.Random(seed)):
            for seat in RULES.awaiting(state):
                legal = RULES.legal_actions(state, seat)
                assert_menus_tell_apart(RULES, legal)
                checked += len(legal)
    assert checked > 500


def test_the_group_never_sees_a_hand_a_reserve_or_a_lineup_choice() -> None:
    for state in play("standoff", 2, random.Random(2)):
        public = RULES.view(state, None)
        assert public.hand == () and public.reserve == () and public.legal == ()
        assert all(not r.options for r in public.requests if isinstance(r, Lineup | Replace))
