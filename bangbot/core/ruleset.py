"""The contract a game of the family fulfils, so that everything above the core can run any of them."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from bangbot.core.config import GameConfig
from bangbot.core.events import Event

S = TypeVar("S", bound="TableState")
A = TypeVar("A")
V = TypeVar("V")

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


def winner_of(state: TableState) -> str | None:
    """Returns the winning side of a game, None while it goes on (as its state tells)."""
    return state.winner


class Configure(Protocol):
    """Builds the config of a table of a game; raises ValueError for a size or preset it does not have."""

    def __call__(self, players: int, preset: str, simplified: bool = False) -> GameConfig:
        """Returns the config of a table of players seats with a preset (simplified: the simplified deck)."""
        ...


@dataclass(frozen=True, slots=True)
class Ruleset(Generic[S, A, V]):
    """A game: its table limits and choices, its moves, its views, and how its states and actions are written.

    Each hook is a plain function of the game's rules, called with the arguments its comment names.
    """

    id: str  # stored with each game ("base", "starwars", "duel")
    seats: range  # the table sizes the game allows, counting people and AI players
    presets: Sequence[str]  # the named rule presets, the default first
    modes: Sequence[str]  # the game's modes, the default first (one "" for a game without modes)
    config: Configure
    # (config, seed) -> a game dealt from seed and played up to the first decision
    new_game: Callable[[GameConfig, int], tuple[S, list[Event]]]
    awaiting: Callable[[S], tuple[int, ...]]  # the seats that must decide now, in the order they are asked
    legal_actions: Callable[[S, int], list[A]]  # exactly what a seat may do now (empty when it is not asked)
    # (state, seat, a legal action) -> the state after and what happened; raises IllegalAction for another action
    apply: Callable[[S, int, A], tuple[S, list[Event]]]
    view: Callable[[S, int | None], V]  # what a seat may see and do (None: the public table)
    in_game: Callable[[S, int], bool]  # whether a seat is still in the game (not eliminated, its squad not beaten)
    safe_action: Callable[[S, int], A | None]  # the move made for an absent seat at its deadline (None: the AI's)
    # every rule invariant the state or its events break (empty when sound), for self-play
    invariants: Callable[[S, Sequence[Event]], list[str]]
    to_json: Callable[[S], dict[str, Any]]  # the state as a JSON-ready dict
    from_json: Callable[[Mapping[str, Any]], S]  # a state read back from to_json's output
    notation: Callable[[A], str]  # the action in the game's text notation
    parse: Callable[[str], A]  # the action a notation text names; raises NotationError for a malformed one
    steps: Callable[[A], tuple[Step, ...]]  # the menu steps that lead to the action, the action's own last
    # (a view, one of view.legal) -> why the action is confirmed first (a code its game words), else None
    risk: Callable[[Any, A], str | None]
    winner: Callable[[S], str | None] = winner_of  # the winning side, None while the game goes on
