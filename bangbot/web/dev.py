"""bangbot board --dev: a game served on 127.0.0.1 with a test token, and one link per seat to open it in a browser."""

from __future__ import annotations

import asyncio
import json
import tempfile
import time
from pathlib import Path
from urllib.parse import quote, urlencode

from bangbot.ai.levels import NORMAL, players_at
from bangbot.bench.messenger import CollectingMessenger
from bangbot.messaging.adapter import Command, Press, User
from bangbot.messaging.context import Context
from bangbot.messaging.press.button_data import decode
from bangbot.messaging.service import GameService
from bangbot.storage.db import open_engine
from bangbot.storage.repository import Repository
from bangbot.web.app import BoardSettings
from bangbot.web.auth import sign_init_data
from bangbot.web.serve import serving

DEV_TOKEN = "0:DEVELOPMENT-board"  # no bot has it: initData signed with it is good only on a development board
LOCAL_SDK = Path(".cache/npm/node_modules/@twa-dev/sdk/src/telegram-web-apps.js")
DEV_CHAT = -100


def signed_init_data(user: User, token: str, start: str = "") -> str:
    """Returns initData for a user, signed now with token as Telegram signs it (start: its start_param)."""
    person = {"id": user.id, "first_name": user.name, "language_code": user.language or "en"}
    fields = {"user": json.dumps(person, ensure_ascii=False), "auth_date": str(int(time.time()))}
    if start:
        fields["start_param"] = start
    fields["hash"] = sign_init_data(fields, token)
    return urlencode(fields)


async def open_game(service: GameService, chat: int, users: list[User]) -> int:
    """Opens a lobby in a group of the service's collecting messenger, seats the users and starts; returns the game."""
    messenger = service.ctx.messenger
    assert isinstance(messenger, CollectingMessenger)
    await service.on_command(Command(users[0], chat, False, "newgame", "", f"Board {-chat}"))
    await service.idle()
    lobby = messenger.pressable(chat)[0][0]
    for i, u in [*enumerate(users[1:], 1), (0, users[0])]:
        wanted = "join" if i else "start"
        data = next(b.data for _, b in messenger.pressable(chat) if decode(b.data).choice == wanted)
        await service.on_press(Press(f"{chat}:{i}:{wanted}", u, chat, lobby.ref.message_id, data, False))
        await service.idle()
    game = service.ctx.repo.latest_game(chat)
    assert game is not None and game.id is not None
    return game.id


async def develop(port: int, language: str, players: int) -> None:
    """Serves a new game of people speaking language and prints each seat's link, until interrupted."""
    with tempfile.TemporaryDirectory() as folder:
        repo = Repository(open_engine(f"sqlite:///{Path(folder) / 'board.sqlite3'}"))
        service = GameService(Context(repo, CollectingMessenger(), players_at(NORMAL)))
        users = [User(1000 + i, f"Player {i + 1}", language) for i in range(players)]
        game = await open_game(service, DEV_CHAT, users)
        sdk = LOCAL_SDK if LOCAL_SDK.exists() else None
        async with serving(service.ctx, BoardSettings(DEV_TOKEN, sdk_file=sdk), port) as base:
            for user in users:
                print(f"{user.name}: {base}?game={game}#tgWebAppData={quote(signed_init_data(user, DEV_TOKEN))}")
            print("Ctrl-C stops.", flush=True)
            await asyncio.Event().wait()
        repo.close()
