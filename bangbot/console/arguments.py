"""What is wrong with the terminal game's options, said in one line that names the valid choices."""

from __future__ import annotations

from bangbot import games
from bangbot.games.contract import table_sizes
from bangbot.i18n import Translator
from bangbot.i18n.wording import join_list

DEFAULT_PLAYERS = 5


def seats_and_preset(game: str, preset: str | None, mode: str | None, players: int | None) -> tuple[int, str]:
    """Returns the table size and the preset (a Duel's mode) the options ask for, defaults filled in."""
    declared = games.game(game)
    if declared.modal:
        chosen = mode or declared.ruleset.modes[0]
        return declared.mode_seats(chosen), chosen
    return DEFAULT_PLAYERS if players is None else players, preset or games.game(game).ruleset.presets[0]


def options_problem(tr: Translator, game: str, preset: str | None, mode: str | None, players: int | None) -> str | None:
    """Returns why the terminal game's options do not fit together, or None when they do."""
    declared = games.game(game)
    # The game --mode is for: this one if its table is chosen by a mode (the Duel), else the first such game.
    modal = declared if declared.modal else next((g for g in games.GAMES if g.modal), None)
    if mode is not None and modal is not None and (modal is not declared or mode not in modal.ruleset.modes):
        return tr.gettext(
            "--mode goes with --game {duel} (its modes: {modes}).",
            duel=modal.id,
            modes=join_list(tr, modal.ruleset.modes),
        )
    if declared.modal and preset is not None:
        return tr.gettext(
            "--preset does not go with --game {duel}: choose its table with --mode ({modes}).",
            duel=game,
            modes=join_list(tr, declared.ruleset.modes),
        )
    presets = games.game(game).ruleset.presets
    if preset is not None and preset not in presets:
        return tr.gettext(
            "--game {game} has no preset {preset} (its presets: {presets}).",
            game=game,
            preset=preset,
            presets=join_list(tr, presets),
        )
    seats, chosen = seats_and_preset(game, preset, mode, players)
    if declared.modal and players not in (None, seats):
        return tr.gettext(
            "--game {duel} --mode {mode} is played by {seats}, not --players {players}.",
            duel=game,
            mode=chosen,
            seats=seats,
            players=players,
        )
    sizes = table_sizes(games.game(game).ruleset, chosen)
    if seats not in sizes:
        return tr.gettext(
            "--game {game} is played by {low} to {high} players, not --players {players}.",
            game=game,
            low=sizes.start,
            high=sizes.stop - 1,
            players=seats,
        )
    return None
