"""Pending decisions of a Duel table, and what resolves by itself behind them: one frozen type per kind.

A seat (int) is a player, a slot (int) a character in play (seat * 2 + position), a card an int. char names the
character a request is about, so that it follows that character when positions change; None until the engine notes
it (the requests made without it). Field metadata says how a field is saved: under another key (KEY), or only when
it is not at its default (SPARSE).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, TypeGuard

KEY = "key"  # metadata: the saved key, where a field's name cannot be it ("with", "from")
SPARSE = {"sparse": True}  # metadata: saved only when not at its default

# The abilities and cards whose named choices carry fields of their own (their atoms, named once here).
FILTERS_DRAWS = "filters_draws"  # Dutch Harry: each card drawn is looked at first
TAKES_HURT_FOR_PARTNER = "takes_hurt_for_partner"  # Buffalo Bill
LOOTS_THE_DEAD = "loots_the_dead"  # Bull Anderson
MARSHAL = "enters_draws_three"  # the Marshal
LITTLE_LEROY = "resource_twice"  # Little Leroy
GOLD_PAN_TWICE = "gold_pan_twice"  # Little Leroy's choice before a Gold Pan: once, or twice for a hand card
TAKE = "take"  # Robbed.how: a card was taken (not discarded)


@dataclass(frozen=True, slots=True)
class Lineup:
    """The deal: seat puts one of its characters in position (0: attacking, 1: covering); options filled when asked."""

    KIND: ClassVar[str] = "lineup"
    seat: int
    position: int
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Replace:
    """A character of seat died in position: one of the reserve steps in; options filled when asked."""

    KIND: ClassVar[str] = "replace"
    seat: int
    position: int
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Dodge:
    """A hit by seat by on the character char in slot: need more dodges cancel it; card None for an ability's hit.

    rider names what the hit is (its card, or the card or ability it counts as)."""

    KIND: ClassVar[str] = "dodge"
    seat: int
    slot: int
    char: str
    by: int
    card: int | None
    rider: str
    need: int


@dataclass(frozen=True, slots=True)
class Indians:
    """Indians! or Indian Chief from by: seat discards a BANG! card for the character in slot, or it loses 1 life."""

    KIND: ClassVar[str] = "indians"
    seat: int
    slot: int
    by: int
    card: int
    char: str | None = field(default=None, metadata=SPARSE)


@dataclass(frozen=True, slots=True)
class CardDuel:
    """A Duel (weapon "bang") or a Ricochet ("missed") by against other: seat discards such a card next, or loses."""

    KIND: ClassVar[str] = "duel"
    seat: int
    by: int
    other: int
    card: int
    weapon: str = field(metadata={KEY: "with"})


@dataclass(frozen=True, slots=True)
class DiscardOne:
    """Seat discards a hand card for reason (a card's or an ability's id); by: the player who forces it, if another."""

    KIND: ClassVar[str] = "discard"
    seat: int
    reason: str
    by: int | None = field(default=None, metadata=SPARSE)


@dataclass(frozen=True, slots=True)
class HandLimit:
    """The end of seat's turn: it discards a card while it holds more than its hand limit."""

    KIND: ClassVar[str] = "limit"
    seat: int


@dataclass(frozen=True, slots=True)
class KeepOne:
    """Sundance Kid's player keeps one of the cards shown to him alone; the others go to the discard pile."""

    KIND: ClassVar[str] = "keep"
    seat: int
    shown: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class StorePick:
    """General Store: seat picks one of the cards shown; picks are the seats to pick, in order, seat first."""

    KIND: ClassVar[str] = "store"
    seat: int
    shown: tuple[int, ...]
    picks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Choice:
    """A named choice a card or an ability leaves to seat (reason: its id); left: how many are still asked (Cover,
    Union Pacific), None when it is asked once."""

    KIND: ClassVar[str] = "option"
    seat: int
    reason: str
    options: tuple[str, ...]
    left: int | None = field(default=None, metadata=SPARSE)


@dataclass(frozen=True, slots=True)
class MarshalDraw:
    """The Marshal came into play: seat draws left more cards, each from a deck chosen then (options filled then)."""

    KIND: ClassVar[str] = "option"
    seat: int
    reason: str = field(default=MARSHAL, init=False)
    left: int
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Loot:
    """Bull Anderson's player (seat) may take left more of cards (the dead character's) or a card of owner's hand."""

    KIND: ClassVar[str] = "option"
    seat: int
    reason: str = field(default=LOOTS_THE_DEAD, init=False)
    owner: int
    cards: tuple[int, ...]
    left: int
    options: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GoldPanTwice:
    """Little Leroy's Gold Pan (card): once, or twice for one of the hand cards in options."""

    KIND: ClassVar[str] = "option"
    seat: int
    reason: str = field(default=GOLD_PAN_TWICE, init=False)
    card: int
    options: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LeroyRepeat:
    """Little Leroy may discard a hand card to apply the resource name's effect once more, at the same target."""

    KIND: ClassVar[str] = "option"
    seat: int
    reason: str = field(default=LITTLE_LEROY, init=False)
    name: str
    target: int | None
    options: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HarryDraw:
    """Dutch Harry's player draws left more cards from deck_of's deck (None: its own), each looked at first.

    look is the card looked at once he is asked (None before, or with no card left); it comes before the others."""

    KIND: ClassVar[str] = "option"
    seat: int
    reason: str = field(default=FILTERS_DRAWS, init=False)
    left: int
    deck_of: int | None
    first: bool = field(default=True, init=False)
    options: tuple[str, ...] = ()
    look: int | None = field(default=None, metadata=SPARSE)
    cause: str = field(default="turn", metadata=SPARSE)  # what made the draw (table.draw's reason)


@dataclass(frozen=True, slots=True)
class StandIn:
    """Buffalo Bill may take the amount of life the character in slot is about to lose to by, of cause."""

    KIND: ClassVar[str] = "option"
    seat: int
    reason: str = field(default=TAKES_HURT_FOR_PARTNER, init=False)
    options: tuple[str, ...]
    slot: int
    amount: int
    by: int | None
    cause: str
    char: str | None = field(default=None, metadata=SPARSE)


@dataclass(frozen=True, slots=True)
class Dodged:
    """A hit (as in Dodge) was dodged: what its card still does follows."""

    KIND: ClassVar[str] = "dodged"
    seat: int
    slot: int
    char: str
    by: int
    card: int | None
    rider: str


@dataclass(frozen=True, slots=True)
class ShootBack:
    """Kid Curry (of seat by) dodged by his check: his hit goes at the attacker of at."""

    KIND: ClassVar[str] = "shoot_back"
    by: int
    at: int


@dataclass(frozen=True, slots=True)
class Hurt:
    """The character char in slot lost amount life to by (None: nobody) from cause: its abilities answer."""

    KIND: ClassVar[str] = "hurt"
    slot: int
    char: str
    by: int | None
    amount: int
    cause: str


@dataclass(frozen=True, slots=True)
class Died:
    """The character char in slot lost its last life to by (None: nobody): it leaves, someone may step in."""

    KIND: ClassVar[str] = "died"
    slot: int
    char: str
    by: int | None


@dataclass(frozen=True, slots=True)
class Entered:
    """A reserve character of seat came into play in position."""

    KIND: ClassVar[str] = "entered"
    seat: int
    position: int


@dataclass(frozen=True, slots=True)
class BecameAttacker:
    """Seat's attacker changed, moved by by; swap: by a swap of its two characters (by_big_jim: Big Jim's)."""

    KIND: ClassVar[str] = "became_attacker"
    seat: int
    by: int
    swap: bool = field(default=False, metadata=SPARSE)
    by_big_jim: bool = field(default=False, metadata=SPARSE)


@dataclass(frozen=True, slots=True)
class Robbed:
    """By stole or discarded cards of seat's; how TAKE when a card was taken, not discarded; source: the slot of a
    card in play (None: the hand)."""

    KIND: ClassVar[str] = "robbed"
    seat: int
    by: int
    how: str = field(default="", metadata=SPARSE)
    source: int | None = field(default=None, metadata={KEY: "from", **SPARSE})


@dataclass(frozen=True, slots=True)
class Out:
    """Seat's last character died (by: who took its last life): the game ends."""

    KIND: ClassVar[str] = "out"
    seat: int
    by: int | None


@dataclass(frozen=True, slots=True)
class ResourceIn:
    """Seat put a resource in play on the character in slot."""

    KIND: ClassVar[str] = "resource_in"
    seat: int
    slot: int
    char: str | None = field(default=None, metadata=SPARSE)


# The named choices: answered with a Choose of their options.
Choices = Choice | MarshalDraw | Loot | GoldPanTwice | LeroyRepeat | HarryDraw | StandIn
# What a seat answers.
Decision = Lineup | Replace | Dodge | Indians | CardDuel | DiscardOne | HandLimit | KeepOne | StorePick | Choices
# What resolves by itself once it reaches the head of the queue.
Trigger = Dodged | ShootBack | Hurt | Died | Entered | BecameAttacker | Robbed | Out | ResourceIn
DuelRequest = Decision | Trigger

CHOICES = (Choice, MarshalDraw, Loot, GoldPanTwice, LeroyRepeat, HarryDraw, StandIn)
OPTIONED = (Lineup, Replace, *CHOICES)  # the decisions answered with a Choose of their options
DECISIONS = (Lineup, Replace, Dodge, Indians, CardDuel, DiscardOne, HandLimit, KeepOne, StorePick, *CHOICES)
TRIGGERS = (Dodged, ShootBack, Hurt, Died, Entered, BecameAttacker, Robbed, Out, ResourceIn)
REQUEST_TYPES: tuple[type[DuelRequest], ...] = (*DECISIONS, *TRIGGERS)
_DECISION_TYPES = frozenset(DECISIONS)


def is_decision(r: DuelRequest | None) -> TypeGuard[Decision]:
    """Returns whether a request is a decision a seat answers (not None, not what resolves by itself)."""
    return type(r) in _DECISION_TYPES  # a set: asked every time someone reads whose move it is


def options_of(r: DuelRequest | None) -> tuple[str, ...]:
    """Returns the named options a decision offers (none for another kind of decision, or no decision)."""
    return r.options if isinstance(r, OPTIONED) else ()
