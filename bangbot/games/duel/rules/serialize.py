"""A Duel state to and from JSON-ready dicts."""

from __future__ import annotations

from typing import Any

from bangbot.core.config import config_from_json, config_to_json
from bangbot.games.duel.rules.state import DuelState, Fighter, Squad


def _fighter_to_json(f: Fighter) -> dict[str, Any]:
    """Returns a character in play as a dict."""
    entered = {str(k): v for k, v in f.entered.items()}
    return {
        "character": f.character,
        "life": f.life,
        "max_life": f.max_life,
        "equipment": f.equipment,
        "resources": f.resources,
        "entered": entered,
    }


def _fighter_from_json(d: dict[str, Any]) -> Fighter:
    """Returns a character in play read back."""
    entered = {int(k): int(v) for k, v in d["entered"].items()}
    return Fighter(d["character"], d["life"], d["max_life"], list(d["equipment"]), list(d["resources"]), entered)


def to_json(state: DuelState) -> dict[str, Any]:
    """Returns the state as a JSON-ready dict."""
    return {
        "config": config_to_json(state.config),
        "squads": [
            {
                "seat": q.seat,
                "side": q.side,
                "deck": q.deck,
                "hand": q.hand,
                "fighters": [_fighter_to_json(f) for f in q.fighters],
                "reserve": q.reserve,
                "dead": q.dead,
                "start_hand": q.start_hand,
            }
            for q in state.squads
        ],
        "rng": str(state.rng),
        "common": state.common,
        "discard": state.discard,
        "turn": state.turn,
        "turn_number": state.turn_number,
        "phase": state.phase,
        "bangs_played": state.bangs_played,
        "bang_limit": state.bang_limit,
        "used": state.used,
        "requests": state.requests,
        "winner": state.winner,
        "version": state.version,
    }


def from_json(data: dict[str, Any]) -> DuelState:
    """Returns a state read back from to_json's output."""
    squads = [
        Squad(
            q["seat"],
            q["side"],
            list(q["deck"]),
            list(q["hand"]),
            [_fighter_from_json(f) for f in q["fighters"]],
            list(q["reserve"]),
            list(q["dead"]),
            q["start_hand"],
        )
        for q in data["squads"]
    ]
    return DuelState(
        config_from_json(data["config"]),
        squads,
        int(data["rng"]),
        list(data["common"]),
        list(data["discard"]),
        data["turn"],
        data["turn_number"],
        data["phase"],
        data["bangs_played"],
        data["bang_limit"],
        list(data["used"]),
        [dict(r) for r in data["requests"]],
        data["winner"],
        data["version"],
    )
