"""The renegades' abilities that ask or act: Fortune Teller, Alicia, Marshal, Hick Addams, Big Jim, Dutch Harry."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bangbot.core.events import Event
from bangbot.games.duel.rules.data import CHARACTER
from bangbot.games.duel.rules.hits import start_hit
from bangbot.games.duel.rules.renegades import (
    ALICIA,
    BIG_JIM,
    DUTCH_HARRY,
    FORTUNE_TELLER,
    HICK_ADDAMS,
    has_ability_at,
)
from bangbot.games.duel.rules.requests import (
    MARSHAL,
    TAKE,
    BecameAttacker,
    Choice,
    Choices,
    DuelRequest,
    GoldPanTwice,
    HarryDraw,
    LeroyRepeat,
    MarshalDraw,
    Robbed,
)
from bangbot.games.duel.rules.resources import gold_pan, leroy_repeats
from bangbot.games.duel.rules.state import DuelState, seat_of
from bangbot.games.duel.rules.table import (
    COMMON_DECK,
    Events,
    ability,
    can_take,
    discard_card,
    draw,
    holder,
    opponents,
    peek_top,
    swap_positions,
    take_top,
)

Requests = list[DuelRequest]
Option = Callable[[DuelState, int, Choice, str, Events], Requests]
DRAW = "draw"  # Alicia: draw as usual
KEEP = "keep"  # Dutch Harry: keep the card looked at
DISCARD = "discard"  # Dutch Harry: discard it and take the next one
COMMON = "common"  # the Marshal: draw from the common deck


def fortune_bang(state: DuelState, seat: int, card: int, target: int, events: Events) -> Requests:
    """The Fortune Teller discards one of her cards in play as a BANG! (counted as the turn's BANG!), then draws 1."""
    discard_card(state, card)
    state.bangs_played += 1
    events.append(Event("ability", {"seat": seat, "ability": FORTUNE_TELLER, "card": card, "target": target}))
    # "then draw 1": drawn at once, before the hit is answered, as Sledge does (ASSUMPTIONS: fortune_draws_at_once).
    draw(state, seat, 1, events, reason=FORTUNE_TELLER)
    return start_hit(state, seat, target, None, events, rider="colt")


def fortune_discards(state: DuelState, seat: int, card: int, events: Events) -> None:
    """The Fortune Teller discards one of her cards in play as a Missed! or a BANG! card, then draws 1."""
    discard_card(state, card)
    events.append(Event("ability", {"seat": seat, "ability": FORTUNE_TELLER, "card": card}))
    draw(state, seat, 1, events, reason=FORTUNE_TELLER)


def alicia_asks(state: DuelState, seat: int) -> Requests:
    """Alicia may replace the draw phase by taking one card in play from any attacker: the choice, or none."""
    if not ability(state, seat, ALICIA):
        return []
    # The whole draw phase is replaced: no Bank card either (ASSUMPTIONS: alicia_whole_phase).
    cards = [str(c) for q in state.squads if q.fighters for c in q.fighters[0].in_play()]
    return [Choice(seat, ALICIA, (DRAW, *cards))] if cards else []


def _alicia_takes(state: DuelState, seat: int, r: Choice, option: str, events: Events) -> Requests:
    """Alicia takes the chosen card in play into her hand instead of drawing."""
    card = int(option)
    slot = holder(state, card)
    assert slot is not None
    discard_card(state, card)
    state.discard.remove(card)
    state.squads[seat].hand.append(card)
    events.append(Event("taken", {"seat": seat, "card": card, "from": seat_of(slot)}))
    owner = seat_of(slot)
    return [Robbed(owner, seat, how=TAKE, source=slot)] if owner != seat else []


def marshal_enters(state: DuelState, seat: int, character: str) -> Requests:
    """The Marshal came into play: his player draws 3 cards in all, each from a deck chosen after seeing the last."""
    if CHARACTER[character].ability != MARSHAL:
        return []
    return [MarshalDraw(seat, 3)]


def _marshal_draws(state: DuelState, seat: int, r: MarshalDraw, option: str, events: Events) -> Requests:
    """Draws one of the Marshal's cards from the chosen deck."""
    draw(state, seat, 1, events, reason=MARSHAL, deck_of=COMMON_DECK if option == COMMON else int(option))
    return [replace(r, left=r.left - 1)] if r.left > 1 else []


def after_swap(state: DuelState, r: BecameAttacker, events: Events) -> Requests:
    """A player's attacker and cover swapped: Big Jim's player may swap an opponent's too."""
    seat = r.seat
    # Big Jim counts as the attacker after the swap (ASSUMPTIONS: big_jim_as_attacker).
    if r.by_big_jim or not state.squads[seat].alive or not ability(state, seat, BIG_JIM):
        return []
    options = [str(o) for o in opponents(state, seat, BIG_JIM) if len(state.squads[o].fighters) > 1]
    return [Choice(seat, BIG_JIM, ("none", *options))] if options else []


def _big_jim_swaps(state: DuelState, seat: int, r: Choice, option: str, events: Events) -> Requests:
    """Big Jim's player swaps the chosen opponent's attacker and cover."""
    other = int(option)
    swap_positions(state, other, events, by=seat)
    return [BecameAttacker(other, seat, swap=True, by_big_jim=True)]


def hick_draws(state: DuelState, r: Robbed) -> bool:
    """Returns whether Hick Addams draws after another player robbed his player: a discard from the hand (a forced
    one too: Peacemaker, Tex Killer, Slim Poet; not a card given to answer an attack, ASSUMPTIONS: hick_forced), or
    of a card in play on Hick himself (a card taken instead of discarded does not count)."""
    if r.how == TAKE:
        return False
    if r.source is None:
        return ability(state, r.seat, HICK_ADDAMS)
    return has_ability_at(state, r.source, HICK_ADDAMS)


def prepare(state: DuelState, r: Choices) -> Choices:
    """Returns a choice with its options filled in as the table is when it is asked: Dutch Harry's card, the
    Marshal's decks, and the cards or players still there (what was resolved in between may have taken some away)."""
    named = [o for o in r.options if not o.isdigit()]  # "none", "draw", "once": always offered
    if isinstance(r, HarryDraw):
        return _harry_looks(state, r)
    if isinstance(r, Choice) and r.reason in PREPARES:
        options = tuple(PREPARES[r.reason](state, r, named))
    elif isinstance(r, MarshalDraw):
        options = _marshal_decks(state)
    elif isinstance(r, LeroyRepeat | GoldPanTwice):
        options = (*named, *_hand_cards(state, r.seat))
    else:
        return r
    return r if options == r.options else replace(r, options=options)


def _harry_looks(state: DuelState, r: HarryDraw) -> HarryDraw:
    """Dutch Harry looks at the top card of the chosen deck: keep or discard it, if there is one."""
    look = peek_top(state, r.seat, r.deck_of)
    options = (KEEP, DISCARD) if look is not None else ()
    return r if (look, options) == (r.look, r.options) else replace(r, look=look, options=options)


def _marshal_decks(state: DuelState) -> tuple[str, ...]:
    """The Marshal may draw from any player's deck, or the common deck while it has cards."""
    return (*(str(q.seat) for q in state.squads), *([COMMON] if state.common else []))


def _hand_cards(state: DuelState, seat: int) -> list[str]:
    """Little Leroy and the twice-used Gold Pan choose among the kinds of card in the hand."""
    return [str(c) for c in sorted(set(state.squads[seat].hand))]


def _cards_in_play(state: DuelState, r: Choice, named: list[str]) -> list[str]:
    """Carbine, Alicia (any attacker's) and Ambush (one's own attacker's) keep the cards still in play."""
    squads = [state.squads[r.seat]] if r.reason == "ambush" else state.squads
    there = {str(c) for q in squads if q.fighters for c in q.fighters[0].in_play()}
    return named + [o for o in r.options if o in there]


def _swappable(state: DuelState, r: Choice, named: list[str]) -> list[str]:
    """Shotgun, Cover and Big Jim keep the players who still have an attacker and a cover."""
    return named + [o for o in r.options if o.isdigit() and len(state.squads[int(o)].fighters) > 1]


def _with_hand(state: DuelState, r: Choice, named: list[str]) -> list[str]:
    """Blow keeps the players who still hold a card."""
    return named + [o for o in r.options if o.isdigit() and state.squads[int(o)].hand]


# How a plain choice's options are filled in when it is asked, by its reason; other choices keep theirs.
PREPARES: dict[str, Callable[[DuelState, Choice, list[str]], list[str]]] = {
    "carbine": _cards_in_play,
    "ambush": _cards_in_play,
    ALICIA: _cards_in_play,
    "shotgun": _swappable,
    "cover": _swappable,
    BIG_JIM: _swappable,
    "blow": _with_hand,
}


def _harry_draws(state: DuelState, seat: int, r: HarryDraw, option: str, events: Events) -> Requests:
    """Dutch Harry keeps the card he looked at, or discards it and must keep the next one."""
    deck_of = r.deck_of
    card = take_top(state, seat, deck_of)
    if card is not None and option == DISCARD:
        state.discard.append(card)
        events.append(Event("discarded", {"seat": seat, "card": card, "by": seat, "reason": DUTCH_HARRY}))
        card = take_top(state, seat, deck_of)
    if card is not None:
        state.squads[seat].hand.append(card)
        events.append(Event("draw", {"seat": seat, "count": 1, "reason": r.cause}, {"cards": [card]}, (seat,)))
    left = r.left - 1
    return [replace(r, left=left, look=None)] if left > 0 and can_take(state, seat, deck_of) else []


# How the renegades' plain choices apply, by their reason.
OPTIONS: dict[str, Option] = {
    ALICIA: _alicia_takes,
    BIG_JIM: _big_jim_swaps,
}
# How the renegades' choices with fields of their own apply, by their type.
CHOICE_ANSWERS: dict[type, Callable[[DuelState, int, Any, str, Events], Requests]] = {
    MarshalDraw: _marshal_draws,
    HarryDraw: _harry_draws,
    LeroyRepeat: leroy_repeats,
    GoldPanTwice: gold_pan,
}
