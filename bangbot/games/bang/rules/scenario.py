"""Scenarios: a table set up card by card, a script of actions in notation, and the result as JSON.

A script step is "seat: action" (or {"seat": 1, "action": "...", "awaiting": [1, 2]}, the last key optional: the
seats the engine must be asking just before that step). In strict mode (`bangbot scenario FILE` unless --loose) the
script must answer every decision the engine asks, and the scenario says where it stops:

- "awaiting": [seats] at the top level is required: exactly the seats the engine asks once the script is done
  ([] when the game is over; the turn's player when it is free to play on);
- a seat that is asked and stops being asked while another seat's step is applied (its decision resolved or
  dropped without a step of its own) fails the scenario, unless it is asked again later in the script (it was
  only set aside while another seat decided first, as a fate effect's order);
- a step's "awaiting" that differs from the seats the engine asks then fails it.

A strict failure is a ScenarioError naming the step and the seats asked with their legal actions.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from bangbot.core import rng
from bangbot.core.errors import BadNotation, ScenarioError
from bangbot.core.events import Event
from bangbot.games.bang.rules.actions import HAND
from bangbot.games.bang.rules.cards import CARDS, deck_indices, parse_suit_rank
from bangbot.games.bang.rules.engine import apply, max_life
from bangbot.games.bang.rules.flow import settle
from bangbot.games.bang.rules.legal import awaiting, legal_actions
from bangbot.games.bang.rules.notation import card_ref, match, to_text
from bangbot.games.bang.rules.roles import ROLES
from bangbot.games.bang.rules.state import DISCARD_PHASE, DYNAMITE_PHASE, PLAY_PHASE, GameConfig, GameState, Player
from bangbot.games.bang.rules.variants import BASE, VARIANTS, known_variant

PHASES = {"start": DYNAMITE_PHASE, "play": PLAY_PHASE, "discard": DISCARD_PHASE}
CARD_FIELDS = ("card", "cards", "chosen", "kept", "target_card")


@dataclass
class _Allocator:
    """Hands out physical cards for card specs like 'bang' or 'bang:QH', each card once."""

    free: list[int]

    def take(self, spec: str) -> int:
        """Returns an unused card matching spec; raises ScenarioError if none is left."""
        kind, _, code = spec.partition(":")
        wanted = parse_suit_rank(code) if code else None
        for c in self.free:
            card = CARDS[c]
            if card.kind == kind and (wanted is None or (card.suit, card.rank) == wanted):
                self.free.remove(c)
                return c
        raise ScenarioError(f"no unused card left for {spec!r}")


def _allocate(alloc: _Allocator, specs: list[str], exact_first: bool) -> list[int]:
    """Returns cards for specs in order, placing the ones with suit and rank before kind-only ones."""
    out: list[int | None] = [None] * len(specs)
    order = sorted(range(len(specs)), key=lambda i: ":" not in specs[i]) if exact_first else range(len(specs))
    for i in order:
        out[i] = alloc.take(specs[i])
    return [c for c in out if c is not None]


def build_state(data: dict[str, Any]) -> GameState:
    """Returns the state a scenario describes; cards not named are shuffled below the deck top."""
    seats = data["players"]
    ruleset = data.get("ruleset", BASE)
    variant = known_variant(ruleset)
    if variant is None:
        raise ScenarioError(f"unknown ruleset {ruleset!r}; known: {', '.join(VARIANTS)}")
    config = replace(
        GameConfig.with_preset(len(seats), data.get("preset", "standard"), data.get("simplified", False)),
        ruleset=ruleset,
    )
    if variant.options is not None:
        config = replace(config, options=variant.options)
    alloc = _Allocator(deck_indices(config.simplified, variant.deck))
    # Cards with a suit and rank are reserved first so that kind-only specs never take them.
    all_specs: list[tuple[str, int, str]] = []
    for i, s in enumerate(seats):
        all_specs += [("hand", i, c) for c in s.get("hand", [])]
        all_specs += [("in_play", i, c) for c in s.get("in_play", [])]
    all_specs += [("deck", -1, c) for c in data.get("deck_top", [])]
    all_specs += [("discard", -1, c) for c in data.get("discard", [])]
    taken = _allocate(alloc, [spec for _, _, spec in all_specs], exact_first=True)
    players: list[Player] = []
    for i, s in enumerate(seats):
        character, role = s["character"], s["role"]
        if character not in variant.characters or role not in ROLES:
            raise ScenarioError(f"seat {i}: unknown character {character!r} or role {role!r}")
        top = int(s.get("max_life", max_life(config, character, role)))
        players.append(Player(i, character, role, int(s.get("life", top)), top, [], [], bool(s.get("alive", True))))
    deck_top: list[int] = []
    discard: list[int] = []
    for (place, seat, _), c in zip(all_specs, taken, strict=True):
        if place == "deck":
            deck_top.append(c)
        elif place == "discard":
            discard.append(c)
        elif place == "hand":
            players[seat].hand.append(c)
        else:
            players[seat].in_play.append(c)
    seed = int(data.get("seed", 0))
    state_rng, rest = rng.shuffled(rng.seed_state(seed), alloc.free)
    deck = rest + list(reversed(deck_top))
    phase = PHASES[data.get("phase", "play")]
    state = GameState(config, seed, state_rng, players, deck, discard, int(data.get("turn", 0)), phase)
    state.bangs_played = int(data.get("bangs_played", 0))
    return state


def _readable(value: Any, key: str) -> Any:
    """Returns an event field with card indices turned into card references."""
    if key in CARD_FIELDS:
        if isinstance(value, list):
            return [card_ref(c) for c in value]
        if isinstance(value, int) and value != HAND:
            return card_ref(value)
    return value


def event_json(event: Event) -> dict[str, Any]:
    """Returns an event with every field, cards written as references."""
    return {k: _readable(v, k) for k, v in event.full().items()}


def summary(state: GameState, events: list[Event]) -> dict[str, Any]:
    """Returns the scenario result: players, piles, winner, who is asked what, and the events."""
    return {
        "players": [
            {
                "seat": p.seat,
                "character": p.character,
                "role": p.role,
                "life": p.life,
                "max_life": p.max_life,
                "hand": [card_ref(c) for c in p.hand],
                "in_play": [card_ref(c) for c in p.in_play],
                "alive": p.alive,
            }
            for p in state.players
        ],
        "eliminated": [p.seat for p in state.players if not p.alive],
        "winner": state.winner,
        "turn": state.turn,
        "phase": state.phase,
        "discard_top": card_ref(state.discard[-1]) if state.discard else None,
        "discard_size": len(state.discard),
        "deck_size": len(state.deck),
        "deck_top": [card_ref(c) for c in reversed(state.deck[-3:])],
        "awaiting": list(awaiting(state)),
        "legal": asked_now(state),
        "events": [event_json(e) for e in events],
    }


def parse_step(step: Any) -> tuple[int, str]:
    """Returns (seat, action text) from {'seat': 1, 'action': '...'} or '1: ...'."""
    if isinstance(step, dict):
        return int(step["seat"]), str(step["action"])
    seat, _, text = str(step).partition(":")
    return int(seat), text.strip()


def asked_now(state: GameState) -> dict[str, list[str]]:
    """Returns each seat asked now with its legal actions in notation."""
    return {str(s): [to_text(a) for a in legal_actions(state, s)] for s in awaiting(state)}


def _strict_error(message: str, state: GameState, step: int | None) -> ScenarioError:
    """Returns a strict-mode failure that names the seats asked now and their legal actions."""
    asked = asked_now(state)
    listed = "; ".join(f"{s}: {', '.join(actions)}" for s, actions in asked.items()) or "nobody"
    return ScenarioError(f"{message} (asked now: {listed})", step, [a for actions in asked.values() for a in actions])


def _check_unanswered(held: dict[int, int], before: tuple[int, ...], state: GameState, seat: int, step: int) -> None:
    """Tracks the seats asked before a step and not after it (held: seat -> step) until they are asked again.

    A seat may be set aside while another seat decides first (a fate effect's order, say) and asked again later:
    that is no skipped decision. One still set aside when the script ends was never asked again (see _check_held).
    """
    now = awaiting(state)
    for s in before:
        if s != seat and s not in now:
            held.setdefault(s, step)
    for s in list(held):
        if s in now or s == seat:
            del held[s]


def _check_held(held: dict[int, int], state: GameState) -> None:
    """Fails when a seat set aside during the script was never asked again: its decision was skipped."""
    if held:
        step = min(held.values())
        dropped = sorted(s for s, at in held.items() if at == step)
        raise _strict_error(f"step {step}: seats {dropped} were asked and the script did not answer them", state, step)


def _expected_awaiting(step: Any) -> list[int] | None:
    """Returns the seats a dict step says the engine asks just before it, or None when it does not say."""
    if isinstance(step, dict) and "awaiting" in step:
        return [int(s) for s in step["awaiting"]]
    return None


def run(data: dict[str, Any], strict: bool = False) -> tuple[GameState, dict[str, Any]]:
    """Sets up a scenario, applies its script and returns the final state and its summary.

    strict: every decision asked is answered by the script and the asked seats match its "awaiting" keys.
    """
    state = build_state(data)
    events: list[Event] = []
    settle(state, events)
    held: dict[int, int] = {}
    for i, step in enumerate(data.get("script", [])):
        seat, text = parse_step(step)
        before = awaiting(state)
        expected = _expected_awaiting(step)
        if strict and expected is not None and list(before) != expected:
            raise _strict_error(f"step {i + 1} ({seat}: {text}) expects seats {expected} asked", state, i + 1)
        legal = legal_actions(state, seat)
        try:
            action = match(text, legal)
        except BadNotation:
            raise ScenarioError(
                f"step {i + 1} ({seat}: {text}) is not legal", i + 1, [to_text(a) for a in legal]
            ) from None
        state, new_events = apply(state, seat, action)
        events += new_events
        if strict:
            _check_unanswered(held, before, state, seat, i + 1)
    if strict:
        _check_held(held, state)
    if strict and "awaiting" not in data:
        now = list(awaiting(state))
        raise _strict_error(
            f'a strict scenario says who is asked once its script is done: "awaiting": {now}', state, None
        )
    if strict and list(awaiting(state)) != [int(s) for s in data["awaiting"]]:
        raise _strict_error(f"the script ends with other seats asked than {data['awaiting']}", state, None)
    return state, summary(state, events)
