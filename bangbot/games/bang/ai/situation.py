"""One decision's inputs: the seat's view, its beliefs and stance, and shortcuts into hand and table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bangbot.ai.mixing import MASK, mix, mix_on
from bangbot.ai.random_player import SEED_KEY
from bangbot.games.bang.ai.beliefs import RoleOdds, estimate
from bangbot.games.bang.ai.cardinfo import KIND
from bangbot.games.bang.ai.evidence import placer
from bangbot.games.bang.ai.stance import Stance, stance_of
from bangbot.games.bang.ai.tuning import PLAIN, Tuning
from bangbot.games.bang.rules.abilities import (
    BANG_AND_MISSED_SWAP,
    BUILT_IN_BARREL,
    CHECKS_TWO_CARDS,
    EVERY_HIT_NEEDS_TWO_MISSED,
    NEEDS_TWO_MISSED,
    UNLIMITED_BANG,
)
from bangbot.games.bang.rules.cards import BANG, BARREL, BEER, MISSED, VOLCANIC
from bangbot.games.bang.rules.hints import players_left
from bangbot.games.bang.rules.roster import abilities_of
from bangbot.games.bang.rules.views import PlayerView, SeatView

KILL_BONUS = 0.5
DEATH_OF_A_FRIEND = 3.0
FRIEND_FACTOR = 1.8
DODGE_SHARE = 12 / 80  # share of Missed! cards in the deck
DODGE_SHARE_JANET = 37 / 80  # Calamity Janet dodges with BANG! too
BANG_SHARE = 25 / 80
BANG_SHARE_JANET = 37 / 80
CHOOSES_TO_TAKE = 0.15  # how often a seat that could dodge takes the hit anyway


class Situation:
    """A seat's view with what it believes and wants; every choice of the heuristic player reads this.

    Beliefs and stance are worked out on first use: most answers (a Missed!, a Beer when dying) need neither.
    """

    __slots__ = ("_hand_kinds", "_in_play", "_janet", "_moment", "_odds", "_stance", "me", "memory", "tuning", "view")

    def __init__(self, view: PlayerView, me: int, memory: Mapping[str, Any], tuning: Tuning = PLAIN) -> None:
        self.view = view
        self.me = me
        self.memory = memory
        self.tuning = tuning
        self._odds: RoleOdds | None = None
        self._stance: Stance | None = None
        self._moment: int | None = None  # the tie-break's mix of seed, seat and moment
        self._janet: bool | None = None
        self._hand_kinds: list[str] | None = None
        self._in_play: dict[int, frozenset[str]] = {}

    @staticmethod
    def of(view: PlayerView, memory: Mapping[str, Any], tuning: Tuning = PLAIN) -> Situation:
        """Returns the situation of view's seat given the memory its events built, played with tuning's thresholds."""
        if view.seat is None:
            raise ValueError("a spectator does not decide")
        return Situation(view, view.seat, memory, tuning)

    @property
    def shoot_at(self) -> float:
        """Returns the least gain from hurting a seat worth a BANG! or a Duel for this seat's role."""
        return self.tuning.shoot_at_for(self.view.role)

    @property
    def odds(self) -> RoleOdds:
        """Returns the chance of each role of every seat, as this seat sees it."""
        if self._odds is None:
            self._odds = estimate(self.view, self.memory)
        return self._odds

    @property
    def stance(self) -> Stance:
        """Returns whom this seat wants to hurt or spare."""
        if self._stance is None:
            self._stance = stance_of(self.view, self.odds, self.tuning)
        return self._stance

    def tiebreak(self, s: int) -> float:
        """Returns a number in [0, 1) for seat s from memory's seed and the moment, to break ties without seat order."""
        if self._moment is None:
            seed = int(self.memory.get(SEED_KEY, 0))
            self._moment = mix(seed, self.me, self.view.turn_number, self.view.version)
        return mix_on(self._moment, s) / (MASK + 1)

    def jailer(self, card: int) -> int | None:
        """Returns the seat this seat saw place the Jail card, if any."""
        return placer(self.memory, card)

    @property
    def mine(self) -> SeatView:
        """Returns this seat's public side."""
        return self.view.seats[self.me]

    @property
    def janet(self) -> bool:
        """Returns whether this seat is Calamity Janet (BANG! and Missed! swap)."""
        if self._janet is None:
            self._janet = BANG_AND_MISSED_SWAP in abilities_of(self.mine.character)
        return self._janet

    def others(self) -> list[int]:
        """Returns the other living seats in seat order."""
        return [s.seat for s in self.view.seats if s.alive and s.seat != self.me]

    def alive_count(self) -> int:
        """Returns how many players are still in the game."""
        return players_left(self.view)

    def in_play(self, seat: int) -> frozenset[str]:
        """Returns the kinds of the cards in play in front of seat."""
        kinds = self._in_play.get(seat)
        if kinds is None:
            kinds = self._in_play[seat] = frozenset(KIND[c] for c in self.view.seats[seat].in_play)
        return kinds

    def count(self, k: str, cards: tuple[int, ...] | list[int] | None = None) -> int:
        """Returns how many cards of kind k the hand (or the given cards) holds."""
        if cards is not None:
            return [KIND[c] for c in cards].count(k)
        if self._hand_kinds is None:
            self._hand_kinds = [KIND[c] for c in self.view.hand]
        return self._hand_kinds.count(k)

    def bang_like(self, cards: tuple[int, ...] | list[int] | None = None) -> int:
        """Returns how many cards could serve as a BANG! (Calamity Janet counts her Missed!)."""
        n = self.count(BANG, cards)
        return n + self.count(MISSED, cards) if self.janet else n

    def dodges(self, cards: tuple[int, ...] | list[int] | None = None) -> int:
        """Returns how many cards could serve as a Missed! (Calamity Janet counts her BANG!)."""
        n = self.count(MISSED, cards)
        return n + self.count(BANG, cards) if self.janet else n

    def beer_works(self) -> bool:
        """Returns whether Beer heals: not once only two players are left."""
        return self.alive_count() > 2

    def beers(self) -> int:
        """Returns how many Beers the hand holds."""
        return self.count(BEER)

    def shoots_many(self) -> bool:
        """Returns whether this seat may play any number of BANG!s (Volcanic, Willy the Kid)."""
        return UNLIMITED_BANG in abilities_of(self.mine.character) or VOLCANIC in self.in_play(self.me)

    def harm(self, s: int) -> float:
        """Returns what this seat gains when seat s loses a life (negative: a loss)."""
        st = self.stance
        value = st.weight[s] * (st.enemy[s] - FRIEND_FACTOR * st.friend[s])
        if self.view.seats[s].life <= 1:
            if st.spare[s]:
                return min(value, 0.0) - DEATH_OF_A_FRIEND
            value += KILL_BONUS * st.weight[s] * st.enemy[s]
        return value

    def every_hit_needs_two(self) -> bool:
        """Returns whether every hit this seat deals needs two Missed! effects («Меткий»), not only its BANG!s."""
        return EVERY_HIT_NEEDS_TWO_MISSED in abilities_of(self.mine.character)

    def hit_chance(self, s: int, slab: bool | None = None) -> float:
        """Returns the chance that a BANG! at seat s costs it a life ."""
        seat = self.view.seats[s]
        share = DODGE_SHARE_JANET if BANG_AND_MISSED_SWAP in abilities_of(seat.character) else DODGE_SHARE
        h = seat.hand_count
        none = (1 - share) ** h
        needs_two = NEEDS_TWO_MISSED in abilities_of(self.mine.character) if slab is None else slab
        if needs_two:
            none += h * share * (1 - share) ** max(h - 1, 0)
        chance = none + (1 - none) * CHOOSES_TO_TAKE
        draws = 2 if CHECKS_TWO_CARDS in abilities_of(seat.character) else 1
        saved_by_check = 1 - 0.75**draws
        if BARREL in self.in_play(s):
            chance *= 1 - saved_by_check
        if BUILT_IN_BARREL in abilities_of(seat.character):
            chance *= 1 - saved_by_check
        return chance

    def no_bang_chance(self, s: int) -> float:
        """Returns the chance that seat s holds no card it could answer a Duel or Indians! with."""
        seat = self.view.seats[s]
        share = BANG_SHARE_JANET if BANG_AND_MISSED_SWAP in abilities_of(seat.character) else BANG_SHARE
        return float((1 - share) ** seat.hand_count)

    def bang_count_chance(self, s: int, at_most: int) -> float:
        """Returns the chance that seat s holds at most at_most cards it could answer a Duel with."""
        seat = self.view.seats[s]
        share = BANG_SHARE_JANET if BANG_AND_MISSED_SWAP in abilities_of(seat.character) else BANG_SHARE
        h = seat.hand_count
        total = 0.0
        for k in range(min(at_most, h) + 1):
            total += _binomial(h, k) * share**k * (1 - share) ** (h - k)
        return total


def _binomial(n: int, k: int) -> float:
    """Returns n choose k."""
    out = 1.0
    for i in range(k):
        out = out * (n - i) / (i + 1)
    return out
