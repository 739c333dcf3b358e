"""/rules for the BANG! family: a base card or character, or a themed game's topic, explained as a table plays it."""

from __future__ import annotations

from bangbot import games
from bangbot.games.bang.rules.options import RuleOptions
from bangbot.games.bang.texts.glossary import STANDARD_OPTIONS, card_help, card_name, character_help, character_name
from bangbot.games.contract import STANDARD, TableRules, Theme
from bangbot.i18n import Translator
from bangbot.i18n.explain import preset_name
from bangbot.i18n.glossary import CARD
from bangbot.i18n.themes import themed


def options_of(rules: TableRules) -> RuleOptions:
    """Returns the base rule options a table plays by (the standard ones at a table of a game without them)."""
    return rules.options if isinstance(rules.options, RuleOptions) else STANDARD_OPTIONS


def explain_base(tr: Translator, topic: tuple[str, str], rules: TableRules) -> str:
    """Returns a base card's or character's name and help as rules play it, its life points, and the preset's name."""
    what, ident = topic
    options = options_of(rules)
    if what == CARD:
        lines = [tr.pgettext("rules", "{name}: {help}", name=card_name(tr, ident), help=card_help(tr, ident, options))]
    else:
        help_text = character_help(tr, ident, options)
        lines = [tr.pgettext("rules", "{name}: {help}", name=character_name(tr, ident), help=help_text)]
        lines.append(tr.gettext("Life points: {n}.", n=options.life(ident)))
    return "\n".join([*lines, preset_line(tr, rules)])


def explain_themed(tr: Translator, topic: tuple[str, str], rules: TableRules, theme: Theme) -> str:
    """Returns a themed game's topic (a card, ability or fate effect) told in that game's words, and the preset."""
    what, ident = topic
    game_tr = themed(tr, theme.id)
    names, helps = theme.topics[what]
    lines = [tr.pgettext("rules", "{name}: {help}", name=game_tr.name(names[ident]), help=game_tr.name(helps[ident]))]
    if ident in theme.energy:
        lines.append(game_tr.gettext("Life points: {n}.", n=theme.energy[ident]))
    return "\n".join([*lines, preset_line(tr, rules)])


def preset_line(tr: Translator, rules: TableRules) -> str:
    """Returns the line naming the preset a topic is told by (standard at a table whose preset is a mode)."""
    shown = STANDARD if games.game(rules.ruleset).modal else rules.preset
    return tr.gettext("This is how the table's rules play it: {preset}.", preset=preset_name(tr, rules.ruleset, shown))
