"""What is wrong with the terminal game's options, said in one line that names the valid choices."""

from __future__ import annotations

from bangbot.core.duel.modes import MODE_IDS, MODES
from bangbot.i18n import Translator
from bangbot.i18n.wording import join_list
from bangbot.rulesets import ruleset, table_sizes
from bangbot.rulesets.duel import DUEL

DEFAULT_PLAYERS = 5


def seats_and_preset(game: str, preset: str | None, mode: str | None, players: int | None) -> tuple[int, str]:
    """Returns the table size and the preset (a Duel's mode) the options ask for, defaults filled in."""
    if game == DUEL:
        chosen = mode or MODE_IDS[0]
        return MODES[chosen].players, chosen
    return DEFAULT_PLAYERS if players is None else players, preset or ruleset(game).presets[0]


def options_problem(tr: Translator, game: str, preset: str | None, mode: str | None, players: int | None) -> str | None:
    """Returns why the terminal game's options do not fit together, or None when they do."""
    if mode is not None and game != DUEL:
        return tr.gettext(
            "--mode goes with --game {duel} (its modes: {modes}).", duel=DUEL, modes=join_list(tr, MODE_IDS)
        )
    if game == DUEL and preset is not None:
        return tr.gettext(
            "--preset does not go with --game {duel}: choose its table with --mode ({modes}).",
            duel=DUEL,
            modes=join_list(tr, MODE_IDS),
        )
    presets = ruleset(game).presets
    if preset is not None and preset not in presets:
        return tr.gettext(
            "--game {game} has no preset {preset} (its presets: {presets}).",
            game=game,
            preset=preset,
            presets=join_list(tr, presets),
        )
    seats, chosen = seats_and_preset(game, preset, mode, players)
    if game == DUEL and players not in (None, seats):
        return tr.gettext(
            "--game {duel} --mode {mode} is played by {seats}, not --players {players}.",
            duel=DUEL,
            mode=chosen,
            seats=seats,
            players=players,
        )
    sizes = table_sizes(ruleset(game), chosen)
    if seats not in sizes:
        return tr.gettext(
            "--game {game} is played by {low} to {high} players, not --players {players}.",
            game=game,
            low=sizes.start,
            high=sizes.stop - 1,
            players=seats,
        )
    return None
