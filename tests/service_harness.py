"""A group chat of users driving the game service through the collecting fake messenger."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bangbot.ai.levels import EASY, players_at
from bangbot.bench.messenger import CollectingMessenger, Sent
from bangbot.core.events import Event
from bangbot.games import DEFAULT as DEFAULT_RULESET
from bangbot.games import game as registered
from bangbot.games.bang.presenter.labels import card_label
from bangbot.games.bang.rules.cards import BASE_DECK
from bangbot.i18n import translator
from bangbot.messaging.adapter import Command, Press, User
from bangbot.messaging.context import Context
from bangbot.messaging.press.button_data import decode
from bangbot.messaging.press.step_menu import ABOUT
from bangbot.messaging.service import GameService
from bangbot.storage.db import open_engine
from bangbot.storage.models import Game
from bangbot.storage.repository import Repository
from tests.offered import with_hooks

GROUP = -1001234567890


class FakeClock:
    """A clock that only moves when told."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, delta: timedelta) -> None:
        """Moves the time forward."""
        self.now += delta


@dataclass
class Table:
    """Users in one group chat with the bot; restart() builds a new service over the same database."""

    url: str
    users: list[User]
    messenger: CollectingMessenger = field(default_factory=CollectingMessenger)
    clock: FakeClock = field(default_factory=FakeClock)
    seed: int = 7
    title: str = "Dodge City"
    presses: int = 0
    public_events: list[dict[str, Any]] = field(default_factory=list)
    service: GameService | None = None
    ai: str = EASY  # the AI level of the service's own players

    def __post_init__(self) -> None:
        self.restart()

    def restart(self, keep_old: bool = False) -> None:
        """Replaces the service (and its database engine) as a new process would, keeping the chat history.

        The old process's connections close with it, unless keep_old (a second worker that lives on).
        """
        if self.service is not None and not keep_old:
            for task in [*self.service.ctx.lanes.busy(), *self.service.ctx.replies.tasks.values()]:
                task.cancel()  # what the old process was still sending dies with it
            self.service.ctx.repo.close()
            self.service.ctx.repo.engine.dispose()
        repo = Repository(open_engine(self.url))
        ctx = Context(repo, self.messenger, players_at(self.ai), clock=self.clock, seeds=lambda: self.seed)
        self.service = GameService(ctx)

    @property
    def svc(self) -> GameService:
        """Returns the current service."""
        assert self.service is not None
        return self.service

    @property
    def repo(self) -> Repository:
        """Returns the current repository."""
        return self.svc.ctx.repo

    async def command(self, user: int, name: str, args: str = "", private: bool = False) -> None:
        """Sends /name from a user, in the group or in their private chat."""
        u = self.users[user]
        chat = u.id if private else GROUP
        await self.svc.on_command(Command(u, chat, private, name, args, "" if private else self.title))
        await self.svc.idle()

    async def press(self, user: int, message: Sent, choice: str | None = None, data: str | None = None) -> Any:
        """Presses the button of message whose choice is choice (or sends raw data); returns the answer."""
        if data is None:
            data = next(b.data for row in message.buttons for b in row if decode(b.data).choice == choice)
        self.presses += 1
        u = self.users[user]
        press = Press(str(self.presses), u, message.ref.chat_id, message.ref.message_id, data, message.ref.chat_id > 0)
        await self.svc.on_press(press)
        answer = next(a for a in reversed(self.messenger.answers) if a.press.id == press.id)
        await self.svc.idle()
        assert answer.press.id == press.id, "every press is answered"
        return answer

    async def tick(self) -> None:
        """Runs the service's timer once and waits until what it changed is shown."""
        await self.svc.tick()
        await self.svc.idle()

    def game(self) -> Game | None:
        """Returns the group's newest game row."""
        return self.repo.open_game(GROUP)

    def lobby(self) -> Sent:
        """Returns the current lobby message."""
        game = self.game()
        assert game is not None and game.lobby_message_id is not None
        return next(m for m in self.messenger.in_chat(GROUP) if m.ref.message_id == game.lobby_message_id)

    async def gather(self, humans: int, ai_seats: int = 0) -> None:
        """Opens a lobby, lets humans join, adds AI seats and starts the game."""
        await self.command(0, "newgame")
        for user in range(1, humans):
            await self.press(user, self.lobby(), "join")
        for _ in range(ai_seats):
            await self.press(0, self.lobby(), "ai+")
        answer = await self.press(0, self.lobby(), "start")
        assert not answer.alert, answer.text

    def private(self, user: int) -> Sent | None:
        """Returns the user's newest live private message with buttons."""
        mine = [m for m in self.messenger.in_chat(self.users[user].id) if m.buttons]
        return mine[-1] if mine else None

    def choices(self) -> list[tuple[int, Sent, str]]:
        """Returns every (user, message, choice) a user could press now, leaving out 'back' and a card's "❓" (which
        only answers with the card's text: tests/messaging/press/test_card_alert.py presses it)."""
        out = []
        for i, user in enumerate(self.users):
            for message, button in self.messenger.pressable(user.id):
                choice = decode(button.data).choice
                if choice != "x" and not choice.startswith(ABOUT):
                    out.append((i, message, choice))
        return out

    async def play(
        self, rng: random.Random, limit: int = 5000, check: bool = True, after: Callable[[], None] | None = None
    ) -> int:
        """Presses random current buttons until nobody has any; returns how many presses it took.

        check looks for base BANG!'s hidden information in the group after each press; after runs after each press.
        """
        done = 0
        seen = len(self.group_texts())
        while done < limit:
            options = self.choices()
            if not options:
                break
            user, message, choice = rng.choice(options)
            answer = await self.press(user, message, choice)
            assert not answer.alert, answer.text
            done += 1
            if check:
                texts = self.group_texts()
                assert_no_hidden_information(self, texts[seen:])
                seen = len(texts)
            if after is not None:
                after()
        return done

    def group_texts(self) -> list[str]:
        """Returns every text the group ever showed, edits included."""
        return self.messenger.all_texts(GROUP)

    def capture_events(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Records the public side of every event the service produces."""
        rules = registered(DEFAULT_RULESET).ruleset
        real_apply = rules.apply
        real_new_game = rules.new_game

        def record(events: list[Event]) -> None:
            self.public_events.extend(e.for_seat(None) for e in events)

        def apply(*args: Any) -> Any:
            state, events = real_apply(*args)
            record(events)
            return state, events

        def new_game(*args: Any) -> Any:
            state, events = real_new_game(*args)
            record(events)
            return state, events

        with_hooks(monkeypatch, DEFAULT_RULESET, apply=apply, new_game=new_game)


def make_users(n: int, language: str = "en") -> list[User]:
    """Returns n users speaking language."""
    return [User(1000 + i, f"Player{i}", language) for i in range(n)]


def public_cards(table: Table) -> set[int]:
    """Returns every card that public events named, and every card lying face up now."""
    out: set[int] = set()
    for e in table.public_events:
        for key in ("card", "cards", "target_card", "chosen"):
            value = e.get(key)
            if isinstance(value, int) and value >= 0:
                out.add(value)
            elif isinstance(value, list):
                out.update(value)
    game = table.repo.latest_game(GROUP)
    if game is not None and game.state_json:
        data = json.loads(game.state_json)
        out.update(data["discard"])
        for p in data["players"]:
            out.update(p[5])
    return out


def assert_no_hidden_information(table: Table, texts: list[str]) -> None:
    """Checks group texts: no card that is not public, no hidden role, no private message text."""
    if not texts or not table.public_events:
        return
    tr = translator(table.repo.chat_settings(GROUP).language or "en")
    labels: dict[str, set[int]] = {}
    for i in range(len(BASE_DECK)):
        labels.setdefault(card_label(tr, i), set()).add(i)  # the two Stagecoaches share one label
    allowed = public_cards(table)
    your_role = tr.gettext("Your role: {role}. {goal}", role="", goal="").split(":")[0]
    game = table.game()
    hidden: list[str] = []
    if game is not None and game.state_json and game.status == "running":
        data = json.loads(game.state_json)
        seats = table.repo.seats(game.id or 0)
        hidden = [
            f"{seat.position + 1}. {seat.name} —"
            for seat, p in zip(seats, data["players"], strict=True)
            if p[6] and p[1] != "sheriff"
        ]
    for text in texts:
        hidden_named = [label for label, cards in labels.items() if label in text and not cards & allowed]
        assert not hidden_named, f"group text names cards that are not public {hidden_named}: {text}"
        assert your_role not in text
        for line in text.splitlines():
            if any(start in line for start in hidden):
                assert "[" not in line, f"a hidden role shows in the group: {line}"
