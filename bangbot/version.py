"""The installed bangbot's version."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version


def bangbot_version() -> str:
    """Returns the installed bangbot's version (the rules' version a record was written with), or "unknown"."""
    try:
        return version("bangbot")
    except PackageNotFoundError:
        return "unknown"
