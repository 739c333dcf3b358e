"""/record: a game's record sent as a document, at the end to the group and on request; and the results behind /stats.

Records are rendered from the action log, which is kept for good (about 13 KB a game): every game's record stays
available.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from bangbot.i18n import Translator
from bangbot.messaging.adapter import Command, Undeliverable
from bangbot.messaging.context import Context
from bangbot.messaging.records.document import record_caption, record_filename, record_text
from bangbot.messaging.records.end_summary import summary_text
from bangbot.messaging.records.outcome import Replayed, outcomes, replay_game
from bangbot.storage.models import Game, Seat, SeatResult
from bangbot.storage.stats import StatsStore

log = logging.getLogger(__name__)


def result_rows(game: Game, seats: list[Seat], replayed: Replayed) -> list[SeatResult]:
    """Returns one result per seat of a finished game; counted only if its person held it, else with the AI's level."""
    assert game.id is not None
    winner = str(replayed.state.winner or "")
    return [
        SeatResult(
            game_id=game.id,
            position=o.position,
            user_id=seats[o.position].user_id,
            chat_id=game.chat_id,
            ruleset=game.ruleset,
            mode=game.preset,
            role=o.role,
            character=o.characters[0] if len(o.characters) == 1 else "",
            won=o.won,
            survived=o.survived,
            eliminations=o.eliminations,
            counted=not seats[o.position].ai_controlled,
            winner=winner,
            finished_at=game.updated_at,
            ai_level=game.ai_level if seats[o.position].ai_controlled else "",
        )
        for o in outcomes(game, replayed)
    ]


def rendered(ctx: Context, game: Game, tr: Translator) -> tuple[str, bytes, str, Replayed, list[Seat]]:
    """Returns a game's record for a reader: file name, content, caption, and the replay and seats it came from."""
    assert game.id is not None
    seats = ctx.repo.seats(game.id)
    actions = ctx.repo.actions(game.id)
    replayed = replay_game(game, seats, actions)
    text = record_text(tr, game, seats, actions, replayed)
    return record_filename(game, tr), text.encode("utf-8"), record_caption(tr, game), replayed, seats


@dataclass(frozen=True, slots=True)
class Ending:
    """What a finished game's group gets at its end: the summary per player, then the record as a document."""

    summary: str
    filename: str
    data: bytes
    caption: str


def final_ending(ctx: Context, game: Game) -> Ending | None:
    """Stores a finished game's results (once) and returns its summary and record for its group.

    Returns None, logging why, if the game's log does not replay: the rest of its delivery goes on.
    """
    tr = ctx.tr_chat(game.chat_id, game=game.ruleset)
    try:
        filename, data, caption, replayed, seats = rendered(ctx, game, tr)
        summary = summary_text(tr, game, [s.name for s in seats], outcomes(game, replayed))
    except Exception:
        log.exception("game %s does not replay: no record and no statistics", game.id)
        return None
    StatsStore(ctx.repo.engine).write_results(result_rows(game, seats, replayed))
    return Ending(summary, filename, data, caption)


def requested_game(ctx: Context, cmd: Command, tr: Translator) -> Game | str:
    """Returns the game /record asks for (the newest, or /record <number>), or what to answer instead."""
    arg = cmd.args.strip().lstrip("#")
    if arg and not arg.isdigit():
        return tr.gettext("Write /record for the latest game, or /record with a game's number, for example /record 12.")
    number = int(arg) if arg else None
    stats = StatsStore(ctx.repo.engine)
    game = stats.latest_game_of(cmd.user.id, number) if cmd.private else stats.latest_game_in(cmd.chat_id, number)
    if game is not None:
        return game
    if number is not None:
        if cmd.private:
            return tr.gettext("You did not play in game {number}.", number=number)
        return tr.gettext("No game {number} was played in this chat.", number=number)
    if cmd.private:
        return tr.gettext("You have not played a game yet.")
    return tr.gettext("No game has been played in this chat yet.")


def record_file(ctx: Context, cmd: Command, tr: Translator) -> tuple[str, bytes, str] | str:
    """Returns the record /record asks for (file name, data, caption) in its reader's words, or a text to answer
    instead; reads the database (run it off the event loop)."""
    found = requested_game(ctx, cmd, tr)
    if isinstance(found, str):
        return found
    if cmd.private:
        reader = ctx.tr_user(cmd.user.id, found.ruleset)
    else:
        reader = ctx.tr_chat(cmd.chat_id, cmd.user.id, found.ruleset)
    filename, data, caption, _, _ = rendered(ctx, found, reader)
    return filename, data, caption


async def record_command(ctx: Context, cmd: Command, tr: Translator) -> str | None:
    """Sends the record /record asks for where it was asked; returns a text to answer instead, if any."""
    found = await ctx.repo.run(record_file, ctx, cmd, tr)
    if isinstance(found, str):
        return found
    filename, data, caption = found

    async def send() -> None:
        try:
            await ctx.messenger.send_document(cmd.chat_id, filename, data, caption)
        except Undeliverable:
            log.info("could not send a record to chat %s", cmd.chat_id)

    ctx.replies.post(cmd.chat_id, send)
    return None
