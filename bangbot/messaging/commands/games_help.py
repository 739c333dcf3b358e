"""The first lines of /help: the games the bot runs, each with what makes it itself."""

from __future__ import annotations

from bangbot import games
from bangbot.i18n import Translator
from bangbot.i18n.glossary import game_name


def table_note(tr: Translator, ruleset: str) -> str | None:
    """Returns what /help tells about the game of the asker's table beyond base BANG!, or None when nothing."""
    note = games.game(ruleset).table_note
    return note(tr) if note is not None else None


def games_intro(tr: Translator) -> str:
    """Returns the games the lobby offers, a line each: its name and what it is."""
    lines = [tr.gettext("I run these games of the BANG! family:")]
    for game in games.GAMES:
        lines.append(tr.gettext("• {game}: {pitch}", game=game_name(tr, game.id), pitch=tr.name(game.pitch)))
    return "\n".join(lines)
