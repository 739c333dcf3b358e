"""/rules: which rules the asker's table plays by, and a card or character explained by them."""

from __future__ import annotations

import json

from bangbot.games import DEFAULT
from bangbot.games import game as registered
from bangbot.games.contract import TableRules
from bangbot.i18n import Translator
from bangbot.i18n.explain import explain, preset_rules
from bangbot.i18n.glossary import lookup, unclear
from bangbot.i18n.theme import spoken
from bangbot.i18n.themes import themed
from bangbot.i18n.wording import join_list
from bangbot.messaging.adapter import Command
from bangbot.messaging.commands.user_text import echo
from bangbot.messaging.context import Context


def table_rules(ctx: Context, cmd: Command) -> TableRules:
    """Returns the rules of the chat's lobby or game (in private: the user's latest running game), else the default.

    A group's default is the preset its lobby last used; a private chat's is the standard preset.
    """
    if cmd.private:
        games = ctx.repo.running_games_of(cmd.user.id)
        game = max(games, key=lambda g: g.updated_at) if games else None
        default, game_id = registered(DEFAULT).ruleset.presets[0], DEFAULT
    else:
        game = ctx.repo.open_game(cmd.chat_id, cmd.thread)
        chat = ctx.repo.chat_settings(cmd.chat_id)
        default, game_id = chat.preset, chat.ruleset
    if game is None:
        return preset_rules(default, game_id)
    if game.state_json:
        return TableRules.of(registered(game.ruleset).ruleset.from_json(json.loads(game.state_json)).config)
    return preset_rules(game.preset, game.ruleset)


def topic_names(tr: Translator, ruleset_id: str) -> list[list[str]]:
    """Returns the names of what /rules can explain at a table of a ruleset (its cards, its characters…), a list
    per kind, in the reader's words."""
    game_tr = themed(tr, ruleset_id)
    theme = spoken(game_tr)
    if theme is not None:
        tables = [names for names, _ in theme.topics.values()]
    else:
        tables = [names for _, names in registered(ruleset_id).rules.topics]
    return [[game_tr.name(marked) for marked in table.values()] for table in tables]


def topics_list(tr: Translator, ruleset_id: str) -> str:
    """Returns what /rules can explain at a table of a ruleset: its names, a line per kind, in the reader's words."""
    lines = [tr.gettext("/rules explains any of these by name:")]
    lines += ["• " + join_list(tr, names) for names in topic_names(tr, ruleset_id)]
    lines.append(themed(tr, ruleset_id).gettext("Name a card or a character, for example: /rules Barrel"))
    return "\n".join(lines)


def rules_answer(ctx: Context, cmd: Command, tr: Translator) -> str:
    """Returns the answer to /rules <name>: the explanation by the table's rules, or what went wrong (in its words).

    Without a name at the table of a game that sums itself up (the Duel): its summary of the table's mode.
    """
    rules = table_rules(ctx, cmd)
    game_tr = themed(tr, rules.ruleset)
    query = cmd.args.strip()
    summary = registered(rules.ruleset).rules.summary
    if not query and summary is not None:
        return summary(tr, rules.preset) + "\n\n" + topics_list(tr, rules.ruleset)
    if not query:
        return topics_list(tr, rules.ruleset)
    found = lookup(tr, query, rules.ruleset)
    if found is None and (several := unclear(tr, query, rules.ruleset)):
        return tr.gettext(
            "“{name}” could mean any of these: {names}. Type more of the name.",
            name=echo(query),
            names=join_list(tr, several),
        )
    if found is None:
        return game_tr.gettext("I don't know a card or character called “{name}”.", name=echo(query))
    return explain(tr, as_played_here(game_tr, found), rules)


def as_played_here(game_tr: Translator, topic: tuple[str, str]) -> tuple[str, str]:
    """Returns the table's own topic for a card another game names (a Barrel at a themed table: the card its theme
    plays in the Barrel's place), else the topic itself."""
    theme, (what, ident) = spoken(game_tr), topic
    if theme is None or what not in theme.topics or ident not in theme.cards:
        return topic
    names = theme.topics[what][0]
    return next(((what, own) for own, marked in names.items() if marked == theme.cards[ident]), topic)
