"""A card step's "❓" button answers with the chosen card's text in an alert and changes nothing."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path

import pytest

from bangbot.bench.messenger import Sent
from bangbot.games import game
from bangbot.games.bang.rules.cards import CARDS
from bangbot.games.bang.rules.options import RuleOptions
from bangbot.games.bang.rules.state import GameConfig
from bangbot.games.duel.rules.data import CARDS as DUEL_CARDS
from bangbot.games.duel.rules.data import type_id
from bangbot.games.duel.ruleset import DUEL
from bangbot.games.duel.texts.names import duel_card_name, duel_mode_name
from bangbot.games.duel.texts.rules import DUEL_CARD
from bangbot.i18n import translator
from bangbot.i18n.glossary import CARD
from bangbot.messaging.press.button_data import decode
from bangbot.messaging.press.card_alert import ALERT_LIMIT, shortened, topic_alert, topic_text
from bangbot.messaging.press.step_menu import ABOUT, PRESS
from tests.duel_harness import gather_duel
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
    topic = ruleset_topic(config, f"{ABOUT}{beer}")
    assert topic == (CARD, "bacta_tank")
    assert topic_alert(translator("ru"), config, topic).startswith("«Бакта-камера»: ")
    assert topic_alert(translator("en"), config, topic).startswith("Bacta Tank: ")


def ruleset_topic(config: GameConfig, choice: str) -> tuple[str, str] | None:
    """Returns the topic its game's card_topic hook gives a choice at a freshly dealt table of config's game."""
    state, _ = game(config.ruleset).ruleset.new_game(config, 1)
    hook = game(config.ruleset).card_topic
    assert hook is not None
    return hook(state, 0, choice)


async def duel_card_step(table: Table, rng: random.Random, limit: int = 400) -> tuple[int, Sent]:
    """Presses random buttons of a Duel (never a ❓) until someone's private message is a card's step with its ❓."""
    for _ in range(limit):
        for user in range(len(table.users)):
            message = table.private(user)
            if message is not None and choice_of(message, ABOUT) is not None:
                return user, message
        user, message, choice = rng.choice(table.choices())
        await table.press(user, message, choice)
    raise AssertionError("no card step with a ❓ came up")


@pytest.mark.parametrize("language", ["en", "cs", "ja"])
def test_a_duel_card_step_offers_its_text_in_an_alert_and_a_stale_one_is_refused(tmp_path: Path, language: str) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / f'{language}.sqlite3'}", make_users(2, language), seed=4)
        await gather_duel(table, "duel", 2)
        user, step = await duel_card_step(table, random.Random(language))
        about = choice_of(step, ABOUT)
        assert about is not None
        card = int(about[len(ABOUT) :])
        assert [b.fixed for b in step.buttons[-1]] == ["back"]  # « Back stays alone in the last row
        assert step.buttons[-2][0].text.startswith(f"❓ {duel_card_name(translator(language), type_id(card))}")
        game = table.game()
        before = (game.state_json, game.version) if game is not None else None
        buttons, data = step.buttons, next(b.data for row in step.buttons for b in row if b.data.endswith(about))
        answer = await table.press(user, step, about)
        assert answer.alert and 0 < len(answer.text) <= ALERT_LIMIT
        name = duel_card_name(translator(language), type_id(card))
        assert answer.text.startswith(name) and answer.text != name  # its name, then its text, in the reader's words
        game = table.game()
        assert game is not None and (game.state_json, game.version) == before  # nothing changed
        assert table.private(user) is not None and table.private(user).buttons == buttons  # type: ignore[union-attr]
        await table.press(user, step, choice_of(step, PRESS))  # the card is played: the step is gone
        stale = await table.press(user, step, data=data)
        assert stale.alert and stale.text == translator(language).gettext("This choice is no longer current.")

    asyncio.run(scenario())


def test_a_duel_card_is_told_by_the_table_s_mode() -> None:
    config = GameConfig(players=3, preset="standoff", ruleset=DUEL)
    colt = next(i for i in range(len(DUEL_CARDS)) if type_id(i) == "colt")
    topic = ruleset_topic(config, f"{ABOUT}{colt}")
    assert topic == (DUEL_CARD, "colt")
    ja = translator("ja")
    text = topic_text(ja, config, topic)
    assert text.startswith(duel_card_name(ja, "colt")) and duel_mode_name(ja, "standoff") in text.splitlines()[-1]
