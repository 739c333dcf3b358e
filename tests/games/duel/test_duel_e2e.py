"""BANG! The Duel with the real bot process over HTTP against the local Bot API emulator: whole games by presses."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bangbot.core.events import Event
from bangbot.games import game as registered
from bangbot.games.duel.rules.modes import MODES
from bangbot.games.duel.rules.state import DuelState
from bangbot.games.duel.ruleset import DUEL
from bangbot.games.duel.texts.names import duel_card_name, duel_character_name, duel_mode_name
from bangbot.i18n import Translator, translator
from bangbot.i18n.glossary import game_name
from bangbot.messaging.press.button_data import decode
from bangbot.storage.db import open_engine
from bangbot.storage.models import FINISHED
from bangbot.storage.repository import Repository
from tests.duel_harness import face_up, hidden, mentions, named_by, vocabulary
from tests.telegram.test_telegram_e2e import join_payload, press_in_lobby, settled_buttons, settled_lobby
from tools.process import BotProcess
from tools.telegram import BotApiEmulator

RULES = registered(DUEL).ruleset
GAME_ID = 1
MARK = "\x00"  # stands for a placeholder's value, to cut a translated message at it
# The group's budget, the emulator's and the bot's: a larger one than Telegram's, so that a game of a few hundred
# presses is not held up by the group's edits (test_group_flood_limit_is_never_exceeded keeps Telegram's).
GROUP_RATE = (1200, 60.0)
MAX_PRESSES = 3000  # a ceiling against a game that never ends; random games take a few hundred presses


@pytest.fixture
def emulator() -> Iterator[BotApiEmulator]:
    """Yields a running Bot API emulator with the bot's faster group budget; no internal error may happen in it."""
    with BotApiEmulator(flood_model="bucket", group_limit=GROUP_RATE) as running:
        yield running
        assert running.internal_errors == []


@dataclass
class GroupWatch:
    """Replays the stored game beside the bot and asserts that the group never names what was hidden from it."""

    emulator: BotApiEmulator
    repo: Repository
    group: int
    tr: Translator
    state: DuelState | None = None
    replayed: int = 0
    public: set[tuple[str, str]] = field(default_factory=set)
    checked: set[tuple[int, int]] = field(default_factory=set)

    def follow(self, state: DuelState, events: list[Event]) -> None:
        """Takes a state and adds what its events and its face-up cards told the group."""
        self.state = state
        self.public |= face_up(state)
        self.public |= {thing for e in events for thing in named_by(e.for_seat(None))}

    def catch_up(self) -> None:
        """Replays the actions stored since the last call, from the stored deal."""
        game = self.repo.game(GAME_ID)
        assert game is not None and game.state_json is not None
        if self.state is None:
            config = RULES.from_json(json.loads(game.state_json)).config
            self.follow(*RULES.new_game(config, game.seed or 0))
        actions = self.repo.actions(GAME_ID)
        for logged in actions[self.replayed :]:
            assert self.state is not None
            self.follow(*RULES.apply(self.state, logged.seat, RULES.parse(logged.action)))
        self.replayed = len(actions)

    def check(self) -> None:
        """Asserts that no group text shown since the last check names a card or character hidden from the group."""
        self.catch_up()
        assert self.state is not None
        words = vocabulary(self.tr)
        secret = {self.name(thing) for thing in hidden(self.state) - self.public}
        private_heads = (head(self.tr, "Your hand: {cards}", "cards"), head(self.tr, "Your side: {side}.", "side"))
        for message_id, texts in self.emulator.history(self.group).items():
            for index, text in enumerate(texts):
                if (message_id, index) in self.checked:
                    continue
                self.checked.add((message_id, index))
                assert not [h for h in private_heads if h in text], f"the group was shown a private text: {text}"
                leaked = sorted(name for name in secret if mentions(text, name, words))
                assert not leaked, f"the group was shown {leaked}, which it may not know: {text}"

    def name(self, thing: tuple[str, str]) -> str:
        """Returns a card kind's or a character's name in the group's language."""
        kind, ident = thing
        return duel_card_name(self.tr, ident) if kind == "card" else duel_character_name(self.tr, ident)


def awaited_have_buttons(emulator: BotApiEmulator, repo: Repository) -> None:
    """Asserts that every person the game waits for has a current private message with buttons for their seat."""
    game = repo.game(GAME_ID)
    assert game is not None and game.state_json is not None
    asked = RULES.awaiting(RULES.from_json(json.loads(game.state_json))) if game.status != FINISHED else ()
    for seat in repo.seats(GAME_ID):
        if seat.position not in asked or seat.user_id is None:
            continue
        assert seat.private_message_id is not None, f"seat {seat.position} is asked but has no private message"
        shown = emulator.message(seat.user_id, seat.private_message_id)
        data = [decode(d) for row in shown.buttons for _, d in row if not d.startswith("http")]
        assert not shown.deleted and data, f"seat {seat.position} is asked but has no buttons: {shown.text}"
        assert all(d.version == seat.prompt_version and d.seat == seat.position for d in data)


def lobby_shows(emulator: BotApiEmulator, repo: Repository, group: int, text: str) -> bool:
    """Returns whether the settled lobby shows text (waiting for it to settle)."""
    lobby = emulator.wait_until(lambda: settled_lobby(emulator, repo, group), what="the lobby to settle")
    return text in lobby.text


def play_to_the_end(emulator: BotApiEmulator, repo: Repository, watch: GroupWatch, rng: random.Random) -> int:
    """Presses random current buttons until none is left, checking the awaited seats and the group after each."""
    presses = 0
    while presses < MAX_PRESSES:
        [options] = emulator.wait_until(lambda: settled_buttons(emulator, repo, GAME_ID), what="the game to settle")
        awaited_have_buttons(emulator, repo)
        watch.check()
        if not options:
            return presses
        user, message_id, data = rng.choice(options)
        answer = emulator.wait_for_answer(emulator.user_presses(user, user, message_id, data))
        assert not answer.show_alert, answer.text
        presses += 1
    raise AssertionError(f"the game did not end in {MAX_PRESSES} presses")


@pytest.mark.parametrize(
    ("mode", "people", "languages"),
    [("duel", 2, ("ru", "en")), ("standoff", 2, ("cs", "ja"))],
)
def test_a_whole_duel_over_http(
    emulator: BotApiEmulator, tmp_path: Path, mode: str, people: int, languages: tuple[str, ...]
) -> None:
    names = ("Anna", "Boris", "Chie")
    users = [emulator.add_user(names[i], language_code=languages[i]) for i in range(people)]
    group = emulator.add_group("Dusty Creek", members=users, admins=[users[0]])
    tr = translator(languages[0])  # the group speaks its creator's language
    database = f"sqlite:///{tmp_path / 'bot.sqlite3'}"
    bot = BotProcess(emulator, database, tmp_path / "bot.log", group_rate="{}/{}".format(*GROUP_RATE))
    bot.start()
    repo = Repository(open_engine(database))
    try:
        for user in users:
            emulator.user_starts_bot(user)
        emulator.user_sends(users[0], group, "/newgame")
        emulator.wait_for_message(group, tr.gettext("A new game of BANG! is gathering players."))
        for label, wanted in (
            (tr.gettext("Game"), tr.gettext("Game: {game}.", game=game_name(tr, DUEL))),
            (tr.gettext("Mode"), tr.gettext("Mode: {mode}.", mode=duel_mode_name(tr, mode))),
        ):
            while not lobby_shows(emulator, repo, group, wanted):
                press_in_lobby(emulator, repo, group, users[0], label)
        for user in users[1:]:
            emulator.user_starts_bot(user, join_payload(repo, GAME_ID))
        seats = MODES[mode].players
        joined = tr.ngettext("{n} player: {names}", "{n} players: {names}", people, names=MARK).split(MARK)[0]
        emulator.wait_until(lambda: joined in settled_text(emulator, repo, group), what="everyone joined")
        for _ in range(seats - people):
            press_in_lobby(emulator, repo, group, users[0], "🤖 +")
        press_in_lobby(emulator, repo, group, users[0], tr.gettext("Start the game"))
        game = repo.game(GAME_ID)
        assert game is not None and game.ruleset == DUEL and game.preset == mode
        assert [s.user_id is not None for s in repo.seats(GAME_ID)] == [True] * people + [False] * (seats - people)
        watch = GroupWatch(emulator, repo, group, tr)
        assert play_to_the_end(emulator, repo, watch, random.Random(mode)) > 10
        game = repo.game(GAME_ID)
        assert game is not None and game.status == FINISHED
        assert game.winner in {side.side for side in MODES[mode].sides}
        # The group was told who won, in its language; every press was answered.
        told = registered(DUEL).presenter.log_text(tr, [{"kind": "game_over", "winner": game.winner}], [], None)
        assert told
        group_texts = [text for texts in emulator.history(group).values() for text in texts]
        assert any(told in text for text in group_texts), told
        assert emulator.unanswered() == []
        assert not [c for c in emulator.calls if c.error_code == 429]
        # Each player read the game in their own language.
        for user, language in zip(users, languages, strict=True):
            side = head(translator(language), "Your side: {side}.", "side")
            assert any(side in m.text for m in emulator.bot_messages(user)), (language, side)
    finally:
        if bot.process is not None and bot.process.poll() is None:
            bot.stop()


def head(tr: Translator, message: str, placeholder: str) -> str:
    """Returns a message's translation up to its placeholder (the words that mark such a text in any game)."""
    return tr.gettext(message, **{placeholder: MARK}).split(MARK)[0]


def settled_text(emulator: BotApiEmulator, repo: Repository, group: int) -> str:
    """Returns the lobby's text once it is settled, else an empty text."""
    lobby = settled_lobby(emulator, repo, group)
    return lobby.text if lobby is not None else ""
