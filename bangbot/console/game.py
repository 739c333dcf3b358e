"""The terminal game: you take one seat, AI players the others; buttons become numbered choices."""

from __future__ import annotations

import asyncio
import getpass
import json
import sys
import tempfile
import uuid
from collections.abc import Collection
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from bangbot.ai.players import heuristic_players
from bangbot.console.frame import frame, terminal_width
from bangbot.console.messenger import ConsoleMessenger, numbered
from bangbot.core.ruleset import TableState
from bangbot.i18n import N_, Translator, translator
from bangbot.i18n.themes import themed
from bangbot.messaging.adapter import Command, MessageRef, Press, User
from bangbot.messaging.codec import decode
from bangbot.messaging.context import Context
from bangbot.messaging.games_help import table_note
from bangbot.messaging.presenters import presenter
from bangbot.messaging.service import GameService
from bangbot.rulesets import DEFAULT as DEFAULT_RULESET
from bangbot.rulesets import ruleset, table_sizes
from bangbot.storage.db import open_engine
from bangbot.storage.models import GATHERING, RUNNING, Game
from bangbot.storage.repository import Repository

GROUP_ID = -1
USER_ID = 1
INTERRUPTED = 130  # the exit status after Ctrl-C, as shells report a program stopped by SIGINT
PRIVATE_COMMANDS = ("rules", "language")
AGAIN = ""  # read_choice: a command ran, ask again


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


def stopped_line(tr: Translator, kept: bool) -> str:
    """Returns what the terminal says when it stops before the end: whether the game is kept for later."""
    if kept:
        return tr.gettext("Stopped. The game is saved: start again with the same --db to go on.")
    return tr.gettext("Stopped. The game is not kept: without --db it lives in a temporary file, now deleted.")


def alive(state: TableState) -> tuple[bool, ...]:
    """Returns, seat by seat, whether each player is still in the game (as the game's ruleset shows the table)."""
    rules = ruleset(state.config.ruleset)
    return tuple(rules.in_game(state, seat) for seat in range(state.config.players))


def table_key(state: TableState) -> tuple[int, tuple[bool, ...], str | None]:
    """Returns what makes the table worth printing again: a new turn, someone out of the game, the end."""
    return state.turn_number, alive(state), state.winner


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


def follow_language(ctx: Context, tr: Translator) -> Translator:
    """Returns the translator of the person's language; when they chose another, the group follows it.

    The frames' titles and the terminal's own prompts follow the returned translator.
    """
    language = ctx.user_language(USER_ID)
    if language == tr.language:
        return tr
    settings = ctx.repo.chat_settings(GROUP_ID)
    settings.language = language
    ctx.repo.save_chat_settings(settings)
    ctx.forget_language(("chat", GROUP_ID))
    return translator(language)


async def play(options: TerminalOptions, stdin: TextIO, stdout: TextIO) -> int:
    """Plays one game to its end (or until the input ends); returns the exit status."""
    tr = translator(options.language)
    seats = table_sizes(ruleset(options.game), options.preset)
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
    engine = open_engine(url)
    try:
        return await Terminal(options, Repository(engine), stdin, stdout).play()
    finally:
        engine.dispose()


class Terminal:
    """One person at a terminal against AI players: prints what changed, reads choices and commands."""

    def __init__(self, options: TerminalOptions, repo: Repository, stdin: TextIO, stdout: TextIO) -> None:
        self.options, self.repo, self.stdin, self.out = options, repo, stdin, stdout
        self.tr = translator(options.language)
        self.messenger = ConsoleMessenger(GROUP_ID, USER_ID)
        self.ctx = ctx = Context(repo, self.messenger, heuristic_players(), hold_ai=self.holds_ai)
        if options.seed is not None:
            seed = options.seed
            ctx.seeds = lambda: seed
        self.service = GameService(ctx)
        self.user = User(USER_ID, options.name or default_name(self.tr), options.language)
        self.width = terminal_width()
        self.game_id: int | None = None
        self.seat: int | None = None
        self.table_shown: object = None
        self.show_table = False
        self.quiet = False
        self.released = False

    def holds_ai(self, state: TableState) -> bool:
        """Returns True while the AI players wait: the person is out of the game and did not yet let them go on."""
        return not self.released and self.seat is not None and not alive(state)[self.seat]

    def print_frame(self, chat_id: int, lines: list[str]) -> None:
        """Prints lines framed as a group or a private message, titled in the person's language."""
        group, private = frame_labels(self.tr)
        self.out.write(frame(group if chat_id == GROUP_ID else private, lines, self.width))
        self.out.flush()

    def game(self) -> Game | None:
        """Returns the terminal's game as stored now."""
        return self.repo.game(self.game_id) if self.game_id is not None else None

    def follow_language(self) -> None:
        """Switches the group, the frames' titles and the prompts to the person's language once they chose another."""
        self.tr = follow_language(self.ctx, self.tr)

    def flush(self) -> None:
        """Prints what the messages showed since the last time, and the table when it changed or was asked for."""
        game = self.game()
        table = MessageRef(GROUP_ID, game.table_message_id) if game and game.table_message_id is not None else None
        for piece in self.messenger.take():
            if piece.ref is None:
                self.out.write("\n".join(piece.lines) + "\n")
            elif piece.ref != table and not self.quiet:
                self.print_frame(piece.ref.chat_id, list(piece.lines))
        if game is None or game.state_json is None or table is None or table not in self.messenger.messages:
            return
        key = table_key(state_of(game))
        if self.show_table or key != self.table_shown:
            self.print_frame(GROUP_ID, self.messenger.messages[table].text.splitlines())
            self.table_shown, self.show_table = key, False

    async def play(self) -> int:
        """Opens or resumes the terminal table and plays until the end or the end of input; returns the status."""
        repo, options = self.repo, self.options
        await self.service.start()
        await self.service.idle()
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
            chat = self.tr.gettext("the terminal")
            await self.service.on_command(Command(self.user, GROUP_ID, False, "newgame", chat_title=chat))
            await self.service.idle()
            game = repo.open_game(GROUP_ID)
        if game is None or game.id is None:
            return 1
        self.game_id = game.id
        if game.status == GATHERING and game.lobby_message_id is not None:
            lobby = self.messenger.messages[MessageRef(GROUP_ID, game.lobby_message_id)]
            start = next(b for row in lobby.buttons for b in row if decode(b.data).choice == "start")
            await self.service.on_press(
                Press(press_id(), self.user, GROUP_ID, game.lobby_message_id, start.data, False)
            )
            await self.service.idle()
        elif game.status == RUNNING:
            await self.resume(game)
        self.seat = next((s.position for s in repo.seats(game.id) if s.user_id == USER_ID), None)
        return await self.loop()

    async def resume(self, game: Game) -> None:
        """Shows a resumed game: the log of its current turn, the table and the person's message."""
        assert game.id is not None
        names = [s.name for s in self.repo.seats(game.id)]
        tr = self.service.ctx.tr_chat(GROUP_ID, game=game.ruleset)
        text = presenter(game.ruleset).log_text(tr, json.loads(game.log_json or "[]"), names, None)
        if text:
            self.print_frame(GROUP_ID, text.splitlines())
        await self.command("status", "")

    async def loop(self) -> int:
        """Asks for choices until the game ends; returns the exit status."""
        while True:
            self.flush()
            game = self.game()
            if game is None or game.status != RUNNING or game.state_json is None:
                break
            if self.holds_ai(state_of(game)):
                if not await self.let_ai_finish():
                    return self.stop()
                continue
            pending = self.messenger.latest_private()
            if pending is None:
                await self.service.tick()
                await self.service.idle()
                continue
            ref, shown = pending
            keys = dict(numbered(shown.buttons))
            self.print_frame(ref.chat_id, self.messenger.prompt_lines(ref))
            choice = await self.read_choice(keys)
            if choice is None:
                return self.stop()
            if choice != AGAIN:
                data = keys[choice].data
                await self.service.on_press(Press(press_id(), self.user, USER_ID, ref.message_id, data, True))
                await self.service.idle()
                self.follow_language()
        game = self.game()
        if game is not None and game.winner:
            self.out.write(self.tr.gettext("The game is over.") + "\n")
        return 0

    async def let_ai_finish(self) -> bool:
        """Asks the person, out of the game, whether to watch the AI players finish it; False at the end of input."""
        tr = self.tr
        question = tr.gettext("You are out of the game. The AI players will play it to its end.")
        options = [tr.gettext("Show their turns"), tr.gettext("Show only the result")]
        self.print_frame(USER_ID, [question, "", *(f"{i}) {o}" for i, o in enumerate(options, start=1))])
        choice = await self.read_choice({str(i) for i in range(1, len(options) + 1)})
        if choice is None:
            return False
        if choice != AGAIN and self.game_id is not None:
            self.quiet, self.released = choice == "2", True
            await self.service.resume_ai(self.game_id)
            await self.service.idle()
        return True

    async def read_choice(self, keys: Collection[str]) -> str | None:
        """Reads one of keys, or a command (run, then AGAIN); None at the end of input."""
        while True:
            game_tr = themed(self.tr, self.options.game)
            self.out.write(game_tr.gettext("Your choice (a number above, or a command like /rules Barrel): "))
            self.out.flush()
            line = read_line(self.stdin)
            if line is None:
                return None
            if line.startswith("/"):
                name, _, args = line[1:].partition(" ")
                await self.command(name.lower(), args)
                return AGAIN
            if line in keys:
                return line
            self.out.write(self.tr.gettext("Type one of the numbers above.") + "\n")

    async def command(self, name: str, args: str) -> None:
        """Runs a command that works in the terminal, or says which ones do."""
        if name == "help":
            fixed = self.tr.gettext(
                "“End the turn” (or taking the hit) and “« Back” are always the last button; "
                "in the terminal game they are always 0 and 9."
            )
            note = table_note(self.tr, self.options.game)
            about = [note, ""] if note is not None else []
            self.print_frame(USER_ID, [*self.tr.gettext(TERMINAL_HELP).splitlines(), "", *about, fixed])
        elif name == "status":
            self.show_table = True
            await self.service.on_command(Command(self.user, GROUP_ID, False, "status"))
            await self.service.idle()
        elif name in PRIVATE_COMMANDS:
            await self.service.on_command(Command(self.user, USER_ID, True, name, args))
            await self.service.idle()
            self.follow_language()
        else:
            self.out.write(
                self.tr.gettext("That command does not work in the terminal: /help lists those that do.") + "\n"
            )
        self.flush()

    def stop(self) -> int:
        """Says the game stops at the end of the input, and whether it is kept; returns the exit status."""
        self.out.write("\n" + stopped_line(self.tr, self.options.database is not None) + "\n")
        return 0


TERMINAL_HELP = N_(
    "In the terminal you play one seat; AI players take the others. "
    "Type the number of a choice, or one of these commands:\n\n"
    "/status — show the table and your cards again\n"
    "/rules <card or character> — explain a card or a character\n"
    "/language — choose your language\n"
    "/help — this help\n\n"
    "Ctrl-C or Ctrl-D stops the game: with --db it is saved and goes on next time, without it is not kept."
)


def state_of(game: Game) -> TableState:
    """Returns the state of a running game, read by its ruleset."""
    assert game.state_json is not None
    state: TableState = ruleset(game.ruleset).from_json(json.loads(game.state_json))
    return state


def press_id() -> str:
    """Returns an id no press of any game kept in the database had (answers of applied presses are remembered)."""
    return uuid.uuid4().hex


def run(options: TerminalOptions) -> int:
    """Plays the terminal game on standard input and output; Ctrl-C stops it at once with INTERRUPTED."""
    loop = asyncio.new_event_loop()
    task = loop.create_task(play(options, sys.stdin, sys.stdout))
    try:
        return loop.run_until_complete(task)
    except KeyboardInterrupt:
        if task.done():  # interrupted inside the game: mark its KeyboardInterrupt as seen
            task.exception()
        else:  # interrupted in the event loop itself: let the game unwind
            task.cancel()
            with suppress(BaseException):
                loop.run_until_complete(task)
        sys.stdout.write("\n" + stopped_line(translator(options.language), options.database is not None) + "\n")
        sys.stdout.flush()
        return INTERRUPTED
    finally:
        loop.close()
