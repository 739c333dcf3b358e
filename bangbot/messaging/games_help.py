"""The first lines of /help: the games the bot runs, each with what makes it itself."""

from __future__ import annotations

from bangbot.i18n import NP_, Translator
from bangbot.i18n.glossary import game_name
from bangbot.rulesets import OFFERED

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


def games_intro(tr: Translator) -> str:
    """Returns the games the lobby offers, a line each: its name and what it is."""
    lines = [tr.gettext("I run these games of the BANG! family:")]
    for game in OFFERED:
        lines.append(tr.gettext("• {game}: {pitch}", game=game_name(tr, game), pitch=tr.name(GAME_PITCHES[game])))
    return "\n".join(lines)
