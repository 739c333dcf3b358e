"""Recorded playthroughs: a lobby and a game through the real service, people pressing buttons a seeded policy picks."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bangbot.ai.levels import NORMAL
from bangbot.bench.messenger import Sent
from bangbot.messaging.adapter import BACK, Button
from bangbot.messaging.lobby import actions as lobby
from bangbot.messaging.press.button_data import decode
from bangbot.messaging.press.step_menu import ABOUT
from bangbot.storage.models import RUNNING, Game
from bangbot.storage.times import aware
from tests.playthrough_record import Recording
from tests.service_harness import GROUP, Table, make_users

LANGUAGES = ("en", "ru", "ja", "cs")


@dataclass(frozen=True)
class Case:
    """One table to record: the game, its preset or mode, how many people and AI players, and how many presses."""

    name: str
    game: str
    preset: str
    people: int
    ai: int
    presses: int
    waits: int = 40


CASES = (
    Case("base-4", "base", "standard", 3, 1, 20),
    Case("base-7", "base", "standard", 3, 4, 20),
    Case("base-ja", "base", "ja", 3, 2, 20),
    Case("starwars", "starwars", "standard", 3, 2, 20),
    Case("duel-duel", "duel", "duel", 2, 0, 20),
    Case("duel-third_law", "duel", "third_law", 1, 1, 20),
    Case("duel-third_outlaws", "duel", "third_outlaws", 2, 0, 20),
    Case("duel-reinforcements", "duel", "reinforcements", 1, 1, 20),
    Case("duel-standoff", "duel", "standoff", 2, 1, 20),
)


def seed_of(case: Case, language: str) -> int:
    """Returns the deal's seed of a case in a language: each language gets another deal."""
    return 1 + [c.name for c in CASES].index(case.name) * len(LANGUAGES) + LANGUAGES.index(language)


class Playthrough:
    """Drives one table through the service, writing every step into a Recording."""

    def __init__(self, case: Case, language: str, url: str) -> None:
        self.case = case
        self.table = Table(url, make_users(case.people, language), seed=seed_of(case, language), ai=NORMAL)
        names = {GROUP: "group"} | {u.id: f"{u.name} (private)" for u in self.table.users}
        self.recording = Recording(self.table.messenger, names, self.moves)
        self.rng = random.Random(f"{case.name}.{language}")
        self.game_id: int | None = None  # the group's game, once /newgame opened it
        self.moved = 0  # how many moves of the game's log moves() has returned
        self.recording.comment(
            f"{case.name} in {language}: game {case.game}, {case.preset}, {case.people} people and {case.ai} AI",
            f"deal seed {seed_of(case, language)}; at most {case.presses} presses in the game, "
            f"then the clock moves to each reminder and deadline ({case.waits} at most)",
            "after each step: the moves it made ('seat: action' as in scenario scripts, seats from 0; '(ai)' and "
            "'(deadline)' mark moves nobody pressed), every message sent, edited or deleted, "
            "and the answer to a press if it has a text; "
            "an edit writes unchanged runs of lines as '┆ N lines as before'",
        )

    def game(self) -> Game:
        """Returns the group's open game."""
        game = self.table.game()
        assert game is not None, "the group has no open game"
        return game

    def moves(self) -> list[str]:
        """Returns the game's moves since the last call as scenario scripts write them, the AI's marked."""
        if self.game_id is None:
            game = self.table.repo.latest_game(GROUP)
            if game is None or game.id is None:
                return []
            self.game_id = game.id
        log = self.table.repo.actions(self.game_id)
        new, self.moved = log[self.moved :], len(log)
        return [f"{a.seat}: {a.action}" + ("" if a.by == "player" else f" ({a.by})") for a in new]

    def user_name(self, user: int) -> str:
        """Returns a user's display name."""
        return self.table.users[user].name

    async def command(self, user: int, name: str) -> None:
        """Sends /name in the group as one step."""
        await self.recording.step(
            f"{self.user_name(user)} sends /{name} in the group", lambda: self.table.command(user, name)
        )

    async def press(self, user: int, message: Sent, button: Button) -> None:
        """Presses one button of a message as one step."""
        where = self.recording.name_of(message)
        await self.recording.step(
            f"{self.user_name(user)} presses [{button.text}] on {where}",
            lambda: self.table.press(user, message, data=button.data),
        )

    async def press_lobby(self, user: int, choice: str) -> None:
        """Presses the lobby's button that makes choice."""
        message = self.table.lobby()
        button = next(b for row in message.buttons for b in row if b.data and decode(b.data).choice == choice)
        await self.press(user, message, button)

    def lobby_choices(self) -> list[str]:
        """Returns the choices the lobby's buttons offer now."""
        return [decode(b.data).choice for row in self.table.lobby().buttons for b in row if b.data]

    async def gather(self) -> None:
        """Opens the lobby, picks the game and its preset or mode, lets people join, adds AI players, starts."""
        case = self.case
        await self.command(0, "newgame")
        while self.game().ruleset != case.game:
            await self.press_lobby(0, "game")
        while self.game().preset != case.preset:
            modes = [c for c in self.lobby_choices() if c.startswith(lobby.MODE)]
            await self.press_lobby(0, modes[0] if modes else "preset")
        for user in range(1, case.people):
            await self.press_lobby(user, "join")
        for _ in range(case.ai):
            await self.press_lobby(0, "ai+")
        await self.press_lobby(0, "start")

    def options(self) -> list[tuple[int, Sent, Button]]:
        """Returns every button a person could press now in their private chat, « Back left out."""
        return [
            (i, message, button)
            for i, user in enumerate(self.table.users)
            for message, button in self.table.messenger.pressable(user.id)
            if button.fixed != BACK and not decode(button.data).choice.startswith(ABOUT)  # ❓ only answers
        ]

    async def play(self) -> None:
        """Presses buttons the seeded policy picks until nobody has any or the case's number of presses is reached."""
        for _ in range(self.case.presses):
            options = self.options()
            if not options:
                return
            await self.press(*self.rng.choice(options))

    async def wait_out(self) -> None:
        """Moves the clock to each reminder and deadline in turn until the game ends or the case's waits are used."""
        table = self.table
        for _ in range(self.case.waits):
            game = table.game()
            if game is None or game.status != RUNNING or game.deadline_at is None:
                return
            due = [(aware(game.deadline_at), "deadline")]
            if game.reminder_at is not None:
                due.append((aware(game.reminder_at), "reminder"))
            moment, what = min(due)
            table.clock.now = moment
            await self.recording.step(f"the clock reaches the {what} ({moment:%Y-%m-%d %H:%M})", table.svc.tick)

    async def record(self) -> str:
        """Plays the whole playthrough and returns its text."""
        await self.gather()
        await self.play()
        await self.wait_out()
        game = self.table.repo.latest_game(GROUP)
        assert game is not None
        self.recording.comment(f"the end: the game is {game.status}, won by {game.winner or 'nobody yet'}")
        return self.recording.text()
