"""A press the bot was handling when its process was killed is answered after the restart, and the game goes on."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.telegram.test_telegram_e2e import join_payload, settled_buttons, started_bot
from tools.telegram import BotApiEmulator

RESTART_ANSWER_SECONDS = 120.0  # only a ceiling against a hang: the wait ends with the answer


@pytest.fixture
def emulator() -> Iterator[BotApiEmulator]:
    """Yields a running Bot API emulator."""
    with BotApiEmulator() as running:
        yield running
        assert running.internal_errors == []


def test_a_press_cut_off_by_a_kill_is_answered_after_the_restart(emulator: BotApiEmulator, tmp_path: Path) -> None:
    users = [emulator.add_user(name, language_code="en") for name in ("Anna", "Boris", "Chie", "Dana")]
    group = emulator.add_group("Saloon", members=users, admins=[users[0]])
    _, bot, repo = started_bot(emulator, tmp_path)
    try:
        for user in users:
            emulator.user_starts_bot(user)
        emulator.user_sends(users[0], group, "/newgame")
        lobby = emulator.wait_for_message(group, "gathering")
        for user in users[1:]:
            emulator.user_starts_bot(user, join_payload(repo))
        emulator.wait_until(lambda: "4 players" in emulator.message(group, lobby.message_id).text, what="4 players")
        start = emulator.user_presses(
            users[0], group, lobby.message_id, emulator.message(group, lobby.message_id).button("Start")
        )
        assert not emulator.wait_for_answer(start).show_alert
        [options] = emulator.wait_until(lambda: settled_buttons(emulator, repo, 1), what="the game to settle")
        moves = [o for o in options if o[2].split(":")[-1].startswith("a")]
        bot.stop()
        bot.start(fault="saved:1")  # this process kills itself once it saved its first change, before showing it
        version = repo.game(1).version  # type: ignore[union-attr]
        user, message_id, data = random.Random(2).choice(moves)
        query = emulator.user_presses(user, user, message_id, data)
        emulator.wait_until(lambda: not bot.alive(), what="the planned kill")
        assert bot.killed() and emulator.answered(query) is None, "the kill came before the answer"
        bot.start()
        answer = emulator.wait_for_answer(query, RESTART_ANSWER_SECONDS)
        assert not answer.show_alert, answer.text  # the move saved before the kill counts, once
        assert repo.game(1).version == version + 1  # type: ignore[union-attr]
        emulator.wait_until(lambda: settled_buttons(emulator, repo, 1), what="the game to settle after the restart")
        assert emulator.unanswered() == []
    finally:
        if bot.process is not None and bot.process.poll() is None:
            bot.stop()
