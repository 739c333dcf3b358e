"""Tests that offer other games than the registry's: each game offered (in order) and found by its id."""

from __future__ import annotations

import pytest

from bangbot import games
from bangbot.games.contract import Game


def offer(monkeypatch: pytest.MonkeyPatch, *offered: Game) -> None:
    """Makes the registry offer exactly these games, in this order, for one test (every registered one still found)."""
    assert games.GAMES  # loaded, so that what is patched here is what lookups read
    for declared in offered:
        monkeypatch.setitem(games._loaded, declared.id, declared)
    monkeypatch.setitem(games._attributes, "GAMES", tuple(offered))
