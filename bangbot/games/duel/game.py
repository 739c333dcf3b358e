"""BANG! The Duel declared: its own ruleset, presenter, AI players, /rules topics and benches; its preset is a mode."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bangbot.ai.random_player import RandomPlayer
from bangbot.core.events import Event
from bangbot.games.contract import Bench, Game, Rules, Search, SeatOutcome, TableRules, Words
from bangbot.games.duel.ai import DuelPlayer
from bangbot.games.duel.bench.ai import main as bench_ai
from bangbot.games.duel.bench.engine import main as bench_engine
from bangbot.games.duel.bench.sanity import main as bench_sanity
from bangbot.games.duel.determinize import CUTOFF, determinize, role_of, score, won
from bangbot.games.duel.presenter.board import duel_board
from bangbot.games.duel.presenter.cancelled import cancelled_view
from bangbot.games.duel.presenter.card_topic import duel_card_topic
from bangbot.games.duel.presenter.outcome import duel_outcome
from bangbot.games.duel.presenter.presenter import DUEL_PRESENTER
from bangbot.games.duel.ruleset import DUEL, DUEL_RULESET
from bangbot.games.duel.texts.names import DUEL_GAME_NAME, duel_character_name, duel_mode_name, duel_side_name
from bangbot.games.duel.texts.rules import DUEL_TABLES, duel_summary, explain_duel
from bangbot.i18n import NP_, Translator


def explain(tr: Translator, topic: tuple[str, str], rules: TableRules) -> str:
    """Returns a Duel topic with its data and sources (at a Duel table, in the table's mode)."""
    return explain_duel(tr, topic, rules.preset if rules.ruleset == DUEL else None)


def outcomes(state: Any, events: Sequence[Event]) -> list[SeatOutcome]:
    """Returns every squad's outcome."""
    return [duel_outcome(state, events, squad.seat) for squad in state.squads]


GAME = Game(
    ruleset=DUEL_RULESET,
    name=DUEL_GAME_NAME,
    pitch=NP_(
        "game-pitch",
        "2 players (3 in the Mexican standoff), each with a squad of characters: one attacks, one covers, "
        "the others wait in reserve.",
    ),
    presenter=DUEL_PRESENTER,
    heuristic=DuelPlayer,
    random=RandomPlayer,
    words=Words(role=duel_side_name, character=duel_character_name, winner=duel_side_name, mode=duel_mode_name),
    outcomes=outcomes,
    cancelled_view=cancelled_view,
    # What /rules searches first at a Duel table; at another game's table, only when that game has no such name.
    rules=Rules(topics=DUEL_TABLES, explain=explain, late=True, summary=duel_summary),
    bench=Bench(engine=bench_engine, ai=bench_ai, sanity=bench_sanity),
    search=Search(determinize, won, role_of, score=score, cutoff=CUTOFF),
    card_topic=duel_card_topic,
    board=duel_board,
)
