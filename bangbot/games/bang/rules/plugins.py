"""Loads the family's plug-ins on demand: the games' declarations import every variant's package, which registers it."""

from __future__ import annotations

from contextlib import suppress


def load_declarations(ruleset: str = "") -> None:
    """Imports the games' declarations (once), and with them every variant's package, which registers its hooks."""
    from bangbot import games  # the platform's registry, asked at run time only: it imports every declaration

    with suppress(KeyError):  # a ruleset no game declares: nothing more to load
        games.game(ruleset)
