"""The answer to /rules: a card or a character explained as a table's rules play it."""

from __future__ import annotations

from dataclasses import dataclass, field

from bangbot.core.options import STANDARD, RuleOptions, preset
from bangbot.core.state import GameConfig
from bangbot.i18n import N_, Translator
from bangbot.i18n.duel_rules import DUEL_KINDS, DUEL_RULESET, explain_duel, mode_of_preset
from bangbot.i18n.glossary import BASE, CARD, card_help, card_name, character_help, character_name
from bangbot.i18n.starwars import NOTES as STARWARS_NOTES
from bangbot.i18n.starwars_notes import starwars_assumptions
from bangbot.i18n.starwars_theme import STARWARS_THEME
from bangbot.i18n.themes import theme_of_topic, themed

PRESET_NAMES: dict[str, str] = {STANDARD: N_("standard"), "ja": N_("Japanese first edition")}


@dataclass(frozen=True, slots=True)
class TableRules:
    """What a table plays by: its ruleset (searched first by /rules), its rule preset and that preset's options."""

    ruleset: str = BASE
    preset: str = STANDARD
    options: RuleOptions = field(default_factory=RuleOptions)

    @staticmethod
    def of(config: GameConfig) -> TableRules:
        """Returns the rules of a dealt game."""
        return TableRules(config.ruleset, config.preset, config.options)

    @staticmethod
    def of_preset(name: str, ruleset: str = BASE) -> TableRules:
        """Returns a game played by a named preset (the standard one for a name no longer known)."""
        try:
            return TableRules(ruleset, name, preset(name))
        except ValueError:
            if ruleset == DUEL_RULESET:
                return TableRules(ruleset, mode_of_preset(name))
            return TableRules(ruleset)


def preset_name(tr: Translator, name: str) -> str:
    """Returns the name of a rule preset in the translator's language."""
    return tr.gettext(PRESET_NAMES[name]) if name in PRESET_NAMES else name


def explain(tr: Translator, topic: tuple[str, str], rules: TableRules) -> str:
    """Returns a card's or character's name and help as rules play it, its life points, and the preset's name.

    A topic of a themed game (a Star Wars card, ability or fate effect) is told in that game's words; a Duel topic
    with its data and sources (and, at a Duel table, the table's mode); Star Wars' assumptions as a list.
    """
    what, ident = topic
    if what in DUEL_KINDS:
        return explain_duel(tr, topic, rules.preset if rules.ruleset == DUEL_RULESET else None)
    if what == STARWARS_NOTES:
        return starwars_assumptions(themed(tr, STARWARS_THEME.id))
    theme = theme_of_topic(what, ident, rules.ruleset)
    if theme is not None:
        game_tr = themed(tr, theme.id)
        names, helps = theme.topics[what]
        lines = [
            tr.pgettext("rules", "{name}: {help}", name=game_tr.name(names[ident]), help=game_tr.name(helps[ident]))
        ]
        if ident in theme.energy:
            lines.append(game_tr.gettext("Life points: {n}.", n=theme.energy[ident]))
    elif what == CARD:
        lines = [
            tr.pgettext("rules", "{name}: {help}", name=card_name(tr, ident), help=card_help(tr, ident, rules.options))
        ]
    else:
        help_text = character_help(tr, ident, rules.options)
        lines = [tr.pgettext("rules", "{name}: {help}", name=character_name(tr, ident), help=help_text)]
        lines.append(tr.gettext("Life points: {n}.", n=rules.options.life(ident)))
    shown = STANDARD if rules.ruleset == DUEL_RULESET else rules.preset  # a base topic at a Duel table: standard
    lines.append(tr.gettext("Rules: {preset}.", preset=preset_name(tr, shown)))
    return "\n".join(lines)
