"""The owner's desk: /admin for the owner only, cancel with a confirmation, a maintenance notice, bans, heartbeats."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path

from bangbot.bench.messenger import Sent
from bangbot.messaging.press.button_data import lobby_button
from bangbot.storage.desk import beat
from bangbot.storage.models import CANCELLED, GATHERING, RUNNING
from bangbot.telegram.heartbeat import BEAT_SECONDS, Heartbeat
from tests.service_harness import GROUP, Table, make_users

OWNER = 5
UNKNOWN = "I don't know that command"
DESK = "The owner's desk"
BANNED = "closed this chat to the bot"


def owned_table(tmp_path: Path) -> Table:
    """Returns a table of six people whose last is the bot's owner, with a running game of four."""
    table = Table(f"sqlite:///{tmp_path / 'desk.sqlite3'}", make_users(6))
    table.svc.ctx.owner_id = table.users[OWNER].id
    asyncio.run(table.gather(4))
    return table


def newest(table: Table, user: int, mark: str = "") -> Sent:
    """Returns a person's newest private message holding mark."""
    return next(m for m in reversed(table.messenger.in_chat(table.users[user].id)) if mark in m.text)


def button(message: Sent, label: str) -> str:
    """Returns the data of a message's button whose text starts with label."""
    return next(b.data for row in message.buttons for b in row if b.text.startswith(label))


def test_only_the_owner_in_private_sees_the_desk_and_others_are_answered_as_for_an_unknown_command(
    tmp_path: Path,
) -> None:
    table = owned_table(tmp_path)
    asyncio.run(table.command(1, "admin", private=True))
    asyncio.run(table.command(OWNER, "admin"))  # in the group
    assert UNKNOWN in table.messenger.last(table.users[1].id).text
    assert UNKNOWN in table.messenger.last(GROUP).text
    beat(table.repo.engine, "host:42", datetime.now(UTC), datetime.now(UTC), 3)
    asyncio.run(table.command(OWNER, "admin", private=True))
    shown = newest(table, OWNER, DESK).text
    for line in ("Workers: 1", "host:42", "Running games: 1", "Outbox backlog: 0", "429s in the last hour: 3"):
        assert line in shown, shown


def test_the_owner_cancels_a_game_after_a_confirmation_that_nobody_else_can_press(tmp_path: Path) -> None:
    table = owned_table(tmp_path)
    game = table.game()
    assert game is not None and game.id is not None
    asyncio.run(table.command(OWNER, "admin", private=True))
    desk = newest(table, OWNER, DESK)
    asyncio.run(table.press(OWNER, desk, data=button(desk, f"Cancel #{game.id}")))
    question = newest(table, OWNER, f"Cancel game #{game.id}")
    refused = asyncio.run(table.press(1, question, data=button(question, "Yes")))
    assert refused.alert and (table.repo.game(game.id) or game).status == RUNNING
    done = asyncio.run(table.press(OWNER, question, data=button(question, "Yes")))
    assert not done.alert and f"#{game.id}" in done.text
    assert (table.repo.game(game.id) or game).status == CANCELLED
    assert "cancelled the game" in " ".join(table.group_texts())


def test_the_maintenance_notice_reaches_the_running_games_group_through_the_outbox(tmp_path: Path) -> None:
    table = owned_table(tmp_path)
    asyncio.run(table.command(OWNER, "admin", private=True))
    desk = newest(table, OWNER, DESK)
    asyncio.run(table.press(OWNER, desk, data=button(desk, "Maintenance")))
    question = newest(table, OWNER, "maintenance notice")
    answer = asyncio.run(table.press(OWNER, question, data=button(question, "Yes")))
    assert "1 group" in answer.text
    assert any("Maintenance is coming" in text for text in table.group_texts())


def test_a_banned_chat_is_refused_once_gets_no_game_and_may_play_again_once_unbanned(tmp_path: Path) -> None:
    table = owned_table(tmp_path)
    game = table.game()
    assert game is not None and game.id is not None
    asyncio.run(table.command(OWNER, "admin", private=True))
    desk = newest(table, OWNER, DESK)
    asyncio.run(table.press(OWNER, desk, data=button(desk, f"Ban the chat of #{game.id}")))
    assert (table.repo.game(game.id) or game).status == CANCELLED  # its game is cancelled
    before = len(table.group_texts())
    asyncio.run(table.command(1, "newgame"))
    asyncio.run(table.command(2, "newgame"))
    assert table.game() is None
    refusals = table.group_texts()[before:]
    assert len(refusals) == 1 and BANNED in refusals[0]
    final = table.messenger.last(GROUP)
    press = asyncio.run(table.press(1, final, data=lobby_button(game.id, 0, "join")))  # any press in the chat
    assert press.alert and BANNED in press.text
    assert table.group_texts()[before:] == refusals
    asyncio.run(table.command(OWNER, "admin", "unban " + str(GROUP), private=True))
    asyncio.run(table.command(1, "newgame"))
    lobby = table.game()
    assert lobby is not None and lobby.status == GATHERING


def test_a_workers_heartbeat_stores_its_429s_once_and_a_beat_at_most_every_few_seconds() -> None:
    stored: list[int] = []

    class Repo:
        engine = None

        async def run(self, work: object, *args: object) -> None:
            stored.append(int(str(args[-1])))

    now = [100.0]
    heart = Heartbeat(worker="w", clock=lambda: now[0])
    heart.count_limited()
    heart.count_limited()
    for seconds in (0.0, 1.0, 1.0):  # ticks a second apart: the first stores, the next wait their turn
        now[0] += seconds
        asyncio.run(heart.beat(Repo()))  # type: ignore[arg-type]
    assert stored == [2]
    heart.count_limited()  # a 429 does not wait
    asyncio.run(heart.beat(Repo()))  # type: ignore[arg-type]
    now[0] += BEAT_SECONDS
    asyncio.run(heart.beat(Repo()))  # type: ignore[arg-type]
    assert stored == [2, 1, 0]
