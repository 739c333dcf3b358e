"""The first lines of /help: the games the bot runs, each with what makes it itself."""

from __future__ import annotations

from bangbot.i18n import NP_, Translator
from bangbot.i18n.glossary import game_name
from bangbot.i18n.starwars import SW_ROLE_NAMES, SW_SYMBOL_GLYPHS, sw_card_name, sw_role_name, sw_symbol_name
from bangbot.i18n.wording import glyph_list, join_list
from bangbot.rulesets import OFFERED

STARWARS = "starwars"

GAME_PITCHES: dict[str, tuple[str, str]] = {
    "base": NP_(
        "game-pitch",
        "hidden roles for 4 to 7 players: the Sheriff and the Deputies against the Outlaws, "
        "with a Renegade who wants to be the last one standing.",
    ),
    "starwars": NP_(
        "game-pitch",
        "the same table in a galaxy far away: Darth Vader and the Empire against the Rebels and a Bounty Hunter, "
        "with energy and fate effects.",
    ),
    "duel": NP_(
        "game-pitch",
        "2 players (3 in the Mexican standoff), each with a squad of characters: one attacks, one covers, "
        "the others wait in reserve.",
    ),
}


def table_note(tr: Translator, ruleset: str) -> str | None:
    """Returns what /help tells about the game of the asker's table beyond base BANG!, or None when nothing."""
    if ruleset != STARWARS:
        return None
    return tr.gettext(
        "At this table: {game}. Life is energy. Roles: {roles}. Instead of suits, cards show check symbols: "
        "{symbols}. A name in brackets is the card's fate effect: it happens too when you play the card with "
        "2 energy or less. /rules explains cards, abilities, roles and fate effects, e.g. /rules {example}.",
        game=game_name(tr, STARWARS),
        roles=join_list(tr, (sw_role_name(tr, r) for r in SW_ROLE_NAMES)),
        symbols=glyph_list(tr, SW_SYMBOL_GLYPHS, sw_symbol_name),
        example=sw_card_name(tr, "cover"),
    )


def games_intro(tr: Translator) -> str:
    """Returns the games the lobby offers, a line each: its name and what it is."""
    lines = [tr.gettext("I run these games of the BANG! family:")]
    for game in OFFERED:
        lines.append(tr.gettext("• {game}: {pitch}", game=game_name(tr, game), pitch=tr.name(GAME_PITCHES[game])))
    return "\n".join(lines)
