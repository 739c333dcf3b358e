"""The real bot process on the Bot API emulator with Telegram's limits: a flood of /help delays no game message."""

from __future__ import annotations

from bangbot.bench.flood import FLOOD_COMMANDS, run_flood


def test_forty_help_in_a_group_do_not_go_ahead_of_the_creators_cancel() -> None:
    figures = run_flood()
    assert figures["cancel_shown_ms"] is not None, figures  # the group saw its game cancelled
    assert figures["help_answers_in_group_before_cancel"] <= 1, figures  # behind at most the first /help's answer
    assert figures["help_answers_in_group"] == 1, figures  # every repeat went privately or, past the bucket, nowhere
    assert figures["private_lines_to_flooder"] < FLOOD_COMMANDS // 2, figures
    assert figures["rate_limited"] == 0, figures
