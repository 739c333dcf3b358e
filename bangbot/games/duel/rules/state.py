"""The state of a Duel table: each player's squad (characters in play, reserve), deck, hand, and the shared piles."""

from __future__ import annotations

from dataclasses import dataclass, field

from bangbot.games.contract import GameConfig
from bangbot.games.duel.rules.requests import DuelRequest, KeepOne, StorePick

# A character in play is named by a slot number: seat * 2 + position (0: attacking, 1: covering).
ATTACKER = 0
COVER = 1


def slot_of(seat: int, position: int) -> int:
    """Returns the slot number of a seat's attacking (0) or covering (1) position."""
    return seat * 2 + position


def seat_of(slot: int) -> int:
    """Returns the seat whose character a slot holds."""
    return slot // 2


def position_of(slot: int) -> int:
    """Returns 0 for an attacking slot, 1 for a covering one."""
    return slot % 2


@dataclass(slots=True)
class Fighter:
    """A character in play: its life, equipment (blue) and resources (green) with the turn each resource entered."""

    character: str
    life: int
    max_life: int
    equipment: list[int] = field(default_factory=list)
    resources: list[int] = field(default_factory=list)
    entered: dict[int, int] = field(default_factory=dict)  # resource card -> turn number it came into play

    def copy(self) -> Fighter:
        """Returns a copy that shares nothing mutable."""
        return Fighter(
            self.character, self.life, self.max_life, self.equipment[:], self.resources[:], self.entered.copy()
        )

    def in_play(self) -> list[int]:
        """Returns every card in play on this character, equipment first."""
        return self.equipment + self.resources


@dataclass(slots=True)
class Squad:
    """One player: side, own deck, hand, characters in play (attacking first), reserve and fallen characters."""

    seat: int
    side: str
    deck: list[int]
    hand: list[int] = field(default_factory=list)
    fighters: list[Fighter] = field(default_factory=list)  # [attacking, covering]; one when a single one is left
    reserve: list[str] = field(default_factory=list)
    dead: list[str] = field(default_factory=list)
    start_hand: int = 4

    def copy(self) -> Squad:
        """Returns a copy that shares nothing mutable."""
        return Squad(
            self.seat,
            self.side,
            self.deck[:],
            self.hand[:],
            [f.copy() for f in self.fighters],
            self.reserve[:],
            self.dead[:],
            self.start_hand,
        )

    @property
    def alive(self) -> bool:
        """Returns whether the squad still has a character in play."""
        return bool(self.fighters)

    def characters_left(self) -> int:
        """Returns the number of characters in play and in reserve."""
        return len(self.fighters) + len(self.reserve)


@dataclass(slots=True)
class DuelState:
    """A whole Duel table: squads by seat, the shared piles, the turn and the pending decisions."""

    config: GameConfig
    squads: list[Squad]
    rng: int
    common: list[int] = field(default_factory=list)  # the common deck, once a player's own deck ran out
    discard: list[int] = field(default_factory=list)
    turn: int = 0
    turn_number: int = 1
    phase: str = "setup"
    bangs_played: int = 0
    bang_limit: int = 1
    used: list[str] = field(default_factory=list)  # once-a-turn things already done this turn
    requests: list[DuelRequest] = field(default_factory=list)  # pending decisions, the first answered first
    winner: str | None = None
    version: int = 0

    def copy(self) -> DuelState:
        """Returns a copy that shares nothing mutable with this state."""
        return DuelState(
            self.config,
            [s.copy() for s in self.squads],
            self.rng,
            self.common[:],
            self.discard[:],
            self.turn,
            self.turn_number,
            self.phase,
            self.bangs_played,
            self.bang_limit,
            self.used[:],
            self.requests[:],
            self.winner,
            self.version,
        )

    def fighter(self, slot: int) -> Fighter | None:
        """Returns the character in a slot, or None when the slot is empty."""
        fighters = self.squads[seat_of(slot)].fighters
        position = position_of(slot)
        return fighters[position] if position < len(fighters) else None

    def slots(self) -> list[int]:
        """Returns every filled slot: all attacking characters first, then all covering ones, in seat order."""
        n = len(self.squads)
        return [slot_of(s, p) for p in (ATTACKER, COVER) for s in range(n) if p < len(self.squads[s].fighters)]

    def alive_seats(self) -> list[int]:
        """Returns the seats whose squads still have characters in play."""
        return [s.seat for s in self.squads if s.alive]

    def all_cards(self) -> list[int]:
        """Returns every card in the game, wherever it is (each exactly once in a sound state)."""
        out = list(self.common) + list(self.discard)
        for s in self.squads:
            out += s.deck + s.hand
            for f in s.fighters:
                out += f.in_play()
        for r in self.requests:
            if isinstance(r, KeepOne | StorePick):
                out += r.shown
        return out
