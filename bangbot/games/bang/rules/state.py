"""The whole game state: players, cards, turn, pending decisions and the generator."""

from __future__ import annotations

from dataclasses import dataclass, field

from bangbot.games.bang.rules.cards import CARDS, KINDS, Border, Card, CardKind
from bangbot.games.bang.rules.options import RuleOptions, preset
from bangbot.games.bang.rules.requests import KitChoice, Request, StorePick
from bangbot.games.bang.rules.roster import abilities_of
from bangbot.games.contract import GameConfig as TableConfig

SCHEMA_VERSION = 1
SIMPLIFIED = "simplified"  # the lobby option (bangbot.games.bang.lobby) of the deck without book-symbol cards

# Phases of a turn: the start-of-turn checks, then the rulebooks' three phases.
DYNAMITE_PHASE = "dynamite"
# Between Dynamite and Jail, where a variant checks a card of its own; saved games hold this name (BANG! Star Wars'
# New Hope was checked here first), so it stays as it was.
SECOND_CHECK_PHASE = "new_hope"
JAIL_PHASE = "jail"
DRAW_PHASE = "draw"
PLAY_PHASE = "play"
DISCARD_PHASE = "discard"
OVER = "over"

CARD_KIND: tuple[str, ...] = tuple(c.kind for c in CARDS)
IS_BLUE: tuple[bool, ...] = tuple(KINDS[c.kind].border is Border.BLUE for c in CARDS)  # by card index
WEAPON_RANGE: tuple[int, ...] = tuple(KINDS[c.kind].weapon_range for c in CARDS)  # by card index; 0: no weapon


_new = object.__new__


def card(index: int) -> Card:
    """Returns the physical card with this index."""
    return CARDS[index]


def kind_of(index: int) -> CardKind:
    """Returns the kind of the card with this index."""
    return KINDS[CARD_KIND[index]]


@dataclass(frozen=True, slots=True)
class GameConfig(TableConfig):
    """How a BANG! family table is set up: the platform's config with base BANG!'s rule options."""

    ruleset: str = "base"
    options: RuleOptions = field(default_factory=RuleOptions)
    simplified: bool = False  # the lobby option SIMPLIFIED: the deck without its book-symbol cards

    @staticmethod
    def with_preset(players: int, name: str = "standard", simplified: bool = False) -> GameConfig:
        """Returns a base-game config using a named rule preset."""
        return GameConfig(players, name, "base", preset(name), simplified)


def family_config(config: TableConfig) -> GameConfig:
    """Returns a config the BANG! family's engine was set up with; raises TypeError for another game's."""
    if not isinstance(config, GameConfig):
        raise TypeError(f"not a BANG! family table's config: {config!r}")
    return config


@dataclass(slots=True)
class Player:
    """One seat at the table and the character its player controls."""

    seat: int
    character: str
    role: str
    life: int
    max_life: int
    hand: list[int]
    in_play: list[int]
    alive: bool = True
    abilities: frozenset[str] = field(init=False, repr=False, compare=False)  # its character's, asked with `in`

    def __post_init__(self) -> None:
        self.abilities = abilities_of(self.character)

    def copy(self) -> Player:
        """Returns an independent copy (built field by field: a hot path of every new state and every look-ahead)."""
        out = Player.__new__(Player)  # no __init__: the fields are set below, the abilities copied
        out.seat, out.character, out.role = self.seat, self.character, self.role
        out.life, out.max_life, out.alive, out.abilities = self.life, self.max_life, self.alive, self.abilities
        out.hand, out.in_play = self.hand[:], self.in_play[:]
        return out

    def same_as(self, other: Player) -> bool:
        """Returns self == other, asking first what changes most often (life, then the cards)."""
        mine = (self.life, self.hand, self.in_play, self.alive, self.seat, self.character, self.role, self.max_life)
        return mine == (
            other.life,
            other.hand,
            other.in_play,
            other.alive,
            other.seat,
            other.character,
            other.role,
            other.max_life,
        )

    def has_in_play(self, kind: str) -> bool:
        """Returns whether a card of this kind lies in front of the player."""
        for c in self.in_play:  # noqa: SIM110 - a plain loop is faster on this hot path
            if CARD_KIND[c] == kind:
                return True
        return False

    def weapon(self) -> int | None:
        """Returns the weapon card in play, or None for the Colt .45."""
        for c in self.in_play:
            if WEAPON_RANGE[c] > 0:  # kind_of(c).is_weapon, looked up by index
                return c
        return None


@dataclass(slots=True)
class GameState:
    """Everything needed to continue the game; the deck's and discard pile's top is the end."""

    config: GameConfig
    seed: int
    rng: int
    players: list[Player]
    deck: list[int]
    discard: list[int]
    turn: int
    phase: str
    bangs_played: int = 0
    requests: list[Request] = field(default_factory=list)
    winner: str | None = None
    turn_number: int = 1
    version: int = 0
    used: list[str] = field(default_factory=list)  # once-a-turn abilities already used this turn

    def copy(self) -> GameState:
        """Returns an independent copy (requests are immutable and shared).

        Built slot by slot, its players too (Player.copy's fields, inline): the hot path of every new state and
        every look-ahead, where a call per player and the dataclass's __init__ cost a fifth of the copy.
        """
        out = _new(GameState)
        out.config, out.seed, out.rng, out.turn, out.phase = self.config, self.seed, self.rng, self.turn, self.phase
        out.bangs_played, out.winner, out.turn_number = self.bangs_played, self.winner, self.turn_number
        out.version = self.version
        out.deck, out.discard = self.deck[:], self.discard[:]  # slices: faster than list()
        out.requests, out.used = self.requests[:], self.used[:]
        players: list[Player] = []
        for p in self.players:
            q = _new(Player)
            q.seat, q.character, q.role, q.life, q.max_life = p.seat, p.character, p.role, p.life, p.max_life
            q.alive, q.abilities, q.hand, q.in_play = p.alive, p.abilities, p.hand[:], p.in_play[:]
            players.append(q)
        out.players = players
        return out

    def same_as(self, other: GameState) -> bool:
        """Returns self == other (every field, the players' too), asking first what a look-ahead's answers most
        often change and stopping at the first player that differs: the dataclass's own == builds and compares
        every field of both states and of all their players."""
        mine = (self.rng, self.turn, self.phase, self.bangs_played, self.winner, self.turn_number, self.version)
        theirs = (
            other.rng,
            other.turn,
            other.phase,
            other.bangs_played,
            other.winner,
            other.turn_number,
            other.version,
        )
        if mine != theirs or (self.discard, self.deck, self.used) != (other.discard, other.deck, other.used):
            return False
        if len(self.players) != len(other.players) or self.requests != other.requests:
            return False
        for p, q in zip(self.players, other.players, strict=True):
            if not p.same_as(q):
                return False
        return self.config == other.config and self.seed == other.seed

    def alive_seats(self) -> list[int]:
        """Returns the seats still in the game, in seat order."""
        return [p.seat for p in self.players if p.alive]

    def alive_count(self) -> int:
        """Returns how many players are still in the game."""
        return sum(1 for p in self.players if p.alive)

    def next_alive(self, seat: int, step: int = 1) -> int:
        """Returns the nearest living seat after seat in the direction step (+1 left, -1 right)."""
        n = len(self.players)
        s = (seat + step) % n
        while not self.players[s].alive:
            s = (s + step) % n
        return s

    def others_in_order(self, seat: int) -> list[int]:
        """Returns the other living seats clockwise, starting with the one after seat."""
        players = self.players
        return [p.seat for p in (*players[seat + 1 :], *players[:seat]) if p.alive]

    def all_cards(self) -> list[int]:
        """Returns every card index the state holds, wherever it lies."""
        out = list(self.deck) + list(self.discard)
        for p in self.players:
            out += p.hand
            out += p.in_play
        for r in self.requests:
            if isinstance(r, StorePick | KitChoice):
                out += r.cards
        return out
