"""An awaited player always holds the live buttons of their prompt, whatever the order in which a new message's
send, the storing of its id and a press on it arrive."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from tests.awaited_buttons import ORDERS, RELEASES, Presser, bare_awaited
from tests.service_harness import Table, make_users


@pytest.mark.parametrize("release", RELEASES)
@pytest.mark.parametrize("order", ORDERS)
def test_a_press_on_a_new_message_at_any_moment_of_its_delivery_leaves_live_buttons(
    tmp_path: Path, order: str, release: str
) -> None:
    async def scenario() -> int:
        table = Table(f"sqlite:///{tmp_path / 'bot.sqlite3'}", make_users(4), seed=31)
        await table.gather(4)
        presser = Presser(table, order, release, random.Random(3), budget=12)
        presser.arm()
        rng = random.Random(9)
        for _ in range(40):
            options = [o for o in table.choices() if o[2].startswith("a")]
            if not options or presser.made >= presser.budget:
                break
            await table.press(*rng.choice(options))
            await presser.settle()
            assert bare_awaited(table) == [], (order, release)
        return presser.made

    assert asyncio.run(scenario()) >= 5
