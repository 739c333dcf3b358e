"""The terminal game: you take one seat, AI players the others; buttons become numbered choices."""

from __future__ import annotations

import asyncio
import getpass
import sys
import tempfile
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from bangbot.ai.players import heuristic_players
from bangbot.console.messenger import ConsoleMessenger, numbered
from bangbot.i18n import Translator, translator
from bangbot.messaging.adapter import Command, MessageRef, Press, User
from bangbot.messaging.codec import decode
from bangbot.messaging.context import Context
from bangbot.messaging.service import GameService
from bangbot.rulesets import DEFAULT as DEFAULT_RULESET
from bangbot.rulesets import ruleset
from bangbot.storage.db import open_engine
from bangbot.storage.models import GATHERING, RUNNING
from bangbot.storage.repository import Repository

GROUP_ID = -1
USER_ID = 1


@dataclass(frozen=True)
class TerminalOptions:
    """How the terminal game is set up."""

    players: int = 5
    language: str = "en"
    seed: int | None = None
    preset: str = "standard"
    database: str | None = None
    name: str | None = None  # None: the system user's name, else a localized "Player"
    game: str = DEFAULT_RULESET


def read_line(stdin: TextIO) -> str | None:
    """Returns the next line typed, or None at the end of the input."""
    line = stdin.readline()
    return None if line == "" else line.strip()


async def play(options: TerminalOptions, stdin: TextIO, stdout: TextIO) -> int:
    """Plays one game to its end (or until the input ends); returns the exit status."""
    tr = translator(options.language)
    seats = ruleset(options.game).seats
    if options.players not in seats:
        stdout.write(
            tr.gettext(
                "A game needs {low} to {high} seats (people and AI players).", low=seats.start, high=seats.stop - 1
            )
            + "\n"
        )
        return 2
    if options.database:
        return await play_on(options, options.database, stdin, stdout)
    with tempfile.TemporaryDirectory(prefix="bangbot-") as folder:
        return await play_on(options, f"sqlite:///{Path(folder) / 'terminal.sqlite3'}", stdin, stdout)


async def play_on(options: TerminalOptions, url: str, stdin: TextIO, stdout: TextIO) -> int:
    """Plays the terminal game kept in the database at url."""
    tr = translator(options.language)
    engine = open_engine(url)
    try:
        return await play_game(options, Repository(engine), tr, stdin, stdout)
    finally:
        engine.dispose()


async def play_game(options: TerminalOptions, repo: Repository, tr: Translator, stdin: TextIO, stdout: TextIO) -> int:
    """Opens or resumes the terminal table in repo and plays until the end or the end of input."""
    messenger = ConsoleMessenger(stdout, GROUP_ID, USER_ID, *frame_labels(tr))
    seed = options.seed
    ctx = Context(repo, messenger, heuristic_players())
    if seed is not None:
        ctx.seeds = lambda: seed
    service = GameService(ctx)
    await service.start()
    user = User(USER_ID, options.name or default_name(tr), options.language)
    settings = repo.chat_settings(GROUP_ID)
    settings.language = options.language
    settings.ruleset = options.game
    settings.preset = options.preset
    settings.ai_seats = options.players - 1
    repo.save_chat_settings(settings)
    user_settings = repo.user_settings(USER_ID)
    user_settings.language = options.language
    repo.save_user_settings(user_settings)
    game = repo.open_game(GROUP_ID)
    if game is None:
        await service.on_command(Command(user, GROUP_ID, False, "newgame", chat_title=tr.gettext("the terminal")))
        game = repo.open_game(GROUP_ID)
    if game is not None and game.status == GATHERING and game.lobby_message_id is not None:
        lobby = messenger.messages[MessageRef(GROUP_ID, game.lobby_message_id)]
        start = next(b for row in lobby.buttons for b in row if decode(b.data).choice == "start")
        await service.on_press(Press(press_id(), user, GROUP_ID, game.lobby_message_id, start.data, False))
    elif game is not None and game.status == RUNNING:
        await service.on_command(Command(user, USER_ID, True, "status"))
    while True:
        game = repo.game(game.id) if game is not None and game.id is not None else None
        if game is None or game.status != RUNNING:
            break
        pending = messenger.latest_private()
        if pending is None:
            await service.tick()
            continue
        ref, shown = pending
        keys = dict(numbered(shown.buttons))
        messenger.print_private(ref)
        while True:
            stdout.write(tr.gettext("Your choice (a number above, or a command like /rules Barrel): "))
            stdout.flush()
            line = read_line(stdin)
            if line is None:
                stdout.write("\n" + tr.gettext("The input has ended; the game is saved and stops here.") + "\n")
                return 0
            if line.startswith("/"):
                name, _, args = line[1:].partition(" ")
                await service.on_command(Command(user, USER_ID, True, name, args))
                tr = follow_language(ctx, messenger, tr)
                if messenger.latest_private() != pending:
                    break  # the command asks something new (the language menu): ask that now
                continue
            if line in keys:
                break
            stdout.write(tr.gettext("Type one of the numbers above.") + "\n")
        if line.startswith("/"):
            continue
        await service.on_press(Press(press_id(), user, USER_ID, ref.message_id, keys[line].data, True))
        tr = follow_language(ctx, messenger, tr)
    final = repo.game(game.id) if game is not None and game.id is not None else None
    if final is not None and final.winner:
        stdout.write(tr.gettext("The game is over.") + "\n")
    return 0


def frame_labels(tr: Translator) -> tuple[str, str]:
    """Returns the titles of the group chat's and the private chat's frames."""
    return tr.gettext("group chat"), tr.gettext("private chat")


def default_name(tr: Translator) -> str:
    """Returns the system user's name (getpass: $LOGNAME, $USER, the user database), else a localized "Player"."""
    try:
        name = getpass.getuser().strip()
    except (KeyError, OSError):
        name = ""
    return name or tr.gettext("Player")


def follow_language(ctx: Context, messenger: ConsoleMessenger, tr: Translator) -> Translator:
    """Returns the translator of the person's language; when they chose another, the group and frames follow it."""
    language = ctx.user_language(USER_ID)
    if language == tr.language:
        return tr
    settings = ctx.repo.chat_settings(GROUP_ID)
    settings.language = language
    ctx.repo.save_chat_settings(settings)
    ctx.forget_language(("chat", GROUP_ID))
    tr = translator(language)
    messenger.group_label, messenger.private_label = frame_labels(tr)
    return tr


def press_id() -> str:
    """Returns an id no press of any game kept in the database had (answers of applied presses are remembered)."""
    return uuid.uuid4().hex


def run(options: TerminalOptions) -> int:
    """Plays the terminal game on standard input and output."""
    return asyncio.run(play(options, sys.stdin, sys.stdout))
