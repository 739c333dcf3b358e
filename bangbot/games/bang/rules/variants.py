"""The games of the BANG! family over one engine: each a Variant of data and hooks, registered by its own package.

Base BANG! is the variant with no hooks. Another game (BANG! Star Wars) declares its Variant in its own folder and
registers it when imported; the engine finds it by the table's config (resolved once per call, never tested by
name) and calls its hooks where the base game has nothing to do or does the default.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bangbot.core.events import Event
from bangbot.games.bang.rules.actions import Action, Play
from bangbot.games.bang.rules.characters import CHARACTERS
from bangbot.games.bang.rules.notation import register_words
from bangbot.games.bang.rules.options import RuleOptions
from bangbot.games.bang.rules.plugins import load_declarations
from bangbot.games.bang.rules.requests import VariantRequest, register_requests
from bangbot.games.bang.rules.roster import register_characters
from bangbot.games.bang.rules.state import GameConfig, GameState, Player

if TYPE_CHECKING:
    from bangbot.games.bang.rules.legal import Aims

BASE = "base"

Events = list[Event]
# A variant's own pending decision: how it takes its answer, and the answers open to its seat.
Resolver = Callable[[GameState, Events, Any, Action], None]
RequestActions = Callable[[GameState, Any], list[Action]]
# The phase-2 plays of one hand card, or None to play it as the base game does.
CardPlays = Callable[["Aims", int], Sequence[Action] | None]
# A brown card's effect: state, events, seat, card, target, target's card, held (a shot's checks wait).
BrownEffect = Callable[[GameState, Events, int, int, int | None, int | None, bool], None]
# Carries out a brown card just played (already on the discard pile).
BrownPlay = Callable[[GameState, Events, int, Play], None]
# After a card answered a shot or a dying seat's rescue (already discarded): True when the variant holds its effect.
Answered = Callable[[GameState, Events, Any, int], bool]
# At the start of a turn, before the checks: True when the variant asked the player something instead.
TurnStart = Callable[[GameState, Player], bool]
Invariants = Callable[[GameState, Sequence[Event]], list[str]]
Parser = Callable[[list[str]], Action | None]  # the words after a verb, read as an action (None: not its shape)


@dataclass(frozen=True, slots=True)
class Variant:
    """What one game of the family plays with over the shared engine: its data, and hooks the engine calls."""

    id: str
    deck: tuple[int, ...] | None  # card indices of CARDS; None: the base deck
    characters: tuple[str, ...]  # what is dealt as characters
    no_reward_causes: frozenset[str] = frozenset()  # eliminations by these causes earn no reward
    drinks_in_vain: bool = False  # a dying player may play Beer with two left, healing nothing
    options: RuleOptions | None = None  # the game's own rule options; None: the base game's presets
    requests: tuple[type[VariantRequest], ...] = ()  # its own decisions (their class names tag them in saved games)
    words: Mapping[str, Parser] = field(default_factory=dict)  # its own actions' verbs, read back from notation
    character_cards: Mapping[str, tuple[frozenset[str], int]] = field(default_factory=dict)  # atoms, printed life
    answers: Mapping[type, Resolver] = field(default_factory=dict)  # its own decisions' resolvers, by type
    request_actions: Mapping[type, RequestActions] = field(default_factory=dict)  # their answers, by type
    card_plays: Mapping[str, CardPlays] = field(default_factory=dict)  # phase-2 plays of a card kind it changes
    brown_effects: Mapping[str, BrownEffect] | None = None  # every brown card's effect; None: the base game's
    play_brown: BrownPlay | None = None  # how a played brown card is carried out; None: its effect
    answered: Answered | None = None  # what an answer does besides its effect; None: nothing
    turn_start: TurnStart | None = None  # asks before the start-of-turn checks; None: never
    start_checks: Mapping[str, tuple[str, str, Callable[[GameState, Events], None]]] | None = None  # None: base's
    invariants: Invariants | None = None  # the variant's own invariants, beyond the base game's


VARIANTS: dict[str, Variant] = {BASE: Variant(BASE, None, CHARACTERS)}


def register(variant: Variant) -> Variant:
    """Makes a variant playable by the engine (its package calls this when imported), its decisions readable from
    saved games; returns it."""
    register_requests(variant.requests)
    register_words(variant.words)
    register_characters(variant.character_cards)
    VARIANTS[variant.id] = variant
    return variant


def known_variant(ruleset: str) -> Variant | None:
    """Returns the variant of a ruleset id, loading the games' declarations once if it is not registered yet."""
    if ruleset not in VARIANTS:
        load_declarations(ruleset)
    return VARIANTS.get(ruleset)


def variant_of(config: GameConfig) -> Variant:
    """Returns the variant a game was set up as; raises KeyError for a ruleset not played by this engine."""
    found = VARIANTS.get(config.ruleset) or known_variant(config.ruleset)
    if found is None:
        raise KeyError(config.ruleset)
    return found
