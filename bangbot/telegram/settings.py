"""How the Telegram bot runs: the bot's one settings model (bangbot.settings), importable here too."""

from __future__ import annotations

from bangbot.settings import TOKEN_VARIABLES, BoardAddress, BotSettings, group_timing_defaults, parse_rate

__all__ = ["TOKEN_VARIABLES", "BoardAddress", "BotSettings", "group_timing_defaults", "parse_rate"]
