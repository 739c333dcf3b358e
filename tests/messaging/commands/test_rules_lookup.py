"""/rules without a name lists what it explains; names typed in katakana and full-width digits are found."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bangbot.games.bang.texts.glossary import CARD_NAMES, CHARACTER_NAMES
from bangbot.games.bang.texts.readings import CARD_READINGS, CHARACTER_READINGS
from bangbot.i18n import translator
from bangbot.i18n.glossary import CARD, CHARACTER, lookup
from tests.service_harness import GROUP, Table, make_users


def test_katakana_readings_find_base_cards_and_characters_in_every_language() -> None:
    for language in ("en", "ja", "ru"):
        tr = translator(language)
        assert lookup(tr, "バレル") == (CARD, "barrel")
        assert lookup(tr, "ラッキー・デューク") == (CHARACTER, "lucky_duke")
        assert lookup(tr, "ラッキーデューク") == (CHARACTER, "lucky_duke")
        assert lookup(tr, "コルト４５") == (CARD, "colt45")


def test_every_reading_names_a_known_topic_and_finds_it() -> None:
    tr = translator("ja")
    for what, readings, names in ((CARD, CARD_READINGS, CARD_NAMES), (CHARACTER, CHARACTER_READINGS, CHARACTER_NAMES)):
        assert set(readings) == set(names)
        for ident, forms in readings.items():
            for form in forms:
                assert lookup(tr, form) == (what, ident), form


def test_rules_without_a_name_lists_the_cards_and_characters(tmp_path: Path) -> None:
    async def scenario_() -> None:
        table = Table(f"sqlite:///{tmp_path / 'en.sqlite3'}", make_users(2))
        await table.command(0, "rules")
        lines = table.messenger.last(GROUP).text.splitlines()
        assert lines[0] == "/rules explains any of these by name:"
        assert "Barrel" in lines[1] and "Colt .45" in lines[1]
        assert "Lucky Duke" in lines[2] and "Willy the Kid" in lines[2]
        assert lines[-1] == "Name a card or a character, for example: /rules Barrel"
        await table.command(1, "rules", "バレル")
        assert table.messenger.last(GROUP).text.startswith("Barrel: ")

    asyncio.run(scenario_())


def test_rules_without_a_name_in_russian_and_japanese(tmp_path: Path) -> None:
    async def scenario_() -> None:
        table = Table(f"sqlite:///{tmp_path / 'ru.sqlite3'}", make_users(1, "ru-RU"))
        await table.command(0, "rules")
        text = table.messenger.last(GROUP).text
        assert text.startswith("/rules объясняет всё это по названию:\n")
        assert "«Бочка»" in text and "Везучий Люк" in text
        await table.command(0, "rules", "ラッキー・デューク")
        assert table.messenger.last(GROUP).text.startswith("Везучий Люк: ")
        ja = Table(f"sqlite:///{tmp_path / 'ja.sqlite3'}", make_users(1, "ja"))
        await ja.command(0, "rules")
        assert ja.messenger.last(GROUP).text.startswith("/rules で名前から調べられるもの：\n")

    asyncio.run(scenario_())
