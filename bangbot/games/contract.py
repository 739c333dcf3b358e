"""Everything a game of the family fulfils, in one place: the platform reads a game only through these types.

A game declares one Game (its module's GAME, listed in bangbot.games.DECLARATIONS) holding:
- its rules: a Ruleset over its states (TableState) and its seats' views (SeatView), set up by a GameConfig that the
  game builds from a preset and the lobby options chosen at the table, which it declares as data (LobbyOption);
- its confirmation risks: Ruleset.risk names why a legal action is confirmed first, its Presenter words the question;
- its Presenter: every text and button of its tables, seats and logs;
- its AI players (GamePlayer) and what the searching AI needs (Search);
- its outcomes (SeatOutcome per seat), its words for records and statistics (Words), its /rules explanations (Rules,
  read by a TableRules), its Theme if it plays base BANG!'s cards under other names, and its benchmarks (Bench).

Importing this module loads no game and no platform layer: the platform's types it names are read for typing only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, runtime_checkable

if TYPE_CHECKING:
    from bangbot.core.events import Event
    from bangbot.i18n import Translator
    from bangbot.messaging.adapter import Keyboard
    from bangbot.messaging.presenting.board_model import Board

# ---------------------------------------------------------------- Lobby options: what a table chooses beyond a preset

ON_OFF = "on/off"  # a lobby option its button switches on and off


@dataclass(frozen=True, slots=True)
class LobbyOption:
    """One option a game offers in its lobby: stored by id, shown by the game's own msgids, read by its config."""

    id: str  # the key it is stored under in the table's options (JSON)
    label: str  # the lobby's line about it (an N_-marked msgid with {answer}: the chosen value, "yes" or "no")
    button: str  # the button that changes it (an N_-marked msgid)
    default: bool = False
    kind: str = ON_OFF  # how its button changes it (ON_OFF: the only kind so far)


Choices = Mapping[str, bool]  # the lobby options chosen at a table, by id (a JSON object of booleans)
NO_CHOICES: Choices = MappingProxyType({})


def chosen(options: Sequence[LobbyOption], stored: Mapping[str, Any]) -> dict[str, bool]:
    """Returns every declared option's value at a table: the stored one if it is a boolean, else its default."""
    return {o.id: value if isinstance(value := stored.get(o.id), bool) else o.default for o in options}


# ---------------------------------------------------------------- Config: how a table is set up


class GameOptions(Protocol):
    """A game's own rule options, as the platform stores them."""

    def to_json(self) -> dict[str, Any]:
        """Returns the options as a JSON-ready dict."""
        ...


@dataclass(frozen=True, slots=True)
class NoOptions:
    """The options of a game that has no rule options to choose."""

    def to_json(self) -> dict[str, Any]:
        """Returns an empty dict: nothing to store."""
        return {}


@dataclass(frozen=True, slots=True)
class GameConfig:
    """How a table is set up; a game with rule options or lobby options of its own declares a subclass typing them."""

    players: int
    preset: str = "standard"
    ruleset: str = ""  # the game's id in the registry (bangbot.games)
    options: GameOptions = field(default_factory=NoOptions)


def config_to_json(config: GameConfig, **own: Any) -> dict[str, Any]:
    """Returns a config as a JSON-ready dict, with the game's own fields (own) after its size and preset."""
    return {
        "players": config.players,
        "preset": config.preset,
        **own,
        "ruleset": config.ruleset,
        "options": config.options.to_json(),
    }


def config_from_json(data: Mapping[str, Any]) -> GameConfig:
    """Returns a config without rule options read back from config_to_json's output (its options are not read)."""
    return GameConfig(int(data["players"]), str(data["preset"]), str(data["ruleset"]))


# ---------------------------------------------------------------- Rules: states, views, actions and menus

S = TypeVar("S", bound="TableState")
A = TypeVar("A")
A_co = TypeVar("A_co", covariant=True)
V_co = TypeVar("V_co", bound="SeatView[Any]", covariant=True)  # a seat's view: the platform reads its SeatView part

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


class SeatView(TableState, Protocol[A_co]):
    """What the platform reads of a seat's view: the table's config, turn and winner as its state's, whose seat, and
    its legal actions. A frozen dataclass of plain values (numbers, text, tuples) whose actions the ruleset's notation
    writes; all else in it is the game's own, read by its presenter and AI."""

    @property
    def seat(self) -> int | None:
        """Returns the seat that sees it (None: the group, a spectator)."""
        ...

    @property
    def legal(self) -> Sequence[A_co]:
        """Returns exactly what the seat may do now, in the order its buttons are numbered."""
        ...


def winner_of(state: TableState) -> str | None:
    """Returns the winning side of a game, None while it goes on (as its state tells)."""
    return state.winner


class Configure(Protocol):
    """Builds the config of a table of a game; raises ValueError for a size or preset it does not have."""

    def __call__(self, players: int, preset: str, choices: Choices = NO_CHOICES) -> GameConfig:
        """Returns the config of a table of players seats with a preset and its lobby options chosen (missing ones:
        their defaults)."""
        ...


@dataclass(frozen=True, slots=True)
class Ruleset(Generic[S, A, V_co]):
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
    view: Callable[[S, int | None], V_co]  # what a seat may see and do (None: the public table)
    in_game: Callable[[S, int], bool]  # whether a seat is still in the game (not eliminated, its squad not beaten)
    safe_action: Callable[[S, int], A | None]  # the move made for an absent seat at its deadline (None: the AI's)
    # every rule invariant the state or its events break (empty when sound), for self-play
    invariants: Callable[[S, Sequence[Event]], list[str]]
    to_json: Callable[[S], dict[str, Any]]  # the state as a JSON-ready dict
    from_json: Callable[[Mapping[str, Any]], S]  # a state read back from to_json's output
    notation: Callable[[A], str]  # the action in the game's text notation
    parse: Callable[[str], A]  # the action a notation text names; raises NotationError for a malformed one
    steps: Callable[[A], tuple[Step, ...]]  # the menu steps that lead to the action, the action's own last
    # (a view, one of view.legal) -> why the action is confirmed first (a code its presenter words), else None
    risk: Callable[[Any, A], str | None]
    winner: Callable[[S], str | None] = winner_of  # the winning side, None while the game goes on


AnyRuleset = Ruleset[Any, Any, "SeatView[Any]"]  # any game, its views read as SeatViews


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


# ---------------------------------------------------------------- AI players

Memory = dict[str, Any]
"""What an AI keeps between calls: JSON-ready (str keys, lists, numbers), stored by the caller."""

View_contra = TypeVar("View_contra", contravariant=True)


@runtime_checkable
class GamePlayer(Protocol[View_contra, A_co]):
    """Chooses one of view.legal from the view and memory; learns only from the events its seat may see."""

    def decide(self, view: View_contra, memory: Memory) -> A_co:
        """Returns one action of view.legal; reads memory but leaves it unchanged."""
        ...

    def observe(self, memory: Memory, seat: int, events: Sequence[Mapping[str, Any]]) -> None:
        """Updates memory with events as seat may see them (Event.for_seat(seat) dicts)."""
        ...


AIPlayer = GamePlayer[Any, Any]
"""An AI player of any game (BANG!'s PlayerView, the Duel's DuelView): the service holds one per ruleset."""


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
    # (the seat's view) -> how many times the budget's least mean lead, and how many times its standard errors,
    # another candidate than the heuristic's needs for this seat (an infinite lead: it keeps the heuristic's choice
    # unsearched); None: once each
    caution: Callable[[Any], tuple[float, float]] | None = None
    # the player the search starts from and plays its rollouts with; None: the game's heuristic
    policy: Callable[[], AIPlayer] | None = None


# ---------------------------------------------------------------- Presenter: what a game shows people

MakeData = Callable[[str], str]  # a press's choice -> the button's data
EventData = Mapping[str, Any]
TOP = ""  # the first step of a seat's buttons
BACK = "x"  # the choice of « Back: the first step again


TableText = Callable[["Translator", Any, Sequence[str], str], str]  # (tr, the public view, names, title)
# (tr, a seat's view, names, title, what it is asked, news: a rendered log)
SeatText = Callable[["Translator", Any, Sequence[str], str, str, str], str]
PromptText = Callable[["Translator", Any, Sequence[str], bool, str], str]  # (tr, a seat's view, names, standin, level)
RiskQuestion = Callable[["Translator", Any, Any, str, Sequence[str]], str]  # (tr, view, action, risk, names) -> text
StepKeyboard = Callable[["Translator", Any, Sequence[str], str, MakeData], "Keyboard"]  # (tr, view, names, level, make)
Reachable = Callable[["Translator", Any, Sequence[str]], frozenset[str]]  # (tr, a seat's view, names)
LogText = Callable[["Translator", Sequence[EventData], Sequence[str], int | None], str]  # (tr, events, names, viewer)


@dataclass(frozen=True, slots=True)
class Presenter:
    """Renders one game's views and events for a reader: every text and button of a game goes through one of these.

    view is the game's per-seat view (the ruleset's view(state, seat)); names are the seats' names as stored. What a
    seat is asked is messaging.press.confirm.prompt_text's: a confirmation step's risk_question (a risk of
    Ruleset.risk), else the game's prompt.
    """

    table_text: TableText  # the group's table of a game titled title (view: the public view)
    seat_text: SeatText  # a seat's private message: its table, own cards, news and what it is asked
    prompt: PromptText  # what a step of a seat's choice asks (at a later step: about which card), or what it waits for
    risk_question: RiskQuestion  # "Are you sure? …" of a risky action, by its risk code (the ruleset's risk)
    keyboard: StepKeyboard  # the buttons of one step of a seat's choice (TOP first), their data made by make
    reachable_choices: Reachable  # the choices of the buttons of every step a seat can reach from TOP
    log_text: LogText  # events as lines for a reader (viewer None: the group)


# ---------------------------------------------------------------- Outcomes: how each seat ended


@dataclass(frozen=True, slots=True)
class Course:
    """How one seat's game went, from the events: when and by whom it went out, what it played, how long it lasted."""

    out_turn: int | None = None  # the turn it went out in (the Duel: its last character fell); None: to the end
    out_by: int | None = None  # the seat that put it out; None: nobody else (Dynamite, its own card, no one)
    in_turn_of: bool = False  # out_by is whose turn it was (the Duel), not a player who eliminated it
    cards_played: int = 0  # cards it played in its turns and in answer, from the hand or in play
    turns_played: int = 0  # its own turns
    turns_survived: int = 0  # the game's turns it was still in the game at the end of


@dataclass(frozen=True, slots=True)
class SeatOutcome:
    """How one seat ended: role (the Duel: side), characters, won, still in the game, players it eliminated.

    eliminated names the seats it put out of the game (the Duel: the other squads' characters that fell in its turns,
    as (owner, character)); lost, the Duel's own characters that fell; reserve, those that never came into play.
    """

    position: int
    role: str
    characters: tuple[str, ...]
    won: bool
    survived: bool
    eliminations: int
    course: Course = Course()
    eliminated: tuple[int, ...] = ()
    fallen: tuple[tuple[int, str], ...] = ()
    lost: tuple[str, ...] = ()
    reserve: tuple[str, ...] = ()  # the Duel: its characters that never came into play (the last of characters)


# ---------------------------------------------------------------- Words and explanations (/rules)

Marked = tuple[str, str]  # (context, English), as NP_ marks a msgid
MarkedPlural = tuple[str, str, str]  # (context, English singular, English plural)
Naming = Callable[["Translator", str], str]  # an id (a role, a character, a mode) in the reader's words
Readings = tuple[tuple[str, Mapping[str, tuple[str, ...]]], ...]  # (kind, id -> other spellings) tables
TopicTables = tuple[tuple[str, Mapping[str, Marked]], ...]  # what /rules can explain: (kind, id -> name) tables
Topic = tuple[str, str]  # one thing /rules explains: (kind, id)
CardTopic = Callable[[Any, int, str], Topic | None]  # (table state, seat, decoded choice) -> its card's topic
STANDARD = "standard"  # the preset every game without modes offers first


@dataclass(frozen=True, slots=True)
class TableRules:
    """What a table plays by: its ruleset (searched first by /rules), its rule preset and that preset's options."""

    ruleset: str
    preset: str = STANDARD
    options: GameOptions = field(default_factory=NoOptions)

    @staticmethod
    def of(config: GameConfig) -> TableRules:
        """Returns the rules of a dealt game."""
        return TableRules(config.ruleset, config.preset, config.options)


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


# ---------------------------------------------------------------- Theme: base BANG!'s cards under other names

CardLabel = Callable[["Translator", int], str]  # a card (its index in the base game's CARDS) as a reader sees it
ThemeTopic = tuple[Mapping[str, Marked], Mapping[str, Marked]]  # the names and the help texts of one kind of thing


@dataclass(frozen=True)
class Theme:
    """The words of one themed game: per base id a name and help, per base message the themed message.

    cards and card_help are keyed by base card kinds, characters by character ids, roles and role_goals by base role
    ids, terms by keys of glossary.GAME_WORDS; messages by the English msgid they replace (rendered with pgettext),
    plurals by the English singular they replace (rendered with npgettext). topics holds, per kind of thing /rules
    explains ('card', 'character', ...), the names and help texts keyed by the theme's own ids, and energy the life
    each character starts with. label shows a card; bars are the full and the empty mark of the life bar; legend,
    if any, is the line that explains the marks of a card label.
    """

    id: str
    game: Marked
    label: CardLabel
    cards: Mapping[str, Marked] = field(default_factory=dict)
    card_help: Mapping[str, Marked] = field(default_factory=dict)
    characters: Mapping[str, Marked] = field(default_factory=dict)
    character_help: Mapping[str, Marked] = field(default_factory=dict)
    roles: Mapping[str, Marked] = field(default_factory=dict)
    role_goals: Mapping[str, Marked] = field(default_factory=dict)
    terms: Mapping[str, Marked] = field(default_factory=dict)
    messages: Mapping[str, Marked] = field(default_factory=dict)
    plurals: Mapping[str, MarkedPlural] = field(default_factory=dict)
    topics: Mapping[str, ThemeTopic] = field(default_factory=dict)
    energy: Mapping[str, int] = field(default_factory=dict)
    bars: tuple[str, str] = ("♥", "♡")
    legend: Callable[[Translator], str] | None = None
    card_ids: Mapping[str, str] = field(default_factory=dict)  # base card kind -> the theme's own card id (/rules)
    # The presenter's extensions for what the base game does not have: an event kind's log line, a request type's
    # prompt and Pass button, an action class's button, and the name of a cause (e.g. a fate effect).
    lines: Mapping[str, Callable[..., str]] = field(default_factory=dict)
    own_lines: Mapping[str, Callable[..., str | None]] = field(default_factory=dict)  # the reader's own, if told apart
    prompts: Mapping[str, Callable[..., str]] = field(default_factory=dict)
    passes: Mapping[str, Callable[[Translator], str]] = field(default_factory=dict)
    actions: Mapping[str, Callable[[Translator, Any], str]] = field(default_factory=dict)
    causes: Mapping[str, Marked] = field(default_factory=dict)


# ---------------------------------------------------------------- Benchmarks


@dataclass(frozen=True, slots=True)
class Bench:
    """A game's benchmark hooks: the engine's speed, the AI's win rates, the AI's blunders (each prints its figures)."""

    engine: Callable[[int], None]  # games
    ai: Callable[[int, int], None]  # games, workers
    sanity: Callable[[int, int, int, bool], None]  # games, seed, workers, as JSON
    # each winning side's share of games the game aims for in tables of equals (`bench ai --shares`); {}: none stated
    aimed_shares: Mapping[str, float] = field(default_factory=dict)
    # a seed's deal with its hidden roles moved k seats on (mirrored tables, `bench ai --shares --rotate`); None: the
    # game deals no hidden roles to move
    rotated_deal: Callable[[Any, int, int], tuple[Any, list[Event]]] | None = None


# ---------------------------------------------------------------- The declaration: one game, whole


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
    lobby: tuple[LobbyOption, ...] = ()  # the options its lobby offers beyond the preset, read by ruleset.config
    # The public view of a game cancelled while it ran, from its state (every role shown, nobody awaited); None: the
    # ruleset's public view
    cancelled_view: Callable[[Any], Any] | None = None
    sides: object = None  # the hidden roles' sides, for a game whose own AI reads them (a type of that game's)
    theme: Theme | None = None  # the words of a game that plays base BANG!'s cards under other names
    table_note: Callable[[Translator], str] | None = None  # what /help adds at its table, beyond base BANG!
    card_topic: CardTopic | None = None  # the card behind a choice (its step's ❓, the terminal's ?3), if it tells
    # The steps a choice its presenter makes beyond step_menu's stands for (a card's step), for the terminal's numbers
    opened_steps: Callable[[str], tuple[Step, ...] | None] | None = None
    # `bangbot scenario`: runs a JSON scenario (strict or not) and returns its summary; raises ScenarioError
    scenario: Callable[[dict[str, Any], bool], dict[str, Any]] | None = None
    # The Mini App's board of a seat's view (None: the group's), in the reader's words
    # (messaging.presenting.board_model)
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
