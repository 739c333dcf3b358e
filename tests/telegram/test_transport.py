"""The bot's aiohttp transport and plain calls against the emulator: what they send, what a failure means."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from telegram import Bot, InputFile, Update
from telegram.error import BadRequest, NetworkError, TimedOut

from bangbot.messaging.adapter import Button
from bangbot.telegram.adapter import TelegramMessenger
from bangbot.telegram.calls import call, keyboard
from bangbot.telegram.held import HeldBot
from bangbot.telegram.lost import reply_lost
from bangbot.telegram.transport import AiohttpRequest
from bangbot.telegram.updates import to_press
from tools.telegram import BotApiEmulator

MENU = (
    (Button("Bang!", "g:1:2:bang"), Button("Beer", "g:1:2:beer")),
    (Button("Help", url="https://example.org/help"),),
)


@asynccontextmanager
async def bot_on(url: str, token: str, read_timeout: float | None = 5.0) -> AsyncIterator[Bot]:
    """A python-telegram-bot Bot whose requests go through the bot's transport."""
    request = AiohttpRequest(4, read_timeout)
    async with Bot(token, base_url=url, request=request, get_updates_request=AiohttpRequest(1)) as bot:
        yield bot


def test_plain_calls_send_json_that_telegram_applies_and_errors_stay_telegrams() -> None:
    with BotApiEmulator() as emu:
        ann = emu.add_user("Ann", started=True)

        async def main() -> tuple[int, str]:
            async with bot_on(emu.base_url, emu.token) as bot:
                messenger = TelegramMessenger(bot)
                ref = await messenger.send(ann, "Your turn", MENU)
                await messenger.edit(ref, "Pick a target", ((Button("Ben", "g:1:2:ben"),),))
                with pytest.raises(BadRequest):  # Telegram's refusal is python-telegram-bot's error, as before
                    await call(bot, "editMessageText", chat_id=ann, message_id=ref.message_id, text="")
                return ref.message_id, (await bot.get_me()).username

        message_id, username = asyncio.run(main())
        [view] = emu.bot_messages(ann)
        assert view.message_id == message_id and view.text == "Pick a target"
        assert [[b["callback_data"] for b in row] for row in view.reply_markup["inline_keyboard"]] == [["g:1:2:ben"]]
        [sent] = emu.calls_to("sendMessage")
        assert sent.params["reply_markup"] == keyboard(MENU), "the keyboard went out whole: presses, a link"
        assert username == emu.bot_username


def test_a_file_goes_out_as_a_form_with_its_name_and_caption() -> None:
    with BotApiEmulator() as emu:
        ann = emu.add_user("Ann", started=True)

        async def main() -> None:
            async with bot_on(emu.base_url, emu.token) as bot:
                await bot.send_document(ann, InputFile(b"turn 1: Ann draws", filename="game-7.txt"), caption="Game 7")

        asyncio.run(main())
        [sent] = emu.calls_to("sendDocument")
        assert sent.ok and sent.params["document"] == f"<file game-7.txt: {len(b'turn 1: Ann draws')} bytes>"
        assert sent.params["caption"] == "Game 7" and sent.params["chat_id"] == ann
        assert len(emu.bot_messages(ann)) == 1


def test_a_reply_lost_after_telegram_applied_the_call_counts_as_lost() -> None:
    with BotApiEmulator() as emu:
        ann = emu.add_user("Ann", started=True)
        emu.lose_replies(["sendMessage"], count=1)

        async def main() -> NetworkError:
            async with bot_on(emu.base_url, emu.token) as bot:
                with pytest.raises(NetworkError) as failed:
                    await call(bot, "sendMessage", chat_id=ann, text="Your turn")
                await call(bot, "sendMessage", chat_id=ann, text="still here")  # the next call finds a new connection
                return failed.value

        error = asyncio.run(main())
        assert reply_lost(error), "the call went out and was applied: it may show twice if sent again"
        assert [v.text for v in emu.bot_messages(ann)] == ["Your turn", "still here"]


def test_no_one_listening_is_a_network_error_that_was_never_sent() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # closed again before the call: nothing listens there

    error = asyncio.run(failed_post(port, 5.0))
    assert not isinstance(error, TimedOut) and not reply_lost(error), "refused: nothing can have been shown"


def test_a_bot_api_that_never_answers_times_out_and_the_call_counts_as_lost() -> None:
    async def main() -> NetworkError:
        async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            await reader.read(65536)  # takes the request, never answers
            await asyncio.sleep(30)

        server = await asyncio.start_server(silent, "127.0.0.1", 0)
        try:
            return await failed_post(server.sockets[0].getsockname()[1], 0.3)
        finally:
            server.close()

    error = asyncio.run(main())
    assert isinstance(error, TimedOut) and reply_lost(error), "the request went out: Telegram may have applied it"


async def failed_post(port: int, read_timeout: float) -> NetworkError:
    """Makes one request with the transport alone to a local port, which must fail; returns its error."""
    request = AiohttpRequest(1, read_timeout)
    await request.initialize()
    try:
        with pytest.raises(NetworkError) as failed:
            await request.post(f"http://127.0.0.1:{port}/bot1:x/sendMessage")
        return failed.value
    finally:
        await request.shutdown()


def test_a_polled_press_loses_its_messages_buttons_before_parsing_and_still_reads_as_the_press() -> None:
    with BotApiEmulator() as emu:
        ann = emu.add_user("Ann", started=True)

        async def main() -> tuple[Update, ...]:
            request = AiohttpRequest(4)
            async with HeldBot(emu.token, base_url=emu.base_url, request=request) as bot:
                sent = await call(bot, "sendMessage", chat_id=ann, text="Your turn", reply_markup=keyboard(MENU))
                emu.user_presses(ann, ann, sent["message_id"], "g:1:2:beer")
                return await bot.get_updates(timeout=1)

        [update] = asyncio.run(main())
        assert update.callback_query is not None and update.callback_query.message is not None
        assert update.callback_query.message.reply_markup is None, "the pressed message's buttons were not parsed"
        press = to_press(update)
        assert press is not None and (press.chat_id, press.data, press.private) == (ann, "g:1:2:beer", True)
        assert press.message_id == emu.bot_messages(ann)[0].message_id


def test_a_proxy_the_environment_names_carries_the_calls_unless_no_proxy_names_the_host(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def main() -> tuple[list[bytes], NetworkError]:
        lines: list[bytes] = []

        async def proxy(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            lines.append(await reader.readline())
            body = b'{"ok": true, "result": true}'
            writer.write(
                b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body)
            )
            await writer.drain()
            writer.close()

        server = await asyncio.start_server(proxy, "127.0.0.1", 0)
        monkeypatch.setenv("HTTP_PROXY", f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}")
        monkeypatch.delenv("NO_PROXY", raising=False)
        monkeypatch.delenv("no_proxy", raising=False)
        proxied, straight = AiohttpRequest(1), AiohttpRequest(1)
        try:
            await proxied.initialize()
            assert await proxied.post("http://api.example.invalid/bot1:x/getMe") is True
            monkeypatch.setenv("NO_PROXY", "api.example.invalid")
            await straight.initialize()
            with pytest.raises(NetworkError) as failed:  # no proxy: the name does not resolve
                await straight.post("http://api.example.invalid/bot1:x/getMe")
            return lines, failed.value
        finally:
            await proxied.shutdown()
            await straight.shutdown()
            server.close()

    lines, error = asyncio.run(main())
    assert lines == [b"POST http://api.example.invalid/bot1:x/getMe HTTP/1.1\r\n"], "the call went through the proxy"
    assert not reply_lost(error)
