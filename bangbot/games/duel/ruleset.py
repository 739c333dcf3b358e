"""BANG! The Duel and Renegades as a ruleset: its own state and engine (core/duel) behind the contract."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bangbot.core.events import Event
from bangbot.games.contract import (
    NO_CHOICES,
    STEP_ANSWER,
    STEP_CARD,
    STEP_TARGET,
    STEP_TARGET_CARD,
    Choices,
    GameConfig,
    Step,
)
from bangbot.games.duel.rules import engine, legal, notation, risks, serialize
from bangbot.games.duel.rules.actions import (
    Answer,
    Choose,
    Discard,
    DuelAction,
    EndTurn,
    Pass,
    Pick,
    Play,
    Reload,
    Swap,
    Use,
)
from bangbot.games.duel.rules.data import type_id
from bangbot.games.duel.rules.invariants import check_invariants
from bangbot.games.duel.rules.modes import MODE_IDS, MODES
from bangbot.games.duel.rules.state import DuelState
from bangbot.games.duel.rules.views import DuelView, view

DUEL = "duel"

# What a seat does at a missed deadline, in order of preference.
_SAFE_ACTIONS: tuple[DuelAction, ...] = (Pass(), EndTurn())
_ANSWER_STEPS: dict[type, str] = {Swap: "swap", Pass: "pass", EndTurn: "end"}
# Cards whose first part may be skipped: played without a target, their menu says so with its own button.
_OPTIONAL_TARGET = frozenset({"ambush", "blow"})


class DuelBang:
    """BANG! The Duel and its Renegades expansion (2 seats; 3 in the Mexican standoff). The preset is the mode."""

    id = DUEL
    seats = range(2, 4)
    presets: Sequence[str] = MODE_IDS
    modes: Sequence[str] = MODE_IDS

    def config(self, players: int, preset: str, choices: Choices = NO_CHOICES) -> GameConfig:
        """Returns the config of a Duel table in a mode; raises ValueError for another mode or table size."""
        if preset not in MODES:
            raise ValueError(f"the Duel has no mode {preset!r}; modes: {', '.join(MODE_IDS)}")
        if players != MODES[preset].players:
            raise ValueError(f"the Duel's mode {preset!r} needs {MODES[preset].players} players, not {players}")
        return GameConfig(players, preset, DUEL)

    def seats_for(self, preset: str) -> int:
        """Returns the number of seats of a mode."""
        return MODES[preset].players

    def new_game(self, config: GameConfig, seed: int) -> tuple[DuelState, list[Event]]:
        """Deals a game from seed and plays up to the first decision (the attackers' choice)."""
        return engine.new_game(config, seed)

    def awaiting(self, state: DuelState) -> tuple[int, ...]:
        """Returns the seat that must decide now."""
        return legal.awaiting(state)

    def legal_actions(self, state: DuelState, seat: int) -> list[DuelAction]:
        """Returns exactly what seat may do now."""
        return legal.legal_actions(state, seat)

    def apply(self, state: DuelState, seat: int, action: DuelAction) -> tuple[DuelState, list[Event]]:
        """Returns the state after a legal action and what happened."""
        return engine.apply(state, seat, action)

    def winner(self, state: DuelState) -> str | None:
        """Returns the winning side, or None while the game goes on."""
        return state.winner

    def view(self, state: DuelState, seat: int | None) -> DuelView:
        """Returns what seat may see and do."""
        return view(state, seat)

    def in_game(self, state: DuelState, seat: int) -> bool:
        """Returns whether the seat's squad still has a character in play or in reserve (at the deal: all of them)."""
        return state.squads[seat].characters_left() > 0

    def safe_action(self, state: DuelState, seat: int) -> DuelAction | None:
        """Returns taking the hit or ending the turn, else None (the AI chooses)."""
        actions = legal.legal_actions(state, seat)
        return next((a for a in _SAFE_ACTIONS if a in actions), None)

    def invariants(self, state: DuelState, events: Sequence[Event]) -> list[str]:
        """Returns every Duel invariant the state or its events break."""
        return check_invariants(state, events)

    def to_json(self, state: DuelState) -> dict[str, Any]:
        """Returns the state as a JSON-ready dict."""
        return serialize.to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> DuelState:
        """Returns a state read back from to_json's output."""
        return serialize.from_json(dict(data))

    def notation(self, action: DuelAction) -> str:
        """Returns the action's text, e.g. 'play 12 @3'."""
        return notation.to_text(action)

    def parse(self, text: str) -> DuelAction:
        """Returns the action a notation text names."""
        return notation.parse(text)

    def steps(self, action: DuelAction) -> tuple[Step, ...]:
        """Returns the buttons that lead to the action: (as BANG!,) card, target, target's card; or the choice."""
        if isinstance(action, Play | Use):
            # A card played as another (any card as a Colt) is its own top button, then the card, then the target.
            out = [Step(STEP_ANSWER, f"as_{action.how}")] if action.how else []
            out.append(Step(STEP_CARD, action.card))
            if action.target is not None:
                out.append(Step(STEP_TARGET, action.target))
            if isinstance(action, Play) and action.target_card is not None:
                out.append(Step(STEP_TARGET_CARD, action.target_card))
            # Pearl Hart's reuse names the card she discards, not the card she uses: its target may be optional.
            if (
                isinstance(action, Play)
                and action.target is None
                and (type_id(action.card) in _OPTIONAL_TARGET or action.how == "reuse")
            ):
                out.append(Step(STEP_ANSWER, "no_target"))
            return tuple(out)
        if isinstance(action, Answer | Discard | Pick):
            return (Step(STEP_CARD, action.card),)
        if isinstance(action, Reload):
            return (Step(STEP_ANSWER, "reload"), Step(STEP_CARD, action.card))
        if isinstance(action, Choose):
            return (Step(STEP_ANSWER, action.option),)
        return (Step(STEP_ANSWER, _ANSWER_STEPS[type(action)]),)

    def risk(self, view: DuelView, action: DuelAction) -> str | None:
        """Returns RISK_CHARACTER_OUT for a give-up that costs a character its last life while it had another answer."""
        return risks.risk(view, action)
