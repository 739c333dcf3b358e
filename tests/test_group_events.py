"""A group's life events over the fake messenger: a running game cancelled, a group that moved to a new id."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from bangbot.i18n import translator
from bangbot.i18n.glossary import role_name
from bangbot.rulesets import ruleset
from bangbot.storage.models import CANCELLED
from tests.service_harness import GROUP, Table, make_users


def run(coro: object) -> None:
    """Runs a test coroutine."""
    asyncio.run(coro)  # type: ignore[arg-type]


def test_cancelling_a_running_game_shows_every_role_tells_each_player_and_takes_the_buttons(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'c.sqlite3'}", make_users(4))
        await table.gather(4)
        game = table.game()
        assert game is not None and game.id is not None
        roles = [p.role for p in ruleset(game.ruleset).from_json(json.loads(game.state_json or "{}")).players]
        pressable = [(i, m, b.data) for i, u in enumerate(table.users) for m, b in table.messenger.pressable(u.id)]
        assert pressable, "the players had buttons before"
        before = {u.id: len(table.messenger.in_chat(u.id)) for u in table.users}

        await table.command(0, "cancel")

        stored = table.repo.game(game.id)
        assert stored is not None and stored.status == CANCELLED and stored.deadline_at is None
        assert table.repo.outbox(game.id) == []  # saved is shown: the row was delivered and deleted
        final = table.messenger.last(GROUP)
        tr = translator("en")
        assert "Player0 cancelled the game: nobody wins." in final.text
        assert all(role_name(tr, role) in final.text for role in roles)
        assert "Waiting for" not in final.text
        assert all("Your move" not in m.text for m in table.messenger.in_chat(GROUP))
        assert stored.table_message_id == final.ref.message_id
        for user in table.users:
            assert table.messenger.pressable(user.id) == [], "no player keeps a live button"
            mine = table.messenger.in_chat(user.id)
            assert len(mine) == before[user.id] + 1
            assert mine[-1].text.startswith("The game in Dodge City was cancelled by Player0")
        # An old button is refused and changes nothing.
        user, message, data = pressable[0]
        answer = await table.press(user, message, data=data)
        assert answer.alert and answer.text == "This game is over."
        assert table.repo.game(game.id).version == stored.version  # type: ignore[union-attr]
        # The chat is free for a new game.
        await table.command(0, "newgame")
        assert table.game() is not None and table.game().id != game.id  # type: ignore[union-attr]

    run(scenario())
