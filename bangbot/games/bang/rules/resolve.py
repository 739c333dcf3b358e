"""Carries out one legal action on a state, in place, appending what happened to the events."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bangbot.core.events import Event
from bangbot.games.bang.rules import actions as act
from bangbot.games.bang.rules.abilities import (
    DRAWS_FROM_DISCARD,
    DRAWS_ONE_FROM_ANY_HAND,
)
from bangbot.games.bang.rules.actions import HAND, Action
from bangbot.games.bang.rules.cards import (
    BANG,
    BEER,
    CAT_BALOU,
    DUEL,
    GATLING,
    GENERAL_STORE,
    INDIANS,
    JAIL,
    MISSED,
    PANIC,
    SALOON,
    STAGECOACH,
    WELLS_FARGO,
)
from bangbot.games.bang.rules.effects import (
    Events,
    after_damage,
    attack,
    chosen_take,
    discard_from_hand,
    draw,
    draw_on_empty_hand,
    eliminate,
    heal,
    hurt,
    missed_needed,
    take_from_deck,
    take_or_discard,
)
from bangbot.games.bang.rules.legal import beer_works, request_of
from bangbot.games.bang.rules.requests import (
    PASSED,
    QUEUED,
    DrawChoice,
    DuelTurn,
    Dying,
    IndiansRespond,
    KitChoice,
    Respond,
    StorePick,
    Theft,
)
from bangbot.games.bang.rules.state import (
    CARD_KIND,
    DISCARD_PHASE,
    IS_BLUE,
    GameState,
    kind_of,
)
from bangbot.games.bang.rules.variants import variant_of

STAGECOACH_CARDS = 2
WELLS_FARGO_CARDS = 3


def resolve(state: GameState, ev: Events, seat: int, action: Action) -> None:
    """Applies a legal action of seat to state."""
    r = request_of(state, seat) if state.requests else None
    if r is None or (isinstance(action, act.Heal) and not isinstance(r, Dying)):
        resolve_turn_action(state, ev, seat, action)
        return
    if isinstance(r, QUEUED) and state.requests[0] is not r:
        queue_answer(state, ev, r, action)
        return
    answer = ANSWERS.get(type(r)) or variant_of(state.config).answers.get(type(r))
    if answer is not None:
        answer(state, ev, r, action)


def resolve_store_pick(state: GameState, ev: Events, r: StorePick, action: Action) -> None:
    """A player takes a card the General Store shows; the next picks from the rest, the last ones are discarded."""
    assert isinstance(action, act.Pick)
    state.players[r.seat].hand.append(action.card)
    rest = tuple(c for c in r.cards if c != action.card)
    nxt = StorePick(r.order[0], rest, r.order[1:]) if rest and r.order else None
    replace_request(state, r, nxt)
    if rest and nxt is None:
        state.discard.extend(rest)
    ev.append(Event("pick", {"seat": r.seat, "card": action.card}))


def resolve_kit_choice(state: GameState, ev: Events, r: KitChoice, action: Action) -> None:
    """Kit Carlson keeps the cards but the one put back on the deck."""
    assert isinstance(action, act.PutBack)
    kept = [c for c in r.cards if c != action.card]
    state.players[r.seat].hand.extend(kept)
    state.deck.append(action.card)
    replace_request(state, r, None)
    ev.append(Event("put_back", {"seat": r.seat}, {"card": action.card, "kept": kept}, (r.seat,)))


def resolve_theft(state: GameState, ev: Events, r: Theft, action: Action) -> None:
    """A card chosen from a player is taken or discarded, if it is still there."""
    replace_request(state, r, None)
    still_there = r.which in state.players[r.target].in_play or (r.which == HAND and state.players[r.target].hand)
    if still_there:
        take_or_discard(state, ev, r.seat, r.target, r.which, r.steal, r.reason)


def queue_answer(state: GameState, ev: Events, r: Respond | IndiansRespond, action: Action) -> None:
    """Keeps an answer given before the seats earlier in clockwise order are done; it resolves in its turn."""
    answer = action.card if isinstance(action, act.Answer) else PASSED
    replace_request(state, r, replace(r, answer=answer))
    ev.append(Event("answered", {"seat": r.seat}))


def queued_action(r: Respond | IndiansRespond) -> Action:
    """Returns the action a queued answer stands for."""
    return act.Pass() if r.answer == PASSED else act.Answer(r.answer)


def hurt_in_place(state: GameState, ev: Events, r: Respond | IndiansRespond, source: str) -> None:
    """Removes an answered request and takes its hit; a rescue it calls for keeps the request's place in line."""
    i = state.requests.index(r)
    del state.requests[i]
    before = len(state.requests)
    hurt(state, ev, r.seat, 1, r.attacker, source)
    if len(state.requests) > before and isinstance(state.requests[-1], Dying):
        state.requests.insert(i, state.requests.pop())


def resolve_indians(state: GameState, ev: Events, r: IndiansRespond, action: Action) -> None:
    """A target of Indians! discards a BANG! or loses a life."""
    if isinstance(action, act.Answer) and action.card in state.players[r.seat].hand:
        replace_request(state, r, None)
        discard_from_hand(state, r.seat, action.card)
        ev.append(Event("answer", {"seat": r.seat, "card": action.card, "against": INDIANS}))
    else:
        hurt_in_place(state, ev, r, INDIANS)


def replace_request(state: GameState, old: object, new: object) -> None:
    """Replaces a pending decision in place, or removes it when new is None."""
    requests = state.requests
    i = 0
    while requests[i] is not old:  # by identity: an equal decision elsewhere in the queue is another one
        i += 1
    if new is None:
        del requests[i]
    else:
        requests[i] = new  # type: ignore[call-overload]


def resolve_turn_action(state: GameState, ev: Events, seat: int, action: Action) -> None:
    """Applies an action of the player whose turn it is, outside any pending decision."""
    p = state.players[seat]
    if isinstance(action, act.Play):
        play_card(state, ev, seat, action)
    elif isinstance(action, act.Heal):
        sid_heal(state, ev, seat, action)
    elif isinstance(action, act.EndTurn):
        state.phase = DISCARD_PHASE
        ev.append(Event("end_play", {"seat": seat}))
    elif isinstance(action, act.Discard):
        discard_from_hand(state, seat, action.card)
        ev.append(Event("discard", {"seat": seat, "card": action.card, "hand": len(p.hand)}))
    else:
        raise AssertionError(f"unexpected {action!r}")


def sid_heal(state: GameState, ev: Events, seat: int, action: act.Heal) -> None:
    """Sid Ketchum discards the chosen cards and regains one life."""
    for c in action.cards:
        discard_from_hand(state, seat, c)
    heal(state, seat, 1)
    ev.append(Event("heal", {"seat": seat, "cards": list(action.cards), "life": state.players[seat].life}))


def play_card(state: GameState, ev: Events, seat: int, action: act.Play) -> None:
    """Plays a card from the hand: a brown card's effect, or a blue card into play."""
    p = state.players[seat]
    c, t = action.card, action.target
    kind = CARD_KIND[c]
    p.hand.remove(c)
    ev.append(Event("play", {"seat": seat, "card": c, "target": t, "target_card": action.target_card}))
    draw_on_empty_hand(state, ev, seat, starting_duel=kind == DUEL)
    if IS_BLUE[c]:
        put_in_play(state, ev, seat, c, t)
        return
    state.discard.append(c)
    variant = variant_of(state.config)
    if variant.play_brown is not None:
        variant.play_brown(state, ev, seat, action)
        return
    effect = (variant.brown_effects or BROWN_EFFECTS).get(kind)  # brown_effect, with the variant at hand
    if effect is not None:
        effect(state, ev, seat, c, t, action.target_card, False)


def brown_effect(
    state: GameState, ev: Events, seat: int, c: int, t: int | None, which: int | None, held: bool = False
) -> None:
    """Applies the effect of a brown card seat played (already on the discard pile) at target t and card which.

    held: the card's fate effect is still to come, so a shot's checks wait for it.
    """
    effect = (variant_of(state.config).brown_effects or BROWN_EFFECTS).get(CARD_KIND[c])
    if effect is not None:
        effect(state, ev, seat, c, t, which, held)


def _shot(state: GameState, ev: Events, seat: int, c: int, t: int | None, which: int | None, held: bool) -> None:
    """A BANG! (or a Missed! played as one) at the target."""
    assert t is not None
    state.bangs_played += 1
    attack(state, ev, t, seat, BANG, missed_needed(state.players[seat], BANG), held)


def _beer(state: GameState, ev: Events, seat: int, c: int, t: int | None, which: int | None, held: bool) -> None:
    """A Beer: 1 life (none once two players are left)."""
    p = state.players[seat]
    gained = heal(state, seat, 1) if beer_works(state) else 0
    ev.append(Event("life", {"seat": seat, "life": p.life, "gained": gained}))


def _saloon(state: GameState, ev: Events, seat: int, c: int, t: int | None, which: int | None, held: bool) -> None:
    """A Saloon: 1 life for everyone in the game."""
    for q in state.players:
        if q.alive:
            heal(state, q.seat, 1)
    ev.append(Event("saloon", {"lives": [q.life for q in state.players]}))


def _stagecoach(state: GameState, ev: Events, seat: int, c: int, t: int | None, which: int | None, held: bool) -> None:
    """A Stagecoach: draw 2."""
    draw(state, ev, seat, STAGECOACH_CARDS, STAGECOACH)


def _wells_fargo(state: GameState, ev: Events, seat: int, c: int, t: int | None, which: int | None, held: bool) -> None:
    """A Wells Fargo: draw 3."""
    draw(state, ev, seat, WELLS_FARGO_CARDS, WELLS_FARGO)


def _store(state: GameState, ev: Events, seat: int, c: int, t: int | None, which: int | None, held: bool) -> None:
    """A General Store: one card per player in the game shown, picked in turn from the player on."""
    shown = take_from_deck(state, ev, state.alive_count())
    ev.append(Event("store", {"seat": seat, "cards": shown}))
    if shown:
        state.requests.append(StorePick(seat, tuple(shown), tuple(state.others_in_order(seat))))


def _take(state: GameState, ev: Events, seat: int, c: int, t: int | None, which: int | None, held: bool) -> None:
    """A Panic! (taken) or a Cat Balou (discarded) on the chosen card of the target."""
    assert t is not None and which is not None
    chosen_take(state, ev, seat, t, which, steal=CARD_KIND[c] == PANIC)


def _gatling(state: GameState, ev: Events, seat: int, c: int, t: int | None, which: int | None, held: bool) -> None:
    """A Gatling: a shot at every other player."""
    p = state.players[seat]
    for other in state.others_in_order(seat):
        attack(state, ev, other, seat, GATLING, missed_needed(p, GATLING))


def _indians(state: GameState, ev: Events, seat: int, c: int, t: int | None, which: int | None, held: bool) -> None:
    """Indians!: every other player discards a BANG! or loses a life, in turn."""
    state.requests.extend(IndiansRespond(o, seat) for o in state.others_in_order(seat))


def _duel(state: GameState, ev: Events, seat: int, c: int, t: int | None, which: int | None, held: bool) -> None:
    """A Duel: the target answers first."""
    assert t is not None
    state.requests.append(DuelTurn(t, seat, seat))


# The effect of each kind of brown card (any other kind has none of its own here).
BROWN_EFFECTS: dict[str, Callable[[GameState, Events, int, int, int | None, int | None, bool], None]] = {
    BANG: _shot,
    MISSED: _shot,
    BEER: _beer,
    SALOON: _saloon,
    STAGECOACH: _stagecoach,
    WELLS_FARGO: _wells_fargo,
    GENERAL_STORE: _store,
    PANIC: _take,
    CAT_BALOU: _take,
    GATLING: _gatling,
    INDIANS: _indians,
    DUEL: _duel,
}


def put_in_play(state: GameState, ev: Events, seat: int, c: int, target: int | None) -> None:
    """Puts a blue card in front of its player (Jail: in front of target), replacing a weapon."""
    if CARD_KIND[c] == JAIL:
        assert target is not None
        state.players[target].in_play.append(c)
        return
    p = state.players[seat]
    if kind_of(c).is_weapon:
        old = p.weapon()
        if old is not None:
            p.in_play.remove(old)
            state.discard.append(old)
            ev.append(Event("replaced", {"seat": seat, "card": old}))
    p.in_play.append(c)


def resolve_respond(state: GameState, ev: Events, r: Respond, action: Action) -> None:
    """A target of a BANG! effect answers with a Missed! effect or takes the hit."""
    if isinstance(action, act.Answer) and action.card in state.players[r.seat].hand:
        discard_from_hand(state, r.seat, action.card)
        ev.append(Event("answer", {"seat": r.seat, "card": action.card, "against": r.source}))
        answered = variant_of(state.config).answered
        if answered is None or not answered(state, ev, r, action.card):
            dodge_once(state, ev, r)
        return
    hurt_in_place(state, ev, r, r.source)


def dodge_once(state: GameState, ev: Events, r: Respond) -> None:
    """One Missed! effect against a shot: one fewer needed, or the shot is dodged."""
    if r.needed > 1:
        replace_request(state, r, Respond(r.seat, r.attacker, r.source, r.needed - 1))
        return
    replace_request(state, r, None)
    ev.append(Event("dodged", {"seat": r.seat, "attacker": r.attacker, "source": r.source}))


def resolve_duel(state: GameState, ev: Events, r: DuelTurn, action: Action) -> None:
    """A duellist discards a BANG! (the other answers next) or loses a life and the Duel ends."""
    if isinstance(action, act.Answer):
        discard_from_hand(state, r.seat, action.card)
        ev.append(Event("answer", {"seat": r.seat, "card": action.card, "against": DUEL}))
        replace_request(state, r, DuelTurn(r.opponent, r.initiator, r.seat))
        return
    replace_request(state, r, None)
    source = None if r.seat == r.initiator else r.initiator
    hurt(state, ev, r.seat, 1, source, DUEL)


def resolve_dying(state: GameState, ev: Events, r: Dying, action: Action) -> None:
    """A dying seat drinks a Beer or uses Sid Ketchum's ability, or goes out of the game."""
    if isinstance(action, act.Pass):
        replace_request(state, r, None)
        eliminate(state, ev, r.seat, r.killer, r.cause)
        return
    if isinstance(action, act.Answer):
        discard_from_hand(state, r.seat, action.card)
        ev.append(Event("answer", {"seat": r.seat, "card": action.card, "against": "dying"}))
        answered = variant_of(state.config).answered
        if answered is None or not answered(state, ev, r, action.card):
            drink_while_dying(state, ev, r)
        return
    assert isinstance(action, act.Heal)
    for c in action.cards:
        discard_from_hand(state, r.seat, c)
    ev.append(Event("heal", {"seat": r.seat, "cards": list(action.cards), "life": 0}))
    rescue_once(state, ev, r)


def drink_while_dying(state: GameState, ev: Events, r: Dying) -> None:
    """A Beer (Bacta) played while dying: one rescue, or no energy at all once only two players are left."""
    if beer_works(state):
        rescue_once(state, ev, r)
    else:
        ev.append(Event("life", {"seat": r.seat, "life": state.players[r.seat].life}))


def rescue_once(state: GameState, ev: Events, r: Dying) -> None:
    """One rescue of a dying seat: one fewer needed, or it stays in the game at 1 life."""
    if r.needed > 1:
        replace_request(state, r, replace(r, needed=r.needed - 1))
        return
    replace_request(state, r, None)
    state.players[r.seat].life = 1
    ev.append(Event("saved", {"seat": r.seat, "life": 1}))
    after_damage(state, ev, r.seat, r.damage, r.killer)


def resolve_draw_choice(state: GameState, ev: Events, r: DrawChoice, action: Action) -> None:
    """Jesse Jones or Pedro Ramirez takes a phase-1 card from where they chose."""
    seat = r.seat
    p = state.players[seat]
    replace_request(state, r, None)
    if isinstance(action, act.DrawDeck):
        draw(state, ev, seat, 1, "phase1")
    elif isinstance(action, act.DrawHand):  # a choice: «Мстительный» shoots first
        chosen_take(state, ev, seat, action.target, HAND, True, p.character)
    else:
        assert isinstance(action, act.DrawDiscard)
        c = state.discard.pop()
        p.hand.append(c)
        ev.append(Event("take_discard", {"seat": seat, "card": c, "reason": p.character}))
    if r.step == 1 and not (isinstance(action, act.DrawHand) and (DRAWS_ONE_FROM_ANY_HAND in p.abilities)):
        second_from_discard = (
            isinstance(action, act.DrawDiscard)
            and (DRAWS_FROM_DISCARD in p.abilities)
            and state.config.options.pedro_second_from_discard
            and state.discard
        )
        if second_from_discard:
            state.requests.append(DrawChoice(seat, 2))
        else:
            draw(state, ev, seat, 1, "phase1")


# How each of the base game's pending decisions takes its answer, by type (a queued early answer is kept first); a
# variant's own decisions take theirs from its answers.
ANSWERS: dict[type, Callable[[GameState, Events, Any, Action], None]] = {
    Respond: resolve_respond,
    IndiansRespond: resolve_indians,
    DuelTurn: resolve_duel,
    Dying: resolve_dying,
    StorePick: resolve_store_pick,
    KitChoice: resolve_kit_choice,
    DrawChoice: resolve_draw_choice,
    Theft: resolve_theft,
}
