"""A finished game told: its record document, its summary, the statistics."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bangbot.messaging import exported

if TYPE_CHECKING:
    from bangbot.messaging.records.outcome import course, eliminated_by, replay_game
    from bangbot.messaging.records.sending import final_ending, record_command, requested_game, result_rows
    from bangbot.messaging.records.stats_text import group_stats, personal_stats, records_help, stats_command

__all__ = [
    "course",
    "eliminated_by",
    "final_ending",
    "group_stats",
    "personal_stats",
    "record_command",
    "records_help",
    "replay_game",
    "requested_game",
    "result_rows",
    "stats_command",
]

_HOMES: dict[str, str] = {
    "course": "outcome",
    "eliminated_by": "outcome",
    "final_ending": "sending",
    "group_stats": "stats_text",
    "personal_stats": "stats_text",
    "record_command": "sending",
    "records_help": "stats_text",
    "replay_game": "outcome",
    "requested_game": "sending",
    "result_rows": "sending",
    "stats_command": "stats_text",
}


def __getattr__(name: str) -> object:
    """Returns a public name of the room from its module."""
    return exported(__name__, _HOMES, name)
