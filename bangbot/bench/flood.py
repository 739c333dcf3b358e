"""bangbot bench flood: one member floods a group with /help, then the game's own messages must still show at once.

The real bot process plays against the local Bot API emulator with Telegram's limits on (20 messages and edits a
minute into one group, 30 a second overall). A group starts a game of four; once its start is shown, a member who
does not play sends FLOOD_COMMANDS /help into the group, then a player presses a button of their message and the
game's creator sends /cancel. Prints how long the press's answer and the group's "cancelled" table took, how many
/help answers went into the group and how many came privately. `--bot-checkout DIR` runs the bot from another
checkout (say, main's), the figure before a change.
"""

from __future__ import annotations

import json
import random
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from bangbot.bench.faults import STALL_SECONDS, FaultTable
from bangbot.bench.latency import GROUP_LIMIT, OVERALL_LIMIT, SETUP_SECONDS, limited_bot, setup, stop, table_text
from bangbot.storage.db import open_engine
from bangbot.storage.repository import Repository
from tools.telegram import ApiCall, BotApiEmulator

FLOOD_COMMANDS = 40
SHOWN_SECONDS = 120.0  # how long the cancelled table may take before the run gives up on it
CANCELLED_MARK = "cancelled the game"  # the group's final table after /cancel, in English


def group_sends(calls: list[ApiCall], group: int) -> list[ApiCall]:
    """Returns the messages and edits that reached a group."""
    kinds = ("sendMessage", "editMessageText")
    return [c for c in calls if c.ok and c.method in kinds and str(c.params.get("chat_id")) == str(group)]


def help_answers(calls: list[ApiCall], chat: int) -> int:
    """Returns how many /help answers (they list /newgame) were sent into a chat."""
    return sum(
        1
        for c in calls
        if c.method == "sendMessage"
        and str(c.params.get("chat_id")) == str(chat)
        and "/newgame" in str(c.params.get("text", ""))
    )


def ahead_of(calls: list[ApiCall], final: ApiCall | None) -> list[ApiCall]:
    """Returns the calls answered before the group's cancelled table (all of them when it never came)."""
    return calls if final is None else [c for c in calls if c.time < final.time]


def wait_idle(table: FaultTable, game_id: int) -> None:
    """Waits until what the game's start must show is shown (its outbox empty)."""
    table.emulator.wait_until(lambda: not table.repo.outbox(game_id) or not table.bot.alive(), 120, "the start shown")


def flood_and_cancel(emulator: BotApiEmulator, table: FaultTable, flooder: int) -> dict[str, Any]:
    """Floods the group with /help, presses a game button, cancels; returns the figures."""
    game = table.open_game()
    assert game is not None and game.id is not None
    wait_idle(table, game.id)
    first = len(emulator.calls)
    for _ in range(FLOOD_COMMANDS):
        emulator.user_sends(flooder, table.group, "/help")
    user, message, data = random.Random(1).choice(table.pressable())
    pressed = time.time()
    query = table.press(user, user, message, data)
    assert query is not None
    emulator.user_sends(table.users[0], table.group, "/cancel")
    cancelled = time.time()
    answer = emulator.wait_until(lambda: emulator.answered(query), SHOWN_SECONDS, "the press's answer")

    def shown() -> ApiCall | None:
        calls = group_sends(emulator.calls[first:], table.group)
        return next((c for c in calls if CANCELLED_MARK in str(c.params.get("text", ""))), None)

    try:
        final: ApiCall | None = emulator.wait_until(shown, SHOWN_SECONDS, "the cancelled table")
    except TimeoutError:
        final = None
    calls = emulator.calls[first:]
    return {
        "flood_commands": FLOOD_COMMANDS,
        "press_answer_ms": round((answer.time - pressed) * 1000, 1),
        "cancel_shown_ms": round((final.time - cancelled) * 1000, 1) if final else None,
        "help_answers_in_group": help_answers(calls, table.group),
        "help_answers_in_group_before_cancel": help_answers(ahead_of(calls, final), table.group),
        "help_answers_private": help_answers(calls, flooder),
        "private_lines_to_flooder": sum(
            1 for c in calls if c.method == "sendMessage" and str(c.params.get("chat_id")) == str(flooder)
        ),
        "rate_limited": sum(1 for c in calls if c.error_code == 429),
    }


def run_flood(bot_checkout: Path | None = None, seed: int = 1) -> dict[str, Any]:
    """Runs the flood case once on SQLite; returns the figures."""
    folder = Path(tempfile.mkdtemp(prefix="bangbot-flood-"))
    url = f"sqlite:///{folder / 'bot.sqlite3'}"
    try:
        with BotApiEmulator(group_limit=GROUP_LIMIT, global_limit=OVERALL_LIMIT, flood_counts_edits=True) as emulator:
            bot = limited_bot(emulator, url, folder / "bot.log", seed, bot_checkout)
            try:
                bot.start()  # first: the bot migrates its database as its checkout knows it, then this run reads it
                repo = Repository(open_engine(url))
                table = FaultTable(emulator, bot, repo, random.Random(seed), STALL_SECONDS)
                flooder = emulator.add_user("Flooder", language_code="en")
                emulator.add_member(table.group, flooder)
                emulator.user_starts_bot(flooder)
                if not setup(table, False, time.monotonic() + SETUP_SECONDS):
                    raise RuntimeError(f"the game did not start: see {folder / 'bot.log'}")
                figures = flood_and_cancel(emulator, table, flooder)
            finally:
                stop(bot)
            repo.engine.dispose()
            return {"bot": str(bot_checkout or "this checkout"), **figures}
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main(bot_checkout: str | None, seed: int, as_json: bool) -> None:
    """Prints the figures of one flood run: one JSON object, or a table."""
    figures = run_flood(Path(bot_checkout).resolve() if bot_checkout else None, seed)
    print(json.dumps(figures) if as_json else table_text(figures))
