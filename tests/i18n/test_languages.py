"""Languages chosen sensibly: messenger codes mapped, a group reads its first lobby's opener, the terminal switches."""

from __future__ import annotations

import asyncio
import getpass
from pathlib import Path

import pytest

from bangbot import games
from bangbot.console.game import default_name, stopped_line
from bangbot.i18n import normalize_language, translator
from bangbot.i18n.explain import preset_name
from bangbot.messaging.adapter import User
from tests.console.test_terminal import bangbot
from tests.service_harness import GROUP, Table, make_users


@pytest.mark.parametrize(
    ("code", "language"),
    [
        ("ru", "ru"),
        ("ru-RU", "ru"),
        ("RU_ru", "ru"),
        ("ja-JP", "ja"),
        ("cs_CZ.UTF-8", "cs"),
        ("sk", "cs"),
        ("sk-SK", "cs"),
        ("pt-br", "en"),
        ("en-GB", "en"),
        ("C.UTF-8", "en"),
        ("", "en"),
        (None, "en"),
    ],
)
def test_messenger_codes_map_to_our_languages(code: str | None, language: str) -> None:
    assert normalize_language(code) == language


def buttons(table: Table) -> list[str]:
    """Returns the texts of the lobby's buttons."""
    return [b.text for row in table.lobby().buttons for b in row]


def test_a_group_reads_the_language_of_whoever_opens_its_first_lobby(tmp_path: Path) -> None:
    async def scenario() -> None:
        users = [User(2001, "Jana", "sk"), User(2002, "Ivan", "ru-RU"), User(2003, "Ann", "en")]
        table = Table(f"sqlite:///{tmp_path / 'l.sqlite3'}", users)
        await table.command(1, "help", private=True)
        await table.command(1, "help")  # before any lobby the group is answered in the writer's language
        russian = table.messenger.last(users[1].id).text
        assert table.messenger.last(GROUP).text == russian and "шериф" in russian
        assert table.repo.chat_settings(GROUP).language is None
        await table.command(0, "newgame")  # a Slovak user opens the first lobby: the group reads Czech
        assert table.repo.chat_settings(GROUP).language == "cs"
        assert translator("cs").gettext("Join") in buttons(table)
        await table.press(1, table.lobby(), "join")
        assert "Ivan" in table.lobby().text and translator("cs").gettext("Join") in buttons(table)
        assert table.repo.chat_settings(GROUP).language == "cs"
        table.messenger.admins[GROUP] = {users[0].id}
        await table.command(0, "cancel")
        await table.command(1, "newgame")  # a later lobby by someone else keeps the stored language
        assert table.repo.chat_settings(GROUP).language == "cs"
        assert translator("cs").gettext("Join") in buttons(table)
        await table.command(0, "language")  # an admin changes it
        await table.press(0, table.messenger.last(GROUP), "lang.en")
        assert table.repo.chat_settings(GROUP).language == "en"
        await table.press(1, table.lobby(), "preset")
        assert "Join" in buttons(table)
        # Privately each reads their own: the Slovak user reads Czech.
        await table.command(0, "help", private=True)
        await table.command(2, "help", private=True)
        czech = table.messenger.last(users[0].id).text
        assert czech != table.messenger.last(users[2].id).text and czech != russian
        assert "Šerif" in czech

    asyncio.run(scenario())


def test_a_language_chosen_before_the_first_lobby_is_kept(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'k.sqlite3'}", make_users(2, "ja"))
        table.messenger.admins[GROUP] = {table.users[0].id}
        await table.command(0, "language")
        await table.press(0, table.messenger.last(GROUP), "lang.ru")
        await table.command(1, "newgame")
        assert table.repo.chat_settings(GROUP).language == "ru"
        assert translator("ru").gettext("Join") in buttons(table)

    asyncio.run(scenario())


def test_the_terminal_language_menu_switches_every_frame_and_prompt() -> None:
    result = bangbot("/language\n3\n/rules Jail\n1\n", "--players", "4", "--seed", "3", "--name", "Ann")
    assert result.returncode == 0, result.stderr
    switched = translator("ja").gettext("Your language is now English.")
    before, _, after = result.stdout.partition(switched)
    assert after, "the language menu was answered"
    asked = "Your choice (a number above, or a command like /rules Barrel): "
    assert "┌─ group chat" in before and asked in before
    assert "1) English" in before and "4) Čeština" in before  # the menu is shown and answered, not a game choice
    assert "┌─ 個人チャット" in after and "┌─ グループチャット" in after
    ja = translator("ja")
    assert ja.gettext(asked) in after and ja.gettext(asked) != asked
    standard = preset_name(ja, games.DEFAULT, "standard")
    assert ja.gettext("This is how the table's rules play it: {preset}.", preset=standard) in after
    assert "group chat" not in after and "private chat" not in after and "Your choice" not in after
    assert after.rstrip().endswith(stopped_line(ja, kept=False))  # the end of input, said in the new language


def test_the_terminal_player_is_named_after_the_system_user(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LOGNAME", "Jarmila")
    result = bangbot("", "--players", "4", "--seed", "3", "--lang", "cs")
    assert result.returncode == 0, result.stderr
    assert "1. Jarmila" in result.stdout


def test_without_a_system_user_the_default_name_is_localized(monkeypatch: pytest.MonkeyPatch) -> None:
    def nobody() -> str:
        raise OSError("no user")

    monkeypatch.setattr(getpass, "getuser", nobody)
    assert default_name(translator("ru")) == "Игрок"
    assert default_name(translator("ja")) == "プレイヤー"
    assert default_name(translator("en")) == "Player"
