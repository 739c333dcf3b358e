"""The answer to /rules: a card or a character explained as a table's rules play it."""

from __future__ import annotations

from bangbot import games
from bangbot.games.contract import STANDARD, TableRules
from bangbot.i18n import N_, Translator

STANDARD_NAME = N_("standard")


def preset_rules(name: str, ruleset: str = games.DEFAULT) -> TableRules:
    """Returns a game played by a named preset (the standard one, or a game's first mode, for a name not known)."""
    played = games.game(ruleset)
    if played.rules.options is not None:
        try:
            return TableRules(ruleset, name, played.rules.options(name))
        except ValueError:
            pass
    if not played.modal:
        return TableRules(ruleset)
    modes = played.ruleset.modes
    return TableRules(ruleset, name if name in modes else modes[0])


def preset_name(tr: Translator, ruleset: str, name: str) -> str:
    """Returns a game's rule preset named in the translator's language: the standard one as every game's, another
    as the game's declaration names it (by its id, if unnamed)."""
    if name == STANDARD:
        return tr.gettext(STANDARD_NAME)
    named = games.game(ruleset).rules.preset_names.get(name)
    return tr.gettext(named) if named is not None else name


def explain(tr: Translator, topic: tuple[str, str], rules: TableRules) -> str:
    """Returns a topic explained by the game whose /rules tables hold it, as the table's rules play it."""
    what, ident = topic
    for game in games.GAMES:
        if any(kind == what and ident in table for kind, table in game.rules.topics):
            return game.rules.explain(tr, topic, rules)
    raise KeyError(f"no game explains {topic!r}")
