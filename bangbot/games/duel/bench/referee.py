"""Counts what a Duel player would laugh at in one game, from the full state, the decisions and the events."""

from __future__ import annotations

from collections import Counter
from typing import Any

from bangbot.core.events import Event
from bangbot.games.duel.rules.actions import Choose, Discard, DuelAction, EndTurn, Pass, Play, Use
from bangbot.games.duel.rules.data import BANG, CARDS, EQUIPMENT, RESOURCE, type_id
from bangbot.games.duel.rules.effects import DODGE_CARDS
from bangbot.games.duel.rules.legal import asked
from bangbot.games.duel.rules.requests import Choice, Decision, Dodge, HandLimit
from bangbot.games.duel.rules.state import DuelState, seat_of
from bangbot.games.duel.rules.table import holder, is_standoff, own_target
from bangbot.games.duel.rules.views import DuelView

# Cards in play that hurt whoever holds them; Dynamite and Panic depend on the moment, every other card helps.
HARMFUL_IN_PLAY = frozenset({"rattlesnake"})
EITHER_WAY = frozenset({"dynamite", "panic"})
REMOVALS = frozenset({"steal", "ambush", "blow"})  # discard a chosen card in play (Schoolteacher keeps it: not here)
HITS = frozenset({"derringer", "knife", "duel", "ricochet", "chief"})  # actions aimed at one character or player
HEALS_ATTACKER = frozenset({"whisky"})


def is_shot(action: DuelAction) -> bool:
    """Returns whether an action fires a BANG! at a character: a red card, a card played as one, or the Fortune
    Teller's card in play discarded as one."""
    if isinstance(action, Use):
        return action.how == "bang" and action.target is not None
    if not isinstance(action, Play) or action.target is None:
        return False
    return action.how == "bang" or (not action.how and CARDS[action.card].type.frame == BANG)


def helps_holder(card: int) -> bool | None:
    """Returns whether a card in play helps its holder (None: it depends on the moment)."""
    name = type_id(card)
    if name in EITHER_WAY:
        return None
    return name not in HARMFUL_IN_PLAY


def own_side_harm(state: DuelState, owner: int, seat: int, card: int, placed: bool) -> bool:
    """Returns whether seat placing (placed) or discarding a card in play of owner's works against seat itself:
    a harmful card on its own characters, a helpful one on its target's; taking its own help, or its target's harm.

    The standoff's hunter (the player whose target seat is) counts neither way: seat loses if the hunter dies too."""
    helps = helps_holder(card)
    if helps is None or owner not in (seat, own_target(state, seat)):
        return False
    mine = owner == seat
    return (mine != helps) if placed else (mine == helps)


class DuelSanityReferee:
    """Adds one Duel's counts to a Counter: cards wasted, harm to the own side, Dynamite, the standoff's wrong kills."""

    def __init__(self, tally: Counter[str]) -> None:
        self.tally = tally
        self.turn_seat = 0
        self.passed_shot: set[int] = set()  # ended its play phase with a legal BANG! this turn
        self.passed_target: set[int] = set()  # ... one of them at its own target (the standoff)
        self.passed_dodge: set[int] = set()  # took a hit it could have dodged, since its last turn
        self.dynamite_owner: int | None = None
        self.killer: dict[int, int | None] = {}  # seat -> who took its last life point, when it had none left

    def begin(self, state: DuelState, events: list[Event]) -> None:
        """Counts the game."""
        self.tally["games"] += 1
        self.turn_seat = state.turn

    def decided(self, state: DuelState, seat: int, seen: DuelView, action: DuelAction) -> None:
        """Counts a decision against the state it was taken in: passes, wasted heals and cards, harm to the own side."""
        request = asked(state)
        if request is None:
            self._turn(state, seat, seen, action)
        else:
            self._answer(state, seat, seen, request, action)

    def _turn(self, state: DuelState, seat: int, seen: DuelView, action: DuelAction) -> None:
        """Counts a play-phase decision."""
        if isinstance(action, EndTurn):
            shots = [a for a in seen.legal if isinstance(a, Play | Use) and is_shot(a)]
            if shots:
                self.passed_shot.add(seat)
                self.tally["turns_passing_a_legal_bang"] += 1
                if own_target(state, seat) in {seat_of(a.target) for a in shots if a.target is not None}:
                    self.passed_target.add(seat)
            return
        if is_standoff(state):
            self._aimed(state, seat, action)
        if isinstance(action, Use) and type_id(action.card) in HEALS_ATTACKER and not action.how:
            attacker = state.squads[seat].fighters[0]
            self.tally["heal_at_full_life"] += attacker.life >= attacker.max_life
        if isinstance(action, Play):
            self._play(state, seat, action)

    def _play(self, state: DuelState, seat: int, play: Play) -> None:
        """Counts a card played from the hand (Pearl Hart's reuse: the action card on top of the discard pile)."""
        card = state.discard[-1] if play.how == "reuse" else play.card
        name = type_id(card)
        if play.how not in ("", "reuse"):
            return
        if name == "beer":
            full = all(f.life >= f.max_life for f in state.squads[seat].fighters)
            self.tally["heal_at_full_life"] += full
        elif name == "saloon" and play.target is not None:
            self.tally["saloon_wasted"] += _saloon_wasted(state, seat, play.target)
        elif name == "dynamite":
            self.dynamite_owner = seat
            self.tally["dynamite_played"] += 1
        elif CARDS[card].type.frame in (EQUIPMENT, RESOURCE) and play.target is not None:
            self.tally["harm_to_own_side"] += own_side_harm(state, seat_of(play.target), seat, card, placed=True)
        elif name in REMOVALS and play.target is not None and play.target_card is not None and play.target_card >= 0:
            self.tally["harm_to_own_side"] += own_side_harm(
                state, seat_of(play.target), seat, play.target_card, placed=False
            )

    def _aimed(self, state: DuelState, seat: int, action: DuelAction) -> None:
        """Counts, in the standoff, an attack on one player and whether that player is not the own target."""
        target = getattr(action, "target", None)
        if target is None or seat_of(target) == seat or not _is_attack(action):
            return
        self.tally["attacks"] += 1
        self.tally["attacks_on_non_target"] += seat_of(target) != own_target(state, seat)

    def _answer(self, state: DuelState, seat: int, seen: DuelView, request: Decision, action: DuelAction) -> None:
        """Counts an answer: a dodge not made, a hand-limit discard, an option that discards the own side's help."""
        if isinstance(request, Dodge) and isinstance(action, Pass):
            dodges = sum(not isinstance(a, Pass) for a in seen.legal)
            if dodges >= request.need:
                self.passed_dodge.add(seat)
        elif isinstance(request, HandLimit) and isinstance(action, Discard):
            self._discarded(seat, action.card)
        elif isinstance(request, Choice) and isinstance(action, Choose):
            reason, option = request.reason, action.option
            if reason in ("carbine", "ambush") and option.isdigit():
                slot = holder(state, int(option))
                if slot is not None:
                    self.tally["harm_to_own_side"] += own_side_harm(
                        state, seat_of(slot), seat, int(option), placed=False
                    )
            elif reason == "blow" and option == str(seat):
                self.tally["harm_to_own_side"] += 1  # a random card of its own hand

    def _discarded(self, seat: int, card: int) -> None:
        """Counts a hand-limit discard: any card, a BANG! after passing on a shot, a Missed! after taking a hit."""
        self.tally["discarded_at_hand_limit"] += 1
        if CARDS[card].type.frame == BANG:
            self.tally["bangs_discarded_at_hand_limit"] += 1
            self.tally["bangs_discarded_after_pass"] += seat in self.passed_shot
            self.tally["bangs_discarded_after_passing_the_target"] += seat in self.passed_target
        elif type_id(card) in DODGE_CARDS and seat in self.passed_dodge:
            self.tally["missed_discarded_after_pass"] += 1

    def happened(self, state: DuelState, events: list[Event]) -> None:
        """Follows turns, Dynamite's explosions, last lives lost and the end of the game."""
        for e in events:
            data = e.data
            if e.kind == "turn":
                self.passed_shot.clear()
                self.passed_target.clear()
                self.passed_dodge.discard(self.turn_seat)
                self.turn_seat = int(data["seat"])
            elif e.kind == "hurt":
                self._hurt(data)
            elif e.kind == "squad_out" and is_standoff(state):
                out, killer = int(data["seat"]), self.killer.get(int(data["seat"]))
                if killer is not None and killer != out and own_target(state, killer) != out:
                    self.tally["wins_handed_to_third_player"] += 1
        if state.winner is not None:
            self.tally[f"wins:{state.winner}"] += 1
            self.tally["turns"] += state.turn_number

    def _hurt(self, data: dict[str, Any]) -> None:
        """Counts Dynamite exploding (and killing) on its owner or another player; notes who took a last life."""
        victim = seat_of(int(data["slot"]))
        if data["cause"] == "dynamite":
            whose = "owner" if self.dynamite_owner == victim else "other"
            self.tally[f"dynamite_exploded_on_{whose}"] += 1
            self.tally[f"dynamite_killed_on_{whose}"] += not data["life"]
        if not data["life"]:
            self.killer[victim] = data["by"]


def _is_attack(action: DuelAction) -> bool:
    """Returns whether an action aimed at a character hurts its player: a hit, a harmful card, a help discarded."""
    if is_shot(action) or (isinstance(action, Use) and action.target is not None):
        return True
    if not isinstance(action, Play) or action.how:
        return False
    name = type_id(action.card)
    if name in HITS or name in HARMFUL_IN_PLAY:
        return True
    return name in REMOVALS and action.target_card is not None and action.target_card >= 0


def _saloon_wasted(state: DuelState, seat: int, target: int) -> bool:
    """Returns whether a Saloon (life set to 3) raises no own character or raises the own target's (the standoff's
    hunter counts neither way, as in own_side_harm)."""
    f = state.fighter(target)
    if f is None:
        return False
    change = min(3, f.max_life) - f.life
    if seat_of(target) == seat:
        return change <= 0
    return change > 0 and seat_of(target) == own_target(state, seat)
