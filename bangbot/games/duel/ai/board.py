"""The table as one Duel seat reads it from its view: who is an enemy, who a threat, what a hit is worth."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from bangbot.games.duel.rules.data import CHARACTER, type_id
from bangbot.games.duel.rules.effects import DODGE_RESOURCES
from bangbot.games.duel.rules.views import DuelView, FighterView, SquadView

LIFE_POINT = 10.0  # a life point, in the AI's units (a card in the hand is worth about 4)
LOW_LIFE_BONUS = 5.0  # extra worth of a life point once a character has 2 or fewer
GAME_END = 500.0  # winning (or losing) the game outright
KILL = 15.0  # a character that dies (its player draws two and brings in a reserve)
ATTACKER_HIT = 2.0  # hurting an attacker also shrinks its player's hand limit
LAND_CHANCE = 0.7  # a hit lands when the target holds cards (it may hold a Missed!)
BARREL_LETS_THROUGH = 0.75  # a Barrel's check stops about one hit in four
HAT_LETS_THROUGH = 0.3  # a Hat in play is nearly always used
CURRY_LETS_THROUGH = 0.75  # Kid Curry's check stops about one hit in four, and shoots back
DEFENCE = 1.5  # robbing the standoff's hunter once it is one hit from winning, against robbing the own target
CARD_WORTH = 4.0  # an average card in a hand


@dataclass(frozen=True, slots=True)
class Board:
    """A seat's reading of its view: relations to every other seat, and the standoff's danger."""

    view: DuelView
    me: int
    target: int  # the seat this one must eliminate
    hunter: int | None  # the standoff's seat whose target this one is (None with two players)
    threatened: bool  # this seat is one hit from losing its last character

    def squad(self, seat: int) -> SquadView:
        """Returns a seat's public side."""
        return self.view.squads[seat]

    def mine(self) -> SquadView:
        """Returns this seat's own side."""
        return self.view.squads[self.me]

    def fighter(self, slot: int) -> FighterView | None:
        """Returns the character in a slot, or None when it is empty."""
        fighters = self.view.squads[slot // 2].fighters
        return fighters[slot % 2] if slot % 2 < len(fighters) else None

    def near_end(self, seat: int) -> bool:
        """Returns whether a seat is one hit from losing its last character."""
        squad = self.view.squads[seat]
        return self.last_one(seat) and bool(squad.fighters) and squad.fighters[0].life <= 2

    def last_one(self, seat: int) -> bool:
        """Returns whether a seat has a single character left, in play or in reserve."""
        squad = self.view.squads[seat]
        return len(squad.fighters) + squad.reserve_count == 1

    def hostility(self, seat: int) -> float:
        """Returns what a life point lost by seat's characters is worth to this seat (negative: a loss to it)."""
        if seat == self.me:
            return -1.0
        if seat == self.target:
            return 1.0
        # The standoff's hunter: hurting it brings the own target nearer its win, unless the hunter is about to win.
        if self.threatened:
            return 0.5
        return -1.0 if self.near_end(seat) else -0.2

    def pressure(self, seat: int) -> float:
        """Returns what taking one of seat's cards (from the hand or in play) is worth, as a share of its worth."""
        if seat == self.me:
            return -1.0
        if seat == self.target:
            return 1.0
        return DEFENCE if self.threatened else 0.4

    def end_of(self, seat: int) -> float:
        """Returns what seat's losing its last character means to this seat: the game won or lost."""
        if len(self.view.squads) == 2:
            return GAME_END if seat != self.me else -GAME_END
        hunter_of_seat = next(s.seat for s in self.view.squads if s.target == seat)
        return GAME_END if hunter_of_seat == self.me else -GAME_END

    def life_worth(self, f: FighterView) -> float:
        """Returns the worth of one life point of a character: more once it is low."""
        return LIFE_POINT + (LOW_LIFE_BONUS if f.life <= 2 else 0.0)

    def harm(self, slot: int, damage: int) -> float:
        """Returns what damage to a slot's character is worth to this seat (a kill and a game end included)."""
        f = self.fighter(slot)
        if f is None:
            return 0.0
        seat = slot // 2
        lost = min(damage, f.life)
        worth = self.hostility(seat) * (lost * self.life_worth(f) + (ATTACKER_HIT if slot % 2 == 0 else 0.0))
        if damage >= f.life:
            worth += self.end_of(seat) if self.last_one(seat) else self.hostility(seat) * KILL
        return worth

    def has_ability(self, seat: int, atom: str, slot: int | None = None) -> bool:
        """Returns whether seat has a character whose ability counts: attacking, always active, or the one targeted."""
        for f in self.view.squads[seat].fighters:
            card = CHARACTER.get(f.character)
            if card is not None and card.ability == atom and (f.slot % 2 == 0 or card.always or f.slot == slot):
                return True
        return False

    def hit_back(self, chance: float = LAND_CHANCE) -> float:
        """Returns what a hit aimed back at this seat's attacker costs it (negative)."""
        mine = self.mine().fighters
        return chance * self.harm(mine[0].slot, 1) if mine else 0.0

    def after_hurt(self, slot: int) -> float:
        """Returns what the hurt side does back when a hit lands on slot (Pinkerton, Lone Ranger, Slim Poet)."""
        seat = slot // 2
        if seat == self.me:
            return 0.0
        worth = 0.0
        if self.has_ability(seat, "hurt_hits_back", slot) and (self.hunter is None or seat == self.target):
            worth += self.hit_back()
        if self.has_ability(seat, "hurt_draws", slot):
            worth -= CARD_WORTH * max(self.pressure(seat), 0.0)
        if self.has_ability(seat, "hurt_discards_random", slot) and self.view.hand:
            worth -= CARD_WORTH
        return worth

    def after_robbing(self, seat: int) -> float:
        """Returns what robbing seat (its hand or a card in play) brings back on this seat (Wild Bill, Hick Addams)."""
        worth = 0.0
        if seat != self.me and self.has_ability(seat, "robbed_hits_back"):
            worth += self.hit_back()
        if seat != self.me and self.has_ability(seat, "robbed_draws"):
            worth -= CARD_WORTH * max(self.pressure(seat), 0.0)
        return worth

    def lands(self, slot: int, bare: bool = False) -> float:
        """Returns the chance a hit on a slot lands (bare: Barrel and Hat do not count)."""
        f = self.fighter(slot)
        if f is None:
            return 0.0
        chance = LAND_CHANCE if self.squad(slot // 2).hand_count else 1.0
        if not bare:
            names = {type_id(c) for c in f.equipment}
            ready = {type_id(c) for c in f.resources if c not in f.fresh}
            if "barrel" in names:
                chance *= BARREL_LETS_THROUGH
            if "hat" in names:
                chance *= HAT_LETS_THROUGH
            if ready & DODGE_RESOURCES:  # Dexterity, Lucky Penny: a dodge in play that draws a card besides
                chance *= HAT_LETS_THROUGH
            if self.has_ability(slot // 2, "check_dodges_and_shoots", slot):
                chance *= CURRY_LETS_THROUGH
        return chance


def read(view: DuelView) -> Board:
    """Returns the board of the seat the view belongs to."""
    me = view.seat if view.seat is not None else 0
    target = view.squads[me].target
    hunters = [s.seat for s in view.squads if s.target == me and s.seat != me]
    hunter = hunters[0] if len(view.squads) > 2 and hunters else None
    board = Board(view, me, target, hunter, False)
    return dataclasses.replace(board, threatened=hunter is not None and board.near_end(me))
