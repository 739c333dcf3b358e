"""Tests that offer other games than the registry's: each game offered (in order) and found by its id."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from bangbot import games
from bangbot.games.contract import Game


def offer(monkeypatch: pytest.MonkeyPatch, *offered: Game) -> None:
    """Makes the registry offer exactly these games, in this order, for one test (every registered one still found)."""
    assert games.GAMES  # loaded, so that what is patched here is what lookups read
    for declared in offered:
        monkeypatch.setitem(games._loaded, declared.id, declared)
    monkeypatch.setitem(games._attributes, "GAMES", tuple(offered))


def with_hooks(monkeypatch: pytest.MonkeyPatch, game_id: str, **hooks: Any) -> None:
    """Makes a registered game play with these ruleset hooks in place of its own (apply=…, new_game=…), for one test."""
    declared = games.game(game_id)
    patched = replace(declared, ruleset=replace(declared.ruleset, **hooks))
    offer(monkeypatch, *(patched if g.id == game_id else g for g in games.GAMES))
