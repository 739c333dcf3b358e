"""Counts what a BANG! player would laugh at in one game, from the full state, the decisions and the events."""

from __future__ import annotations

from collections import Counter

from bangbot.core.events import Event
from bangbot.games.bang.ai.cardinfo import kind
from bangbot.games.bang.ai.sides import Sides
from bangbot.games.bang.rules.abilities import BANG_AND_MISSED_SWAP
from bangbot.games.bang.rules.actions import HAND, Action, Answer, Discard, EndTurn, Pass, Play
from bangbot.games.bang.rules.cards import BANG, BEER, CAT_BALOU, DUEL, DYNAMITE, JAIL, MISSED, PANIC
from bangbot.games.bang.rules.legal import request_of
from bangbot.games.bang.rules.requests import Respond
from bangbot.games.bang.rules.state import GameState
from bangbot.games.bang.rules.views import PlayerView

PHASES = ((3, "turns 1-3"), (10, "turns 4-10"), (None, "later"))
ATTACKS = (BANG, DUEL, JAIL)  # a targeted card that hurts or holds back its target
TAKES = (PANIC, CAT_BALOU)  # hostile unless it takes a Jail or Dynamite away
RELIEF = (JAIL, DYNAMITE)


def phase_of(turn_number: int) -> str:
    """Returns the name of the part of the game a turn number falls in."""
    for last, name in PHASES:
        if last is None or turn_number <= last:
            return name
    raise AssertionError("unreachable")


def is_attack(card: int, target_card: int | None, janet: bool) -> bool:
    """Returns whether a targeted card hurts its target: a shot, a Duel, a Jail, or taking a card that helps it."""
    k = kind(card)
    if k in ATTACKS or (janet and k == MISSED):
        return True
    if k in TAKES:
        return target_card is None or target_card == HAND or kind(target_card) not in RELIEF
    return False


class SanityReferee:
    """Adds one game's counts to a Counter: friendly fire, wasted cards, bad Dynamite, kills and the final."""

    def __init__(self, sides: Sides, tally: Counter[str]) -> None:
        self.sides = sides
        self.tally = tally
        self.roles: list[str] = []
        self.turn_number = 1
        self.turn_seat = 0
        self.passed_shot: set[int] = set()  # ended phase 2 with a legal BANG! in hand, this turn
        self.passed_opponent: set[int] = set()  # ... and one of the seats it could shoot was not a teammate
        self.passed_dodge: set[int] = set()  # took a hit it could have dodged, since its last turn
        self.dynamite_owner: int | None = None
        self.final_seen = False

    def begin(self, state: GameState, events: list[Event]) -> None:
        """Reads the roles dealt."""
        self.roles = [p.role for p in state.players]
        self.turn_seat = state.turn
        self.tally["games"] += 1

    def decided(self, state: GameState, seat: int, seen: PlayerView, action: Action) -> None:
        """Counts passes on legal shots (any, at another side), dodges not made, Beer at full life, discards."""
        p = state.players[seat]
        janet = BANG_AND_MISSED_SWAP in p.abilities
        shots = [a.target for a in seen.legal if isinstance(a, Play) and self._is_shot(a, janet) and a.target != seat]
        if isinstance(action, EndTurn) and shots:
            self.passed_shot.add(seat)
            self.tally["turns_passing_a_legal_bang"] += 1
            if any(not self.sides.teammates(self.roles[seat], self.roles[t or 0]) for t in shots):
                self.passed_opponent.add(seat)
        elif isinstance(action, Pass):
            r = request_of(state, seat)
            if isinstance(r, Respond) and sum(isinstance(a, Answer) for a in seen.legal) >= r.needed:
                self.passed_dodge.add(seat)
        elif isinstance(action, Discard):
            self._discarded(seat, action.card, janet)
        elif isinstance(action, Play) and kind(action.card) == BEER:
            self.tally["beer_played"] += 1
            if p.life >= p.max_life:
                self.tally["beer_at_full_life"] += 1

    @staticmethod
    def _is_shot(a: Action, janet: bool) -> bool:
        """Returns whether a is a BANG! (or Calamity Janet's Missed!) at a seat."""
        return (
            isinstance(a, Play)
            and a.target is not None
            and (kind(a.card) == BANG or (janet and kind(a.card) == MISSED))
        )

    def _discarded(self, seat: int, card: int, janet: bool) -> None:
        """Counts a phase-3 discard of a BANG! after passing on a shot, or of a Missed! after taking a dodgeable hit."""
        k = kind(card)
        shot = k == BANG or (janet and k == MISSED)
        dodge = k == MISSED or (janet and k == BANG)
        if shot:
            self.tally["bangs_discarded"] += 1
        if shot and seat in self.passed_shot:
            self.tally["bangs_discarded_after_pass"] += 1
            if seat in self.passed_opponent:
                self.tally["bangs_discarded_after_passing_an_opponent"] += 1
        elif dodge and seat in self.passed_dodge:
            self.tally["missed_discarded_after_pass"] += 1

    def happened(self, state: GameState, events: list[Event]) -> None:
        """Counts attacks, eliminations, Dynamite and the Sheriff-against-Renegade final in the events."""
        for e in events:
            handler = getattr(self, "_on_" + e.kind, None)
            if handler is not None:
                handler(state, e.data)
        if state.winner is not None:
            self._game_over(state)
        elif not self.final_seen:
            alive = sorted(p.role for p in state.players if p.alive)
            if alive == sorted([self.sides.leader, self.sides.loner or ""]):
                self.final_seen = True
                self.tally["final"] += 1

    def _on_turn(self, state: GameState, data: dict[str, object]) -> None:
        """A new turn: the passes of the seat whose turn ended no longer count."""
        self.passed_shot.clear()
        self.passed_opponent.clear()
        self.passed_dodge.discard(self.turn_seat)
        self.turn_seat = int(str(data["seat"]))
        self.turn_number = int(str(data["number"]))

    def _on_play(self, state: GameState, data: dict[str, object]) -> None:
        """Counts a targeted attack (friendly or not, by role and phase), a Jail on a teammate, Dynamite lit."""
        seat, card = int(str(data["seat"])), int(str(data["card"]))
        if kind(card) == DYNAMITE:
            self.dynamite_owner = seat
            self.tally["dynamite_played"] += 1
            return
        target = data.get("target")
        if target is None or int(str(target)) == seat:
            return
        t = int(str(target))
        target_card = data.get("target_card")
        tc = None if target_card is None else int(str(target_card))
        if tc is not None and tc != HAND and kind(tc) == DYNAMITE:
            self.dynamite_owner = None
        janet = BANG_AND_MISSED_SWAP in state.players[seat].abilities
        if not is_attack(card, tc, janet):
            return
        role, phase = self.roles[seat], phase_of(self.turn_number)
        friendly = self.sides.teammates(role, self.roles[t])
        self.tally[f"attacks:{role}"] += 1
        self.tally[f"attacks_in:{phase}"] += 1
        if friendly:
            self.tally[f"friendly:{role}"] += 1
            self.tally[f"friendly_in:{phase}"] += 1
            if kind(card) == JAIL:
                self.tally["jail_on_teammate"] += 1
        if kind(card) == JAIL:
            self.tally["jail_played"] += 1

    def _on_exploded(self, state: GameState, data: dict[str, object]) -> None:
        """Counts a Dynamite explosion on its owner's team or on the other side."""
        seat = int(str(data["seat"]))
        self.tally["dynamite_exploded"] += 1
        owner, self.dynamite_owner = self.dynamite_owner, None
        if owner is None:
            return
        if owner == seat or self.sides.teammates(self.roles[owner], self.roles[seat]):
            self.tally["dynamite_own_team"] += 1
        else:
            self.tally["dynamite_other_side"] += 1

    def _on_eliminated(self, state: GameState, data: dict[str, object]) -> None:
        """Counts the leader killing a guard, a guard killing the leader, and kills among teammates."""
        killer = data.get("killer")
        if killer is None:
            return
        k, victim = self.roles[int(str(killer))], str(data["role"])
        if int(str(killer)) == int(str(data["seat"])):
            return
        if k == self.sides.leader and victim == self.sides.guard:
            self.tally["leader_kills_guard"] += 1
        if k == self.sides.guard and victim == self.sides.leader:
            self.tally["guard_kills_leader"] += 1
        if self.sides.teammates(k, victim):
            self.tally["teammate_kills"] += 1

    def _game_over(self, state: GameState) -> None:
        """Counts the winning side, the turns played and who won the leader-against-loner final."""
        winner = str(state.winner)
        self.tally[f"wins:{winner}"] += 1
        self.tally["turns"] += state.turn_number
        if self.final_seen:
            self.tally[f"final_won_by:{winner}"] += 1
