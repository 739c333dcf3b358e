"""Named points in the bot's work where a test harness may act (tools/faults.py crashes there); by default none does.

The points sit where a crash hurts most: `saved` (a change is committed, nothing of it shown yet), `sent` (a delivery
has sent a new message and not the rest), `tick` (the deadline timer is running). Without a hook a checkpoint costs
one test of an empty list.
"""

from __future__ import annotations

from collections.abc import Callable

POINTS = ("saved", "sent", "tick")
HOOKS: list[Callable[[str], None]] = []  # filled only by a harness's own entry module, never by the bot


def checkpoint(point: str) -> None:
    """Runs the installed hooks (none in production) at a named point of the bot's work."""
    for hook in HOOKS:
        hook(point)
