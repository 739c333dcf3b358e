"""A game as the platform sees it: one declaration holding its rules, words, presenter, AI players, help and benches."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from bangbot.core.ruleset import Ruleset, Step

if TYPE_CHECKING:  # the declaration's types only: importing bangbot.games loads no game and no platform layer
    from bangbot.ai.player import AIPlayer
    from bangbot.core.config import GameOptions
    from bangbot.core.events import Event
    from bangbot.i18n import Translator
    from bangbot.i18n.explain import TableRules
    from bangbot.i18n.theme import Theme
    from bangbot.messaging.board_model import Board
    from bangbot.messaging.outcome import SeatOutcome
    from bangbot.messaging.presenter import Presenter

AnyRuleset = Ruleset[Any, Any, Any]

Marked = tuple[str, str]  # (context, English), as NP_ marks a msgid
Naming = Callable[["Translator", str], str]  # an id (a role, a character, a mode) in the reader's words
Readings = tuple[tuple[str, Mapping[str, tuple[str, ...]]], ...]  # (kind, id -> other spellings) tables
TopicTables = tuple[tuple[str, Mapping[str, Marked]], ...]  # what /rules can explain: (kind, id -> name) tables
Topic = tuple[str, str]  # one thing /rules explains: (kind, id)
CardTopic = Callable[[Any, int, str], Topic | None]  # (table state, seat, decoded choice) -> its card's topic


@dataclass(frozen=True, slots=True)
class Words:
    """How a game names what its records and statistics show: a seat's role or side, a character, a winning side."""

    role: Naming  # a seat's role (the Duel: its side), as records and statistics list it
    character: Naming  # a character id
    winner: Naming  # a winning side as the statistics name it
    mode: Naming | None = None  # a mode's name, for a game whose preset is a mode that fixes the table size


@dataclass(frozen=True, slots=True)
class Rules:
    """What /rules knows of a game: its topics' names, how it explains them, and its answer to a bare /rules."""

    topics: TopicTables
    explain: Callable[[Translator, Topic, TableRules], str]  # one of its topics, by a table's rules
    late: bool = False  # its names never shadow another game's at that game's table (searched there last)
    summary: Callable[[Translator, str], str] | None = None  # the answer to a bare /rules at its table, by preset
    readings: Readings = ()  # other spellings /rules also finds (katakana readings), per kind
    options: Callable[[str], GameOptions] | None = None  # a preset's rule options; raises ValueError for another
    # Its presets' names (N_-marked msgids) by id, but the standard one's (the platform names that one)
    preset_names: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Bench:
    """A game's benchmark hooks: the engine's speed, the AI's win rates, the AI's blunders (each prints its figures)."""

    engine: Callable[[int], None]  # games
    ai: Callable[[int, int], None]  # games, workers
    sanity: Callable[[int, int, int, bool], None]  # games, seed, workers, as JSON
    # each winning side's share of games the game aims for in tables of equals (`bench ai --shares`); {}: none stated
    aimed_shares: Mapping[str, float] = field(default_factory=dict)


class Determinizer(Protocol):
    """Builds a full state whose view for view.seat is view; hidden parts drawn with rnd, weighed by memory if given."""

    def __call__(self, view: Any, rnd: random.Random, memory: Mapping[str, Any] | None = None) -> Any:
        """Returns one world consistent with what the seat sees (and, with memory, likelier where it saw more)."""
        ...


@dataclass(frozen=True, slots=True)
class Search:
    """What the searching AI needs of a game beyond its rules: a world consistent with a seat's view, and who won."""

    determinize: Determinizer  # a full state whose view for the seat is the seat's view
    won: Callable[[Any, int], bool]  # (a finished state, seat) -> whether that seat's side won
    role: Callable[[Any, int], str]  # (a state, seat) -> its role or side, as the benches count win rates
    # (a state the search owns, seat, action, the legal actions its view was built with) -> the state after and what
    # happened, maybe changed in place; None: the ruleset's apply
    step: Callable[[Any, int, Any, Sequence[Any]], tuple[Any, list[Event]]] | None = None
    # (an unfinished state, seat) -> seat's side's chance to win in [0, 1], read where a rollout is cut at cutoff
    score: Callable[[Any, int], float] | None = None
    cutoff: int = 0  # decisions a rollout plays before score is read (0: to the end, or the search's horizon)


@dataclass(frozen=True, slots=True)
class Game:
    """One game of the family: its rules and all the platform needs to offer, show, play, explain and bench it."""

    ruleset: AnyRuleset
    name: Marked  # the game's name as each language's box prints it
    pitch: Marked  # /help's line: what makes the game itself
    presenter: Presenter
    heuristic: Callable[[], AIPlayer]  # the strongest AI, for games with people
    random: Callable[[], AIPlayer]  # an AI that picks any legal action (benchmarks and tests)
    words: Words
    outcomes: Callable[[Any, Sequence[Event]], list[SeatOutcome]]  # every seat's end, from the state and events
    rules: Rules
    bench: Bench
    search: Search  # how the searching AI (the table's "hard" level) imagines what its seat cannot see
    sides: object = None  # the hidden roles' sides, for a game whose own AI reads them (a type of that game's)
    theme: Theme | None = None  # the words of a game that plays base BANG!'s cards under other names
    table_note: Callable[[Translator], str] | None = None  # what /help adds at its table, beyond base BANG!
    card_topic: CardTopic | None = None  # the card behind a choice (its step's ❓, the terminal's ?3), if it tells
    # The steps a choice its presenter makes beyond step_menu's stands for (a card's step), for the terminal's numbers
    opened_steps: Callable[[str], tuple[Step, ...] | None] | None = None
    # `bangbot scenario`: runs a JSON scenario (strict or not) and returns its summary; raises ScenarioError
    scenario: Callable[[dict[str, Any], bool], dict[str, Any]] | None = None
    # The Mini App's board of a seat's view (None: the group's), in the reader's words (messaging.board_model)
    board: Callable[[Translator, Any, Sequence[str]], Board] | None = None

    def opened_steps_of(self, choice: str) -> tuple[Step, ...] | None:
        """Returns the steps a choice of its presenter's own stands for (opened_steps), None when it tells none."""
        return self.opened_steps(choice) if self.opened_steps is not None else None

    @property
    def id(self) -> str:
        """Returns the id stored with each game of it."""
        return self.ruleset.id

    @property
    def modal(self) -> bool:
        """Returns whether the game's preset is a mode that fixes the table size (chosen with --mode, not --preset)."""
        return self.words.mode is not None

    def mode_seats(self, mode: str) -> int:
        """Returns the table size of one of the game's modes; raises ValueError for a mode it lacks."""
        if not self.modal or mode not in self.ruleset.modes:
            raise ValueError(f"{self.id} has no mode {mode!r}")
        return table_sizes(self.ruleset, mode).start


def table_sizes(rules: AnyRuleset, preset: str) -> range:
    """Returns the table sizes a game deals with a preset (a mode allows one); empty for a preset it lacks."""
    fits = [n for n in rules.seats if _deals(rules, n, preset)]
    return range(fits[0], fits[-1] + 1) if fits else range(0)


def _deals(rules: AnyRuleset, players: int, preset: str) -> bool:
    """Returns whether the game has a config for this table size and preset."""
    try:
        rules.config(players, preset)
    except (ValueError, KeyError):
        return False
    return True
