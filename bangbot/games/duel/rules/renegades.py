"""The Renegades expansion's standing rules as questions: who ignores what, which resources may be used, Spurs."""

from __future__ import annotations

from bangbot.games.duel.rules.actions import DuelAction, Play
from bangbot.games.duel.rules.data import ACTION, CARDS, CHARACTER, RESOURCE, type_id
from bangbot.games.duel.rules.requests import FILTERS_DRAWS
from bangbot.games.duel.rules.state import ATTACKER, DuelState, seat_of, slot_of
from bangbot.games.duel.rules.table import ability, holder

# The renegades' ability atoms (data.py), named once (the Marshal's and Little Leroy's, whose choices carry fields of
# their own, in requests.py).
FORTUNE_TELLER = "equipment_as_bang_or_missed"
ALICIA = "draws_equipment"
COQUETTE_DELOU = "fresh_resource"
HICK_ADDAMS = "robbed_draws"
CHARLIE_BASSETT = "resource_draws"
BIG_JIM = "swaps_both"
DUTCH_HARRY = FILTERS_DRAWS
KING_FISHER = "resource_in_draws"
EL_CHINDI = "ignores_actions"

# Resources with the BANG! symbol that may be discarded as a BANG! card against a Duel or Indians!, even the turn
# they came into play (rulebook 002 names exactly these three; Sledge, a hit too, is not among them).
DUEL_RESOURCES = frozenset({"buffalo", "grapeshot", "double_barrel"})
# Hits that ignore the target's ability and equipment (Sharps) and hits only a Missed! card dodges (Whitney).
IGNORES_EQUIPMENT = frozenset({"sharps"})
MISSED_ONLY = frozenset({"whitney"})
# Actions whose target or chosen card El Chindi shields (Gatling, Indians!, Chief, Return Fire and the swaps are
# filtered where they resolve).
_AIMED_ACTIONS = frozenset(
    {"derringer", "knife", "duel", "ricochet", "chief", "saloon", "steal", "schoolteacher", "ambush", "blow"}
)


def has_ability_at(state: DuelState, slot: int, atom: str) -> bool:
    """Returns whether the character in a slot has this ability (wherever it stands)."""
    f = state.fighter(slot)
    return f is not None and CHARACTER[f.character].ability == atom


def ignores(state: DuelState, slot: int | None, by: int) -> bool:
    """Returns whether El Chindi in this slot ignores an action card another player (by) played: he holds a card."""
    if slot is None or by == seat_of(slot) or not state.squads[seat_of(slot)].hand:
        return False
    return has_ability_at(state, slot, EL_CHINDI)


def ignores_swap(state: DuelState, seat: int, by: int) -> bool:
    """Returns whether a swap of seat's characters by another player's action card is ignored (El Chindi in play).

    He is moved whichever place he holds (ASSUMPTIONS: el_chindi_swaps)."""
    return any(ignores(state, slot_of(seat, p), by) for p in range(len(state.squads[seat].fighters)))


def shielded_play(state: DuelState, seat: int, play: DuelAction) -> bool:
    """Returns whether an action card played from the hand would fall on El Chindi (so it may not be aimed there)."""
    if not isinstance(play, Play) or play.how or CARDS[play.card].type.frame != ACTION:
        return False
    name = type_id(play.card)
    if name == "canteen" and play.target is not None:
        return ignores_swap(state, seat_of(play.target), seat)
    if name not in _AIMED_ACTIONS or play.target is None:
        return False
    if play.target_card is not None and play.target_card >= 0:
        return ignores(state, holder(state, play.target_card), seat)
    if name == "chief":
        return False  # each character is asked on its own; El Chindi's share is skipped there
    # Saloon, Derringer and Knife aim at a character; Duel, Ricochet and Steal at a player (his attacker counts).
    aimed = play.target if name in ("saloon", "derringer", "knife") else slot_of(seat_of(play.target), ATTACKER)
    return ignores(state, aimed, seat)


def spurs_protect(state: DuelState, slot: int) -> bool:
    """Returns whether Spurs keep a hit off this character: they are on it and its player's hand is empty."""
    f = state.fighter(slot)
    if f is None or state.squads[seat_of(slot)].hand:
        return False
    return any(type_id(c) == "spurs" for c in f.equipment)


def is_fresh(state: DuelState, card: int) -> bool:
    """Returns whether a resource in play came into play this turn."""
    slot = holder(state, card)
    f = state.fighter(slot) if slot is not None else None
    return f is not None and f.entered.get(card) == state.turn_number


def coquette_lets(state: DuelState, seat: int, card: int, slot: int | None = None) -> bool:
    """Returns whether Coquette Delou may use this fresh resource of hers now (once a turn, her ability counting)."""
    at = holder(state, card)
    return (
        at is not None
        and COQUETTE_DELOU not in state.used
        and has_ability_at(state, at, COQUETTE_DELOU)
        and ability(state, seat, COQUETTE_DELOU, at if slot is None else slot)
    )


def resource_usable(state: DuelState, seat: int, card: int, slot: int | None = None) -> bool:
    """Returns whether a resource in play may be used now: not fresh, or Coquette Delou's once a turn."""
    return not is_fresh(state, card) or coquette_lets(state, seat, card, slot)


def fortune_cards(state: DuelState, seat: int, slot: int | None = None) -> list[int]:
    """Returns the Fortune Teller's cards in play she may discard as a BANG! or Missed! (not the always-active)."""
    if not ability(state, seat, FORTUNE_TELLER, slot):
        return []
    out: list[int] = []
    for position, f in enumerate(state.squads[seat].fighters):
        counts = position == ATTACKER or slot == slot_of(seat, position)
        if counts and CHARACTER[f.character].ability == FORTUNE_TELLER:
            out += [c for c in f.in_play() if not CARDS[c].type.always]
    return out


def attacker_resources(state: DuelState, seat: int) -> list[int]:
    """Returns the resources on seat's attacking character (resources count as equipment: the attacker's only)."""
    squad = state.squads[seat]
    return [c for c in squad.fighters[0].resources if CARDS[c].type.frame == RESOURCE] if squad.fighters else []
