"""A whole Duel table rebuilt from one seat's view: what the seat sees kept, what it cannot see dealt at random."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import replace
from functools import lru_cache
from typing import Any

from bangbot.games.duel.rules.data import CHARACTER, characters_of
from bangbot.games.duel.rules.engine import new_game
from bangbot.games.duel.rules.modes import MODES
from bangbot.games.duel.rules.requests import DuelRequest, HarryDraw, KeepOne, Lineup, Replace, StorePick
from bangbot.games.duel.rules.state import DuelState, Fighter, Squad
from bangbot.games.duel.rules.table import COMMON_DECK
from bangbot.games.duel.rules.views import DuelView, FighterView

RNG_BITS = 64
CUTOFF = 60  # decisions a rollout of the searching AI plays before it reads score (about six turns)
EARLIER = 0  # the turn number given to a resource that entered before this turn (only "this turn" is ever asked)


@lru_cache(maxsize=16)
def _dealt(config: Any) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Returns each seat's own cards (its deck and first hand) and its first hand's size, for a table of this config."""
    state, _ = new_game(config, 0)
    return tuple(tuple(sorted(q.deck + q.hand)) for q in state.squads), tuple(q.start_hand for q in state.squads)


def _without(pool: Iterable[Any], known: Iterable[Any]) -> Counter[Any]:
    """Returns the multiset pool less one copy of each known item."""
    left = Counter(pool)
    left.subtract(Counter(known))
    return +left


def _take(left: Counter[int], preferred: Counter[int], n: int, rnd: random.Random) -> list[int]:
    """Returns n cards drawn at random from left, from those also in preferred first; removes them from left."""
    first = sorted((left & preferred).elements())
    rnd.shuffle(first)
    out = first[:n]
    if len(out) < n:
        rest = sorted((left - Counter(out)).elements())
        rnd.shuffle(rest)
        out += rest[: n - len(out)]
    left.subtract(Counter(out))
    return out


def _fighter(f: FighterView, turn_number: int) -> Fighter:
    """Returns a character in play from its public side."""
    entered = {c: turn_number if c in f.fresh else EARLIER for c in f.resources}
    return Fighter(f.character, f.life, f.max_life, list(f.equipment), list(f.resources), entered)


def _known_cards(view: DuelView) -> list[int]:
    """Returns every card the seat sees where it lies: its hand, cards in play, the discard pile, cards shown."""
    known = [*view.hand, *view.discard]
    known += [c for q in view.squads for f in q.fighters for c in (*f.equipment, *f.resources)]
    for r in view.pending:
        if isinstance(r, StorePick) or (isinstance(r, KeepOne) and r.seat == view.seat):
            known += r.shown
    return known


def _looks(view: DuelView) -> list[tuple[int, int]]:
    """Returns (deck owner, card) of each card the seat alone looks at on top of a deck (Dutch Harry)."""
    out = []
    for r in view.pending:
        if isinstance(r, HarryDraw) and r.seat == view.seat and r.look is not None:
            owner = r.seat if r.deck_of is None else r.deck_of
            out.append((owner if owner != COMMON_DECK and view.squads[owner].deck_count else COMMON_DECK, r.look))
    return out


def _reserves(view: DuelView, rnd: random.Random) -> list[list[str]]:
    """Returns each seat's reserve: the seat's own as seen, another's drawn from its side's characters nobody saw."""
    seen = {f.character for q in view.squads for f in q.fighters} | {c for q in view.squads for c in q.dead}
    seen |= set(view.reserve)
    out = []
    for q in view.squads:
        if q.seat == view.seat:
            out.append(list(view.reserve))
            continue
        side = MODES[view.config.preset].sides[q.seat]
        unseen = sorted({c for deck in side.decks for c in characters_of(deck)} - seen)
        out.append(rnd.sample(unseen, q.reserve_count))
    return out


def determinize(view: DuelView, rnd: random.Random, memory: Mapping[str, Any] | None = None) -> DuelState:
    """Returns a state whose view for view.seat is view: other hands and reserves, every deck's order dealt at random.

    A deck is dealt from its owner's cards nobody sees first; a card the seat alone looks at stays on its deck's top.
    memory is not read: the Duel hides no role, and its heuristic remembers nothing.
    """
    own_cards, start_hands = _dealt(view.config)
    looks = _looks(view)
    left = _without((c for cards in own_cards for c in cards), [*_known_cards(view), *(c for _, c in looks)])
    decks = []
    for q in view.squads:
        on_top = [c for owner, c in looks if owner == q.seat]
        deck = _take(left, Counter(own_cards[q.seat]), q.deck_count - len(on_top), rnd)
        decks.append(deck + on_top)
    hands = [list(view.hand) if q.seat == view.seat else _take(left, Counter(), q.hand_count, rnd) for q in view.squads]
    requests = _requests(view, left, rnd)
    common = _take(left, Counter(), view.common_count - sum(o == COMMON_DECK for o, _ in looks), rnd)
    common += [c for owner, c in looks if owner == COMMON_DECK]
    reserves = _reserves(view, rnd)
    squads = [
        Squad(
            q.seat,
            q.side,
            decks[q.seat],
            hands[q.seat],
            [_fighter(f, view.turn_number) for f in q.fighters],
            reserves[q.seat],
            list(q.dead),
            start_hands[q.seat],
        )
        for q in view.squads
    ]
    _fill_asked(requests, view.seat, squads, common)
    return DuelState(
        view.config,
        squads,
        rnd.getrandbits(RNG_BITS),
        common,
        list(view.discard),
        view.turn,
        view.turn_number,
        view.phase,
        view.bangs_played,
        view.bang_limit,
        list(view.used),
        requests,
        view.winner,
        view.version,
    )


def _requests(view: DuelView, left: Counter[int], rnd: random.Random) -> list[DuelRequest]:
    """Returns the pending decisions, the cards shown to another seat alone dealt at random."""
    shown_elsewhere = [r for r in view.pending if isinstance(r, KeepOne) and r.seat != view.seat]
    spare = sum(left.values()) - view.common_count
    out: list[DuelRequest] = []
    for r in view.pending:
        if isinstance(r, KeepOne) and r.seat != view.seat:
            share = spare // len(shown_elsewhere)
            out.append(replace(r, shown=tuple(_take(left, Counter(), share, rnd))))
        else:
            out.append(r)
    return out


def _fill_asked(requests: list[DuelRequest], seat: int | None, squads: list[Squad], common: list[int]) -> None:
    """Fills in what the decision asked of another seat shows it alone: its reserve, the card Dutch Harry looks at."""
    r = requests[0] if requests else None
    if not isinstance(r, Lineup | Replace | HarryDraw) or r.seat == seat:
        return
    if isinstance(r, Lineup | Replace) and r.options == () and squads[r.seat].reserve:
        requests[0] = replace(r, options=tuple(squads[r.seat].reserve))
    if isinstance(r, HarryDraw):
        owner = r.seat if r.deck_of is None else r.deck_of
        pile = squads[owner].deck if owner != COMMON_DECK and squads[owner].deck else common
        requests[0] = replace(r, look=pile[-1] if pile else None)


def won(state: DuelState, seat: int) -> bool:
    """Returns whether seat's side won the game."""
    return state.winner is not None and state.squads[seat].side == state.winner


def strength(state: DuelState, seat: int) -> float:
    """Returns the life seat's squad has left, in play and in reserve (a reserve character at its full life)."""
    squad = state.squads[seat]
    return float(sum(f.life for f in squad.fighters) + sum(CHARACTER[c].life for c in squad.reserve))


def score(state: DuelState, seat: int) -> float:
    """Returns seat's chance to win an unfinished Duel, guessed as its share of all the life left on the table."""
    total = sum(strength(state, s) for s in range(len(state.squads)))
    return strength(state, seat) / total if total else 0.5


def role_of(state: DuelState, seat: int) -> str:
    """Returns seat's side."""
    return state.squads[seat].side
