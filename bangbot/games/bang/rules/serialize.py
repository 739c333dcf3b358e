"""State to JSON and back, with a schema version."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, cast

from bangbot.core.errors import RulesError
from bangbot.games.bang.rules.options import RuleOptions
from bangbot.games.bang.rules.plugins import load_declarations
from bangbot.games.bang.rules.requests import REQUEST_TYPES, Request
from bangbot.games.bang.rules.state import SCHEMA_VERSION, GameConfig, GameState, Player
from bangbot.games.contract import config_from_json as read_config
from bangbot.games.contract import config_to_json


def config_from_json(data: dict[str, Any]) -> GameConfig:
    """Returns a config read back from config_to_json's output."""
    common = read_config(data)
    options = RuleOptions.from_json(data["options"])
    return GameConfig(common.players, common.preset, common.ruleset, options, bool(data.get("simplified", False)))


# Each decision class's fields in order, by its type tag (a variant's worked out when first written).
REQUEST_FIELDS: dict[str, tuple[str, ...]] = {}


def request_fields(name: str) -> tuple[str, ...]:
    """Returns the fields of the decision class tagged name, in order."""
    found = REQUEST_FIELDS.get(name)
    if found is None:
        found = REQUEST_FIELDS[name] = tuple(f.name for f in dataclasses.fields(cast(Any, REQUEST_TYPES[name])))
    return found


def request_to_json(r: Request) -> dict[str, Any]:
    """Returns a pending decision as a JSON-ready dict tagged with its type (its fields are numbers, text, tuples)."""
    out: dict[str, Any] = {"type": type(r).__name__}
    for name in request_fields(type(r).__name__):
        v = getattr(r, name)
        out[name] = list(v) if isinstance(v, tuple) else v
    return out


def request_from_json(data: dict[str, Any]) -> Request:
    """Returns a pending decision read back from request_to_json's output (a variant's: its package loaded first)."""
    fields: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items() if k != "type"}
    if data["type"] not in REQUEST_TYPES:
        load_declarations()
    return cast(Any, REQUEST_TYPES[data["type"]])(**fields)  # type: ignore[no-any-return]


def to_json(state: GameState) -> dict[str, Any]:
    """Returns the whole state as a JSON-ready dict."""
    return {
        "schema": SCHEMA_VERSION,
        "config": config_to_json(state.config, simplified=state.config.simplified),
        "seed": state.seed,
        "rng": state.rng,
        "players": [[p.character, p.role, p.life, p.max_life, p.hand, p.in_play, p.alive] for p in state.players],
        "deck": state.deck,
        "discard": state.discard,
        "turn": state.turn,
        "phase": state.phase,
        "bangs_played": state.bangs_played,
        "requests": [request_to_json(r) for r in state.requests],
        "winner": state.winner,
        "turn_number": state.turn_number,
        "version": state.version,
        "used": state.used,
    }


def from_json(data: Mapping[str, Any]) -> GameState:
    """Returns the state read back from to_json's output; raises RulesError for another schema."""
    if data.get("schema") != SCHEMA_VERSION:
        raise RulesError(f"state schema {data.get('schema')!r} is not {SCHEMA_VERSION}")
    players = [
        Player(seat, ch, role, life, max_life, list(hand), list(in_play), bool(alive))
        for seat, (ch, role, life, max_life, hand, in_play, alive) in enumerate(data["players"])
    ]
    return GameState(
        config_from_json(data["config"]),
        int(data["seed"]),
        int(data["rng"]),
        players,
        list(data["deck"]),
        list(data["discard"]),
        int(data["turn"]),
        str(data["phase"]),
        int(data["bangs_played"]),
        [request_from_json(r) for r in data["requests"]],
        data["winner"],
        int(data["turn_number"]),
        int(data["version"]),
        [str(u) for u in data.get("used", [])],
    )
