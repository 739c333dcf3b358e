"""The Duel's engine: deal a game, apply one legal action, then run what follows until someone must decide."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bangbot.core import rng
from bangbot.core.errors import IllegalAction
from bangbot.core.events import Event
from bangbot.games.contract import GameConfig
from bangbot.games.duel.rules import actions as act
from bangbot.games.duel.rules import legal, pending, renegade_effects
from bangbot.games.duel.rules.abilities import (
    DISCARDS_OWN_CARD_DRAWS,
    REUSES_DISCARD_ACTION,
    SWAPS_A_CARD,
    katie_discards,
    kept,
    loot,
    sundance_draws,
    use_ability,
)
from bangbot.games.duel.rules.actions import DuelAction
from bangbot.games.duel.rules.data import CARDS, DYNAMITE, HORSESHOE, SNAKE, cards_of, characters_of, type_id
from bangbot.games.duel.rules.effects import play_effect
from bangbot.games.duel.rules.hits import dodged_of, landed, start_hit
from bangbot.games.duel.rules.modes import MODES
from bangbot.games.duel.rules.renegades import ALICIA, COQUETTE_DELOU, DUEL_RESOURCES, ignores, is_fresh
from bangbot.games.duel.rules.requests import (
    CHOICES,
    TAKES_HURT_FOR_PARTNER,
    BecameAttacker,
    CardDuel,
    Choice,
    Choices,
    DiscardOne,
    Dodge,
    DuelRequest,
    Entered,
    HandLimit,
    Indians,
    KeepOne,
    Lineup,
    Loot,
    Replace,
    Robbed,
    StandIn,
    StorePick,
    is_decision,
)
from bangbot.games.duel.rules.resources import after_use, resource_effect, use_resource
from bangbot.games.duel.rules.state import DuelState, Squad, position_of, seat_of, slot_of
from bangbot.games.duel.rules.table import (
    RELOAD_DRAW,
    Events,
    ability,
    attacker_slot,
    check,
    check_shows,
    cover_slot,
    discard_card,
    draw,
    enter_play,
    fighter,
    hand_limit,
    has_active,
    holder,
    lose_life,
    opponents,
    own_target,
    stand_in,
    swap_positions,
)
from bangbot.games.duel.rules.triggers import AUTOMATIC

Requests = list[DuelRequest]
START = "start"
DRAW = "draw"
LIMIT = "limit"
START_CARDS = ("dynamite", "rattlesnake", "panic")
REUSE = "reuse"  # Play.how of Pearl Hart's reuse of the action card on top of the discard pile


def new_game(config: GameConfig, seed: int) -> tuple[DuelState, list[Event]]:
    """Deals a Duel in the config's mode (its preset) and plays up to the first decision (choosing the attackers)."""
    mode = MODES[config.preset]
    state = DuelState(config, [], rng.seed_state(seed))
    for seat, side in enumerate(mode.sides):
        cards = [c for deck in side.decks for c in cards_of(deck)]
        state.rng, deck = rng.shuffled(state.rng, cards)
        state.rng, roster = rng.shuffled(
            state.rng, list(range(len(chars := [c for d in side.decks for c in characters_of(d)])))
        )
        squad = Squad(
            seat, side.side, deck, reserve=[chars[i] for i in roster[: side.characters]], start_hand=side.start_hand
        )
        squad.hand = [squad.deck.pop() for _ in range(side.start_hand)]
        state.squads.append(squad)
    events = [Event("game_start", {"mode": mode.id, "sides": [s.side for s in state.squads]})]
    for squad in state.squads:
        events.append(
            Event(
                "dealt",
                {"seat": squad.seat, "count": len(squad.hand)},
                {"cards": list(squad.hand), "characters": list(squad.reserve)},
                (squad.seat,),
            )
        )
    state.requests = [Lineup(s.seat, p) for s in state.squads for p in (0, 1)]
    _prepare(state)
    return state, events


def apply(state: DuelState, seat: int, action: DuelAction) -> tuple[DuelState, list[Event]]:
    """Returns the state after a legal action and what happened; raises IllegalAction for any other."""
    if not legal.is_legal(state, seat, action):
        raise IllegalAction(seat, action, legal.legal_actions(state, seat))
    s = state.copy()
    events: Events = []
    _act(s, seat, action, events)
    _run(s, events)
    s.version += 1
    return s, events


def _act(s: DuelState, seat: int, action: DuelAction, events: Events) -> None:
    """Applies seat's answer to the decision asked first, or its play-phase action, and puts what follows ahead."""
    r = s.requests.pop(0) if s.requests else None
    follow = _answer(s, seat, r, action, events) if r is not None else _turn(s, seat, action, events)
    s.requests = pending.mark(s, follow) + s.requests


def alike(s: DuelState, seat: int, actions: list[DuelAction]) -> bool:
    """Returns whether every answer seat may give ends the same way (the state once run again, without this
    judgement): the question is pointless, so not asked."""
    outcomes: list[DuelState] = []
    for action in actions:
        other = s.copy()
        _act(other, seat, action, [])
        _run(other, [], judge=False)
        if outcomes and other != outcomes[0]:
            return False
        outcomes.append(other)
    return True


def _prepare(state: DuelState) -> None:
    """Fills in the options of the decision asked now: a lineup or replacement question's from the asked player's
    characters not yet in play, a named choice's as the table is now."""
    r = state.requests[0] if state.requests else None
    if isinstance(r, (Lineup, Replace)):
        reserve = tuple(state.squads[r.seat].reserve)
        if r.options != reserve:
            state.requests[0] = replace(r, options=reserve)
    elif isinstance(r, CHOICES):
        state.requests[0] = renegade_effects.prepare(state, r)


def _turn(s: DuelState, seat: int, action: DuelAction, events: Events) -> Requests:
    """Applies a play-phase action of the turn's player."""
    apply_action = TURN_ACTIONS.get(type(action))
    if apply_action is None:
        raise AssertionError(f"not a play-phase action: {action!r}")
    return apply_action(s, seat, action, events)


def _play(s: DuelState, seat: int, action: act.Play, events: Events) -> Requests:
    """Plays a hand card (or reuses one, or plays it as a BANG!): discarded or put in play, then its effect."""
    if action.how == REUSE:
        return _reuse(s, seat, action, events)
    s.squads[seat].hand.remove(action.card)
    name = "colt" if action.how == "bang" else type_id(action.card)
    frame = CARDS[action.card].type.frame
    if frame not in ("equipment", "resource") or action.how:
        s.discard.append(action.card)
    if action.how == "bang" or (frame == "bang" and not action.how):
        s.bangs_played += 1
    played = {"seat": seat, "card": action.card, "target": action.target, "target_card": action.target_card}
    events.append(Event("play", {**played, "how": action.how}))
    if action.how == "bang":
        assert action.target is not None
        return start_hit(s, seat, action.target, action.card, events, rider="colt")
    return play_effect(name)(s, seat, action, events)


def _use(s: DuelState, seat: int, action: act.Use, events: Events) -> Requests:
    """Uses a card in play: a resource, or the Fortune Teller's card as a BANG!."""
    if action.how:
        assert action.target is not None
        return renegade_effects.fortune_bang(s, seat, action.card, action.target, events)
    return use_resource(s, seat, action.card, action.target, events)


def _reload(s: DuelState, seat: int, action: act.Reload, events: Events) -> Requests:
    """Discards a card to draw one."""
    discard_card(s, action.card)
    events.append(Event("reload", {"seat": seat, "card": action.card}))
    draw(s, seat, 1, events, reason=RELOAD_DRAW)
    return []


def _choose(s: DuelState, seat: int, action: act.Choose, events: Events) -> Requests:
    """Uses a once-a-turn ability offered as a named choice."""
    return use_ability(s, seat, action.option, events)


def _swap(s: DuelState, seat: int, action: act.Swap, events: Events) -> Requests:
    """Swaps the attacker and the cover once a turn; the new attacker's entry triggers follow."""
    s.used.append("swap")
    swap_positions(s, seat, events)
    return [BecameAttacker(seat, seat, swap=True)]


def _end_turn(s: DuelState, seat: int, action: act.EndTurn, events: Events) -> Requests:
    """Ends the play phase: the hand limit comes next."""
    s.phase = LIMIT
    return []


def _reuse(s: DuelState, seat: int, action: act.Play, events: Events) -> Requests:
    """Pearl Hart discards a hand card and uses the action card on top of the discard pile (it stays there)."""
    top = s.discard[-1]
    s.squads[seat].hand.remove(action.card)
    # Her card goes under the one she uses, which stays on top (ASSUMPTIONS: pearl_hart_top).
    s.discard.insert(len(s.discard) - 1, action.card)
    s.used.append(REUSES_DISCARD_ACTION)
    events.append(Event("reuse", {"seat": seat, "card": action.card, "used": top, "target": action.target}))
    return play_effect(type_id(top))(s, seat, act.Play(top, action.target, action.target_card), events)


def _answer(s: DuelState, seat: int, r: DuelRequest, action: DuelAction, events: Events) -> Requests:
    """Applies an answer to the decision r."""
    answer = ANSWERS.get(type(r))
    if answer is None:
        raise ValueError(f"cannot answer a {type(r).__name__} decision")
    return answer(s, seat, r, action, events)


def _answer_lineup(s: DuelState, seat: int, r: Lineup, action: DuelAction, events: Events) -> Requests:
    """Puts the chosen character in its lineup position (a Marshal entering may ask more)."""
    assert isinstance(action, act.Choose)
    enter_play(s, seat, action.option, r.position, events)
    return renegade_effects.marshal_enters(s, seat, action.option)


def _answer_replace(s: DuelState, seat: int, r: Replace, action: DuelAction, events: Events) -> Requests:
    """Puts the chosen reserve character in the place of one out of the game."""
    assert isinstance(action, act.Choose)
    enter_play(s, seat, action.option, r.position, events)
    return [Entered(seat, r.position)]


def _answer_indians(s: DuelState, seat: int, r: Indians, action: DuelAction, events: Events) -> Requests:
    """Discards a BANG! against Indians!, or the attacker loses a life."""
    if isinstance(action, act.Answer | act.Use):
        _discard_answer(s, seat, action, events)
        events.append(Event("answered", {"seat": seat, "card": action.card, "to": "indians"}))
        return []
    return lose_life(s, r.slot, 1, r.by, events, "indians")


def _answer_duel(s: DuelState, seat: int, r: CardDuel, action: DuelAction, events: Events) -> Requests:
    """Discards a BANG! in a Duel (the other answers next), or the attacker loses a life and the Duel ends."""
    if isinstance(action, act.Answer | act.Use):
        _discard_answer(s, seat, action, events)
        events.append(Event("answered", {"seat": seat, "card": action.card, "to": "duel"}))
        other = r.by if seat == r.other else r.other
        return [replace(r, seat=other)]
    loser = attacker_slot(s, seat)
    if loser is None:
        return []
    return lose_life(s, loser, 1, r.by if seat != r.by else r.other, events, "duel")


def _answer_discard(s: DuelState, seat: int, r: DiscardOne | HandLimit, action: DuelAction, events: Events) -> Requests:
    """Discards the chosen card (a forced discard, or down to the hand limit); what the discard leads to follows."""
    assert isinstance(action, act.Discard)
    discard_card(s, action.card)
    reason = r.reason if isinstance(r, DiscardOne) else LIMIT
    events.append(Event("discarded", {"seat": seat, "card": action.card, "by": seat, "reason": reason}))
    if reason == SWAPS_A_CARD:
        return sundance_draws(s, seat, events)
    # A discard another player forces (Peacemaker, Tex Killer) robs like a steal (ASSUMPTIONS: forced_discard_robs).
    by = r.by if isinstance(r, DiscardOne) else None
    return [Robbed(seat, by)] if by is not None and by != seat else []


def _answer_keep(s: DuelState, seat: int, r: KeepOne, action: DuelAction, events: Events) -> Requests:
    """Keeps the chosen card of those drawn (kept)."""
    assert isinstance(action, act.Pick)
    return kept(s, seat, r, action.card, events)


def _answer_store(s: DuelState, seat: int, r: StorePick, action: DuelAction, events: Events) -> Requests:
    """Takes a card the General Store shows; the next player picks from the rest."""
    assert isinstance(action, act.Pick)
    shown = tuple(c for c in r.shown if c != action.card)
    s.squads[seat].hand.append(action.card)
    events.append(Event("picked", {"seat": seat, "card": action.card}))
    picks = r.picks[1:]
    return [StorePick(picks[0], shown, picks)] if shown else []


def _answer_option(s: DuelState, seat: int, r: Choices, action: DuelAction, events: Events) -> Requests:
    """Applies a named choice (_option)."""
    assert isinstance(action, act.Choose)
    return _option(s, seat, r, action.option, events)


def _discard_answer(s: DuelState, seat: int, action: act.Answer | act.Use, events: Events) -> None:
    """Discards a card answering a Duel, Indians! or Ricochet; the Fortune Teller's card in play also draws 1.

    A resource discarded here is not used (rulebook 002): no effect, no Charlie Bassett, even the turn it came in."""
    if isinstance(action, act.Use) and action.how:
        renegade_effects.fortune_discards(s, seat, action.card, events)
        return
    if isinstance(action, act.Use) and type_id(action.card) not in DUEL_RESOURCES and is_fresh(s, action.card):
        s.used.append(COQUETTE_DELOU)  # a fresh Missed!-resource in a Ricochet: Coquette Delou's once a turn
    discard_card(s, action.card)


def _answer_hit(s: DuelState, seat: int, r: Dodge, action: DuelAction, events: Events) -> Requests:
    """Applies a dodge (a card from the hand or in play) or taking the hit."""
    if isinstance(action, act.Pass):
        return landed(s, r, events)
    assert isinstance(action, act.Answer | act.Use)
    name = type_id(action.card)
    out: Requests = []
    if isinstance(action, act.Use) and action.how:
        renegade_effects.fortune_discards(s, seat, action.card, events)
    elif isinstance(action, act.Use) and CARDS[action.card].type.frame == "resource":
        out += _dodge_resource(s, seat, action.card, events)
    else:
        discard_card(s, action.card)
    events.append(Event("dodge", {"seat": seat, "card": action.card, "slot": r.slot, "character": r.char}))
    if name == "trick" and r.card is not None and _trick_takes(s, r):
        s.discard.remove(r.card)
        s.squads[seat].hand.append(r.card)
        events.append(Event("taken", {"seat": seat, "card": r.card, "from": -1}))
    if name == "return_fire":
        # Aimed at the player's opponent: in the standoff its own target, whoever shot (rulebook 002).
        others = opponents(s, seat, "return_fire")
        target = attacker_slot(s, others[0]) if others else None
        if target is not None and not ignores(s, target, seat):  # El Chindi ignores Return Fire's hit
            out += start_hit(s, seat, target, None, events, rider="return_fire")
    if r.need > 1:
        return [replace(r, need=r.need - 1), *out]
    return [dodged_of(r), *out]


def _trick_takes(s: DuelState, r: Dodge) -> bool:
    """Returns whether a Trick that cancelled this hit takes its BANG! card: a red card or one played as a BANG!
    (not Walker, which goes back to its owner; ASSUMPTIONS: trick_played_as_bang)."""
    card = r.card
    if card is None or card not in s.discard or type_id(card) == "walker":
        return False
    return CARDS[card].type.frame == "bang" or r.rider == "colt"


def _dodge_resource(s: DuelState, seat: int, card: int, events: Events) -> Requests:
    """A resource used to dodge (Lucky Penny, Dexterity): discarded, then its card drawn at once; what follows use."""
    slot = holder(s, card)
    if is_fresh(s, card):
        s.used.append(COQUETTE_DELOU)
    discard_card(s, card)
    resource_effect(s, seat, type_id(card), None, events)
    return after_use(s, seat, type_id(card), slot, None, events)


def _option(s: DuelState, seat: int, r: Choices, option: str, events: Events) -> Requests:
    """Applies a named choice: Carbine's discard, Shotgun's and Cover's swaps, Blow's and Union Pacific's draws."""
    if isinstance(r, StandIn):
        return _stand_in(s, r, option, events)
    if option == "none":
        return []
    if r.reason == ALICIA and option == renegade_effects.DRAW:
        _phase_draw(s, seat, events)
        return []
    if isinstance(r, Choice):
        if r.reason not in OPTIONS:
            raise ValueError(f"no option {option!r} for {r.reason!r}")
        return OPTIONS[r.reason](s, seat, r, option, events)
    return CHOICE_ANSWERS[type(r)](s, seat, r, option, events)


def _katie_option(s: DuelState, seat: int, r: Choice, option: str, events: Events) -> Requests:
    """Cattle Katie discards the chosen card in play on her and draws."""
    return katie_discards(s, seat, int(option), events)


def _discard_option(s: DuelState, seat: int, r: Choice, option: str, events: Events) -> Requests:
    """Carbine and Ambush discard the chosen card in play; its owner was robbed."""
    card = int(option)
    slot = holder(s, card)
    assert slot is not None
    owner = seat_of(slot)
    discard_card(s, card)
    events.append(Event("discarded", {"seat": owner, "card": card, "by": seat}))
    return [Robbed(owner, seat, source=slot)]


def _swap_option(s: DuelState, seat: int, r: Choice, option: str, events: Events) -> Requests:
    """Shotgun and Cover swap the chosen player's attacker and cover; Cover may ask again."""
    target = int(option)
    swap_positions(s, target, events, by=seat)
    out: Requests = [BecameAttacker(target, seat, swap=True)]
    left = (r.left or 1) - 1
    if left > 0:
        # Cover: a second swap may follow, of the same player again or another (rulebook 002).
        out.append(replace(r, left=left, options=("none", *(o for o in r.options if o != "none"))))
    return out


def _blow_option(s: DuelState, seat: int, r: Choice, option: str, events: Events) -> Requests:
    """Blow discards a random card from the chosen player's hand; another player was robbed."""
    victim = int(option)
    hand = s.squads[victim].hand
    s.rng, pick = rng.below(s.rng, len(hand))
    lost = hand.pop(pick)
    s.discard.append(lost)
    events.append(Event("discarded", {"seat": victim, "card": lost, "by": seat}))
    return [Robbed(victim, seat)] if victim != seat else []


def _union_pacific_option(s: DuelState, seat: int, r: Choice, option: str, events: Events) -> Requests:
    """Union Pacific draws one card from the chosen deck; the next draw is asked while some are left."""
    draw(s, seat, 1, events, reason="union_pacific", deck_of=int(option))
    left = (r.left or 1) - 1
    return [replace(r, left=left)] if left > 0 else []


# How a plain named choice applies, by its reason; the renegades' own take precedence.
OPTIONS: dict[str, renegade_effects.Option] = {
    DISCARDS_OWN_CARD_DRAWS: _katie_option,
    "carbine": _discard_option,
    "ambush": _discard_option,
    "shotgun": _swap_option,
    "cover": _swap_option,
    "blow": _blow_option,
    "union_pacific": _union_pacific_option,
    **renegade_effects.OPTIONS,
}
# How a named choice with fields of its own applies, by its type (Buffalo Bill's stands apart: any option applies).
CHOICE_ANSWERS: dict[type, Callable[[DuelState, int, Any, str, Events], Requests]] = {
    Loot: loot,
    **renegade_effects.CHOICE_ANSWERS,
}


def _stand_in(s: DuelState, r: StandIn, option: str, events: Events) -> Requests:
    """Buffalo Bill takes his partner's life loss (when he still may), or the partner loses it."""
    slot = r.slot
    if option == TAKES_HURT_FOR_PARTNER and stand_in(s, slot, r.amount):
        slot = slot_of(seat_of(slot), 1 - position_of(slot))
        events.append(Event("stands_in", {"slot": slot, "for": r.slot}))
    return lose_life(s, slot, r.amount, r.by, events, r.cause, redirect=False)


def resume(state: DuelState) -> list[Event]:
    """Runs what follows by itself from a state built by hand (a test position) until someone must decide."""
    events: Events = []
    _run(state, events)
    return events


def _run(s: DuelState, events: Events, judge: bool = True) -> None:
    """Resolves what follows by itself until a player must decide or the game is over (judge: a decision whose
    every answer ends the same way is answered here, with the first, and not asked)."""
    while s.winner is None:
        if s.requests:
            pending.reorder(s)
            if pending.stale_head(s):
                s.requests.pop(0)
                continue
            r = s.requests[0]
            if not is_decision(r):
                s.requests.pop(0)
                s.requests = pending.mark(s, AUTOMATIC[type(r)](s, r, events)) + s.requests
                continue
            _prepare(s)
            if _answered_here(s, r.seat, events, judge):
                continue
            return
        if s.phase == "setup":
            _next_turn(s, events, first=True)
        elif s.phase == START:
            _start_checks(s, events)
        elif s.phase == DRAW:
            _draw_phase(s, events)
        elif s.phase == LIMIT:
            if len(s.squads[s.turn].hand) > hand_limit(s, s.turn) and s.squads[s.turn].alive:
                s.requests.append(HandLimit(s.turn))
                continue
            _next_turn(s, events)
        else:
            if not s.squads[s.turn].alive:
                s.phase = LIMIT
                continue
            return
    s.requests.clear()


def _answered_here(s: DuelState, seat: int, events: Events, judge: bool) -> bool:
    """Drops the decision asked first when seat has no answer, or (judge) answers it when every answer ends the
    same way; returns whether it did, else seat must be asked."""
    actions = legal.legal_actions(s, seat)
    if not actions:
        s.requests.pop(0)
        return True
    if judge and len(actions) > 1 and alike(s, seat, actions):
        _act(s, seat, next((a for a in actions if isinstance(a, act.Pass)), actions[0]), events)  # no card for nothing
        return True
    return False


def _next_turn(s: DuelState, events: Events, first: bool = False) -> None:
    """Passes the turn to the next player still in play and starts it."""
    n = len(s.squads)
    if first:
        s.turn = 0
    else:
        s.turn = next(t for t in ((s.turn + i) % n for i in range(1, n + 1)) if s.squads[t].alive)
        s.turn_number += 1
    s.bangs_played, s.bang_limit, s.used = 0, 1, []
    s.phase = START
    events.append(Event("turn", {"seat": s.turn, "number": s.turn_number}))


def _start_checks(s: DuelState, events: Events) -> None:
    """Dynamite, Rattlesnake and Panic on the turn player's characters, attacker first; then the draw phase."""
    seat = s.turn
    s.phase = DRAW
    follow: Requests = []
    for name in START_CARDS:
        for position in range(len(s.squads[seat].fighters)):
            f = s.squads[seat].fighters[position]
            card = next((c for c in f.equipment if type_id(c) == name), None)
            if card is None or f.life <= 0:  # a character the Dynamite just killed checks nothing more
                continue
            slot = seat * 2 + position
            if name == "dynamite":
                result = check(s, seat, events, "dynamite")
                if check_shows(result, DYNAMITE, good=False):
                    discard_card(s, card)
                    follow += lose_life(s, slot, 3, None, events, "dynamite")
                else:
                    follow += _pass_dynamite(s, seat, slot, card, events)
            elif name == "rattlesnake":
                if check_shows(check(s, seat, events, "rattlesnake"), SNAKE, good=False):
                    follow += lose_life(s, slot, 1, None, events, "rattlesnake")
            elif name == "panic" and swap_positions(s, seat, events):
                follow.append(BecameAttacker(seat, seat, swap=True))
                break
    s.requests = pending.mark(s, follow) + s.requests


def _pass_dynamite(s: DuelState, seat: int, slot: int, card: int, events: Events) -> Requests:
    """Moves Dynamite on to the next player's covering character (attacker when alone)."""
    n = len(s.squads)
    other = next((t for t in ((seat + i) % n for i in range(1, n)) if s.squads[t].alive), None)
    if other is None:
        return []
    target = cover_slot(s, other)
    target = target if target is not None else attacker_slot(s, other)
    assert target is not None
    fighter(s, slot).equipment.remove(card)
    fighter(s, target).equipment.append(card)
    events.append(Event("moved", {"card": card, "from": slot, "to": target}))
    return []


def _draw_phase(s: DuelState, events: Events) -> None:
    """Draws two cards (The Daltons three, Bank one more), then the play phase begins."""
    seat = s.turn
    s.phase = legal.PLAY
    if not s.squads[seat].alive:
        return
    alicia = renegade_effects.alicia_asks(s, seat)
    if alicia:
        s.requests = alicia + s.requests
        return
    _phase_draw(s, seat, events)


def _phase_draw(s: DuelState, seat: int, events: Events) -> None:
    """The draw phase's cards: two (The Daltons three), one more with a Bank."""
    count = 3 if ability(s, seat, "draws_three") else 2
    if has_active(s, seat, "bank") is not None:
        count += 1
    drawn = draw(s, seat, count, events)
    if ability(s, seat, "second_draw_horseshoe") and len(drawn) >= 2:
        # Pat Garrett shows his second card; a horseshoe draws one more from the opponent's deck.
        events.append(Event("shown", {"seat": seat, "card": drawn[1]}))
        if CARDS[drawn[1]].symbol == HORSESHOE:
            draw(s, seat, 1, events, deck_of=own_target(s, seat), reason="second_draw_horseshoe")


# How each pending decision takes its answer, by its type.
ANSWERS: dict[type, Callable[[DuelState, int, Any, DuelAction, Events], Requests]] = {
    Lineup: _answer_lineup,
    Replace: _answer_replace,
    Dodge: _answer_hit,
    Indians: _answer_indians,
    CardDuel: _answer_duel,
    DiscardOne: _answer_discard,
    HandLimit: _answer_discard,
    KeepOne: _answer_keep,
    StorePick: _answer_store,
    **dict.fromkeys(CHOICES, _answer_option),
}


# How each play-phase action of the turn's player applies, by its type.
TURN_ACTIONS: dict[type, Callable[[DuelState, int, Any, Events], Requests]] = {
    act.Play: _play,
    act.Use: _use,
    act.Reload: _reload,
    act.Choose: _choose,
    act.Swap: _swap,
    act.EndTurn: _end_turn,
}
