"""Exactly what each Duel seat may do now: the turn's plays, or the answers to the decision it is asked."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bangbot.games.duel.rules.abilities import loot_options, reusable, turn_abilities
from bangbot.games.duel.rules.actions import (
    Answer,
    Choose,
    Discard,
    DuelAction,
    EndTurn,
    Pass,
    Pick,
    Play,
    Reload,
    Swap,
    Use,
)
from bangbot.games.duel.rules.data import BANG, CARDS, EQUIPMENT, RESOURCE, type_id
from bangbot.games.duel.rules.effects import DODGE_CARDS, DODGE_RESOURCES, blow_victims, swappable
from bangbot.games.duel.rules.renegades import (
    DUEL_RESOURCES,
    IGNORES_EQUIPMENT,
    MISSED_ONLY,
    attacker_resources,
    fortune_cards,
    resource_usable,
    shielded_play,
    spurs_protect,
)
from bangbot.games.duel.rules.requests import (
    CHOICES,
    CardDuel,
    Choices,
    Decision,
    DiscardOne,
    Dodge,
    HandLimit,
    Indians,
    KeepOne,
    Lineup,
    Loot,
    Replace,
    StorePick,
    is_decision,
)
from bangbot.games.duel.rules.resources import HIT_RESOURCES
from bangbot.games.duel.rules.state import DuelState, seat_of
from bangbot.games.duel.rules.table import (
    ability,
    active_cards,
    attacker_slot,
    cover_slot,
    fighter,
    has_active,
    is_hit_card,
    opponents,
    reload_open,
)

PLAY = "play"


def asked(state: DuelState) -> Decision | None:
    """Returns the decision asked now, or None when the turn's player is free to play (or a trigger heads the queue)."""
    r = state.requests[0] if state.requests else None
    return r if is_decision(r) else None


def awaiting(state: DuelState) -> tuple[int, ...]:
    """Returns the seat that must decide now (one at a time in the Duel), or none once the game is over."""
    if state.winner is not None:
        return ()
    r = asked(state)
    if r is not None:
        return (r.seat,)
    return (state.turn,) if state.phase == PLAY else ()


def legal_actions(state: DuelState, seat: int) -> list[DuelAction]:
    """Returns every action seat may take now (empty when it is not asked: see awaiting)."""
    if state.winner is not None:
        return []
    r = asked(state)
    if r is not None:
        return _answers(state, seat, r) if r.seat == seat else []
    return _turn_actions(state, seat) if seat == state.turn and state.phase == PLAY else []


def is_legal(state: DuelState, seat: int, action: DuelAction) -> bool:
    """Returns whether action is in legal_actions(state, seat); a play-phase card play is checked alone, against
    that card's plays, not listed with every other action."""
    if state.winner is not None or asked(state) is not None or seat != state.turn or state.phase != PLAY:
        return action in legal_actions(state, seat)
    if isinstance(action, Play) and action.how != "reuse":
        return action.card in state.squads[seat].hand and action in _plays(state, seat, action.card)
    if isinstance(action, EndTurn):  # always the last of _turn_actions
        return True
    if isinstance(action, Swap):
        return len(state.squads[seat].fighters) > 1 and "swap" not in state.used
    return action in _turn_actions(state, seat)


def bang_allowed(state: DuelState, seat: int) -> bool:
    """Returns whether seat may still play a BANG! card this turn."""
    if ability(state, seat, "unlimited_bangs") or has_active(state, seat, "gunbelt") is not None:
        return True
    limit = state.bang_limit + (1 if ability(state, seat, "extra_bang") else 0)
    return state.bangs_played < limit


def _bang_targets(state: DuelState, seat: int, name: str) -> list[int]:
    """Returns the slots a hit of this name may aim at: attackers, and covers with Winchester or a Sniper rifle."""
    # The Sniper rifle lets every hit played at one character aim at a cover: BANG! cards, Knife and Derringer
    # ("your hits may target the opponent's ПП"; ASSUMPTIONS: sniper_hits).
    covers = name in ("winchester", "buffalo") or has_active(state, seat, "sniper") is not None
    out: list[int] = []
    for other in opponents(state, seat, name):
        for slot in (attacker_slot(state, other), cover_slot(state, other) if covers else None):
            if slot is not None and (name in IGNORES_EQUIPMENT or not spurs_protect(state, slot)):
                out.append(slot)
    return out


def _attackers(state: DuelState, seat: int, name: str) -> list[int]:
    """Returns the attacking slots of the players an action may reach."""
    return [s for s in (attacker_slot(state, o) for o in opponents(state, seat, name)) if s is not None]


def _equip_targets(state: DuelState, seat: int, card: int) -> list[int]:
    """Returns where a card may go in play: own cover (own attacker when alone) or an opponent's attacker."""
    name = type_id(card)
    # Jack Ransome's cards onto any character: equipment and resources (ASSUMPTIONS: jack_ransome_equipment).
    if ability(state, seat, "plays_anywhere"):
        slots = state.slots()
    else:
        own = cover_slot(state, seat)
        own = own if own is not None else attacker_slot(state, seat)
        slots = [own] if own is not None else []
        if name != "dynamite":
            slots += _attackers(state, seat, name)
    if CARDS[card].type.frame == RESOURCE:
        slots = [s for s in slots if not _has_resource(state, seat_of(s), name)]
    return slots


def _has_resource(state: DuelState, seat: int, name: str) -> bool:
    """Returns whether a player already has a resource of this name in play."""
    return any(type_id(c) == name for f in state.squads[seat].fighters for c in f.resources)


def _cards_on_attackers(state: DuelState) -> list[tuple[int, int]]:
    """Returns (slot, card) for every card in play on an attacking character."""
    out = []
    for squad in state.squads:
        if squad.fighters:
            out += [(squad.seat * 2, c) for c in squad.fighters[0].in_play()]
    return out


def _plays(state: DuelState, seat: int, card: int) -> list[DuelAction]:
    """Returns the ways seat may play one hand card in its turn."""
    name = type_id(card)
    frame = CARDS[card].type.frame
    out: list[DuelAction] = []
    if frame == BANG:
        if bang_allowed(state, seat):
            out += [Play(card, t) for t in _bang_targets(state, seat, name)]
        return out
    return [p for p in _action_plays(state, seat, card) if not shielded_play(state, seat, p)]


def _action_plays(state: DuelState, seat: int, card: int) -> list[DuelAction]:
    """Returns the ways seat may play a hand card that is not a red BANG! card (El Chindi not yet considered)."""
    name = type_id(card)
    frame = CARDS[card].type.frame
    out: list[DuelAction] = []
    as_bang = (
        name == "companion"
        or ability(state, seat, "any_card_as_bang")
        or (name == "missed" and ability(state, seat, "bang_as_missed"))
    )
    if as_bang and bang_allowed(state, seat):
        out += [Play(card, t, how="bang") for t in _bang_targets(state, seat, "colt")]
    if frame in (EQUIPMENT, RESOURCE):
        return out + [Play(card, t) for t in _equip_targets(state, seat, card)]
    own = OWN_PLAYS.get(name)
    return out + own(state, seat, card) if own is not None else out


def _hit_plays(state: DuelState, seat: int, card: int) -> list[DuelAction]:
    """Returns a Derringer or a Knife at every character it reaches."""
    return [Play(card, t) for t in _bang_targets(state, seat, type_id(card))]


def _attacker_plays(state: DuelState, seat: int, card: int) -> list[DuelAction]:
    """Returns a Duel, a Ricochet or a Chief at every attacker it may aim at."""
    return [Play(card, t) for t in _attackers(state, seat, type_id(card))]


def _untargeted_plays(state: DuelState, seat: int, card: int) -> list[DuelAction]:
    """Returns a card played without a target (a Cover only when the attacker and the cover may swap)."""
    return [Play(card)] if type_id(card) != "cover" or swappable(state, seat) else []


def _saloon_plays(state: DuelState, seat: int, card: int) -> list[DuelAction]:
    """Returns a Saloon at every attacker and at the own cover."""
    own_cover = cover_slot(state, seat)
    slots = [s for s in (attacker_slot(state, s) for s in state.alive_seats()) if s is not None]
    return [Play(card, t) for t in slots + ([own_cover] if own_cover is not None else [])]


def _canteen_plays(state: DuelState, seat: int, card: int) -> list[DuelAction]:
    """Returns a Canteen at every squad's cover."""
    return [Play(card, o * 2) for o in state.alive_seats() if cover_slot(state, o) is not None]


def _own_cover_cards(state: DuelState, seat: int) -> list[tuple[int, int]]:
    """Returns (slot, card) of every card in play in front of the own cover."""
    own_cover = cover_slot(state, seat)
    return [(own_cover, c) for c in fighter(state, own_cover).in_play()] if own_cover is not None else []


def _steal_plays(state: DuelState, seat: int, card: int) -> list[DuelAction]:
    """Returns a Steal from every opponent's hand, every attacker's cards in play and the own cover's."""
    out: list[DuelAction] = [Play(card, o * 2, -1) for o in opponents(state, seat, "steal") if state.squads[o].hand]
    return out + [Play(card, s, c) for s, c in _cards_on_attackers(state) + _own_cover_cards(state, seat)]


def _schoolteacher_plays(state: DuelState, seat: int, card: int) -> list[DuelAction]:
    """Returns a Schoolteacher at every attacker's card in play and the own cover's."""
    # Resources count as equipment for the cards that act on equipment (rulebook 002).
    return [Play(card, s, c) for s, c in _cards_on_attackers(state) + _own_cover_cards(state, seat)]


def _second_part_plays(state: DuelState, seat: int, card: int) -> list[DuelAction]:
    """Returns an Ambush or a Blow at every card in play it reaches, and alone for its second part only."""
    name = type_id(card)
    out: list[DuelAction] = []
    # Without a first target the card is played for its second part only: the own attacker's card (Ambush),
    # a hand card (Blow); it needs something there.
    own = state.squads[seat].fighters[0].in_play() if state.squads[seat].fighters else []
    if own if name == "ambush" else blow_victims(state, seat):
        out.append(Play(card))
    # Blow is on the standoff's "соперник" list: the own attacker's cards or the target's only.
    reach = [seat, *opponents(state, seat, name)]
    return out + [Play(card, s, c) for s, c in _cards_on_attackers(state) if name == "ambush" or seat_of(s) in reach]


# How a hand card's own effect is played, by its name (a dodge card and any other: not at all in the play phase).
OWN_PLAYS: dict[str, Callable[[DuelState, int, int], list[DuelAction]]] = {
    "derringer": _hit_plays,
    "knife": _hit_plays,
    "duel": _attacker_plays,
    "ricochet": _attacker_plays,
    "chief": _attacker_plays,
    **dict.fromkeys(
        ("gatling", "indians", "stagecoach", "beer", "general_store", "union_pacific", "cover"), _untargeted_plays
    ),
    "saloon": _saloon_plays,
    "canteen": _canteen_plays,
    "steal": _steal_plays,
    "schoolteacher": _schoolteacher_plays,
    "ambush": _second_part_plays,
    "blow": _second_part_plays,
}


def _turn_actions(state: DuelState, seat: int) -> list[DuelAction]:
    """Returns what the turn's player may do in the play phase."""
    squad = state.squads[seat]
    out: list[DuelAction] = []
    for card in sorted(set(squad.hand)):
        out += _plays(state, seat, card)
        if CARDS[card].type.reload and reload_open(state):
            out.append(Reload(card))
    # Resources count as equipment: the attacker's are used (ASSUMPTIONS: resources_on_attacker).
    for card in attacker_resources(state, seat):
        if not resource_usable(state, seat, card):
            continue
        name = type_id(card)
        if name in HIT_RESOURCES:
            out += [Use(card, t) for t in _bang_targets(state, seat, name)]
        else:
            out.append(Use(card))
    if bang_allowed(state, seat):
        targets = _bang_targets(state, seat, "colt")
        out += [Use(card, t, how="bang") for card in fortune_cards(state, seat) for t in targets]
    out += _reuses(state, seat)
    out += [Choose(atom) for atom in turn_abilities(state, seat)]
    if len(squad.fighters) > 1 and "swap" not in state.used:
        out.append(Swap())
    out.append(EndTurn())
    return out


def _reuses(state: DuelState, seat: int) -> list[DuelAction]:
    """Returns Pearl Hart's plays: discard a hand card to use the action card on top of the discard pile."""
    top = reusable(state, seat)
    if top is None:
        return []
    uses = [p for p in _plays(state, seat, top) if isinstance(p, Play) and not p.how]
    return [
        Play(card, p.target, p.target_card, how="reuse") for card in sorted(set(state.squads[seat].hand)) for p in uses
    ]


def _dodges(state: DuelState, seat: int, r: Dodge) -> list[DuelAction]:
    """Returns the hand cards and cards in play that dodge a hit on seat's character."""
    rider = r.rider
    hand = sorted(set(state.squads[seat].hand))
    out: list[DuelAction] = []
    bare = rider in MISSED_ONLY or rider in IGNORES_EQUIPMENT  # no equipment, no ability of the target
    for card in hand:
        name = type_id(card)
        if rider in MISSED_ONLY:
            ok = name == "missed"
        elif rider in ("derringer", "partner"):
            ok = True  # any card from the hand dodges a Derringer, and Partner's hit (a Derringer's)
        else:
            ok = name in DODGE_CARDS or (
                not bare and ability(state, seat, "bang_as_missed", r.slot) and is_hit_card(state, seat, card)
            )
        if ok:
            out.append(Answer(card))
    if not bare:
        for card in active_cards(state, seat, r.slot):
            name = type_id(card)
            if name == "hat" or (name in DODGE_RESOURCES and resource_usable(state, seat, card, r.slot)):
                out.append(Use(card))
        out += [Use(card, how="missed") for card in fortune_cards(state, seat, r.slot)]
    return out


def _hit_answers(state: DuelState, seat: int, missed: bool, slot: int | None = None) -> list[DuelAction]:
    """Returns the BANG! cards (or Missed! cards) seat may discard to an Indians!, a Duel or a Ricochet.

    Ricochet takes Missed! cards only, a Hat, and Missed!-resources already in play: no Barrel, no ability.
    Buffalo, Grapeshot and Double Barrel may be discarded as a BANG! card, even the turn they came in."""
    out: list[DuelAction] = []
    for card in sorted(set(state.squads[seat].hand)):
        if type_id(card) == "missed" if missed else is_hit_card(state, seat, card):
            out.append(Answer(card))
    for card in active_cards(state, seat, slot):
        name = type_id(card)
        ricochet = name == "hat" or (name in DODGE_RESOURCES and resource_usable(state, seat, card))
        if ricochet if missed else name in DUEL_RESOURCES:
            out.append(Use(card))
    if not missed:
        out += [Use(card, how="bang") for card in fortune_cards(state, seat, slot)]
    return out


def _answers(state: DuelState, seat: int, r: Decision) -> list[DuelAction]:
    """Returns the answers to the decision seat is asked."""
    answers = ANSWERS.get(type(r))
    if answers is None:
        raise ValueError(f"no answers for a {type(r).__name__} decision")
    return answers(state, seat, r)


def _loot_answers(state: DuelState, seat: int, r: Loot) -> list[DuelAction]:
    """Returns Bull Anderson's choices: what is still there when he is asked."""
    return [Choose(o) for o in loot_options(state, r)]


def _choices(state: DuelState, seat: int, r: Lineup | Replace | Choices) -> list[DuelAction]:
    """Returns a named choice's options (a lineup or replacement question's characters)."""
    return [Choose(o) for o in r.options]


def _dodge_answers(state: DuelState, seat: int, r: Dodge) -> list[DuelAction]:
    """Returns the dodges of a hit, or taking it."""
    return [*_dodges(state, seat, r), Pass()]


def _indians_answers(state: DuelState, seat: int, r: Indians) -> list[DuelAction]:
    """Returns the BANG! cards that answer Indians! for the character, or losing the life."""
    return [*_hit_answers(state, seat, False, r.slot), Pass()]


def _duel_answers(state: DuelState, seat: int, r: CardDuel) -> list[DuelAction]:
    """Returns the cards that answer a Duel (BANG!) or a Ricochet (Missed!), or giving up."""
    return [*_hit_answers(state, seat, r.weapon == "missed"), Pass()]


def _discards(state: DuelState, seat: int, r: DiscardOne | HandLimit) -> list[DuelAction]:
    """Returns each kind of hand card, to discard."""
    return [Discard(c) for c in sorted(set(state.squads[seat].hand))]


def _picks(state: DuelState, seat: int, r: KeepOne | StorePick) -> list[DuelAction]:
    """Returns the cards shown, to pick."""
    return [Pick(c) for c in r.shown]


# The answers to each pending decision, by its type.
ANSWERS: dict[type, Callable[[DuelState, int, Any], list[DuelAction]]] = {
    **dict.fromkeys((Lineup, Replace, *CHOICES), _choices),
    Loot: _loot_answers,
    Dodge: _dodge_answers,
    Indians: _indians_answers,
    CardDuel: _duel_answers,
    DiscardOne: _discards,
    HandLimit: _discards,
    KeepOne: _picks,
    StorePick: _picks,
}
