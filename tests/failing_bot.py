"""The bot process with two commands that fail unhandled, for the error report tests (`python -m tests.failing_bot`).

`/boom <text>` raises an error whose message names its sender and repeats the text typed; `/bust` raises another
kind of error. Everything else is the real bot.
"""

from __future__ import annotations

from bangbot.cli import main
from bangbot.messaging.adapter import Command
from bangbot.messaging.service import GameService

_handled = GameService.on_command


async def failing_on_command(self: GameService, cmd: Command) -> None:
    """Fails on /boom and /bust, handles every other command as the bot does."""
    if cmd.name == "boom":
        raise RuntimeError(f"boom for {cmd.user.name}: {cmd.args}")
    if cmd.name == "bust":
        raise LookupError("bust")
    await _handled(self, cmd)


GameService.on_command = failing_on_command  # type: ignore[method-assign]
main()
