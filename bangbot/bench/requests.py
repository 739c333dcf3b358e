"""Requests per turn into the group, into private chats and as press answers, by kind, from the collecting messenger."""

from __future__ import annotations

from collections import Counter

from bangbot.bench.messenger import CollectingMessenger


def requests_per_turn(
    messenger: CollectingMessenger, turns: int, since: Counter[tuple[str, str]] | None = None
) -> dict[str, object]:
    """Returns the requests made (since a copy of messenger.requests, if given) per turn: the total, then per
    destination its total and each kind's share, and the edits that changed nothing shown (counted in edit)."""
    made = messenger.requests - (since or Counter())
    turns = max(turns, 1)
    figures: dict[str, object] = {"total": round(sum(made.values()) / turns, 2)}
    for destination in sorted({d for d, _ in made}):
        kinds = {kind: count for (d, kind), count in sorted(made.items()) if d == destination}
        figures[destination] = {"total": round(sum(kinds.values()) / turns, 2)} | {
            kind: round(count / turns, 2) for kind, count in kinds.items()
        }
    figures["unchanged_edits"] = {d: round(n / turns, 2) for d, n in sorted(messenger.unchanged.items())}
    return figures
