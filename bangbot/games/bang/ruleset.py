"""Base BANG! as a ruleset: the rules core's engine, views, JSON and notation behind the Ruleset contract."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bangbot.core.events import Event
from bangbot.games.bang.rules import engine, legal, notation, risks, serialize
from bangbot.games.bang.rules.actions import (
    Action,
    Answer,
    Discard,
    DrawDeck,
    DrawDiscard,
    DrawHand,
    EndTurn,
    Heal,
    Pass,
    Pick,
    Play,
    PutBack,
    VariantAction,
)
from bangbot.games.bang.rules.invariants import check_invariants
from bangbot.games.bang.rules.options import PRESETS
from bangbot.games.bang.rules.requests import Dying
from bangbot.games.bang.rules.roles import MAX_PLAYERS, MIN_PLAYERS
from bangbot.games.bang.rules.state import SIMPLIFIED, GameConfig, GameState, family_config
from bangbot.games.bang.rules.views import PlayerView, view
from bangbot.games.contract import (
    NO_CHOICES,
    STEP_ANSWER,
    STEP_CARD,
    STEP_CARDS,
    STEP_TARGET,
    STEP_TARGET_CARD,
    Choices,
    Step,
)
from bangbot.games.contract import GameConfig as TableConfig

BASE = "base"

# What a seat does at a missed deadline, in order of preference; a dying seat never chooses to go out.
_SAFE_ACTIONS: tuple[Action, ...] = (Pass(), EndTurn(), DrawDeck())

# Choices without a card: their step names what is chosen.
_ANSWER_STEPS: dict[type, str] = {Pass: "pass", EndTurn: "end", DrawDeck: "deck", DrawDiscard: "discard"}


class BaseBang:
    """Base BANG! (4 to 7 seats, the standard and the Japanese rulebook's presets)."""

    id = BASE
    seats = range(MIN_PLAYERS, MAX_PLAYERS + 1)
    presets: Sequence[str] = tuple(PRESETS)
    modes: Sequence[str] = ("",)

    def config(self, players: int, preset: str, choices: Choices = NO_CHOICES) -> GameConfig:
        """Returns the config of a base table; raises ValueError for a size or preset it does not have."""
        if players not in self.seats:
            raise ValueError(f"BANG! needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
        return GameConfig.with_preset(players, preset, choices.get(SIMPLIFIED, False))

    def new_game(self, config: TableConfig, seed: int) -> tuple[GameState, list[Event]]:
        """Deals a game from seed and plays up to the Sheriff's first decision."""
        return engine.new_game(family_config(config), seed)

    def awaiting(self, state: GameState) -> tuple[int, ...]:
        """Returns the seats that must decide now."""
        return legal.awaiting(state)

    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        """Returns exactly what seat may do now."""
        return legal.legal_actions(state, seat)

    def apply(self, state: GameState, seat: int, action: Action) -> tuple[GameState, list[Event]]:
        """Returns the state after a legal action and what happened."""
        return engine.apply(state, seat, action)

    def winner(self, state: GameState) -> str | None:
        """Returns the winning side, or None while the game goes on."""
        return state.winner

    def view(self, state: GameState, seat: int | None) -> PlayerView:
        """Returns what seat may see and do."""
        return view(state, seat)

    def in_game(self, state: GameState, seat: int) -> bool:
        """Returns whether the seat's player is alive."""
        return state.players[seat].alive

    def safe_action(self, state: GameState, seat: int) -> Action | None:
        """Returns taking the hit, ending the turn or drawing from the deck, else None (a dying seat never passes)."""
        actions = legal.legal_actions(state, seat)
        dying = isinstance(legal.request_of(state, seat), Dying)
        for safe in _SAFE_ACTIONS:
            if safe in actions and not (dying and isinstance(safe, Pass)):
                return safe
        return None

    def invariants(self, state: GameState, events: Sequence[Event]) -> list[str]:
        """Returns every base-game invariant the state or its events break."""
        return check_invariants(state, list(events))

    def to_json(self, state: GameState) -> dict[str, Any]:
        """Returns the state as a JSON-ready dict."""
        return serialize.to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> GameState:
        """Returns a state read back from to_json's output."""
        return serialize.from_json(dict(data))

    def notation(self, action: Action) -> str:
        """Returns the action's text, e.g. 'play bang#12 @2'."""
        return notation.to_text(action)

    def parse(self, text: str) -> Action:
        """Returns the action a notation text names."""
        return notation.parse(text)

    def steps(self, action: Action) -> tuple[Step, ...]:
        """Returns the buttons that lead to the action: card, target, target's card; or what is chosen."""
        if isinstance(action, Play):
            out = [Step(STEP_CARD, action.card)]
            if action.target is not None:
                out.append(Step(STEP_TARGET, action.target))
            if action.target_card is not None:
                out.append(Step(STEP_TARGET_CARD, action.target_card))
            return tuple(out)
        if isinstance(action, Answer | Discard | Pick | PutBack):
            return (Step(STEP_CARD, action.card),)
        if isinstance(action, Heal):
            return (Step(STEP_ANSWER, "heal"), Step(STEP_CARDS, action.cards))
        if isinstance(action, DrawHand):
            return (Step(STEP_ANSWER, "draw_hand"), Step(STEP_TARGET, action.target))
        if isinstance(action, VariantAction):
            return (Step(STEP_ANSWER, action.answer_step()),)
        return (Step(STEP_ANSWER, _ANSWER_STEPS[type(action)]),)

    def risk(self, view: PlayerView, action: Action) -> str | None:
        """Returns why the action is confirmed first: a lethal give-up, a shot at oneself, a blow at the own side."""
        return risks.risk(view, action)
