"""The record of a game as a document: every turn's log, who was who, who eliminated whom, and how to replay it.

It is rendered from the stored action log, replayed from the game's seed through the game's presenter, in the
reader's language. A game still running shows only what its group may see: the public log and table, not the seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bangbot.games import game as registered
from bangbot.games.contract import SeatOutcome
from bangbot.i18n import Translator
from bangbot.i18n.glossary import game_name
from bangbot.i18n.wording import join_list, player
from bangbot.messaging.lobby.options import table_choices
from bangbot.messaging.lobby.view import level_name
from bangbot.messaging.records.outcome import Replayed, outcomes
from bangbot.storage.models import ActionLog, Game, Seat
from bangbot.version import bangbot_version

CHUNK_EVENTS = 40  # the presenter writes at most 40 lines at once: a long turn is written in pieces


def replay_line(game: Game, seats: int) -> str:
    """Returns what replays the game exactly: game, preset or mode, lobby options, table size, seed and versions."""
    rules = registered(game.ruleset).ruleset
    options = "".join(f"{o}={'yes' if on else 'no'} " for o, on in table_choices(game).items())
    return (
        f"ruleset={rules.id} preset={game.preset} {options}seats={seats} seed={game.seed} bangbot={bangbot_version()}"
    )


def record_filename(game: Game, tr: Translator) -> str:
    """Returns the document's file name: the game's number and the reader's language."""
    return f"bangbot-game-{game.id}-{tr.language}.txt"


def record_caption(tr: Translator, game: Game) -> str:
    """Returns the document's caption."""
    return tr.gettext("Record of game {number}: {game}", number=game.id, game=game_name(tr, game.ruleset))


def record_text(
    tr: Translator, game: Game, seats: Sequence[Seat], actions: Sequence[ActionLog], replayed: Replayed
) -> str:
    """Returns the whole record; hidden things only once the game is over."""
    names = [s.name for s in seats]
    rules = registered(game.ruleset).ruleset
    over = rules.winner(replayed.state) is not None
    parts = [record_caption(tr, game), header(tr, game)]
    if over:  # the seed deals every hand again: it is shown only once nothing is hidden any more
        ends = outcomes(game, replayed)
        parts.append(replay_line(game, len(seats)))
        parts.append(section(tr.gettext("Who was who"), [seat_line(tr, game, names, o) for o in ends]))
    else:
        parts.append(tr.gettext("The game is still running: this record shows only what the group sees."))
        table = registered(game.ruleset).presenter.table_text(
            tr, rules.view(replayed.state, None), names, game.chat_title
        )
        parts.append(table)
    parts.append(section(tr.gettext("Eliminations"), elimination_lines(tr, game, names, replayed) or ["—"]))
    parts.append(section(tr.gettext("Turn by turn"), turn_texts(tr, game, names, replayed)))
    if over:
        parts.append(section(tr.gettext("Actions, to replay the game"), [f"{a.seat}: {a.action}" for a in actions]))
    return "\n\n".join(parts) + "\n"


def header(tr: Translator, game: Game) -> str:
    """Returns the lines naming the chat, a Duel's mode and, for a table with AI seats, the level they played at."""
    lines = [tr.gettext("Chat: {title}", title=game.chat_title or "—")]
    mode_name = registered(game.ruleset).words.mode
    if mode_name is not None:
        lines.append(tr.gettext("Mode: {mode}", mode=mode_name(tr, game.preset)))
    if game.ai_seats:
        lines.append(tr.gettext("AI level: {level}.", level=level_name(tr, game.ai_level)))
    return "\n".join(lines)


def section(title: str, lines: Sequence[str]) -> str:
    """Returns a titled block of lines."""
    return "\n".join([f"== {title} ==", *lines])


def side_name(tr: Translator, game: Game, role: str) -> str:
    """Returns a seat's role (the Duel: its side) as the game names it."""
    return registered(game.ruleset).words.role(tr, role)


def characters_of(tr: Translator, game: Game, ids: Sequence[str]) -> str:
    """Returns a seat's characters as the game names them, as a list."""
    name = registered(game.ruleset).words.character
    return join_list(tr, [name(tr, c) for c in ids])


def seat_line(tr: Translator, game: Game, names: Sequence[str], o: SeatOutcome) -> str:
    """Returns one seat at the end: name, role or side, characters, and whether it won."""
    result = tr.gettext("won") if o.won else tr.gettext("lost")
    return tr.gettext(
        "{name}: {role}, {characters} ({result})",
        name=player(tr, names[o.position]),
        role=side_name(tr, game, o.role),
        characters=characters_of(tr, game, o.characters),
        result=result,
    )


def elimination_lines(tr: Translator, game: Game, names: Sequence[str], replayed: Replayed) -> list[str]:
    """Returns who eliminated whom (the Duel: which character fell in whose turn), in order.

    Only a game of squads (the Duel) tells of a character that died ("died") apart from its player's elimination.
    """
    out: list[str] = []
    turn: dict[str, Any] = {}
    for e in replayed.events:
        data = e.for_seat(None)
        if e.kind == "turn":
            turn = data
        elif e.kind == "eliminated":
            killer = data.get("killer")
            name = player(tr, names[data["seat"]])
            if isinstance(killer, int) and killer != data["seat"]:
                out.append(tr.gettext("{killer} eliminated {name}", killer=player(tr, names[killer]), name=name))
            else:
                out.append(tr.gettext("{name} went out of the game", name=name))
        elif e.kind == "died" and turn:
            out.append(
                tr.gettext(
                    "Turn {number} ({name}): {character} of {owner} is out",
                    number=turn["number"],
                    name=player(tr, names[turn["seat"]]),
                    character=registered(game.ruleset).words.character(tr, data["character"]),
                    owner=player(tr, names[data["seat"]]),
                )
            )
    return out


def turn_texts(tr: Translator, game: Game, names: Sequence[str], replayed: Replayed) -> list[str]:
    """Returns the public log of every turn, in order, one block per turn."""
    segments: list[list[dict[str, Any]]] = [[]]
    for e in replayed.events:
        if e.kind == "turn":
            segments.append([])
        segments[-1].append(e.for_seat(None))
    shows = registered(game.ruleset).presenter
    blocks = []
    for segment in segments:
        pieces = [segment[i : i + CHUNK_EVENTS] for i in range(0, len(segment), CHUNK_EVENTS)]
        text = "\n".join(t for piece in pieces if (t := shows.log_text(tr, piece, names, None)))
        if text:
            blocks.append(text + "\n")
    return blocks
