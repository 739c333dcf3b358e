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
from functools import partial
from itertools import chain
from pathlib import Path
from typing import TextIO

from bangbot import heap
from bangbot.ai.levels import DEFAULT_LEVEL, players_at
from bangbot.console.frame import frame, terminal_width
from bangbot.console.keyboard import Keyboard
from bangbot.console.messenger import ConsoleMessenger, Piece
from bangbot.games import DEFAULT as DEFAULT_RULESET
from bangbot.games import game as registered
from bangbot.games.contract import Step, TableState, table_sizes
from bangbot.i18n import LANGUAGES, N_, SOURCE_LANGUAGE, Translator, translator
from bangbot.i18n.digits import plain_digits
from bangbot.i18n.themes import themed
from bangbot.i18n.wording import players
from bangbot.messaging.adapter import END, Button, Command, MessageRef, Press, User
from bangbot.messaging.commands.games_help import table_note
from bangbot.messaging.commands.rules import topic_names
from bangbot.messaging.context import Context
from bangbot.messaging.delivery.sender import turn_message
from bangbot.messaging.play.stored_game import batch_of
from bangbot.messaging.press.button_data import BadButton, decode
from bangbot.messaging.press.card_alert import topic_text
from bangbot.messaging.press.choice_topic import choice_steps, choice_topic
from bangbot.messaging.service import GameService
from bangbot.storage.db import UnusableDatabase, open_named
from bangbot.storage.models import GAME_REFS, GATHERING, RUNNING, ChatSettings, Game
from bangbot.storage.repository import STORAGE_ERRORS, Repository

GROUP_ID = -1
USER_ID = 1
INTERRUPTED = 130  # the exit status after Ctrl-C, as shells report a program stopped by SIGINT
PRIVATE_COMMANDS = ("rules", "language")
AGAIN = ""  # read_choice: a command ran, ask again
GAME_CHOICE = "game"  # the group of every choice of the game's menu: no two of a turn share a number
EXAMPLE_URL = "sqlite:///bangbot.sqlite3"  # what a --db URL looks like


@dataclass(frozen=True)
class TerminalOptions:
    """How the terminal game is set up."""

    players: int = 5
    language: str | None = None  # None: the resumed game's language, else English
    seed: int | None = None
    preset: str = "standard"
    database: str | None = None
    name: str | None = None  # None: the system user's name, else a localized "Player"
    game: str = DEFAULT_RULESET
    ai: str = DEFAULT_LEVEL  # how the AI players play: easy (random), normal (heuristic), hard (search)


@dataclass
class Voice:
    """The language the terminal speaks now (a resumed game's, or the one chosen with /language): its last line,
    after Ctrl-C too, is said in it."""

    tr: Translator


def database_problem(tr: Translator, value: str, malformed: bool) -> str:
    """Returns the one line that says why --db cannot be used."""
    if malformed:
        return tr.gettext(
            "--db {db} names no database: give a file path or a URL such as {example}.", db=value, example=EXAMPLE_URL
        )
    return tr.gettext(
        "--db {db}: the database cannot be opened (a folder that does not exist or cannot be written, or a "
        "server that does not answer).",
        db=value,
    )


def stopped_line(tr: Translator, kept: bool) -> str:
    """Returns what the terminal says when it stops before the end: whether the game is kept for later."""
    if kept:
        return tr.gettext("Stopped. The game is saved: start again with the same --db to go on.")
    return tr.gettext("Stopped. The game is not kept: without --db it lives in a temporary file, now deleted.")


def alive(state: TableState) -> tuple[bool, ...]:
    """Returns, seat by seat, whether each player is still in the game (as the game's ruleset shows the table)."""
    rules = registered(state.config.ruleset).ruleset
    return tuple(rules.in_game(state, seat) for seat in range(state.config.players))


def awaited(state: TableState, seat: int) -> bool:
    """Returns whether the game waits for seat's decision."""
    return seat in registered(state.config.ruleset).ruleset.awaiting(state)


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

    The frames' titles, the terminal's own prompts and the table's title follow the returned translator.
    """
    language = ctx.user_language(USER_ID)
    if language == tr.language:
        return tr
    settings = ctx.repo.chat_settings(GROUP_ID)
    settings.language = language
    ctx.repo.save_chat_settings(settings)
    ctx.forget_language(("chat", GROUP_ID))
    return translator(language)


def chat_title(tr: Translator) -> str:
    """Returns the name the terminal's table goes by in its titles ("BANG! in the terminal")."""
    return tr.gettext("the terminal")


async def play(options: TerminalOptions, stdin: TextIO, stdout: TextIO, voice: Voice | None = None) -> int:
    """Plays one game to its end (or until the input ends); returns the exit status. voice follows the language the
    terminal speaks.

    Raises UnusableDatabase when options.database cannot be opened.
    """
    voice = voice or Voice(translator(options.language or SOURCE_LANGUAGE))
    tr = voice.tr
    seats = table_sizes(registered(options.game).ruleset, options.preset)
    if options.players not in seats:
        stdout.write(
            tr.gettext(
                "A game needs {low} to {high} seats (people and AI players).", low=seats.start, high=seats.stop - 1
            )
            + "\n"
        )
        return 2
    if options.database:
        return await play_on(options, options.database, stdin, stdout, voice)
    with tempfile.TemporaryDirectory(prefix="bangbot-") as folder:
        return await play_on(options, str(Path(folder) / "terminal.sqlite3"), stdin, stdout, voice)


async def play_on(options: TerminalOptions, database: str, stdin: TextIO, stdout: TextIO, voice: Voice) -> int:
    """Plays the terminal game kept in the database named (a URL or a file path)."""
    engine = open_named(database)
    try:
        with Repository(engine) as repo:
            try:
                return await Terminal(options, repo, stdin, stdout, voice).play()
            finally:
                with suppress(*STORAGE_ERRORS):  # else lost as in a crash: shown again, harmlessly, next time
                    repo.flush_deferred()  # what the delivery held back (storage.deferred)
    finally:
        engine.dispose()


class Terminal:
    """One person at a terminal against AI players: prints what changed, reads choices and commands."""

    def __init__(self, options: TerminalOptions, repo: Repository, stdin: TextIO, stdout: TextIO, voice: Voice) -> None:
        self.options, self.repo, self.out, self.voice = options, repo, stdout, voice
        self.keyboard = Keyboard(stdin)
        self.messenger = ConsoleMessenger(GROUP_ID, USER_ID)
        self.ctx = ctx = Context(repo, self.messenger, players_at(options.ai), hold_ai=self.holds_ai)
        if options.seed is not None:
            seed = options.seed
            ctx.seeds = lambda: seed
        self.service = GameService(ctx)
        self.user = User(USER_ID, options.name or default_name(self.tr), self.tr.language)
        self.width = terminal_width()
        self.game_id: int | None = None
        self.seat: int | None = None
        self.table_shown: object = None
        self.table_lines: list[str] = []  # the table message's lines as last printed
        self.show_table = False
        self.quiet = False
        self.released = False
        self.pause: str | None = None  # why the AI players wait for Enter (a message id), None while they play
        self.own_turn: int | None = None  # the number of the person's turn while they play in it
        self.ended_turn = 0  # the last turn the person ended with "End the turn" (or another fixed END button)
        self.watched_turn = 0  # the AI players' turn the person watched last, once out of the game
        self.queued: list[str] = []  # the rest of several numbers typed at once
        self.choices: dict[str, Button] = {}  # the numbered choices of the question being asked, for `?3`
        self.kept_names: tuple[object, frozenset[str]] = (None, frozenset())  # names(), and what they were made for

    @property
    def tr(self) -> Translator:
        """Returns the translator of the language the terminal speaks now."""
        return self.voice.tr

    @tr.setter
    def tr(self, tr: Translator) -> None:
        """Speaks another language from now on, to the last line."""
        self.voice.tr = tr

    def holds_ai(self, state: TableState) -> bool:
        """Returns True while the AI players wait for the person: out of the game and not yet letting them go on,
        after a turn that ended by itself, or (watching them once out) after each of their turns."""
        if self.pause is not None:
            return True
        if self.seat is None:
            return False
        own_turn = self.own_turn
        if own_turn is not None and state.turn_number != own_turn:
            self.own_turn = None
        if not alive(state)[self.seat]:
            if not self.released:
                return True
            if not self.quiet and state.turn_number > self.watched_turn:
                self.pause = NEXT_TURN
            return self.pause is not None
        ended_by_itself = own_turn not in (None, state.turn_number, self.ended_turn)
        if ended_by_itself and not awaited(state, self.seat):
            self.pause = TURN_OVER
        return self.pause is not None

    def print_frame(self, chat_id: int, lines: list[str]) -> None:
        """Prints lines framed as a group or a private message, titled in the person's language."""
        group, private = frame_labels(self.tr)
        self.out.write(frame(group if chat_id == GROUP_ID else private, lines, self.width, self.names()))
        self.out.flush()

    def names(self) -> frozenset[str]:
        """Returns the names no line may part (see frame.wrap): the players' and every card's and character's of the
        game, as the terminal's language writes them."""
        game = self.game()
        ruleset_id = game.ruleset if game is not None else self.options.game
        seats = [seat.name for seat in self.repo.seats(game.id)] if game is not None and game.id is not None else []
        key = (self.tr.language, ruleset_id, tuple(seats))
        if self.kept_names[0] != key:
            written = [*seats, *players(self.tr, seats)]
            self.kept_names = key, frozenset(n for n in [*written, *chain(*topic_names(self.tr, ruleset_id))] if n)
        return self.kept_names[1]

    def say(self, text: str) -> None:
        """Prints one line of the terminal's own."""
        self.out.write(text + "\n")
        self.out.flush()

    def game(self) -> Game | None:
        """Returns the terminal's game as stored now."""
        return self.repo.game(self.game_id) if self.game_id is not None else None

    async def follow_language(self) -> None:
        """Switches the group, the frames' titles, the prompts and the table's title to the person's language once
        they chose another."""
        self.tr = follow_language(self.ctx, self.tr)
        if self.retitle():
            await self.service.show_player(USER_ID, resend=False)  # shown again under the new title
            await self.service.idle()

    def retitle(self) -> bool:
        """Names the table in the person's language when its title is the terminal's, kept in another language;
        returns whether it did."""
        game = self.game()
        titles = {chat_title(translator(language)) for language in LANGUAGES}
        if game is None or game.chat_title not in titles or game.chat_title == chat_title(self.tr):
            return False
        game.chat_title = chat_title(self.tr)
        self.repo.save(game)
        return True

    def flush(self) -> None:
        """Prints what the messages showed since the last time: the group's news, the table when it changed or was
        asked for, then what they mean for the person (their private messages and notices)."""
        game = self.game()
        table = MessageRef(GROUP_ID, game.table_message_id) if game and game.table_message_id is not None else None
        pieces = self.messenger.take()
        group = [p for p in pieces if p.ref is not None and p.ref.chat_id == GROUP_ID and p.ref != table]
        closing = [p for p in group if closes(game, p)]
        for piece in group:
            if piece not in closing and not self.quiet:
                self.print_frame(GROUP_ID, list(piece.lines))
        self.print_table(game, table)
        for piece in closing:  # the summary and the record: shown after the final table, also to who chose quiet
            self.print_frame(GROUP_ID, list(piece.lines))
        self.print_personal(pieces)

    def print_table(self, game: Game | None, table: MessageRef | None) -> None:
        """Prints the table message when the table changed since it was last shown (unless the group message just
        shown holds it: the turn's message shows the table below its events) or was asked for."""
        if game is not None and game.state_json is not None and table in self.messenger.messages:
            key = table_key(state_of(game))
            lines = self.messenger.messages[table].text.splitlines()
            fresh = lines != self.table_lines and not self.messenger.shown_elsewhere(table, lines)
            if self.show_table or (key != self.table_shown and fresh):
                self.print_frame(GROUP_ID, lines)
                self.table_lines = lines
            if self.show_table or key != self.table_shown:
                self.table_shown, self.show_table = key, False

    def print_personal(self, pieces: list[Piece]) -> None:
        """Prints what is for the person: the notices always, their private messages unless they chose quiet."""
        for piece in pieces:
            if piece.ref is None:  # a press's notice (a ❓ card's text): framed and wrapped like the chat it answers
                self.print_frame(USER_ID, list(piece.lines))
            elif piece.ref.chat_id != GROUP_ID and not self.quiet:
                self.print_frame(piece.ref.chat_id, list(piece.lines))

    async def play(self) -> int:
        """Opens or resumes the terminal table and plays until the end or the end of input; returns the status."""
        repo, options = self.repo, self.options
        await self.service.start()
        await self.service.idle()
        game = repo.open_game(GROUP_ID)
        settings = repo.chat_settings(GROUP_ID)
        if game is not None and options.language is None:  # a resumed game keeps its language
            self.tr = translator(settings.language or SOURCE_LANGUAGE)
            self.user = User(USER_ID, self.user.name, self.tr.language)
        if game is None and not await self.new_game_wanted():
            return 0
        if game is None:
            settings.ruleset, settings.preset, settings.ai_seats = options.game, options.preset, options.players - 1
        self.store_language(settings)
        if game is None:
            await self.service.on_command(
                Command(self.user, GROUP_ID, False, "newgame", chat_title=chat_title(self.tr))
            )
            await self.service.idle()
            game = repo.open_game(GROUP_ID)
        if game is None or game.id is None:
            return 1
        self.game_id = game.id
        if game.status == GATHERING and game.lobby_message_id is not None:
            lobby = self.messenger.messages[MessageRef(GROUP_ID, game.lobby_message_id)]
            self.flush()  # the lobby before the game it starts; it becomes the table message, not shown again as is
            self.table_lines = lobby.text.splitlines()
            start = next(b for row in lobby.buttons for b in row if decode(b.data).choice == "start")
            await self.service.on_press(
                Press(press_id(), self.user, GROUP_ID, game.lobby_message_id, start.data, False)
            )
            await self.service.idle()
            self.messenger.drop_notices()  # "check your private messages": the terminal shows them anyway
        elif game.status == RUNNING:
            self.retitle()
            await self.resume(game)
        self.seat = next((s.position for s in repo.seats(game.id) if s.user_id == USER_ID), None)
        return await self.loop()

    def store_language(self, settings: ChatSettings) -> None:
        """Stores the table's language as the group's (with the rest of its settings) and the person's; the service
        reads them afresh."""
        settings.language = self.tr.language
        self.repo.save_chat_settings(settings)
        user_settings = self.repo.user_settings(USER_ID)
        user_settings.language = self.tr.language
        self.repo.save_user_settings(user_settings)
        for key in (("chat", GROUP_ID), ("user", USER_ID)):  # written here, not through the service
            self.service.ctx.forget_language(key)

    async def new_game_wanted(self) -> bool:
        """Returns True when the database holds no game yet, or the person wants a new one after the game it holds
        is over; False when they do not (or the input ends)."""
        last = self.repo.latest_game(GROUP_ID)
        if last is None:
            return True
        tr = self.tr
        options = [tr.gettext("Start a new game"), tr.gettext("Quit")]
        question = tr.gettext("The game kept in this database is over.")
        self.print_frame(USER_ID, [question, "", *(f"{i}) {o}" for i, o in enumerate(options, start=1))])
        while (choice := await self.read_choice({"1", "2"})) == AGAIN:
            continue
        return choice == "1"

    async def resume(self, game: Game) -> None:
        """Shows a resumed game: its current turn's log message as the group sees it (its next edits show what they
        add), the table and the person's message."""
        batch = batch_of(self.ctx, game)
        if batch is not None and game.log_message_id is not None:
            text, buttons, _ = turn_message(self.ctx, batch, json.loads(game.log_json or "[]"), current=True)
            kept = [getattr(game, field) or 0 for field in GAME_REFS]
            kept += [seat.private_message_id or 0 for seat in batch.seats]
            self.messenger.resumed(MessageRef(GROUP_ID, game.log_message_id), text, buttons, max(kept))
        await self.status(table=False)  # the turn's log message shows the table below its events
        self.flush()

    async def loop(self) -> int:
        """Asks for choices until the game ends; returns the exit status."""
        while True:
            self.flush()
            game = self.game()
            if game is None or game.status != RUNNING or game.state_json is None:
                break
            state = state_of(game)
            if self.pause is not None or self.watching_out(state):
                self.drop_queue()
                enter = self.wait_for_enter if self.pause is not None else self.let_ai_finish
                if not await enter():
                    return self.stop()
                continue
            pending = self.messenger.latest_private()
            if pending is None:  # the AI players move (a resumed game may wait for them)
                await self.service.resume_ai(game.id or 0)
                await self.service.idle()
                await self.service.tick()
                await self.service.idle()
                continue
            if not await self.answer(pending[0], state):
                return self.stop()
        game = self.game()
        if game is not None and game.winner:
            self.say(self.tr.gettext("The game is over."))
        return 0

    def watching_out(self, state: TableState) -> bool:
        """Returns True when the person is out of the game and was not yet asked how to watch its end."""
        return self.seat is not None and not self.released and not alive(state)[self.seat]

    def drop_queue(self) -> None:
        """Forgets the rest of several numbers typed at once, and says so."""
        if self.queued:
            self.queued = []
            self.say(self.tr.gettext("The question changed, so the rest of the numbers you typed were not used."))

    async def answer(self, ref: MessageRef, state: TableState) -> bool:
        """Shows the person's question and presses what they choose; False at the end of the input."""
        prompt = self.messenger.prompt(ref, partial(self.picked, state), state.turn_number)
        if not prompt.known or (self.queued and self.queued[0] not in prompt.keys):
            self.drop_queue()
        if self.queued:
            choice = self.queued.pop(0)
        else:
            self.print_frame(ref.chat_id, prompt.lines)
            self.choices = dict(prompt.keys)
            read = await self.read_choice(prompt.keys, several=True)
            self.choices = {}
            if read is None:
                return False
            if read == AGAIN:
                return True
            choice, *self.queued = read.split()
        button = prompt.keys[choice]
        if state.turn == self.seat:
            self.own_turn = state.turn_number
            if button.fixed == END:
                self.ended_turn = state.turn_number
        await self.service.on_press(Press(press_id(), self.user, USER_ID, ref.message_id, button.data, True))
        await self.service.idle()
        await self.follow_language()
        return True

    def picked(self, state: TableState, button: Button) -> tuple[str, tuple[Step, ...]] | None:
        """Returns what a button of the person's menu picks (a card, seat, target, answer, a ❓ or a confirmation),
        the same while the game moves on (choice_steps), in one group: no two of the turn's choices share a number;
        None for a button of another kind."""
        if self.seat is None:
            return None
        try:
            data = decode(button.data)
        except BadButton:
            return None
        path = choice_steps(state, self.seat, data.choice) if data.scope == "g" else None
        return (GAME_CHOICE, path) if path else None

    async def let_ai_finish(self) -> bool:
        """Asks the person, out of the game, whether to watch the AI players finish it; False at the end of input."""
        tr = self.tr
        game = self.game()
        assert game is not None
        question = tr.gettext("You are out of the game. The AI players will play it to its end.")
        options = [tr.gettext("Show their turns, one at a time"), tr.gettext("Show only the result")]
        self.print_frame(USER_ID, [question, "", *(f"{i}) {o}" for i, o in enumerate(options, start=1))])
        choice = await self.read_choice({str(i) for i in range(1, len(options) + 1)})
        if choice is None:
            return False
        if choice != AGAIN and self.game_id is not None:
            self.quiet, self.released, self.watched_turn = choice == "2", True, state_of(game).turn_number
            await self.service.resume_ai(self.game_id)
            await self.service.idle()
        return True

    async def wait_for_enter(self) -> bool:
        """Waits for a line (Enter), then lets the AI players go on; "2" while watching them shows only the result;
        a command runs and the question is asked again. False at the end of the input."""
        assert self.pause is not None and self.game_id is not None
        while True:
            self.keyboard_check()
            self.out.write(self.tr.gettext(self.pause))
            self.out.flush()
            line = self.keyboard.read_line()
            if line is None:
                return False
            if not await self.typed_command(line):
                break
        self.quiet = self.pause == NEXT_TURN and line == "2"
        game = self.game()
        if game is not None and game.state_json is not None:
            self.watched_turn = state_of(game).turn_number
        self.pause = None
        await self.service.resume_ai(self.game_id)
        await self.service.idle()
        return True

    def keyboard_check(self) -> None:
        """Drops what was typed before the question now shown, and says so."""
        if self.keyboard.drop_typed_ahead():
            self.say(self.tr.gettext("What you typed before this question appeared was not used."))

    async def read_choice(self, keys: Collection[str], several: bool = False) -> str | None:
        """Reads one of keys (several, space-separated, when allowed), or a command (run, then AGAIN); None at the
        end of input."""
        while True:
            self.keyboard_check()
            game_tr = themed(self.tr, self.options.game)
            self.out.write(game_tr.gettext("Your choice (a number above, or a command like /rules Barrel): "))
            self.out.flush()
            line = self.keyboard.read_line()
            if line is None:
                return None
            line = plain_digits(line)
            if await self.typed_command(line):
                return AGAIN
            numbers = line.split()
            if numbers and all(n in keys for n in numbers) and (several or len(numbers) == 1):
                return " ".join(numbers)
            self.say(self.tr.gettext("Type one of the numbers above."))

    async def typed_command(self, line: str) -> bool:
        """Runs a line that starts with "/" as a command, or "?3" as "/rules 3"; returns whether it was one."""
        line = plain_digits(line).strip()
        if line.startswith("?"):
            line = "/rules " + line[1:]
        if not line.startswith("/"):
            return False
        name, _, args = line[1:].partition(" ")
        if name.lower() == "rules" and args.strip().isdigit():
            self.explain_choice(args.strip())
        else:
            await self.command(name.lower(), args)
        return True

    def explain_choice(self, key: str) -> None:
        """Prints the card behind a numbered choice of the question asked, by the table's rules; or why not."""
        game = self.game()
        button = self.choices.get(key)
        if button is None:
            self.say(self.tr.gettext("Type one of the numbers above."))
            return
        text = ""
        if game is not None and game.state_json and self.seat is not None:
            state = state_of(game)
            with suppress(BadButton):
                topic = choice_topic(state, self.seat, decode(button.data).choice)
                text = topic_text(self.tr, state.config, topic) if topic is not None else ""
        if not text:
            self.say(
                self.tr.gettext(
                    "Choice {n} plays no card I can explain; /rules <name> explains a card by its name.", n=key
                )
            )
            return
        self.print_frame(USER_ID, text.splitlines())

    async def command(self, name: str, args: str) -> None:
        """Runs a command that works in the terminal, or says which ones do."""
        if name == "help":
            fixed = self.tr.gettext(
                "“End the turn” (or taking the hit) and “« Back” are always the last button; "
                "in the terminal game they are always 0 and 9."
            )
            note = table_note(self.tr, self.options.game)
            about = [note, ""] if note is not None else []
            several = self.tr.gettext(
                "Several numbers typed at once (“1 2 5”) are chosen one after another while the same choices are "
                "offered: a choice keeps its number from one question to the next."
            )
            self.print_frame(USER_ID, [*self.tr.gettext(TERMINAL_HELP).splitlines(), "", *about, fixed, several])
        elif name == "status":
            await self.status(table=True)
        elif name in PRIVATE_COMMANDS:
            await self.service.on_command(Command(self.user, USER_ID, True, name, args))
            await self.service.idle()
            await self.follow_language()
        else:
            self.say(self.tr.gettext("That command does not work in the terminal: /help lists those that do."))
        self.flush()

    async def status(self, table: bool) -> None:
        """Shows the table again and the person's message in full, as /status does; the table is printed even when
        the group message last shown holds it only when table is True."""
        self.show_table = table
        self.messenger.show_whole()
        await self.service.on_command(Command(self.user, GROUP_ID, False, "status"))
        await self.service.idle()

    def stop(self) -> int:
        """Says the game stops at the end of the input, and whether it is kept; returns the exit status."""
        self.out.write("\n" + stopped_line(self.tr, self.options.database is not None) + "\n")
        return 0


TURN_OVER = N_("The turn ended by itself. Press Enter to let the AI players go on: ")
NEXT_TURN = N_("Press Enter for the next turn, or type 2 for only the result: ")

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
    state: TableState = registered(game.ruleset).ruleset.from_json(json.loads(game.state_json))
    return state


def closes(game: Game | None, piece: Piece) -> bool:
    """Returns whether a group piece came after a finished game's last log: its summary per player or its record."""
    if game is None or not game.winner or piece.ref is None:
        return False
    return piece.ref.message_id > (game.log_message_id or 0)


def press_id() -> str:
    """Returns an id no press of any game kept in the database had (answers of applied presses are remembered)."""
    return uuid.uuid4().hex


def run(options: TerminalOptions) -> int:
    """Plays the terminal game on standard input and output; Ctrl-C stops it at once with INTERRUPTED."""
    voice = Voice(translator(options.language or SOURCE_LANGUAGE))
    heap.settle()
    loop = asyncio.new_event_loop()
    task = loop.create_task(play(options, sys.stdin, sys.stdout, voice))
    try:
        return loop.run_until_complete(task)
    except UnusableDatabase as error:
        sys.stderr.write(f"bangbot: {database_problem(voice.tr, options.database or '', error.malformed)}\n")
        return 2
    except KeyboardInterrupt:
        if task.done():  # interrupted inside the game: mark its KeyboardInterrupt as seen
            task.exception()
        else:  # interrupted in the event loop itself: let the game unwind
            task.cancel()
            with suppress(BaseException):
                loop.run_until_complete(task)
        sys.stdout.write("\n" + stopped_line(voice.tr, options.database is not None) + "\n")
        sys.stdout.flush()
        return INTERRUPTED
    finally:
        loop.close()
