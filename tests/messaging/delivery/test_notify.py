"""Every player the game starts waiting for gets a new private message (a notification), in every game."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass
from pathlib import Path

import pytest

from bangbot import games
from bangbot.bench.messenger import CollectingMessenger
from bangbot.games.duel.rules.modes import MODE_IDS
from bangbot.messaging.adapter import Button, MessageRef
from bangbot.messaging.delivery.sender import has_live_buttons, shown_digest
from bangbot.storage.models import Seat
from tests.duel_harness import gather_duel
from tests.offered import offer
from tests.service_harness import GROUP, Table, make_users
from tools.awaited import NotifyAudit

PRESS_LIMIT = 5000
STARWARS = "starwars"
BASE_GAMES = {"base": 4, STARWARS: 4}
DUEL_PEOPLE = {"duel": 2, "third_law": 1, "third_outlaws": 2, "reinforcements": 1, "standoff": 2}


async def audited_play(table: Table, seed: int) -> NotifyAudit:
    """Plays the group's started game to its end by random presses, auditing notifications after each change."""
    audit = NotifyAudit(table.messenger)
    game = table.game()
    assert game is not None and game.id is not None
    game_id = game.id

    def check() -> None:
        audit.check(table.repo, game_id)

    check()
    await table.play(random.Random(seed), PRESS_LIMIT, check=False, after=check)
    finished = table.repo.latest_game(GROUP)
    assert finished is not None and finished.status == "finished", "the game did not end"
    return audit


def assert_every_transition_notified(audit: NotifyAudit) -> None:
    """Asserts that every seat that became awaited got a new message, and nobody held two with live buttons."""
    assert audit.transitions > 0
    assert not audit.missed, f"{len(audit.missed)} of {audit.transitions} awaited transitions were not notified"
    assert audit.share == 1.0
    assert not audit.many_live, "a player had more than one private message with live buttons"


@pytest.mark.parametrize("game", list(BASE_GAMES))
def test_every_awaited_seat_of_a_bang_game_is_notified(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    async def scenario() -> None:
        offer(monkeypatch, games.game("base"), games.game(STARWARS))
        table = Table(f"sqlite:///{tmp_path / 'notify.sqlite3'}", make_users(BASE_GAMES[game]), seed=5)
        await table.command(0, "newgame")
        for user in range(1, BASE_GAMES[game]):
            await table.press(user, table.lobby(), "join")
        if game == STARWARS:
            await table.press(0, table.lobby(), "game")
        assert not (await table.press(0, table.lobby(), "start")).alert
        stored = table.game()
        assert stored is not None and stored.ruleset == game
        assert_every_transition_notified(await audited_play(table, seed=len(game)))

    asyncio.run(scenario())


@pytest.mark.parametrize("mode", MODE_IDS)
def test_every_awaited_seat_of_a_duel_is_notified(tmp_path: Path, mode: str) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'notify.sqlite3'}", make_users(DUEL_PEOPLE[mode]), seed=9)
        await gather_duel(table, mode, DUEL_PEOPLE[mode])
        assert_every_transition_notified(await audited_play(table, seed=MODE_IDS.index(mode)))

    asyncio.run(scenario())


@dataclass
class DropWatch(CollectingMessenger):
    """Counts the buttons taken away from messages that had some, and the calls on messages that had none."""

    dropped: int = 0
    wasted: int = 0

    async def drop_buttons(self, ref: MessageRef) -> None:
        had = any(m.ref == ref and m.buttons for m in self.messages)
        self.dropped += had
        self.wasted += not had
        await super().drop_buttons(ref)


def test_buttons_are_taken_away_only_from_a_message_that_has_some(tmp_path: Path) -> None:
    async def scenario() -> None:
        messenger = DropWatch()
        table = Table(f"sqlite:///{tmp_path / 'notify.sqlite3'}", make_users(4), messenger=messenger, seed=5)
        await table.gather(4)
        audit = await audited_play(table, seed=3)
        assert_every_transition_notified(audit)
        assert audit.notified > 0
        assert messenger.wasted == 0, f"{messenger.wasted} drop_buttons calls on messages without buttons"

    asyncio.run(scenario())


def test_the_shown_digest_tells_whether_a_message_has_buttons() -> None:
    keyboard = ((Button("End the turn", "g1:2:0:a0"),),)
    for notified in (False, True):
        assert has_live_buttons(Seat(game_id=1, position=0, shown_digest=shown_digest("text", keyboard, notified)))
        assert not has_live_buttons(Seat(game_id=1, position=0, shown_digest=shown_digest("text", (), notified)))
    assert has_live_buttons(Seat(game_id=1, position=0, shown_digest="0123456789abcdef"))  # stored before: unknown
