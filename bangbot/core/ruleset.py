"""The contract a game of the family fulfils, so that everything above the core can run any of them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from bangbot.core.config import GameConfig
from bangbot.core.events import Event

S = TypeVar("S", bound="TableState")
A = TypeVar("A")
V_co = TypeVar("V_co", covariant=True)

# Kinds of menu steps: what one button of a multi-step choice picks.
STEP_CARD = "card"  # a card from the hand (or a revealed card): its index
STEP_TARGET = "target"  # a seat (or, in the Duel, a character) the card is aimed at
STEP_TARGET_CARD = "target_card"  # one card of the target's, or a random card from its hand
STEP_CARDS = "cards"  # several cards at once (Sid Ketchum's discards)
STEP_ANSWER = "answer"  # a choice without a card: draw from the deck, end the turn, take the hit
STEP_KINDS = (STEP_CARD, STEP_TARGET, STEP_TARGET_CARD, STEP_CARDS, STEP_ANSWER)


@dataclass(frozen=True, slots=True)
class Step:
    """One button of a multi-step choice: what kind of thing it picks and which one (a card, a seat, a name)."""

    kind: str
    value: int | tuple[int, ...] | str


class TableState(Protocol):
    """What the service reads from any game's state: its config, version, turn number, whose turn, and winner."""

    @property
    def config(self) -> GameConfig:
        """Returns how the game was set up."""
        ...

    @property
    def version(self) -> int:
        """Returns the number of actions applied so far."""
        ...

    @property
    def turn_number(self) -> int:
        """Returns the number of the turn under way, from 1."""
        ...

    @property
    def turn(self) -> int:
        """Returns the seat whose turn it is."""
        ...

    @property
    def winner(self) -> str | None:
        """Returns the winning side once the game is over, else None."""
        ...


class Ruleset(Protocol[S, A, V_co]):
    """A game: its table limits and choices, its moves, its views, and how its states and actions are written."""

    @property
    def id(self) -> str:
        """Returns the id stored with each game ("base", "starwars", "duel")."""
        ...

    @property
    def seats(self) -> range:
        """Returns the table sizes the game allows, counting people and AI players."""
        ...

    @property
    def presets(self) -> Sequence[str]:
        """Returns the named rule presets, the default first."""
        ...

    @property
    def modes(self) -> Sequence[str]:
        """Returns the game's modes, the default first (one "" for a game without modes)."""
        ...

    def config(self, players: int, preset: str, simplified: bool = False) -> GameConfig:
        """Returns the config of a table of this game; raises ValueError for a size or preset it does not have."""
        ...

    def new_game(self, config: GameConfig, seed: int) -> tuple[S, list[Event]]:
        """Deals a game from seed and plays up to the first decision."""
        ...

    def awaiting(self, state: S) -> tuple[int, ...]:
        """Returns the seats that must decide now, in the order they are asked."""
        ...

    def legal_actions(self, state: S, seat: int) -> list[A]:
        """Returns exactly what seat may do now (empty when it is not asked)."""
        ...

    def apply(self, state: S, seat: int, action: A) -> tuple[S, list[Event]]:
        """Returns the state after a legal action and what happened; raises IllegalAction otherwise."""
        ...

    def winner(self, state: S) -> str | None:
        """Returns the winning side, or None while the game goes on."""
        ...

    def view(self, state: S, seat: int | None) -> V_co:
        """Returns what seat may see and do (None: the public table)."""
        ...

    def in_game(self, state: S, seat: int) -> bool:
        """Returns whether seat is still in the game (not eliminated, its squad not beaten)."""
        ...

    def safe_action(self, state: S, seat: int) -> A | None:
        """Returns the move made for an absent seat at its deadline, or None to let the AI choose."""
        ...

    def invariants(self, state: S, events: Sequence[Event]) -> list[str]:
        """Returns every rule invariant the state or its events break (empty when sound), for self-play."""
        ...

    def to_json(self, state: S) -> dict[str, Any]:
        """Returns the state as a JSON-ready dict."""
        ...

    def from_json(self, data: Mapping[str, Any]) -> S:
        """Returns a state read back from to_json's output."""
        ...

    def notation(self, action: A) -> str:
        """Returns the action in the game's text notation."""
        ...

    def parse(self, text: str) -> A:
        """Returns the action a notation text names; raises NotationError for a malformed one."""
        ...

    def steps(self, action: A) -> tuple[Step, ...]:
        """Returns the menu steps that lead to the action, one per button pressed, the action's own last."""
        ...

    def risk(self, view: Any, action: A) -> str | None:
        """Returns why the action, one of view.legal, is confirmed first (a code its game words), else None."""
        ...
