"""Base BANG! declared: its ruleset, names, presenter, AI players, /rules topics, help and benches."""

from __future__ import annotations

from typing import Any

from bangbot.ai.random_player import RandomPlayer
from bangbot.games.bang.ai.heuristic import HeuristicPlayer, hard_heuristic
from bangbot.games.bang.ai.match import step
from bangbot.games.bang.ai.sides import AIMED_SHARES
from bangbot.games.bang.ai.sides import BASE as BASE_SIDES
from bangbot.games.bang.bench.ai import main as bench_ai
from bangbot.games.bang.bench.engine import main as bench_engine
from bangbot.games.bang.bench.sanity import main as bench_sanity
from bangbot.games.bang.caution import caution
from bangbot.games.bang.determinize import determinize, role_of, won
from bangbot.games.bang.leaf import CUTOFF, score
from bangbot.games.bang.lobby import LOBBY_OPTIONS
from bangbot.games.bang.presenter.board import table_board
from bangbot.games.bang.presenter.cancelled import cancelled_view
from bangbot.games.bang.presenter.card_topic import base_card_topic
from bangbot.games.bang.presenter.keyboards import opened_steps
from bangbot.games.bang.presenter.outcome import table_outcomes
from bangbot.games.bang.presenter.presenter import BASE_PRESENTER
from bangbot.games.bang.rules.engine import new_game
from bangbot.games.bang.rules.options import preset
from bangbot.games.bang.rules.scenario import run
from bangbot.games.bang.ruleset import BASE, BASE_RULESET
from bangbot.games.bang.texts.explain import explain_base
from bangbot.games.bang.texts.glossary import CARD_NAMES, CHARACTER_NAMES, character_name, role_name
from bangbot.games.bang.texts.readings import CARD_READINGS, CHARACTER_READINGS
from bangbot.games.contract import Bench, Game, Rules, Search, Words
from bangbot.i18n import N_, NP_, Translator
from bangbot.i18n.glossary import CARD, CHARACTER

# A winning side named by its leading role.
SIDE_ROLES = {"law": "sheriff", "outlaws": "outlaw", "renegade": "renegade"}


def winner_name(tr: Translator, side: str) -> str:
    """Returns a winning side's name: its leading role's (in the words of tr's theme)."""
    return role_name(tr, SIDE_ROLES.get(side, side))


def run_scenario(data: dict[str, Any], strict: bool) -> dict[str, Any]:
    """Runs a JSON scenario of the family (its "ruleset" picks base BANG! or Star Wars) and returns its summary."""
    return run(data, strict=strict)[1]


def family_bench(game_id: str) -> Bench:
    """Returns the benchmark hooks of a game that base BANG!'s engine and AI play (base BANG!, BANG! Star Wars)."""
    return Bench(
        engine=lambda games: bench_engine(games, game_id),
        ai=lambda games, workers: bench_ai(games, workers, game_id),
        sanity=lambda games, seed, workers, as_json: bench_sanity(games, seed, workers, as_json, game_id),
        aimed_shares=AIMED_SHARES,
        rotated_deal=new_game,
    )


GAME = Game(
    ruleset=BASE_RULESET,
    name=NP_("game", "BANG!"),
    pitch=NP_(
        "game-pitch",
        "hidden roles for 4 to 7 players: the Sheriff and the Deputies against the Outlaws, "
        "with a Renegade who wants to be the last one standing.",
    ),
    presenter=BASE_PRESENTER,
    heuristic=HeuristicPlayer,
    random=RandomPlayer,
    words=Words(role=role_name, character=character_name, winner=winner_name),
    outcomes=table_outcomes,
    lobby=LOBBY_OPTIONS,
    cancelled_view=cancelled_view,
    rules=Rules(
        topics=((CARD, CARD_NAMES), (CHARACTER, CHARACTER_NAMES)),
        explain=explain_base,
        readings=((CARD, CARD_READINGS), (CHARACTER, CHARACTER_READINGS)),
        options=preset,
        preset_names={"ja": N_("Japanese first edition")},
    ),
    bench=family_bench(BASE),
    search=Search(determinize, won, role_of, step, score=score, cutoff=CUTOFF, caution=caution, policy=hard_heuristic),
    sides=BASE_SIDES,
    card_topic=base_card_topic,
    opened_steps=opened_steps,
    scenario=run_scenario,
    board=table_board,
)
