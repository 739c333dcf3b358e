"""BANG! Star Wars as its players read it: the base game's cards, roles and messages in its own words."""

from __future__ import annotations

from bangbot.games.bang.rules.cards import CARDS
from bangbot.games.bang.rules.symbols import check_symbols
from bangbot.games.bang.starwars.lines import STARWARS_LINES, STARWARS_OWN_LINES
from bangbot.games.bang.starwars.messages import MESSAGES, PLURALS
from bangbot.games.bang.starwars.names import (
    FATE as FATE_TOPIC,
)
from bangbot.games.bang.starwars.names import ROLE as ROLE_TOPIC
from bangbot.games.bang.starwars.names import (
    SW_ABILITY_ENERGY,
    SW_ABILITY_HELP,
    SW_ABILITY_NAMES,
    SW_CARD_HELP,
    SW_CARD_NAMES,
    SW_FATE_HELP,
    SW_FATE_NAMES,
    SW_ROLE_GOALS,
    SW_ROLE_NAMES,
    SW_RULES_TERMS,
    SW_SYMBOL_GLYPHS,
    SW_TERM_HELP,
    SW_TERMS,
    sw_fate_name,
    sw_symbol_name,
)
from bangbot.games.bang.starwars.names import TERM as TERM_TOPIC
from bangbot.games.bang.starwars.prompts import STARWARS_ACTIONS, STARWARS_PASSES, STARWARS_PROMPTS
from bangbot.games.bang.starwars.rules.data import FATE, STARWARS
from bangbot.games.bang.texts.glossary import card_name
from bangbot.games.contract import Theme
from bangbot.i18n import Translator
from bangbot.i18n.glossary import CARD, CHARACTER
from bangbot.i18n.wording import glyph_list, with_marks

# The base card kind each Star Wars card is played as (the engine's kinds; 'colt45' is the rifle on the board).
CARD_OF_KIND: dict[str, str] = {
    "bang": "sw_bang",
    "missed": "sw_missed",
    "beer": "bacta_tank",
    "saloon": "respite",
    "stagecoach": "repair",
    "new_hope": "new_hope",
    "general_store": "unexpected_encounter",
    "panic": "deception",
    "cat_balou": "ambush",
    "gatling": "atat_attack",
    "indians": "jawas",
    "duel": "sw_duel",
    "barrel": "cover",
    "scope": "droid",
    "mustang": "speeder_bike",
    "jail": "carbonite",
    "dynamite": "trash_compactor",
    "volcanic": "lightsaber",
    "schofield": "ion_blaster",
    "remington": "bowcaster",
    "rev_carabine": "dlt19",
    "winchester": "a280",
    "colt45": "e11",
}

# The base role each Star Wars role is dealt as.
ROLE_OF_ROLE: dict[str, str] = {
    "sheriff": "vader",
    "deputy": "stormtrooper",
    "outlaw": "rebel",
    "renegade": "bounty_hunter",
}


def starwars_label(tr: Translator, index: int) -> str:
    """Returns a card as a Star Wars card shows it: its name, its check symbols and its fate effect; no suit."""
    glyphs = "".join(SW_SYMBOL_GLYPHS[s] for s in check_symbols(index))
    text = with_marks(card_name(tr, CARDS[index].kind), glyphs)
    effect = FATE.get(index)
    return tr.pgettext("card label", "{card} ({fate})", card=text, fate=sw_fate_name(tr, effect)) if effect else text


def starwars_legend(tr: Translator) -> str:
    """Returns the line that explains a card label: the glyph of each check symbol, the fate effect in brackets."""
    symbols = glyph_list(tr, SW_SYMBOL_GLYPHS, sw_symbol_name)
    return tr.gettext("Check symbols: {symbols}. A name in brackets is the card's fate effect.", symbols=symbols)


STARWARS_THEME = Theme(
    id=STARWARS,
    game=SW_TERMS["game_starwars"],
    label=starwars_label,
    cards={kind: SW_CARD_NAMES[sw] for kind, sw in CARD_OF_KIND.items()},
    card_ids=CARD_OF_KIND,
    card_help={kind: SW_CARD_HELP[sw] for kind, sw in CARD_OF_KIND.items()},
    characters=SW_ABILITY_NAMES,
    character_help=SW_ABILITY_HELP,
    roles={role: SW_ROLE_NAMES[sw] for role, sw in ROLE_OF_ROLE.items()},
    role_goals={role: SW_ROLE_GOALS[sw] for role, sw in ROLE_OF_ROLE.items()},
    terms={"life": SW_TERMS["energy"]},
    messages=MESSAGES,
    plurals=PLURALS,
    topics={
        CARD: (SW_CARD_NAMES, SW_CARD_HELP),
        CHARACTER: (SW_ABILITY_NAMES, SW_ABILITY_HELP),
        FATE_TOPIC: (SW_FATE_NAMES, SW_FATE_HELP),
        ROLE_TOPIC: (SW_ROLE_NAMES, SW_ROLE_GOALS),
        TERM_TOPIC: (SW_RULES_TERMS, SW_TERM_HELP),
    },
    legend=starwars_legend,
    lines=STARWARS_LINES,
    own_lines=STARWARS_OWN_LINES,
    prompts=STARWARS_PROMPTS,
    passes=STARWARS_PASSES,
    actions=STARWARS_ACTIONS,
    causes=SW_FATE_NAMES,
    energy=SW_ABILITY_ENERGY,
    bars=("▰", "▱"),
)
