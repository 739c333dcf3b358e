"""Membership, stale lobby buttons, names and the webhook secret over the Bot API emulator and the bot process."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

from bangbot.i18n import translator
from bangbot.messaging.press.button_data import decode, lobby_button
from bangbot.telegram.adapter import TelegramMessenger
from bangbot.telegram.settings import BotSettings
from tests.telegram.test_bot_startup import start_bot, unused_port
from tests.telegram.test_telegram_e2e import emulator as emulator
from tests.telegram.test_telegram_e2e import join_payload, settled_lobby, started_bot
from tests.tools.test_telegram_emulator import bot_for
from tools.telegram import BotApiEmulator


def test_membership_as_get_chat_member_says_it() -> None:
    with BotApiEmulator() as emu:
        owner, admin, member, kept, muted, gone, stranger = (
            emu.add_user(name) for name in ("Olga", "Adam", "Mia", "Ken", "Ria", "Lev", "Sam")
        )
        group = emu.add_group("Saloon", creator=owner, admins=[admin], members=[member, kept, muted, gone])
        emu.restrict_member(group, kept, is_member=True)
        emu.restrict_member(group, muted, is_member=False)
        emu.remove_member(group, gone)

        async def main() -> list[bool]:
            async with bot_for(emu) as bot:
                messenger = TelegramMessenger(bot)
                return [await messenger.is_member(group, uid) for uid in (owner, admin, member, kept, muted, gone)] + [
                    await messenger.is_member(group, stranger),
                    await messenger.is_member(group, 999_999),  # Telegram knows no such user: 400
                ]

        assert asyncio.run(main()) == [True, True, True, True, False, False, False, False]


def test_a_strangers_join_is_refused_over_http_and_a_members_says_which_group(
    emulator: BotApiEmulator, tmp_path: Path
) -> None:
    olga, ivan, aiko = (
        emulator.add_user(name, language_code=lang) for name, lang in (("Olga", "en"), ("Ivan", "ru"), ("Aiko", "ja"))
    )
    evil = emulator.add_user("\u202eMallory\u200b" + "x" * 40, language_code="en")
    group = emulator.add_group("Friday BANG!", members=[olga, ivan, evil], admins=[olga])
    _, bot, repo = started_bot(emulator, tmp_path)
    try:
        emulator.user_sends(olga, group, "/newgame")
        lobby = emulator.wait_for_message(group, "gathering")
        payload = join_payload(repo)
        assert payload != "join_1" and lobby.button("Join").endswith(f"?start={payload}")
        before = emulator.wait_until(lambda: settled_lobby(emulator, repo, group), what="the lobby").text
        # Aiko is not in the group: refused in Japanese, the lobby as it was.
        emulator.user_starts_bot(aiko, payload)
        refusal = translator("ja").gettext("Only members of the group where this game is gathering can join it.")
        emulator.wait_for_message(aiko, refusal)
        assert [s.user_id for s in repo.seats(1)] == [olga]
        assert emulator.message(group, lobby.message_id).text == before
        # A wrong token finds no lobby, in Russian.
        emulator.user_starts_bot(ivan, "join_1")
        emulator.wait_for_message(ivan, translator("ru").gettext("There is no such lobby."))
        # Ivan is a member: he joins and is told where.
        emulator.user_starts_bot(ivan, payload)
        emulator.wait_for_message(ivan, "Вы в игре в группе «Friday BANG!»!")
        emulator.user_starts_bot(evil, payload)
        emulator.wait_until(lambda: len(repo.seats(1)) == 3, what="three seats")
        assert repo.seats(1)[2].name == "Mallory" + "x" * 25
        shown = emulator.wait_until(lambda: settled_lobby(emulator, repo, group), what="the lobby").text
        assert "Mallory" in shown and "\u202e" not in shown and "\u200b" not in shown
        # A lobby button of an older version is refused with the game's alert and changes nothing.
        game = repo.game(1)
        assert game is not None
        old = lobby_button(1, game.version - 1, "time")
        answer = emulator.wait_for_answer(emulator.user_presses(olga, group, lobby.message_id, old, check=False))
        assert answer.show_alert and answer.text == "This choice is no longer current."
        unchanged = repo.game(1)
        assert unchanged is not None and (unchanged.version, unchanged.deadline_seconds) == (
            game.version,
            game.deadline_seconds,
        )
        current = emulator.message(group, lobby.message_id).button("Time per move")
        assert decode(current).version == game.version
        answer = emulator.wait_for_answer(emulator.user_presses(olga, group, lobby.message_id, current))
        assert not answer.show_alert and repo.game(1).deadline_seconds != game.deadline_seconds  # type: ignore[union-attr]
    finally:
        bot.stop()


def test_a_webhook_registered_elsewhere_without_a_secret_does_not_start(tmp_path: Path) -> None:
    with BotApiEmulator() as emu:
        result = start_bot(
            tmp_path,
            emu.token,
            emu.base_url,
            BANGBOT_WEBHOOK_URL="https://bang.example.org/telegram",
            BANGBOT_SET_WEBHOOK="0",
        )
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        "A webhook registered by another program (BANGBOT_SET_WEBHOOK=0) needs BANGBOT_WEBHOOK_SECRET, "
        "so that forged updates are refused."
    ]


def test_a_webhook_without_a_secret_registers_one_derived_from_the_token(tmp_path: Path) -> None:
    settings = BotSettings(token="1:a", webhook_url="https://x.example/telegram")
    secret = settings.secret()
    assert secret is not None and len(secret) == 64 and secret == BotSettings(token="1:a").secret()
    assert secret != BotSettings(token="1:b").secret()
    assert BotSettings(token="1:a", webhook_secret="mine").secret() == "mine"
    assert BotSettings(token="1:a", set_webhook=False).secret() is None
    with BotApiEmulator() as emu:
        port = unused_port()
        env = {
            **os.environ,
            "BANGBOT_TOKEN": emu.token,
            "BANGBOT_API_URL": emu.base_url,
            "DATABASE_URL": f"sqlite:///{tmp_path / 'hook.sqlite3'}",
            "BANGBOT_WEBHOOK_URL": f"http://127.0.0.1:{port}/telegram",
            "BANGBOT_WEBHOOK_LISTEN": "127.0.0.1",
            "BANGBOT_WEBHOOK_PORT": str(port),
        }
        env.pop("BANGBOT_WEBHOOK_SECRET", None)
        process = subprocess.Popen([sys.executable, "-m", "bangbot"], env=env, stderr=subprocess.DEVNULL)
        try:
            emu.wait_until(lambda: emu.calls_to("setWebhook") or process.poll() is not None, what="setWebhook")
            [call] = emu.calls_to("setWebhook")
            assert call.params["secret_token"] == BotSettings(token=emu.token).secret()
        finally:
            process.terminate()
            process.wait(timeout=60)
