"""The answer to /rules: a card or a character explained as a table's rules play it."""

from __future__ import annotations

from dataclasses import dataclass, field

from bangbot import games
from bangbot.core.config import GameConfig
from bangbot.games.bang.rules.options import STANDARD, RuleOptions, preset
from bangbot.i18n import N_, Translator
from bangbot.i18n.glossary import CARD, card_help, card_name, character_help, character_name
from bangbot.i18n.theme import Theme
from bangbot.i18n.themes import themed

PRESET_NAMES: dict[str, str] = {STANDARD: N_("standard"), "ja": N_("Japanese first edition")}


@dataclass(frozen=True, slots=True)
class TableRules:
    """What a table plays by: its ruleset (searched first by /rules), its rule preset and that preset's options."""

    ruleset: str = games.DEFAULT
    preset: str = STANDARD
    options: RuleOptions = field(default_factory=RuleOptions)

    @staticmethod
    def of(config: GameConfig) -> TableRules:
        """Returns the rules of a dealt game."""
        options = config.options if isinstance(config.options, RuleOptions) else RuleOptions()
        return TableRules(config.ruleset, config.preset, options)

    @staticmethod
    def of_preset(name: str, ruleset: str = games.DEFAULT) -> TableRules:
        """Returns a game played by a named preset (the standard one, or a game's first mode, for a name not known)."""
        try:
            return TableRules(ruleset, name, preset(name))
        except ValueError:
            played = games.game(ruleset)
            if not played.modal:
                return TableRules(ruleset)
            modes = played.ruleset.modes
            return TableRules(ruleset, name if name in modes else modes[0])


def preset_name(tr: Translator, name: str) -> str:
    """Returns the name of a rule preset in the translator's language."""
    return tr.gettext(PRESET_NAMES[name]) if name in PRESET_NAMES else name


def explain(tr: Translator, topic: tuple[str, str], rules: TableRules) -> str:
    """Returns a topic explained by the game whose /rules tables hold it, as the table's rules play it."""
    what, ident = topic
    for game in games.GAMES:
        if any(kind == what and ident in table for kind, table in game.rules.topics):
            return game.rules.explain(tr, topic, rules)
    raise KeyError(f"no game explains {topic!r}")


def explain_base(tr: Translator, topic: tuple[str, str], rules: TableRules) -> str:
    """Returns a base card's or character's name and help as rules play it, its life points, and the preset's name."""
    what, ident = topic
    if what == CARD:
        lines = [
            tr.pgettext("rules", "{name}: {help}", name=card_name(tr, ident), help=card_help(tr, ident, rules.options))
        ]
    else:
        help_text = character_help(tr, ident, rules.options)
        lines = [tr.pgettext("rules", "{name}: {help}", name=character_name(tr, ident), help=help_text)]
        lines.append(tr.gettext("Life points: {n}.", n=rules.options.life(ident)))
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
    return tr.gettext("This is how the table's rules play it: {preset}.", preset=preset_name(tr, shown))
