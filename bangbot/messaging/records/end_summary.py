"""The end of a game, player by player: role and characters, the result, who put whom out, what each one played."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bangbot.games import game as registered
from bangbot.games.contract import SeatOutcome
from bangbot.i18n import Translator
from bangbot.i18n.wording import join_list, player
from bangbot.messaging.records.document import seat_line
from bangbot.storage.models import Game

WINNER = "🏆 "  # marks the seats that won
INDENT = "   "  # a seat's details stand under its line


def summary_text(tr: Translator, game: Game, names: Sequence[str], ends: Sequence[SeatOutcome]) -> str:
    """Returns the summary of a finished game: a title, then each seat's line with its details below it; a Duel
    squad's line names the characters that came into play, not its reserve."""
    lines = [tr.gettext("The game, player by player:")]
    for o in ends:
        shown = replace(o, characters=o.characters[: len(o.characters) - len(o.reserve)])  # a reserve stays unseen
        lines += ["", (WINNER if o.won else "") + seat_line(tr, game, names, shown)]
        lines += [INDENT + line for line in seat_details(tr, game, names, o)]
    return "\n".join(lines)


def seat_details(tr: Translator, game: Game, names: Sequence[str], o: SeatOutcome) -> list[str]:
    """Returns the lines under a seat: how it went out (or that it lasted), whom it put out, its counts."""
    character_name = registered(game.ruleset).words.character
    lines = [out_line(tr, names, o)]
    if o.lost:
        characters = join_list(tr, (character_name(tr, c) for c in o.lost))
        lines.append(
            tr.ngettext(
                "Character lost: {characters}", "Characters lost: {characters}", len(o.lost), characters=characters
            )
        )
    if o.fallen:
        fallen = join_list(
            tr,
            (
                tr.gettext("{character} of {owner}", character=character_name(tr, c), owner=player(tr, names[s]))
                for s, c in o.fallen
            ),
        )
        lines.append(tr.ngettext("Took out: {characters}", "Took out: {characters}", len(o.fallen), characters=fallen))
    if o.eliminated:
        victims = join_list(tr, (player(tr, names[s]) for s in o.eliminated))
        lines.append(
            tr.ngettext(
                "Took out of the game: {names}", "Took out of the game: {names}", len(o.eliminated), names=victims
            )
        )
    lines.append(counts_line(tr, o))
    return lines


def out_line(tr: Translator, names: Sequence[str], o: SeatOutcome) -> str:
    """Returns when and by whom a seat went out of the game (the Duel: in whose turn), or that it lasted to the end."""
    turn, by = o.course.out_turn, o.course.out_by
    if turn is None:
        return tr.gettext("In the game to the end")
    if by is None:
        return tr.gettext("Out of the game in turn {number}", number=turn)
    if o.course.in_turn_of:
        return tr.gettext("Out of the game in turn {number}, {name}'s turn", number=turn, name=player(tr, names[by]))
    return tr.gettext("Eliminated by {name} in turn {number}", number=turn, name=player(tr, names[by]))


def counts_line(tr: Translator, o: SeatOutcome) -> str:
    """Returns a seat's counts: turns survived, its own turns, cards played."""
    c = o.course
    return join_list(
        tr,
        (
            tr.ngettext("{n} turn survived", "{n} turns survived", c.turns_survived),
            tr.ngettext("{n} own turn", "{n} own turns", c.turns_played),
            tr.ngettext("{n} card played", "{n} cards played", c.cards_played),
        ),
    )
