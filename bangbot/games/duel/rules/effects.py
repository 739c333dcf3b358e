"""What each card does when played from the hand or used from play, as one function per card name."""

from __future__ import annotations

from collections.abc import Callable

from bangbot.core import rng
from bangbot.core.events import Event
from bangbot.games.duel.rules.actions import Play
from bangbot.games.duel.rules.data import CARD_TYPES, CARDS, EQUIPMENT, RESOURCE, type_id
from bangbot.games.duel.rules.hits import start_hit
from bangbot.games.duel.rules.renegades import ignores, ignores_swap
from bangbot.games.duel.rules.requests import (
    TAKE,
    BecameAttacker,
    CardDuel,
    Choice,
    DiscardOne,
    DuelRequest,
    Indians,
    ResourceIn,
    Robbed,
    StorePick,
)
from bangbot.games.duel.rules.state import DuelState, seat_of
from bangbot.games.duel.rules.table import (
    Events,
    attacker_slot,
    discard_card,
    draw,
    fighter,
    heal,
    holder,
    opponents,
    put_in_play,
    set_life,
    swap_positions,
    take_top,
)

Requests = list[DuelRequest]
PlayEffect = Callable[[DuelState, int, Play, Events], Requests]

# Cards that answer a hit as a dodge (Missed!-type), from the hand.
DODGE_CARDS = frozenset({"missed", "return_fire", "trick", "companion"})
# Resources that answer a hit from play (discard it, then draw: Lucky Penny; Dexterity's lost symbol read as a
# Missed!'s too, ASSUMPTIONS: dexterity_missed).
DODGE_RESOURCES = frozenset({"dexterity", "lucky_penny"})


def _hit(state: DuelState, seat: int, play: Play, events: Events) -> Requests:
    """A BANG! card: one hit on the target (Quickdraw: one per card in play on it)."""
    assert play.target is not None
    name = type_id(play.card)
    if name == "lightning":
        state.bang_limit += 1
    if name == "quickdraw":
        count = len(fighter(state, play.target).in_play())
        return [r for _ in range(count) for r in start_hit(state, seat, play.target, play.card, events)]
    return start_hit(state, seat, play.target, play.card, events)


def _derringer(state: DuelState, seat: int, play: Play, events: Events) -> Requests:
    """Derringer: a hit that any card from the hand dodges (as a Missed!); Barrel, Hat and abilities work as usual."""
    # Rulebook 002 (Partner) reads Derringer so (ASSUMPTIONS: derringer_hit); its icon that "always works" in the
    # standoff is lost from the text and adds nothing here (ASSUMPTIONS: derringer_icon).
    assert play.target is not None
    return start_hit(state, seat, play.target, play.card, events)


def _everyone_but_my_attacker(state: DuelState, seat: int) -> list[int]:
    """Returns every character in play except seat's attacker: attackers first, then covers, clockwise from seat."""
    n = len(state.squads)
    order = [(seat + i) % n for i in range(n)]
    out = []
    for position in (0, 1):
        for s in order:
            if position < len(state.squads[s].fighters) and (s, position) != (seat, 0):
                out.append(s * 2 + position)
    return out


def _gatling(state: DuelState, seat: int, play: Play, events: Events) -> Requests:
    """Gatling: a hit on every character but the player's own attacker (El Chindi ignores it)."""
    return [
        r
        for slot in _everyone_but_my_attacker(state, seat)
        if not ignores(state, slot, seat)
        for r in start_hit(state, seat, slot, play.card, events)
    ]


def _indians(state: DuelState, seat: int, play: Play, events: Events) -> Requests:
    """Indians!: every character but the player's attacker discards a BANG! card or loses one life."""
    return [
        Indians(seat_of(slot), slot, seat, play.card)
        for slot in _everyone_but_my_attacker(state, seat)
        if not ignores(state, slot, seat)
    ]


def _chief(state: DuelState, seat: int, play: Play, events: Events) -> Requests:
    """Indian Chief: for each of the target's characters, its player discards a BANG! card or it loses one life."""
    assert play.target is not None
    target = seat_of(play.target)
    return [
        Indians(target, target * 2 + p, seat, play.card)
        for p in range(len(state.squads[target].fighters))
        if not ignores(state, target * 2 + p, seat)
    ]


def _saloon(state: DuelState, seat: int, play: Play, events: Events) -> Requests:
    """Saloon: the chosen character has exactly 3 life."""
    assert play.target is not None
    set_life(state, play.target, 3, events)
    return []


def _canteen(state: DuelState, seat: int, play: Play, events: Events) -> Requests:
    """Canteen: the chosen player's attacking and covering characters swap."""
    assert play.target is not None
    swap_positions(state, seat_of(play.target), events, by=seat)
    return [BecameAttacker(seat_of(play.target), seat, swap=True)]


def _steal(state: DuelState, seat: int, play: Play, events: Events) -> Requests:
    """Steal: a random card from the target's hand into the player's hand, or a card in play to the discard pile."""
    assert play.target is not None and play.target_card is not None
    victim = seat_of(play.target)
    if play.target_card < 0:
        hand = state.squads[victim].hand
        state.rng, pick = rng.below(state.rng, len(hand))
        taken = hand.pop(pick)
        state.squads[seat].hand.append(taken)
        events.append(Event("stolen", {"seat": seat, "from": victim}, {"card": taken}, (seat, victim)))
        return [Robbed(victim, seat, how=TAKE)]
    slot = holder(state, play.target_card)
    assert slot is not None
    discard_card(state, play.target_card)
    events.append(Event("discarded", {"seat": victim, "card": play.target_card, "by": seat}))
    return [Robbed(victim, seat, source=slot)]


def _schoolteacher(state: DuelState, seat: int, play: Play, events: Events) -> Requests:
    """Schoolteacher: an equipment card (or resource: rulebook 002) in play goes into the player's hand."""
    assert play.target_card is not None
    owner = seat_of(play.target) if play.target is not None else seat
    discard_card(state, play.target_card)
    state.discard.remove(play.target_card)
    state.squads[seat].hand.append(play.target_card)
    events.append(Event("taken", {"seat": seat, "card": play.target_card, "from": owner}))
    return [Robbed(owner, seat, how=TAKE)] if owner != seat else []


def _duel(state: DuelState, seat: int, play: Play, events: Events) -> Requests:
    """Duel: the target player and the player discard BANG! cards in turn; the first who does not loses one life."""
    assert play.target is not None
    other = seat_of(play.target)
    return [CardDuel(other, seat, other, play.card, "bang")]


def _ricochet(state: DuelState, seat: int, play: Play, events: Events) -> Requests:
    """Ricochet: as a Duel, with Missed! cards."""
    assert play.target is not None
    other = seat_of(play.target)
    return [CardDuel(other, seat, other, play.card, "missed")]


def _stagecoach(state: DuelState, seat: int, play: Play, events: Events) -> Requests:
    """Stagecoach: draw three cards, then discard one."""
    draw(state, seat, 3, events, reason="stagecoach")
    # Asked even when the hand looks empty: Dutch Harry's draws are decided first (an empty hand is not asked).
    return [DiscardOne(seat, "stagecoach")]


def _beer(state: DuelState, seat: int, play: Play, events: Events) -> Requests:
    """Beer: the player's attacking and covering characters each gain one life."""
    for p in range(len(state.squads[seat].fighters)):
        heal(state, seat * 2 + p, 1, events)
    return []


def _general_store(state: DuelState, seat: int, play: Play, events: Events) -> Requests:
    """General Store: two cards from each player's deck (or from the common deck) are picked in turn, player first."""
    n = len(state.squads)
    order = [s for s in ((seat + i) % n for i in range(n)) if state.squads[s].alive]
    shown: list[int] = []
    for s in order:
        for _ in range(2):
            c = take_top(state, s)
            if c is not None:
                shown.append(c)
    if not shown:
        return []
    picks = [order[i % len(order)] for i in range(len(shown))]
    events.append(Event("store", {"cards": shown}))
    return [StorePick(picks[0], tuple(shown), tuple(picks))]


def _cover(state: DuelState, seat: int, play: Play, events: Events) -> Requests:
    """Cover: swap one or two players' attacking and covering characters, in the player's order (the first swap is
    what the card is played for; the second may be the same player again, or none; ASSUMPTIONS: cover_first_swap)."""
    return [Choice(seat, "cover", tuple(swappable(state, seat)), left=2)]


def swappable(state: DuelState, seat: int) -> list[str]:
    """Returns each seat whose two characters in play an action of seat's may swap (El Chindi ignores it)."""
    return [
        str(s) for s in state.alive_seats() if len(state.squads[s].fighters) > 1 and not ignores_swap(state, s, seat)
    ]


def _discard_in_play(state: DuelState, seat: int, card: int, events: Events) -> Requests:
    """Discards a card in play on any character; another player's robbed triggers follow (Wild Bill, Hick Addams)."""
    slot = holder(state, card)
    assert slot is not None
    discard_card(state, card)
    events.append(Event("discarded", {"seat": seat_of(slot), "card": card, "by": seat}))
    return [Robbed(seat_of(slot), seat, source=slot)] if seat_of(slot) != seat else []


def _ambush(state: DuelState, seat: int, play: Play, events: Events) -> Requests:
    """Ambush: discard a card in play on any attacker (the chosen one), then optionally one on the own attacker."""
    out = _discard_in_play(state, seat, play.target_card, events) if play.target_card is not None else []
    own = state.squads[seat].fighters[0].in_play() if state.squads[seat].fighters else []
    if own:
        out.append(Choice(seat, "ambush", ("none", *map(str, own))))
    return out


def blow_victims(state: DuelState, seat: int) -> list[int]:
    """Returns the players whose hand Blow may reach: any player ("любого игрока", the player too; in the standoff
    the own target only, Blow being on the "соперник" list), with a card in hand, not shielded by El Chindi.

    ASSUMPTIONS: blow_any_hand."""
    seats = [seat, *opponents(state, seat, "blow")]
    return [s for s in seats if state.squads[s].hand and not ignores(state, attacker_slot(state, s), seat)]


def _blow(state: DuelState, seat: int, play: Play, events: Events) -> Requests:
    """Blow: discard a card in play on any attacker and/or a random card from a player's hand."""
    out = _discard_in_play(state, seat, play.target_card, events) if play.target_card is not None else []
    options = [str(s) for s in blow_victims(state, seat)]
    if options:
        out.append(Choice(seat, "blow", ("none", *options)))
    return out


def _union_pacific(state: DuelState, seat: int, play: Play, events: Events) -> Requests:
    """Union Pacific: draw two cards in all, each from the player's own deck or the target's."""
    decks = [str(seat)] + [str(s) for s in opponents(state, seat, "union_pacific")]
    return [Choice(seat, "union_pacific", tuple(decks), left=2)]


def _equip(state: DuelState, seat: int, play: Play, events: Events) -> Requests:
    """Equipment and resources: the card goes in play on the chosen character (a same-named equipment is replaced)."""
    assert play.target is not None
    old = put_in_play(state, play.target, play.card)
    character = fighter(state, play.target).character
    events.append(
        Event("equip", {"seat": seat, "card": play.card, "slot": play.target, "replaced": old, "character": character})
    )
    if CARDS[play.card].type.frame == RESOURCE:
        return [ResourceIn(seat, play.target)]
    return []


PLAY_EFFECTS: dict[str, PlayEffect] = {
    "derringer": _derringer,
    "knife": _hit,
    "gatling": _gatling,
    "indians": _indians,
    "chief": _chief,
    "saloon": _saloon,
    "canteen": _canteen,
    "steal": _steal,
    "schoolteacher": _schoolteacher,
    "duel": _duel,
    "ricochet": _ricochet,
    "stagecoach": _stagecoach,
    "beer": _beer,
    "general_store": _general_store,
    "cover": _cover,
    "ambush": _ambush,
    "blow": _blow,
    "union_pacific": _union_pacific,
}


def play_effect(name: str) -> PlayEffect:
    """Returns what playing a card of this name from the hand does."""
    if name in PLAY_EFFECTS:
        return PLAY_EFFECTS[name]
    return _equip if CARD_TYPES[name].frame in (EQUIPMENT, RESOURCE) else _hit
