"""Characters' once-a-turn abilities used in the play phase (named by their atom) and the decisions they lead to."""

from __future__ import annotations

from dataclasses import replace

from bangbot.core import rng
from bangbot.core.events import Event
from bangbot.games.duel.rules.data import ACTION, CARDS
from bangbot.games.duel.rules.requests import Choice, DiscardOne, DuelRequest, KeepOne, Loot, Robbed
from bangbot.games.duel.rules.state import DuelState
from bangbot.games.duel.rules.table import Events, ability, discard_card, draw, own_target, take_top

Requests = list[DuelRequest]

EMPTY_HAND_DRAWS = "empty_hand_draws"  # Babe Leroy
DISCARDS_OWN_CARD_DRAWS = "discards_own_card_draws"  # Cattle Katie
SWAPS_A_CARD = "swaps_a_card"  # Sundance Kid
REUSES_DISCARD_ACTION = "reuses_discard_action"  # Pearl Hart (a Play with how="reuse")
TURN_ABILITIES = (EMPTY_HAND_DRAWS, DISCARDS_OWN_CARD_DRAWS, SWAPS_A_CARD)
NONE = "none"


def katie_cards(state: DuelState, seat: int) -> list[int]:
    """Returns the cards in play on the attacker that Cattle Katie may discard (not the always-active ones)."""
    squad = state.squads[seat]
    return [c for c in squad.fighters[0].in_play() if not CARDS[c].type.always] if squad.fighters else []


def turn_abilities(state: DuelState, seat: int) -> list[str]:
    """Returns the atoms of the once-a-turn abilities seat may use now in its play phase."""
    hand = state.squads[seat].hand
    out: list[str] = []
    for atom in TURN_ABILITIES:
        if atom in state.used or not ability(state, seat, atom):
            continue
        if atom == EMPTY_HAND_DRAWS and hand:
            continue
        if atom == DISCARDS_OWN_CARD_DRAWS and not katie_cards(state, seat):
            continue
        if atom == SWAPS_A_CARD and not hand:
            continue
        out.append(atom)
    return out


def use_ability(state: DuelState, seat: int, atom: str, events: Events) -> Requests:
    """Uses a once-a-turn ability; returns the decision it asks for, if any."""
    state.used.append(atom)
    events.append(Event("ability", {"seat": seat, "ability": atom}))
    if atom == EMPTY_HAND_DRAWS:
        draw(state, seat, 2, events, reason=atom)
        return []
    if atom == DISCARDS_OWN_CARD_DRAWS:
        options = tuple(str(c) for c in katie_cards(state, seat))
        return [Choice(seat, DISCARDS_OWN_CARD_DRAWS, options)]
    return [DiscardOne(seat, SWAPS_A_CARD)]


def katie_discards(state: DuelState, seat: int, card: int, events: Events) -> Requests:
    """Cattle Katie discards the chosen card in play on her and draws two."""
    discard_card(state, card)
    events.append(Event("discarded", {"seat": seat, "card": card, "by": seat, "reason": DISCARDS_OWN_CARD_DRAWS}))
    draw(state, seat, 2, events, reason=DISCARDS_OWN_CARD_DRAWS)
    return []


def sundance_draws(state: DuelState, seat: int, events: Events) -> Requests:
    """Sundance Kid, having discarded: one card from his deck and one from the opponent's; he keeps one."""
    # In the standoff the second card comes from the own target's deck (ASSUMPTIONS: sundance_standoff_deck).
    shown = [c for c in (take_top(state, seat), take_top(state, seat, own_target(state, seat))) if c is not None]
    if len(shown) < 2:
        state.squads[seat].hand += shown
        return []
    events.append(Event("drawn_to_keep", {"seat": seat, "count": 2}, {"cards": shown}, (seat,)))
    return [KeepOne(seat, tuple(shown))]


def kept(state: DuelState, seat: int, r: KeepOne, card: int, events: Events) -> Requests:
    """Keeps one of the cards shown to keep; the others go to the discard pile."""
    state.squads[seat].hand.append(card)
    rest = [c for c in r.shown if c != card]
    state.discard += rest
    events.append(Event("kept", {"seat": seat, "discarded": rest}))
    return []


def loot_options(state: DuelState, r: Loot) -> tuple[str, ...]:
    """Returns Bull Anderson's choices: none, the dead character's cards still on the discard pile, its owner's hand."""
    options = [NONE] + [str(c) for c in r.cards if c in state.discard]
    if r.owner != r.seat and state.squads[r.owner].hand:
        options.append("hand")
    return tuple(options)


def loot_request(state: DuelState, bull: int, owner: int, cards: list[int]) -> Requests:
    """Returns Bull Anderson's question after a death, when there is something to take."""
    r = Loot(bull, owner, tuple(cards), 2, ())
    r = replace(r, options=loot_options(state, r))
    return [r] if len(r.options) > 1 else []


def loot(state: DuelState, seat: int, r: Loot, option: str, events: Events) -> Requests:
    """Bull Anderson takes a dead character's card from the discard pile or a random card from its owner's hand."""
    owner = r.owner
    out: Requests = []
    if option == "hand":
        hand = state.squads[owner].hand
        state.rng, pick = rng.below(state.rng, len(hand))
        taken = hand.pop(pick)
        events.append(Event("stolen", {"seat": seat, "from": owner}, {"card": taken}, (seat, owner)))
        out.append(Robbed(owner, seat))
    else:
        taken = int(option)
        state.discard.remove(taken)
        events.append(Event("taken", {"seat": seat, "card": taken, "from": -1}))
    state.squads[seat].hand.append(taken)
    left = replace(r, left=r.left - 1)
    left = replace(left, options=loot_options(state, left))
    if left.left > 0 and len(left.options) > 1:
        out.insert(0, left)
    return out


def is_action(card: int) -> bool:
    """Returns whether a card is a brown action card (what Pearl Hart may reuse from the discard pile)."""
    return CARDS[card].type.frame == ACTION


def reusable(state: DuelState, seat: int) -> int | None:
    """Returns the action card on top of the discard pile that Pearl Hart may use now, or None."""
    if REUSES_DISCARD_ACTION in state.used or not ability(state, seat, REUSES_DISCARD_ACTION):
        return None
    if not state.discard or not state.squads[seat].hand:
        return None
    top = state.discard[-1]
    return top if is_action(top) else None
