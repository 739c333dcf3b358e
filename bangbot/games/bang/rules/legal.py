"""Lists the legal actions of a seat: the one source of truth for buttons, AI and validation."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import combinations
from typing import Any, TypeVar

from bangbot.games.bang.rules.abilities import (
    BANG_AND_MISSED_SWAP,
    DRAWS_FROM_A_HAND,
    DRAWS_FROM_DISCARD,
    DRAWS_ONE_FROM_ANY_HAND,
    HEALS_BY_DISCARDING,
    UNLIMITED_BANG,
)
from bangbot.games.bang.rules.actions import (
    HAND,
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
)
from bangbot.games.bang.rules.cards import (
    BANG,
    BEER,
    CAT_BALOU,
    DUEL,
    JAIL,
    MISSED,
    PANIC,
    VOLCANIC,
)
from bangbot.games.bang.rules.requests import (
    EXCLUSIVE,
    NO_HEAL_BETWEEN,
    DrawChoice,
    DuelTurn,
    Dying,
    IndiansRespond,
    KitChoice,
    Request,
    Respond,
    StorePick,
    is_open,
)
from bangbot.games.bang.rules.roles import SHERIFF
from bangbot.games.bang.rules.state import CARD_KIND, DISCARD_PHASE, IS_BLUE, PLAY_PHASE, GameState, Player
from bangbot.games.bang.rules.table import distances_from, weapon_range
from bangbot.games.bang.rules.variants import variant_of

CardAction = TypeVar("CardAction", Answer, Discard, Pick, PutBack)


# Shared action objects (actions are immutable): the lists are built faster, and an action taken from one is found
# in the next by identity, before any comparison.
PASS = Pass()
DRAW_DECK = DrawDeck()
DRAW_DISCARD = DrawDiscard()
_card_actions: dict[tuple[type, int], Any] = {}


def card_action(kind: type[CardAction], card: int) -> CardAction:
    """Returns kind(card) (Answer, Discard, Pick, PutBack): one shared object for each."""
    key = (kind, card)
    out = _card_actions.get(key)
    if out is None:
        out = _card_actions[key] = kind(card)
    return out


def answer(card: int) -> Answer:
    """Returns Answer(card): one shared object for each card."""
    return card_action(Answer, card)


def awaiting(state: GameState) -> tuple[int, ...]:
    """Returns the seats that must decide now, in resolution order (empty once the game is over)."""
    if state.winner is not None:
        return ()
    if state.requests:
        seen: list[int] = []
        first: set[int] = set()
        for r in state.requests:
            if r.seat not in first:  # a seat answers its pending decisions one at a time, in order
                first.add(r.seat)
                if is_open(r):
                    seen.append(r.seat)
            if isinstance(r, EXCLUSIVE):  # nobody behind it is asked before it is done
                break
        return tuple(seen)
    if state.phase in (PLAY_PHASE, DISCARD_PHASE):
        return (state.turn,)
    return ()


def waits(state: GameState, r: Request) -> bool:
    """Returns whether a pending decision waits behind an exclusive one of another seat."""
    for q in state.requests:
        if q is r:
            return False
        if isinstance(q, EXCLUSIVE):
            return True
    return False


def request_of(state: GameState, seat: int) -> Request | None:
    """Returns the first pending decision of seat, if any."""
    for r in state.requests:
        if r.seat == seat:
            return r
    return None


def legal_actions(state: GameState, seat: int, dist: Mapping[int, int] | None = None) -> list[Action]:
    """Returns every action seat may take now: its answers when asked, else Sid Ketchum's heal at any time.

    dist: distances_from(state, seat) when the caller has already worked them out.
    """
    if state.winner is not None:
        return []
    r = request_of(state, seat) if state.requests else None
    if r is not None:
        out = request_actions(state, r) if is_open(r) and not waits(state, r) else []
        if isinstance(r, NO_HEAL_BETWEEN):  # a rescue, or a play not finished yet: no heal in between
            return out
    elif not state.requests and seat == state.turn and state.phase == PLAY_PHASE:
        return play_actions(state, seat, dist)
    elif not state.requests and seat == state.turn and state.phase == DISCARD_PHASE:
        return discard_actions(state, seat)
    else:
        out = []
    return out + anytime_heals(state, seat)


def anytime_heals(state: GameState, seat: int) -> list[Action]:
    """Returns Sid Ketchum's heals, which he may use at any time while he lacks life."""
    p = state.players[seat]
    if HEALS_BY_DISCARDING not in p.abilities or not p.alive or p.life >= p.max_life:  # heal_actions' first test
        return []
    return heal_actions(state, p, p.hand)


def bang_like(p: Player) -> list[int]:
    """Returns the hand cards p may use as a BANG! (Calamity Janet adds her Missed!)."""
    calamity = BANG_AND_MISSED_SWAP in p.abilities
    return [c for c in p.hand if CARD_KIND[c] == BANG or (calamity and CARD_KIND[c] == MISSED)]


def missed_like(p: Player) -> list[int]:
    """Returns the hand cards p may use as a Missed! (Calamity Janet adds her BANG!)."""
    calamity = BANG_AND_MISSED_SWAP in p.abilities
    return [c for c in p.hand if CARD_KIND[c] == MISSED or (calamity and CARD_KIND[c] == BANG)]


def beer_works(state: GameState) -> bool:
    """Returns whether Beer heals: not once only two players are left."""
    return state.alive_count() > 2


def rescue_potential(state: GameState, hand: list[int], p: Player, beer: bool = True) -> int:
    """Returns how many lives p could regain at once from hand with Beer (unless forbidden) and Sid Ketchum."""
    beers = sum(1 for c in hand if CARD_KIND[c] == BEER) if beer and beer_works(state) else 0
    if HEALS_BY_DISCARDING not in p.abilities:
        return beers
    return beers + (len(hand) - beers) // state.config.options.sid_ketchum_cost


def heal_actions(state: GameState, p: Player, hand: list[int]) -> list[Action]:
    """Returns Sid Ketchum's ways of discarding cards for a life from hand."""
    cost = state.config.options.sid_ketchum_cost
    if HEALS_BY_DISCARDING not in p.abilities or len(hand) < cost:
        return []
    return [Heal(combo) for combo in combinations(sorted(hand), cost)]


def request_actions(state: GameState, r: Request) -> list[Action]:
    """Returns the answers open to the seat of a pending decision."""
    answers = REQUEST_ACTIONS.get(type(r)) or variant_of(state.config).request_actions.get(type(r))
    if answers is None:
        raise AssertionError(f"unknown request {r!r}")
    return answers(state, r)


def _dodges(state: GameState, r: Respond) -> list[Action]:
    """Returns a shot's answers: each Missed! effect of the hand, or taking the hit."""
    out: list[Action] = [answer(c) for c in missed_like(state.players[r.seat])]
    out.append(PASS)
    return out


def _bangs(state: GameState, r: IndiansRespond | DuelTurn) -> list[Action]:
    """Returns the answers to Indians! or a Duel: each BANG! effect of the hand, or losing a life."""
    out: list[Action] = [answer(c) for c in bang_like(state.players[r.seat])]
    out.append(PASS)
    return out


def _dying(state: GameState, r: Dying) -> list[Action]:
    """Returns a dying seat's rescues and going out (dying_actions)."""
    return dying_actions(state, r, state.players[r.seat])


def _picks(state: GameState, r: StorePick) -> list[Action]:
    """Returns each card shown, to pick."""
    return [card_action(Pick, c) for c in r.cards]


def _put_backs(state: GameState, r: KitChoice) -> list[Action]:
    """Returns each card drawn, to put back."""
    return [card_action(PutBack, c) for c in r.cards]


def _draws(state: GameState, r: DrawChoice) -> list[Action]:
    """Returns where a phase-1 card may come from (draw_choices)."""
    return draw_choices(state, r, state.players[r.seat])


# The answers open to the seat of each type of pending decision.
REQUEST_ACTIONS: dict[type, Callable[[GameState, Any], list[Action]]] = {
    Respond: _dodges,
    IndiansRespond: _bangs,
    DuelTurn: _bangs,
    Dying: _dying,
    StorePick: _picks,
    KitChoice: _put_backs,
    DrawChoice: _draws,
}


def dying_actions(state: GameState, r: Dying, p: Player) -> list[Action]:
    """Returns the rescues that can still save a dying seat, and going out of the game.

    With two left a variant that drinks in vain lets him play a Beer all the same: it heals nothing, but what the
    variant adds to it applies.
    """
    out: list[Action] = []
    beer = not r.no_beer
    if beer and not beer_works(state) and variant_of(state.config).drinks_in_vain:
        out.extend(answer(c) for c in p.hand if CARD_KIND[c] == BEER)
    if rescue_potential(state, p.hand, p, beer) >= r.needed:
        if beer and beer_works(state):
            out.extend(answer(c) for c in p.hand if CARD_KIND[c] == BEER)
        for h in heal_actions(state, p, p.hand):
            assert isinstance(h, Heal)
            rest = [c for c in p.hand if c not in h.cards]
            if rescue_potential(state, rest, p, beer) >= r.needed - 1:
                out.append(h)
    out.append(PASS)
    return out


def draw_choices(state: GameState, r: DrawChoice, p: Player) -> list[Action]:
    """Returns where Jesse Jones or Pedro Ramirez may take a phase-1 card from."""
    out: list[Action] = [DRAW_DECK]
    if (DRAWS_FROM_A_HAND in p.abilities) or (DRAWS_ONE_FROM_ANY_HAND in p.abilities):
        out.extend(DrawHand(t) for t in state.others_in_order(p.seat) if state.players[t].hand)
    if (DRAWS_FROM_DISCARD in p.abilities) and state.discard:
        out.append(DRAW_DISCARD)
    return out


def can_bang(state: GameState, p: Player) -> bool:
    """Returns whether p may still play a BANG! this turn."""
    return state.bangs_played == 0 or (UNLIMITED_BANG in p.abilities) or p.has_in_play(VOLCANIC)


def play_actions(state: GameState, seat: int, dist: Mapping[int, int] | None = None) -> list[Action]:
    """Returns the phase-2 actions of the player whose turn it is (dist: its distances, if already known)."""
    aims = Aims(state, seat, dist)
    out: list[Action] = []
    for c in state.players[seat].hand:  # card_plays' order, built straight into one list
        out += plays_of(aims, c)
    out += anytime_heals(state, seat)
    out.append(END_TURN)
    return out


def can_play(state: GameState, seat: int) -> bool:
    """Returns whether the player whose turn it is may do anything in phase 2 but end the turn.

    Whether any play exists does not depend on the order, so the cards that need no distances are asked first.
    """
    p = state.players[seat]
    hand = p.hand
    own = variant_of(state.config).card_plays
    for c in hand:  # a card played for oneself needs no aims at all: asked first, nothing worked out
        kind = CARD_KIND[c]
        if kind not in PLAYS and not (own and kind in own) and not (IS_BLUE[c] and p.has_in_play(kind)):
            return True
    aims = Aims(state, seat, None)
    for measured in (False, True):
        for c in hand:
            if (CARD_KIND[c] in MEASURED) is measured and plays_of(aims, c):
                return True
    return bool(anytime_heals(state, seat))


PLAYS_KEPT = 65536
_plays: dict[tuple[int, int | None, int | None], Play] = {}


def play(card: int, target: int | None = None, target_card: int | None = None) -> Play:
    """Returns Play(card, target, target_card): one shared object for each (actions are immutable)."""
    key = (card, target, target_card)
    out = _plays.get(key)
    if out is None:
        if len(_plays) >= PLAYS_KEPT:
            _plays.clear()
        out = _plays[key] = Play(card, target, target_card)
    return out


class Aims:
    """Whom a player's cards may be aimed at this phase 2; distances are worked out at the first card needing them."""

    __slots__ = ("_bang_ok", "_dist", "_in_range", "_near", "_others", "own_plays", "seat", "state")

    def __init__(self, state: GameState, seat: int, dist: Mapping[int, int] | None) -> None:
        """Keeps the player's table and the variant's own plays; nothing is measured yet."""
        self.state, self.seat, self._dist = state, seat, dist
        self.own_plays = variant_of(state.config).card_plays
        self._others: list[int] | None = None
        self._bang_ok: bool | None = None
        self._in_range: list[int] | None = None
        self._near: list[int] | None = None

    @property
    def others(self) -> list[int]:
        """Returns the other living players, clockwise from the player's left (worked out once, when first asked)."""
        if self._others is None:
            self._others = self.state.others_in_order(self.seat)
        return self._others

    @property
    def bang_ok(self) -> bool:
        """Returns whether the player may still play a BANG! this turn (can_bang, asked once)."""
        if self._bang_ok is None:
            self._bang_ok = can_bang(self.state, self.state.players[self.seat])
        return self._bang_ok

    def far(self) -> Mapping[int, int]:
        """Returns the distance to each other living player (worked out once, when first asked)."""
        if self._dist is None:
            self._dist = distances_from(self.state, self.seat)
        return self._dist

    def in_range(self) -> list[int]:
        """Returns the other players within the weapon's range, clockwise."""
        if self._in_range is None:
            far = self.far()
            reach = weapon_range(self.state, self.seat)
            self._in_range = [t for t in self.others if far[t] <= reach]
        return self._in_range

    def near(self) -> list[int]:
        """Returns the other players at distance 1, clockwise."""
        if self._near is None:
            far = self.far()
            self._near = [t for t in self.others if far[t] <= 1]
        return self._near


NO_PLAYS: tuple[Action, ...] = ()
_solo: dict[int, tuple[Action, ...]] = {}  # card -> (play(card),): one shared tuple each (plays are immutable)
END_TURN = EndTurn()  # one shared object: actions are immutable
MEASURED = frozenset({BANG, MISSED, PANIC})  # the kinds whose plays may need the distances (Missed!: Calamity Janet)


def bang_plays(aims: Aims, c: int) -> Sequence[Action]:
    """Returns a BANG! at every player in range (and at oneself where the options allow it), if one may be played."""
    if not aims.bang_ok:
        return NO_PLAYS
    out: list[Action] = [play(c, t) for t in aims.in_range()]
    if aims.state.config.options.bang_on_oneself:  # cs: «smíte karty s tímto efektem hrát i na sebe»
        out.append(play(c, aims.seat))
    return out


def no_plays(aims: Aims, c: int) -> Sequence[Action]:
    """Returns nothing: a card that is only an answer (Missed!)."""
    return NO_PLAYS


def take_plays(aims: Aims, c: int) -> Sequence[Action]:
    """Returns Panic! (players at distance 1) or Cat Balou (anyone) at each card in play and each other's hand."""
    players = aims.state.players
    targets = aims.near() if CARD_KIND[c] == PANIC else aims.others
    out: list[Action] = []
    for t in [*targets, aims.seat]:
        q = players[t]
        if q.hand and t != aims.seat:
            out.append(play(c, t, HAND))
        out += [play(c, t, x) for x in q.in_play]
    return out


def duel_plays(aims: Aims, c: int) -> Sequence[Action]:
    """Returns a Duel at every other player."""
    return [play(c, t) for t in aims.others]


def jail_plays(aims: Aims, c: int) -> Sequence[Action]:
    """Returns a Jail on every other player but the Sheriff and those already in Jail."""
    players = aims.state.players
    return [play(c, t) for t in aims.others if players[t].role != SHERIFF and not players[t].has_in_play(JAIL)]


def own_plays(aims: Aims, c: int) -> Sequence[Action]:
    """Returns a card played for oneself: a blue card not already in play, or a brown card without a target."""
    if IS_BLUE[c] and aims.state.players[aims.seat].has_in_play(CARD_KIND[c]):
        return NO_PLAYS
    out = _solo.get(c)
    if out is None:
        out = _solo[c] = (play(c),)
    return out


# How a card of each kind is played in phase 2 (any other kind: own_plays).
PLAYS: dict[str, Callable[[Aims, int], Sequence[Action]]] = {
    BANG: bang_plays,
    MISSED: no_plays,
    PANIC: take_plays,
    CAT_BALOU: take_plays,
    DUEL: duel_plays,
    JAIL: jail_plays,
}


def card_plays(state: GameState, seat: int, dist: Mapping[int, int] | None = None) -> Iterator[Action]:
    """Yields the phase-2 actions but ending the turn, in play_actions' order, each worked out when asked for.

    A variant may play a card of a kind its own way (its card_plays). A Missed! of a player who swaps the two cards
    plays as a BANG!.
    """
    aims = Aims(state, seat, dist)
    for c in state.players[seat].hand:
        yield from plays_of(aims, c)
    yield from anytime_heals(state, seat)


def plays_of(aims: Aims, c: int) -> Sequence[Action]:
    """Returns the phase-2 plays of one hand card of the player whose turn it is, in card_plays' order."""
    kind = CARD_KIND[c]
    if aims.own_plays:
        own = aims.own_plays.get(kind)
        if own is not None:
            played = own(aims, c)
            if played is not None:
                return played
    if kind == MISSED and BANG_AND_MISSED_SWAP in aims.state.players[aims.seat].abilities:
        kind = BANG
    return PLAYS.get(kind, own_plays)(aims, c)


def is_legal(state: GameState, seat: int, action: Action) -> bool:
    """Returns whether action is in legal_actions(state, seat); a phase-2 play is checked alone, not listed with all."""
    if state.requests or seat != state.turn or state.phase != PLAY_PHASE or state.winner is not None:
        return action in legal_actions(state, seat)
    if isinstance(action, Play):
        return play_is_legal(state, seat, action)
    return isinstance(action, EndTurn) or action in anytime_heals(state, seat)


def play_is_legal(state: GameState, seat: int, action: Play) -> bool:
    """Returns whether a phase-2 play of the player whose turn it is is among plays_of its card (asked alone)."""
    p = state.players[seat]
    c = action.card
    if c not in p.hand:
        return False
    kind = CARD_KIND[c]
    own = variant_of(state.config).card_plays
    if type(action) is not Play or (own and kind in own):
        return action in plays_of(Aims(state, seat, None), c)
    if kind == MISSED and BANG_AND_MISSED_SWAP in p.abilities:
        kind = BANG
    if kind == BANG:  # bang_plays' list, asked about one target
        return action.target_card is None and bang_target_ok(state, seat, p, action.target)
    if kind not in PLAYS:  # own_plays: the card alone, unless a blue one of its kind is already in play
        return action.target is None and action.target_card is None and not (IS_BLUE[c] and p.has_in_play(kind))
    return action in plays_of(Aims(state, seat, None), c)


def bang_target_ok(state: GameState, seat: int, p: Player, target: object) -> bool:
    """Returns whether a BANG! of p (whose turn it is) at target is among bang_plays' plays."""
    if not can_bang(state, p):
        return False
    if target == seat:
        return state.config.options.bang_on_oneself
    if type(target) is not int:  # what a list would find it equal to, asked the list's way
        return target in Aims(state, seat, None).in_range()
    far = distances_from(state, seat).get(target)  # the living others' distances: Aims.in_range, for one of them
    return far is not None and far <= weapon_range(state, seat)


def discard_actions(state: GameState, seat: int) -> list[Action]:
    """Returns the phase-3 discards (and Sid Ketchum's heals) of a hand over its limit."""
    p = state.players[seat]
    return [card_action(Discard, c) for c in p.hand] + anytime_heals(state, seat)
