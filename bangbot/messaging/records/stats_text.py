"""/stats: a player's own statistics in private, a group's table of players and its sides' wins, and /stats off|on."""

from __future__ import annotations

from babel.numbers import format_percent

from bangbot.games import game as registered
from bangbot.i18n import Translator
from bangbot.i18n.glossary import game_name
from bangbot.i18n.themes import themed
from bangbot.i18n.wording import join_list, player
from bangbot.messaging.adapter import Command
from bangbot.messaging.context import Context
from bangbot.storage.stats import Balance, StatsStore, Tally

MIN_GROUP_GAMES = 3  # games a player needs in a chat to appear in its table


def rate(tr: Translator, wins: int, games: int) -> str:
    """Returns a win rate as a percentage in the reader's locale."""
    return format_percent(wins / games if games else 0, locale=tr.language)


def score(tr: Translator, what: str, games: int, wins: int) -> str:
    """Returns one line: what, its games, wins and win rate."""
    return tr.gettext(
        "{what} — games: {games}, wins: {wins} ({rate})", what=what, games=games, wins=wins, rate=rate(tr, wins, games)
    )


def what_name(tr: Translator, ruleset: str, mode: str, role: str) -> str:
    """Returns a role's (a game with modes: a mode's side's) name in a game's words."""
    words = registered(ruleset).words
    role_name = words.role(themed(tr, ruleset), role)
    return role_name if words.mode is None else f"{words.mode(tr, mode)} · {role_name}"


def winner_name(tr: Translator, ruleset: str, side: str) -> str:
    """Returns a winning side's name in a game's words (base BANG! and Star Wars: its leading role)."""
    return registered(ruleset).words.winner(themed(tr, ruleset), side)


def mode_of(ruleset: str, mode: str) -> str:
    """Returns the mode a tally or balance is counted apart by: its own for a game with modes, else none."""
    return mode if registered(ruleset).modal else ""


def game_title(tr: Translator, ruleset: str, mode: str) -> str:
    """Returns a game's name, and for a game with modes the mode's."""
    mode_name = registered(ruleset).words.mode
    return game_name(tr, ruleset) if mode_name is None else f"{game_name(tr, ruleset)} · {mode_name(tr, mode)}"


def personal_stats(tr: Translator, stats: StatsStore, user_id: int) -> str:
    """Returns a user's own statistics."""
    tallies = stats.tallies(user_id)
    if not tallies:
        return tr.gettext("You have no finished games yet: statistics count finished games only.")
    lines = [tr.gettext("Your statistics")]
    for ruleset in dict.fromkeys(t.ruleset for t in tallies):
        mine = [t for t in tallies if t.ruleset == ruleset]
        lines += ["", score(tr, game_name(tr, ruleset), sum(t.games for t in mine), sum(t.wins for t in mine))]
        lines += ["  " + score(tr, what_name(tr, t.ruleset, t.mode, t.role), t.games, t.wins) for t in merged(mine)]
    games = sum(t.games for t in tallies)
    lines += [
        "",
        tr.gettext("Players eliminated: {n}", n=sum(t.eliminations for t in tallies)),
        tr.gettext(
            "Still in the game at the end: {survived}/{games}",
            survived=sum(t.survived for t in tallies),
            games=games,
        ),
    ]
    favourites = stats.favourites(user_id)
    if favourites:
        names = [f"{registered(g).words.character(themed(tr, g), c)} ×{n}" for g, c, n in favourites]
        lines.append(tr.gettext("Favourite characters: {names}", names=join_list(tr, names)))
    won, run = stats.streak(user_id)
    if won:
        lines.append(tr.ngettext("Current streak: {n} win", "Current streak: {n} wins", run))
    else:
        lines.append(tr.ngettext("Current streak: {n} loss", "Current streak: {n} losses", run))
    if stats.hidden(user_id):
        lines.append(tr.gettext("You are hidden from groups' tables: /stats on shows you again."))
    lines += ["", tr.gettext("A game counts for you only if you, not the AI in your place, held your seat at its end.")]
    return "\n".join(lines)


def merged(tallies: list[Tally]) -> list[Tally]:
    """Returns one tally per role (the Duel: per mode and side), presets added together."""
    out: dict[tuple[str, str], Tally] = {}
    for t in tallies:
        key = (mode_of(t.ruleset, t.mode), t.role)
        old = out.get(key)
        out[key] = (
            t
            if old is None
            else Tally(
                t.ruleset,
                t.mode,
                t.role,
                old.games + t.games,
                old.wins + t.wins,
                old.survived + t.survived,
                old.eliminations + t.eliminations,
            )
        )
    return list(out.values())


def group_stats(tr: Translator, stats: StatsStore, chat_id: int) -> str:
    """Returns a chat's table of players (with MIN_GROUP_GAMES games or more) and each game's sides' wins."""
    lines = [
        tr.ngettext(
            "Players of this chat with at least {n} finished game",
            "Players of this chat with at least {n} finished games",
            MIN_GROUP_GAMES,
        )
    ]
    standings = stats.standings(chat_id, MIN_GROUP_GAMES)
    lines += [score(tr, f"{i}. {player(tr, s.name)}", s.games, s.wins) for i, s in enumerate(standings, 1)]
    if not standings:
        lines.append(tr.gettext("Nobody yet."))
    lines += ["", tr.gettext("Wins by side")]
    balance = stats.balance(chat_id)
    lines += side_lines(tr, balance) or [tr.gettext("No finished game here yet.")]
    return "\n".join(lines)


def side_lines(tr: Translator, balance: list[Balance]) -> list[str]:
    """Returns one line per game (a game with modes: per mode) with each side's wins."""
    out = []
    for key in dict.fromkeys((b.ruleset, mode_of(b.ruleset, b.mode)) for b in balance):
        rows = [b for b in balance if (b.ruleset, mode_of(b.ruleset, b.mode)) == key]
        wins: dict[str, int] = {}
        for b in rows:
            wins[b.winner] = wins.get(b.winner, 0) + b.games
        what = game_title(tr, *key)
        sides = [tr.gettext("{side}: {n}", side=winner_name(tr, key[0], side), n=n) for side, n in wins.items()]
        out.append(tr.gettext("{what}: {sides}", what=what, sides=join_list(tr, sides)))
    return out


def records_help(tr: Translator) -> str:
    """Returns /help's lines about /record and /stats."""
    return tr.gettext(
        "/record — the record of the latest game as a file (/record 12: game 12); in private: your latest game\n"
        "/stats — your statistics in private, the chat's players in a group; /stats off leaves groups' tables"
    )


def stats_command(ctx: Context, cmd: Command, tr: Translator) -> str:
    """Answers /stats (private: own statistics; group: the chat's table), /stats off and /stats on."""
    stats = StatsStore(ctx.repo.engine)
    arg = cmd.args.strip().lower()
    if arg in ("off", "on"):
        stats.hide(cmd.user.id, arg == "off")
        if arg == "off":
            return tr.gettext("You no longer appear in groups' statistics tables. /stats on brings you back.")
        return tr.gettext("You appear in groups' statistics tables again.")
    if arg:
        return tr.gettext("Write /stats, /stats off (leave groups' tables) or /stats on (come back to them).")
    return personal_stats(tr, stats, cmd.user.id) if cmd.private else group_stats(tr, stats, cmd.chat_id)
