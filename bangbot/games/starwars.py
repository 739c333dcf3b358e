"""BANG! Star Wars declared: base BANG!'s engine, presenter and AI over its data, in its own words and topics."""

from __future__ import annotations

from bangbot.ai.heuristic import HeuristicPlayer
from bangbot.ai.random_player import RandomPlayer
from bangbot.ai.sides import BASE as BASE_SIDES
from bangbot.games.base import family_bench, winner_name
from bangbot.games.declaration import Game, Rules, Words
from bangbot.i18n import NP_, Translator
from bangbot.i18n.explain import TableRules, explain_themed
from bangbot.i18n.glossary import character_name, game_name, role_name
from bangbot.i18n.starwars import (
    NOTES,
    SW_ROLE_NAMES,
    SW_SYMBOL_GLYPHS,
    SW_TABLES,
    sw_card_name,
    sw_role_name,
    sw_symbol_name,
)
from bangbot.i18n.starwars_notes import starwars_assumptions
from bangbot.i18n.starwars_theme import STARWARS_THEME
from bangbot.i18n.themes import themed
from bangbot.i18n.wording import join_list
from bangbot.messaging.base_presenter import BASE_PRESENTER
from bangbot.messaging.outcome import table_outcomes
from bangbot.rulesets.starwars import StarWarsBang

STARWARS = StarWarsBang.id


def explain(tr: Translator, topic: tuple[str, str], rules: TableRules) -> str:
    """Returns a Star Wars topic told in its words; its assumptions as a list."""
    if topic[0] == NOTES:
        return starwars_assumptions(themed(tr, STARWARS))
    return explain_themed(tr, topic, rules, STARWARS_THEME)


def table_note(tr: Translator) -> str:
    """Returns what /help tells at a Star Wars table beyond base BANG!: energy, roles, symbols, fate effects."""
    return tr.gettext(
        "At this table: {game}. Life is energy. Roles: {roles}. Instead of suits, cards show check symbols: "
        "{symbols}. A name in brackets is the card's fate effect: it happens too when you play the card with "
        "2 energy or less. /rules explains cards, abilities, roles and fate effects, e.g. /rules {example}.",
        game=game_name(tr, STARWARS),
        roles=join_list(tr, (sw_role_name(tr, r) for r in SW_ROLE_NAMES)),
        symbols=join_list(tr, (f"{glyph} {sw_symbol_name(tr, s)}" for s, glyph in SW_SYMBOL_GLYPHS.items())),
        example=sw_card_name(tr, "cover"),
    )


GAME = Game(
    ruleset=StarWarsBang(),
    name=NP_("game", "BANG! Star Wars"),
    pitch=NP_(
        "game-pitch",
        "the same table in a galaxy far away: Darth Vader and the Empire against the Rebels and a Bounty Hunter, "
        "with energy and fate effects.",
    ),
    presenter=BASE_PRESENTER,
    heuristic=HeuristicPlayer,
    random=RandomPlayer,
    words=Words(role=role_name, character=character_name, winner=winner_name),
    outcomes=table_outcomes,
    rules=Rules(topics=SW_TABLES, explain=explain),
    bench=family_bench(STARWARS),
    # BANG! Star Wars deals the same roles under other names: Vader leads, Stormtroopers guard, Rebels and the lone
    # Bounty Hunter oppose.
    sides=BASE_SIDES,
    theme=STARWARS_THEME,
    table_note=table_note,
)
