"""Reading and changing a Duel table: decks, checks, active cards and abilities, targets, life and deaths."""

from __future__ import annotations

from bangbot.core import rng
from bangbot.core.events import Event
from bangbot.games.duel.rules.data import BANG, CARDS, CHARACTER, RESOURCE, type_id
from bangbot.games.duel.rules.modes import MODES, STANDOFF
from bangbot.games.duel.rules.requests import (
    FILTERS_DRAWS,
    TAKES_HURT_FOR_PARTNER,
    Died,
    DuelRequest,
    HarryDraw,
    Hurt,
    StandIn,
)
from bangbot.games.duel.rules.state import ATTACKER, COVER, DuelState, Fighter, position_of, seat_of, slot_of

# The cards on rulebook 002's "соперник" list: in the standoff they act only on the player's own target.
TARGET_ONLY_CARDS = frozenset(
    {"watch", "duel", "derringer", "grapeshot", "ricochet", "partner", "chief", "union_pacific", "blow", "return_fire"}
)
# The abilities of the characters on that list (any other player counts for every other character and card).
TARGET_ONLY_CHARACTERS = frozenset(
    {
        "swaps_both",  # Big Jim
        "check_dodges_and_shoots",  # Kid Curry
        "draws_when_attacker_moves",  # Jango
        "hurt_hits_back",  # Alan Pinkerton
        "second_draw_horseshoe",  # Pat Garrett
        "dodged_draws",  # Wyatt Earp
        "enters_hits_cover",  # Tom Horn
    }
)

Events = list[Event]
COMMON_DECK = -1  # deck_of value naming the common deck itself (the Marshal may draw from it)

TURN_DRAW = "turn"  # a draw's reason: the turn's own draw
RELOAD_DRAW = "reload"  # a draw's reason: a card discarded for its reload symbol
DEATH_DRAW = "death"  # a draw's reason: one of the drawer's characters is out of the game


def mode_of(state: DuelState) -> str:
    """Returns the mode id of the table."""
    return state.config.preset


def is_standoff(state: DuelState) -> bool:
    """Returns whether three players share the table (the Mexican standoff)."""
    return mode_of(state) == STANDOFF


def own_target(state: DuelState, seat: int) -> int:
    """Returns the seat a player must eliminate: the standoff's target, or the only opponent."""
    if is_standoff(state):
        wanted = MODES[STANDOFF].sides[seat].target
        return next(s.seat for s in state.squads if s.side == wanted)
    return 1 - seat


def opponents(state: DuelState, seat: int, card_or_character: str = "") -> list[int]:
    """Returns the other seats still in play that an effect may reach (only the own target for "соперник" ones)."""
    if is_standoff(state) and (card_or_character in TARGET_ONLY_CARDS or card_or_character in TARGET_ONLY_CHARACTERS):
        target = own_target(state, seat)
        return [target] if state.squads[target].alive else []
    return [s for s in state.alive_seats() if s != seat]


def attacker_slot(state: DuelState, seat: int) -> int | None:
    """Returns the slot of a seat's attacking character, or None when it has none left."""
    return slot_of(seat, ATTACKER) if state.squads[seat].fighters else None


def cover_slot(state: DuelState, seat: int) -> int | None:
    """Returns the slot of a seat's covering character, or None when only one character is in play."""
    return slot_of(seat, COVER) if len(state.squads[seat].fighters) > 1 else None


def fighter(state: DuelState, slot: int) -> Fighter:
    """Returns the character in a filled slot."""
    found = state.fighter(slot)
    if found is None:
        raise ValueError(f"slot {slot} is empty")
    return found


def ability(state: DuelState, seat: int, atom: str, slot: int | None = None) -> bool:
    """Returns whether a seat has a character with this ability that counts: attacking, always active, or targeted."""
    for position, f in enumerate(state.squads[seat].fighters):
        card = CHARACTER[f.character]
        if card.ability == atom and (position == ATTACKER or card.always or slot == slot_of(seat, position)):
            return True
    return False


def active_cards(state: DuelState, seat: int, slot: int | None = None) -> list[int]:
    """Returns a seat's cards in play that count: the attacker's, always-active ones, and the targeted slot's."""
    out: list[int] = []
    for position, f in enumerate(state.squads[seat].fighters):
        counts = position == ATTACKER or slot == slot_of(seat, position)
        out += [c for c in f.in_play() if counts or CARDS[c].type.always]
    return out


def has_active(state: DuelState, seat: int, name: str, slot: int | None = None) -> int | None:
    """Returns a counting card of this name in play for seat, or None."""
    return next((c for c in active_cards(state, seat, slot) if type_id(c) == name), None)


def holder(state: DuelState, card: int) -> int | None:
    """Returns the slot whose character has this card in play, or None."""
    for slot in state.slots():
        if card in fighter(state, slot).in_play():
            return slot
    return None


def is_hit_card(state: DuelState, seat: int, card: int) -> bool:
    """Returns whether a hand card counts as a BANG! card for seat (Duel, Indians!): red, or playable as one."""
    name = type_id(card)
    if CARDS[card].type.frame == BANG or name == "companion":
        return True
    if ability(state, seat, "any_card_as_bang"):
        return True
    return name == "missed" and ability(state, seat, "bang_as_missed")


def shuffle_discard_into_common(state: DuelState) -> None:
    """Makes the discard pile (all but its top card) the common deck, shuffled."""
    keep = state.discard[-1:] if state.discard else []
    state.rng, state.common = rng.shuffled(state.rng, state.common + state.discard[:-1])
    state.discard = keep


def take_top(state: DuelState, seat: int, deck_of: int | None = None) -> int | None:
    """Takes the top card of a seat's own deck (or another seat's), else of the common deck; None when all are empty."""
    own = seat if deck_of is None else deck_of
    if own != COMMON_DECK and state.squads[own].deck:
        return state.squads[own].deck.pop()
    if not state.common:
        shuffle_discard_into_common(state)
    return state.common.pop() if state.common else None


def can_take(state: DuelState, seat: int, deck_of: int | None = None) -> bool:
    """Returns whether a card may still be taken from that deck, the common deck or the discard pile."""
    own = seat if deck_of is None else deck_of
    return (own != COMMON_DECK and bool(state.squads[own].deck)) or bool(state.common) or len(state.discard) > 1


def peek_top(state: DuelState, seat: int, deck_of: int | None = None) -> int | None:
    """Returns the card take_top would take next (the discard pile becomes the common deck first if needed)."""
    own = seat if deck_of is None else deck_of
    if own != COMMON_DECK and state.squads[own].deck:
        return state.squads[own].deck[-1]
    if not state.common:
        shuffle_discard_into_common(state)
    return state.common[-1] if state.common else None


def draw(
    state: DuelState, seat: int, n: int, events: Events, deck_of: int | None = None, reason: str = TURN_DRAW
) -> list[int]:
    """Draws n cards into seat's hand (own deck first, then the common deck); returns them.

    reason (a card, character or ability id, RELOAD_DRAW, DEATH_DRAW) says what made the draw, for the log;
    TURN_DRAW for the turn's own draw.

    Dutch Harry's player decides on each card: the draw becomes a decision put before all others (returns [])."""
    if n > 0 and ability(state, seat, FILTERS_DRAWS) and can_take(state, seat, deck_of):
        state.requests.append(HarryDraw(seat, n, deck_of, cause=reason))
        return []
    drawn: list[int] = []
    for _ in range(n):
        c = take_top(state, seat, deck_of)
        if c is None:
            break
        drawn.append(c)
    state.squads[seat].hand += drawn
    if drawn:
        events.append(Event("draw", {"seat": seat, "count": len(drawn), "reason": reason}, {"cards": drawn}, (seat,)))
    return drawn


def check(state: DuelState, seat: int, events: Events, reason: str, deck_of: int | None = None) -> str:
    """Reveals the top card of seat's deck (or deck_of's) for a check, discards it; returns its symbol.

    Bat Masterson's player sees two cards and takes the one he prefers (check_shows reads both; ASSUMPTIONS:
    bat_masterson_best)."""
    first = take_top(state, seat, deck_of)
    if first is None:
        return ""
    shown = [first]
    if ability(state, seat, "checks_twice"):
        second = take_top(state, seat, deck_of)
        if second is not None:
            shown.append(second)
    state.discard += shown
    symbols = [CARDS[c].symbol for c in shown]
    events.append(Event("check", {"seat": seat, "cards": shown, "reason": reason}))
    return symbols[0] if len(symbols) == 1 else "|".join(symbols)


def check_shows(result: str, symbol: str, good: bool = True) -> bool:
    """Returns whether a check shows symbol; with two cards (Bat Masterson) the player takes the one he prefers."""
    options = result.split("|")
    return any(o == symbol for o in options) if good else all(o == symbol for o in options)


def discard_card(state: DuelState, card: int) -> None:
    """Moves a card from wherever it is in a hand or in play to the discard pile."""
    for squad in state.squads:
        if card in squad.hand:
            squad.hand.remove(card)
            state.discard.append(card)
            return
        for f in squad.fighters:
            if card in f.equipment:
                f.equipment.remove(card)
                state.discard.append(card)
                return
            if card in f.resources:
                f.resources.remove(card)
                f.entered.pop(card, None)
                state.discard.append(card)
                return
    raise ValueError(f"card {card} is neither in a hand nor in play")


def put_in_play(state: DuelState, slot: int, card: int) -> int | None:
    """Puts a card on a character; a same-named equipment card there is discarded (returned); resources stay."""
    f = fighter(state, slot)
    name = type_id(card)
    if CARDS[card].type.frame == RESOURCE:
        f.resources.append(card)
        f.entered[card] = state.turn_number
        return None
    # The same name is replaced on the same character only (ASSUMPTIONS: same_equipment_per_character).
    old = next((c for c in f.equipment if type_id(c) == name), None)
    if old is not None:
        f.equipment.remove(old)
        state.discard.append(old)
    f.equipment.append(card)
    return old


def heal(state: DuelState, slot: int, amount: int, events: Events) -> int:
    """Gives life back up to the printed life; returns the life gained."""
    f = fighter(state, slot)
    gained = max(0, min(amount, f.max_life - f.life))
    f.life += gained
    if gained:
        events.append(Event("heal", {"slot": slot, "amount": gained, "life": f.life, "character": f.character}))
    return gained


def set_life(state: DuelState, slot: int, life: int, events: Events) -> None:
    """Sets a character's life to exactly this value (Saloon), capped by the printed life."""
    f = fighter(state, slot)
    f.life = min(life, f.max_life)
    events.append(Event("set_life", {"slot": slot, "life": f.life, "character": f.character}))


def swap_positions(state: DuelState, seat: int, events: Events, by: int | None = None) -> bool:
    """Swaps a seat's attacking and covering characters; returns False when it has only one in play."""
    fighters = state.squads[seat].fighters
    if len(fighters) < 2:
        return False
    fighters[0], fighters[1] = fighters[1], fighters[0]
    events.append(Event("swap", {"seat": seat, "by": seat if by is None else by, "attacker": fighters[0].character}))
    return True


def hand_limit(state: DuelState, seat: int) -> int:
    """Returns how many cards a seat keeps at the end of its turn: its attacker's life, 2 at 1 life."""
    squad = state.squads[seat]
    if not squad.fighters:
        return 0
    if ability(state, seat, "hand_limit_six"):
        return 6
    life = squad.fighters[0].life
    return 2 if life == 1 else life


def reload_open(state: DuelState) -> bool:
    """Returns whether reload symbols work: some player is down to a single character."""
    return any(s.characters_left() == 1 for s in state.squads if s.alive)


def stand_in(state: DuelState, slot: int, amount: int) -> bool:
    """Returns whether Buffalo Bill may take a life loss for his partner: he is the other one in play, not his last."""
    squad = state.squads[seat_of(slot)]
    return any(
        i != position_of(slot) and f.life > amount and CHARACTER[f.character].ability == TAKES_HURT_FOR_PARTNER
        for i, f in enumerate(squad.fighters)
    )


def lose_life(
    state: DuelState, slot: int, amount: int, by: int | None, events: Events, cause: str, redirect: bool = True
) -> list[DuelRequest]:
    """Takes life from a character; returns the follow-up triggers (Died or Hurt) for the engine to resolve.

    When Buffalo Bill may take the loss instead (always active, either position) his player is asked first; he
    takes all of it and only when he keeps one life (ASSUMPTIONS: buffalo_bill_whole_loss)."""
    if redirect and stand_in(state, slot, amount):
        return [StandIn(seat_of(slot), ("none", TAKES_HURT_FOR_PARTNER), slot, amount, by, cause)]
    f = fighter(state, slot)
    f.life -= amount
    hurt = {"slot": slot, "amount": amount, "life": max(f.life, 0), "by": by, "cause": cause, "character": f.character}
    events.append(Event("hurt", hurt))
    if f.life <= 0:
        return [Died(slot, f.character, by)]
    return [Hurt(slot, f.character, by, amount, cause)]


def remove_dead(state: DuelState, slot: int, events: Events) -> str:
    """Takes a dead character out of play, discarding its cards; returns its id."""
    seat, position = seat_of(slot), position_of(slot)
    squad = state.squads[seat]
    dead = squad.fighters.pop(position)
    state.discard += dead.in_play()
    squad.dead.append(dead.character)
    events.append(Event("died", {"slot": slot, "seat": seat, "character": dead.character}))
    return dead.character


def enter_play(state: DuelState, seat: int, character: str, position: int, events: Events) -> None:
    """Puts a reserve character in play at a position (0: attacking, 1: covering)."""
    squad = state.squads[seat]
    squad.reserve.remove(character)
    life = CHARACTER[character].life
    squad.fighters.insert(min(position, len(squad.fighters)), Fighter(character, life, life))
    events.append(Event("enters", {"seat": seat, "character": character, "slot": slot_of(seat, position)}))
