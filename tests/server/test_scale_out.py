"""Two bot workers behind one webhook on PostgreSQL: every press reaches both, each move is applied exactly once."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bangbot.games.bang.rules.engine import apply_in_place, new_game
from bangbot.games.bang.rules.notation import parse
from bangbot.games.bang.rules.serialize import config_from_json, to_json
from bangbot.messaging.press.button_data import decode
from bangbot.storage.db import open_engine
from bangbot.storage.postgres import free_port
from bangbot.storage.repository import Repository
from tests.telegram.test_telegram_e2e import settled_buttons
from tools.front import WebhookFront, wait_port
from tools.telegram import WAIT_CEILING, BotApiEmulator

SECRET = "scale-out-secret"
DEAL_SEED = 5  # a deal in which two people get asked at the same moment (a Gatling or Indians!)


@pytest.fixture
def workers(postgres_url: str, tmp_path: Path) -> Iterator[tuple[BotApiEmulator, str, WebhookFront]]:
    """Starts the emulator, the webhook front (every press to both workers) and two webhook workers sharing one
    PostgreSQL database."""
    ports = [free_port(), free_port()]
    dispatcher = WebhookFront(ports, presses_to_all=True).start()
    processes: list[subprocess.Popen[bytes]] = []
    with BotApiEmulator(flood_model="bucket", group_limit=(300, 60.0)) as emulator:
        try:
            for i, port in enumerate(ports):
                env = {
                    **os.environ,
                    "BANGBOT_TOKEN": emulator.token,
                    "BANGBOT_API_URL": emulator.base_url,
                    "DATABASE_URL": postgres_url,
                    "BANGBOT_WEBHOOK_URL": dispatcher.url,
                    "BANGBOT_WEBHOOK_LISTEN": "127.0.0.1",
                    "BANGBOT_WEBHOOK_PORT": str(port),
                    "BANGBOT_WEBHOOK_PATH": "telegram",
                    "BANGBOT_WEBHOOK_SECRET": SECRET,
                    "BANGBOT_TICK_SECONDS": "1",
                    "BANGBOT_GROUP_RATE": "300/60",
                    "BANGBOT_GROUP_HOLD_SECONDS": "0",  # each press waits for the group's edit: none held
                    "BANGBOT_SEED": str(DEAL_SEED),
                }
                with (tmp_path / f"worker{i}.log").open("ab") as log:
                    processes.append(
                        subprocess.Popen([sys.executable, "-m", "bangbot"], env=env, stdout=log, stderr=log)
                    )
                # Start the workers one after the other: two first migrations racing is not what is tested here.
                assert wait_port(port, WAIT_CEILING), f"nothing listens on {port}"
            emulator.wait_until(lambda: len(emulator.calls_to("setWebhook")) >= 2, what="both workers set the webhook")
            yield emulator, postgres_url, dispatcher
        finally:
            for p in processes:
                p.terminate()
            for p in processes:
                p.wait(timeout=WAIT_CEILING)
            dispatcher.stop()


def test_two_workers_apply_each_move_exactly_once(workers: tuple[BotApiEmulator, str, WebhookFront]) -> None:
    emulator, database, dispatcher = workers
    users = [emulator.add_user(f"P{i}", started=True) for i in range(4)]
    group = emulator.add_group("Scale", members=users, admins=[users[0]])
    emulator.user_sends(users[0], group, "/newgame")
    lobby = emulator.wait_for_message(group, "gathering")
    payload = lobby.button("Join").partition("?start=")[2]
    for user in users[1:]:
        emulator.user_starts_bot(user, payload)
    emulator.wait_until(lambda: "4 players" in emulator.message(group, lobby.message_id).text, what="4 players")
    start = emulator.user_presses(
        users[0], group, lobby.message_id, emulator.message(group, lobby.message_id).button("Start")
    )
    repo = Repository(open_engine(database))
    both_answered(emulator, [start])
    rng = random.Random(9)
    moves = 0
    concurrent_pairs = 0
    for _ in range(600):
        # Both workers are done with the last presses and every player's message shows its current prompt.
        [options] = emulator.wait_until(lambda: settled_buttons(emulator, repo, 1), what="the game to settle")
        if not options:
            break
        before = len(repo.actions(1))
        # Where two people may act at once (a Gatling, Indians!), they press at the same moment.
        people = sorted({u for u, _, _ in options})
        chosen = (
            [rng.choice([o for o in options if o[0] == u]) for u in people[:2]]
            if len(people) > 1
            else [rng.choice(options)]
        )
        concurrent_pairs += len(chosen) > 1
        # They press what they see at one moment: the second press is on its way when the first one's edits land (as
        # in Telegram, where a tap in flight still arrives), so it is not checked again against the message.
        assert all(d in shown_data(emulator, u, m) for u, m, d in chosen)
        queries = [emulator.user_presses(u, u, m, d, check=False) for u, m, d in chosen]
        # Both workers answer each press (the second answer is refused): once both did, neither has more to do.
        both_answered(emulator, queries)
        applied = sum(decode(d).choice.startswith("a") for _, _, d in chosen)
        after = len(repo.actions(1))
        # Each press reached both workers; a move may not be applied twice (nor lost when two people press at once).
        assert after - before <= applied
        moves += after - before
    game = repo.game(1)
    assert game is not None and game.status == "finished", "the game ran to its end"
    assert moves == len(repo.actions(1)) > 20
    # No lost update: the log replays to exactly the stored state.
    stored = json.loads(game.state_json or "{}")
    state, _ = new_game(config_from_json(stored["config"]), game.seed or 0)
    for row in repo.actions(1):
        apply_in_place(state, row.seat, parse(row.action))
    assert to_json(state)["players"] == stored["players"] and state.winner == game.winner
    assert emulator.unanswered() == []
    # Every press went to both workers, and both answered it (the second answer is refused by Telegram).
    presses = [targets for kind, targets in dispatcher.forwarded if kind == "callback_query"]
    assert presses and all(len(t) == 2 for t in presses)
    assert len(emulator.calls_to("answerCallbackQuery")) == 2 * len(presses)
    assert concurrent_pairs > 0, "some presses by two people came at the same moment"


def shown_data(emulator: BotApiEmulator, chat: int, message: int) -> set[str]:
    """Returns the callback data of the buttons a message shows now."""
    return {data for row in emulator.message(chat, message).buttons for _, data in row}


def both_answered(emulator: BotApiEmulator, queries: list[str]) -> None:
    """Waits until both workers answered each press: a worker answers a press last, after it applied and showed it
    or found it applied already, so then neither worker still works on it."""

    def answers() -> bool:
        calls = emulator.calls_to("answerCallbackQuery")
        return all(sum(str(c.params.get("callback_query_id")) == q for c in calls) >= 2 for q in queries)

    emulator.wait_until(answers, what=f"both workers' answers to {queries}")
