"""A card step's "❓" button answers with the chosen card's text in an alert and changes nothing."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from bangbot.core.cards import CARDS
from bangbot.core.options import RuleOptions
from bangbot.core.state import GameConfig
from bangbot.i18n import translator
from bangbot.messaging.card_alert import ALERT_LIMIT, card_alert, shortened
from bangbot.messaging.codec import decode
from bangbot.messaging.fake import Sent
from bangbot.messaging.step_menu import ABOUT
from tests.service_harness import Table, make_users


def choice_of(message: Sent, prefix: str) -> str | None:
    """Returns the first choice of a message's buttons that starts with prefix."""
    found = [decode(b.data).choice for row in message.buttons for b in row if decode(b.data).choice.startswith(prefix)]
    return found[0] if found else None


def test_a_long_text_is_cut_at_a_word_with_an_ellipsis() -> None:
    assert shortened("short") == "short"
    cut = shortened("word " * 100)
    assert len(cut) <= ALERT_LIMIT and cut.endswith("word…")


@pytest.mark.parametrize(("language", "letters"), [("en", "[a-z]{4}"), ("ru", "[а-я]{4}")])
def test_the_card_step_offers_its_text_in_an_alert(tmp_path: Path, language: str, letters: str) -> None:
    async def scenario_() -> None:
        table = Table(f"sqlite:///{tmp_path / f'{language}.sqlite3'}", make_users(4, language), seed=5)
        await table.command(0, "newgame")
        for user in (1, 2, 3):
            await table.press(user, table.lobby(), "join")
        assert not (await table.press(0, table.lobby(), "start")).alert
        opened = None
        for user in range(4):
            message = table.private(user)
            if message is not None and (card := choice_of(message, "c")) is not None:
                opened = user, card
                break
        assert opened is not None, "nobody has a card step to open"
        user, card = opened
        message = table.private(user)
        assert message is not None
        await table.press(user, message, card)
        step = table.private(user)
        assert step is not None
        about = choice_of(step, ABOUT)
        assert about == f"{ABOUT}{card[1:]}"
        assert [b.fixed for b in step.buttons[-1]] == ["back"]  # « Back stays alone in the last row
        game = table.game()
        before = (game.state_json, game.version) if game is not None else None
        buttons = step.buttons
        answer = await table.press(user, step, about)
        assert answer.alert and 0 < len(answer.text) <= ALERT_LIMIT
        assert re.search(letters, answer.text)  # in the reader's language
        assert answer.text.split(":")[0] in step.buttons[-2][0].text  # the card's own name
        game = table.game()
        assert game is not None and (game.state_json, game.version) == before  # nothing changed
        assert table.private(user) is not None and table.private(user).buttons == buttons  # type: ignore[union-attr]

    asyncio.run(scenario_())


def test_a_star_wars_card_is_told_as_star_wars() -> None:
    beer = next(c.index for c in CARDS if c.kind == "beer")
    config = GameConfig(players=4, ruleset="starwars", options=RuleOptions())
    assert card_alert(translator("ru"), config, beer).startswith("«Бакта-камера»: ")
    assert card_alert(translator("en"), config, beer).startswith("Bacta Tank: ")
