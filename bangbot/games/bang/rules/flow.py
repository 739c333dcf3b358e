"""Moves the game on by itself wherever nobody has a real choice: turn start, phase 1, forced answers."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from bangbot.core.events import Event
from bangbot.games.bang.rules.abilities import (
    DRAWS_FROM_A_HAND,
    DRAWS_FROM_DISCARD,
    DRAWS_MORE_WITHOUT_BLUE,
    DRAWS_ON_EMPTY_HAND,
    DRAWS_ONE_FROM_ANY_HAND,
    DRAWS_PER_MISSING_ENERGY,
    LOOKS_AT_THREE,
    SHOWS_SECOND_DRAW,
)
from bangbot.games.bang.rules.actions import Action, Answer, EndTurn, Pass
from bangbot.games.bang.rules.apart import hands_apart, hit_costs_life, no_dynamite
from bangbot.games.bang.rules.cards import DYNAMITE, JAIL, SPADES, Border, Card, is_red
from bangbot.games.bang.rules.effects import (
    Events,
    check,
    draw,
    draw_on_empty_hand,
    hurt,
    resolve_aim,
    take_from_deck,
)
from bangbot.games.bang.rules.legal import can_play, request_actions, request_of
from bangbot.games.bang.rules.notation import to_text
from bangbot.games.bang.rules.options import LEFT
from bangbot.games.bang.rules.requests import (
    EXCLUSIVE,
    PASSED,
    QUEUED,
    Aim,
    DrawChoice,
    KitChoice,
    Theft,
    is_open,
)
from bangbot.games.bang.rules.resolve import queued_action, resolve
from bangbot.games.bang.rules.state import (
    CARD_KIND,
    DISCARD_PHASE,
    DRAW_PHASE,
    DYNAMITE_PHASE,
    JAIL_PHASE,
    OVER,
    PLAY_PHASE,
    SECOND_CHECK_PHASE,
    GameState,
    Player,
    card,
    kind_of,
)
from bangbot.games.bang.rules.variants import variant_of

DYNAMITE_DAMAGE = 3
PHASE1_CARDS = 2
KIT_CARLSON_LOOKS = 3
RESOURCEFUL_EXTRA = 2  # «Находчивый» draws two more with no blue card in play
NO_CARD = ""  # the kind of no card: a start-of-turn step that checks nothing
TURN_PHASES = frozenset({DRAW_PHASE, PLAY_PHASE, DISCARD_PHASE, OVER})  # after the start-of-turn checks


def settle(state: GameState, ev: Events, judge: bool = True) -> None:
    """Resolves everything that needs no decision, until some seat must choose or the game ends (judge: also the
    decisions whose every answer ends the same way)."""
    while state.winner is None:
        suzy_draws(state, ev)
        if state.requests:  # with none, neither a queued nor a forced answer can resolve
            if resolve_queued(state, ev) or resolve_forced(state, ev, judge):
                continue
            return
        if not advance(state, ev):
            return


def resolve_queued(state: GameState, ev: Events) -> bool:
    """Resolves a held shot once no fate decision is ahead, or the head's queued answer; returns whether it did."""
    for r in state.requests:
        if isinstance(r, EXCLUSIVE):
            break
        if isinstance(r, Aim):
            resolve_aim(state, ev, r)
            return True
    head = state.requests[0] if state.requests else None
    if isinstance(head, QUEUED) and not is_open(head):
        resolve(state, ev, head.seat, queued_action(head))
        return True
    if isinstance(head, Theft):
        resolve(state, ev, head.seat, Pass())
        return True
    return False


def resolve_forced(state: GameState, ev: Events, judge: bool = True) -> bool:
    """Answers the first open pending decision that has only one answer (judge: or answers that all end the same
    way); returns whether it did.

    A seat answers its decisions in order, so only each seat's first pending decision is considered.
    """
    asked: set[int] = set()
    behind = False  # whether an exclusive decision came before (waits, worked out in the same pass)
    for r in state.requests:
        first = r.seat not in asked
        asked.add(r.seat)
        if not first or behind or not is_open(r):
            behind = behind or isinstance(r, EXCLUSIVE)
            continue
        behind = isinstance(r, EXCLUSIVE)
        options = request_actions(state, r)
        if len(options) == 1 or (judge and alike(state, r.seat, options)):
            chosen = next((o for o in options if isinstance(o, Pass)), options[0])  # no card played for nothing
            ev.append(Event("auto", {"seat": r.seat, "action": to_text(chosen)}))
            resolve(state, ev, r.seat, chosen)
            return True
    return False


def alike(state: GameState, seat: int, options: Sequence[Action]) -> bool:
    """Returns whether every answer seat may give ends the same way (the state once settled again): the question is
    pointless, so not asked.

    When taking a hit costs life (hit_costs_life), the card keeps seat at its life L less a multiple of 3, the hit
    at L-1 less a multiple of 3, or 0: with no Dynamite in play (the card keeps L, the hit L-1 or 0), or once the
    card's end has seat alive with some life, the two cannot end alike. Nor can two answers that put different cards
    into a hand where settling takes none from any (hands_apart).
    """
    costs_life = hit_costs_life(state, seat, options)
    if (costs_life and no_dynamite(state)) or hands_apart(state, seat, options):
        return False
    first = state.copy()
    resolve(first, [], seat, options[0])
    settle(first, [], judge=False)
    if still_queued(state, first, seat, options[0]):
        return False
    if costs_life and first.players[seat].alive and first.players[seat].life >= 1:
        return False
    for option in options[1:]:
        other = state.copy()
        resolve(other, [], seat, option)
        settle(other, [], judge=False)
        if not other.same_as(first):
            return False
    return True


def still_queued(state: GameState, after: GameState, seat: int, option: Action) -> bool:
    """Returns whether seat's answer to a decision not yet at the head (a queued answer) still waits, unresolved, in
    the state after settling it: nothing reads a queued answer before it resolves, so each other answer would leave
    the same state with only that answer changed, and the answers cannot end alike."""
    r = request_of(state, seat)
    if not isinstance(r, QUEUED) or state.requests[0] is r:
        return False
    return replace(r, answer=option.card if isinstance(option, Answer) else PASSED) in after.requests


def suzy_draws(state: GameState, ev: Events) -> None:
    """Every Suzy Lafayette («Запасливый») whose hand is empty draws a card (see draw_on_empty_hand)."""
    for p in state.players:
        if not p.hand and DRAWS_ON_EMPTY_HAND in p.abilities:  # draw_on_empty_hand's own test, without the call
            draw_on_empty_hand(state, ev, p.seat)


def advance(state: GameState, ev: Events) -> bool:
    """Takes one automatic step of the turn; returns False when the player whose turn it is must act."""
    p = state.players[state.turn]
    if not p.alive:
        next_turn(state, ev)
        return True
    if state.phase not in TURN_PHASES and start_checks(state, ev, p):
        return True
    phase = state.phase
    if phase == DRAW_PHASE:
        state.phase = PLAY_PHASE
        phase_one(state, ev)
    elif phase == PLAY_PHASE:
        if can_play(state, state.turn):
            return False
        ev.append(Event("auto", {"seat": state.turn, "action": to_text(EndTurn())}))
        state.phase = DISCARD_PHASE
    elif phase == DISCARD_PHASE:
        if len(p.hand) > p.life:
            return False
        next_turn(state, ev)
    return True


def start_checks(state: GameState, ev: Events, p: Player) -> bool:
    """Runs the next start-of-turn check of p's cards (the variant's own question first); returns whether one ran.

    A check without its card changes nothing but the phase: the phase goes on to the next.
    """
    variant = variant_of(state.config)
    if state.phase == DYNAMITE_PHASE and variant.turn_start is not None and variant.turn_start(state, p):
        return True
    checks = variant.start_checks or START_CHECKS
    check_step = checks.get(state.phase)
    while check_step is not None:
        state.phase, kind, run_check = check_step
        if p.has_in_play(kind):
            run_check(state, ev)
            return True
        check_step = checks.get(state.phase)
    return False


def next_turn(state: GameState, ev: Events) -> None:
    """Passes the turn to the next living player, who starts with the start-of-turn checks."""
    state.turn = state.next_alive(state.turn)
    state.phase = DYNAMITE_PHASE
    state.bangs_played = 0
    state.used = []
    state.turn_number += 1
    ev.append(Event("turn", {"seat": state.turn, "number": state.turn_number}))


def dynamite_safe(c: Card) -> bool:
    """Returns whether a Dynamite check does not explode (anything but ♠2–9)."""
    return not (c.suit == SPADES and 2 <= c.rank <= 9)


def dynamite_check(state: GameState, ev: Events) -> None:
    """Checks the Dynamite of the player whose turn it is: it explodes or moves on."""
    seat = state.turn
    p = state.players[seat]
    dyn = next(c for c in p.in_play if CARD_KIND[c] == DYNAMITE)
    if check(state, ev, seat, DYNAMITE, dynamite_safe, if_no_card=True):
        step = 1 if state.config.options.dynamite_passes == LEFT else -1
        receiver = state.next_alive(seat, step)
        p.in_play.remove(dyn)
        state.players[receiver].in_play.append(dyn)
        ev.append(Event("dynamite_passed", {"seat": seat, "to": receiver}))
        return
    p.in_play.remove(dyn)
    state.discard.append(dyn)
    ev.append(Event("exploded", {"seat": seat}))
    hurt(state, ev, seat, DYNAMITE_DAMAGE, None, DYNAMITE)


def jail_check(state: GameState, ev: Events) -> None:
    """Checks the Jail of the player whose turn it is: free, or the turn (or phases 1–2) is lost."""
    seat = state.turn
    p = state.players[seat]
    jail = next(c for c in p.in_play if CARD_KIND[c] == JAIL)
    suits = state.config.options.jail_free_suits
    free = check(state, ev, seat, JAIL, lambda c: c.suit in suits)
    p.in_play.remove(jail)
    state.discard.append(jail)
    ev.append(Event("jail", {"seat": seat, "free": free}))
    if free:
        return
    if state.config.options.jail_skips_discard_phase:
        next_turn(state, ev)
    else:
        state.phase = DISCARD_PHASE


def phase_one(state: GameState, ev: Events) -> None:
    """Draws phase 1's cards, or asks Jesse Jones, Pedro Ramirez and Kit Carlson where from."""
    seat = state.turn
    p = state.players[seat]
    from_hand = (DRAWS_FROM_A_HAND in p.abilities) or (DRAWS_ONE_FROM_ANY_HAND in p.abilities)
    if (from_hand and any(state.players[t].hand for t in state.others_in_order(seat))) or (
        (DRAWS_FROM_DISCARD in p.abilities) and state.discard
    ):
        state.requests.append(DrawChoice(seat, 1))
    elif LOOKS_AT_THREE in p.abilities:
        looked = take_from_deck(state, ev, KIT_CARLSON_LOOKS)
        if len(looked) > PHASE1_CARDS:
            state.requests.append(KitChoice(seat, tuple(looked)))
            data = {"seat": seat, "count": len(looked), "reason": p.character}
            ev.append(Event("look", data, {"cards": looked}, (seat,)))
        else:
            p.hand.extend(looked)
            ev.append(
                Event(
                    "draw",
                    {"seat": seat, "count": len(looked), "reason": "phase1"},
                    {"cards": looked},
                    (seat,),
                )
            )
    elif SHOWS_SECOND_DRAW in p.abilities:
        first = draw(state, ev, seat, 1, "phase1")
        second = take_from_deck(state, ev, 1)
        p.hand.extend(second)
        if second:
            shown = second[0]
            ev.append(Event("reveal", {"seat": seat, "card": shown, "reason": p.character}))
            if is_red(card(shown)) and first is not None:
                draw(state, ev, seat, 1, p.character)
    elif DRAWS_PER_MISSING_ENERGY in p.abilities:
        draw(state, ev, seat, 1 + p.max_life - p.life, "phase1")
    elif DRAWS_MORE_WITHOUT_BLUE in p.abilities:
        blue = any(kind_of(c).border is Border.BLUE for c in p.in_play)
        draw(state, ev, seat, PHASE1_CARDS + (0 if blue else RESOURCEFUL_EXTRA), "phase1")
    else:
        draw(state, ev, seat, PHASE1_CARDS, "phase1")


def no_check(state: GameState, ev: Events) -> None:
    """Checks nothing: the step of a card no base game deck holds (a variant's own check goes there)."""
    raise AssertionError("no card of the base game is checked here")


# The start-of-turn checks as data: phase -> (the phase after it, the card checked, its check). The base game goes
# Dynamite, then Jail; between them is the step where a variant checks a card of its own (its start_checks), a step
# the base game only passes through (the phase is saved with the game, so it stays).
START_CHECKS: dict[str, tuple[str, str, Callable[[GameState, Events], None]]] = {
    DYNAMITE_PHASE: (SECOND_CHECK_PHASE, DYNAMITE, dynamite_check),
    SECOND_CHECK_PHASE: (JAIL_PHASE, NO_CARD, no_check),
    JAIL_PHASE: (DRAW_PHASE, JAIL, jail_check),
}
