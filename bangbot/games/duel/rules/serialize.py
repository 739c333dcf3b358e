"""A Duel state to and from JSON-ready dicts."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, NamedTuple

from bangbot.games.contract import config_from_json, config_to_json
from bangbot.games.duel.rules.requests import CHOICES, KEY, REQUEST_TYPES, Choice, DuelRequest
from bangbot.games.duel.rules.state import DuelState, Fighter, Squad


class _Saved(NamedTuple):
    """How one field of a pending decision is saved: its key, and when it is left out."""

    name: str
    key: str
    sparse: bool  # left out at its default
    default: object


def _written(cls: type[DuelRequest]) -> tuple[_Saved, ...]:
    """Returns how a type of pending decision is written: its fields in order."""
    return tuple(
        _Saved(f.name, f.metadata.get(KEY, f.name), bool(f.metadata.get("sparse")), f.default)
        for f in dataclasses.fields(cls)
    )


def _read(cls: type[DuelRequest]) -> tuple[tuple[str, str], ...]:
    """Returns the (field, key) pairs read back for a type of pending decision (not the constants of its type)."""
    return tuple((f.name, f.metadata.get(KEY, f.name)) for f in dataclasses.fields(cls) if f.init)


_WRITTEN = {cls: _written(cls) for cls in REQUEST_TYPES}
_READ = {cls: _read(cls) for cls in REQUEST_TYPES}
_KINDS: dict[str, type[DuelRequest]] = {cls.KIND: cls for cls in REQUEST_TYPES if cls.KIND != Choice.KIND}
# The named choices with fields of their own, by their reason; any other reason is a plain Choice.
_CHOICE_REASONS: dict[object, type[DuelRequest]] = {
    f.default: cls for cls in CHOICES for f in dataclasses.fields(cls) if f.name == "reason" and not f.init
}


def request_to_json(r: DuelRequest) -> dict[str, Any]:
    """Returns a pending decision as saved: {"kind": ..., then its fields in order}, sparse ones only when set."""
    out: dict[str, Any] = {"kind": r.KIND}
    for name, key, sparse, default in _WRITTEN[type(r)]:
        value = getattr(r, name)
        if sparse and value == default:
            continue
        out[key] = list(value) if type(value) is tuple else value
    return out


def request_type(data: dict[str, Any]) -> type[DuelRequest]:
    """Returns the type of a saved pending decision: by its kind, a named choice by its reason."""
    if data["kind"] == Choice.KIND:
        return _CHOICE_REASONS.get(data["reason"], Choice)
    return _KINDS[data["kind"]]


def request_from_json(data: dict[str, Any]) -> DuelRequest:
    """Returns a pending decision read back from request_to_json's output (lists become tuples)."""
    cls = request_type(data)
    values: dict[str, Any] = {}
    for name, key in _READ[cls]:
        if key in data:
            value = data[key]
            values[name] = tuple(value) if type(value) is list else value
    return cls(**values)


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
        "config": config_to_json(state.config, simplified=False),  # a key of every saved state before lobby options
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
        "requests": [request_to_json(r) for r in state.requests],
        "winner": state.winner,
        "version": state.version,
    }


def from_json(data: Mapping[str, Any]) -> DuelState:
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
        [request_from_json(r) for r in data["requests"]],
        data["winner"],
        data["version"],
    )
