"""BANG! Star Wars declared: base BANG!'s engine, presenter and AI over its data, in its own words and topics."""

from __future__ import annotations

from dataclasses import replace

import bangbot.games.bang.starwars.ai.variant  # noqa: F401 - registers the heuristic player's hooks with the game
from bangbot.games.bang.caution import starwars_caution
from bangbot.games.bang.game import GAME as BASE_GAME
from bangbot.games.bang.game import family_bench
from bangbot.games.bang.rules.options import preset
from bangbot.games.bang.starwars.ai.leaf import starwars_score
from bangbot.games.bang.starwars.names import (
    NOTES,
    SW_ROLE_NAMES,
    SW_SYMBOL_GLYPHS,
    SW_TABLES,
    sw_card_name,
    sw_role_name,
    sw_symbol_name,
)
from bangbot.games.bang.starwars.notes import starwars_assumptions
from bangbot.games.bang.starwars.ruleset import STARWARS_RULESET
from bangbot.games.bang.starwars.theme import STARWARS_THEME
from bangbot.games.bang.texts.explain import explain_themed
from bangbot.games.contract import Rules, TableRules
from bangbot.i18n import NP_, Translator
from bangbot.i18n.glossary import game_name
from bangbot.i18n.themes import themed
from bangbot.i18n.wording import glyph_list, join_list

STARWARS = STARWARS_RULESET.id


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
        symbols=glyph_list(tr, SW_SYMBOL_GLYPHS, sw_symbol_name),
        example=sw_card_name(tr, "cover"),
    )


# Base BANG!'s presenter, AI players, words and sides (Vader leads, Stormtroopers guard, Rebels and the lone Bounty
# Hunter oppose: base BANG!'s roles under other names), with its own rules, names, topics and theme.
GAME = replace(
    BASE_GAME,
    ruleset=STARWARS_RULESET,
    name=NP_("game", "BANG! Star Wars"),
    pitch=NP_(
        "game-pitch",
        "the same table in a galaxy far away: Darth Vader and the Empire against the Rebels and a Bounty Hunter, "
        "with energy and fate effects.",
    ),
    rules=Rules(topics=SW_TABLES, explain=explain, options=preset),
    bench=family_bench(STARWARS),
    # its own leaf model; the Renegade, too, plays unsearched
    search=replace(BASE_GAME.search, score=starwars_score, caution=starwars_caution),
    theme=STARWARS_THEME,
    table_note=table_note,
)
