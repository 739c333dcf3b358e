"""Times as storage hands them back: SQLite drops the time zone of a stored UTC time, PostgreSQL keeps it."""

from __future__ import annotations

from datetime import UTC, datetime


def aware(moment: datetime) -> datetime:
    """Returns a stored time as UTC-aware (SQLite hands back naive times, which are UTC)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
