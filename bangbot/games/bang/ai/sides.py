"""The sides of a ruleset's hidden roles: who the known leader is, who wins with whom, who wins alone."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from bangbot import games
from bangbot.games.bang.rules.roles import DEPUTY, LAW, OUTLAW, OUTLAWS, RENEGADE, RENEGADE_SIDE, SHERIFF, roles_for


@dataclass(frozen=True, slots=True)
class Sides:
    """One ruleset's roles: the leader everyone knows, the leader's guards, the leader's foes, the lone winner."""

    leader: str
    guard: str | None
    foe: str
    loner: str | None
    side: Mapping[str, str]  # role -> the side it wins with
    lean: Mapping[str, float]  # role -> +1 stands with the leader, -1 against, 0 either way
    deal: Callable[[int], tuple[str, ...]]  # table size -> the roles dealt

    @property
    def leader_side(self) -> str:
        """Returns the side the leader wins with."""
        return self.side[self.leader]

    @property
    def hidden(self) -> tuple[str, ...]:
        """Returns the roles dealt face down."""
        return tuple(r for r in self.side if r != self.leader)

    def dealt(self, players: int, role: str) -> int:
        """Returns how many seats of a table this size get role."""
        return self.deal(players).count(role)

    def teammates(self, a: str, b: str) -> bool:
        """Returns whether roles a and b win together (the lone role has no teammates)."""
        return a != self.loner and self.side[a] == self.side[b]


BASE = Sides(
    leader=SHERIFF,
    guard=DEPUTY,
    foe=OUTLAW,
    loner=RENEGADE,
    side={SHERIFF: LAW, DEPUTY: LAW, OUTLAW: OUTLAWS, RENEGADE: RENEGADE_SIDE},
    lean={SHERIFF: 1.0, DEPUTY: 1.0, OUTLAW: -1.0, RENEGADE: 0.0},
    deal=roles_for,
)


# Each side's share of wins aimed for in tables of equals, at every size. No counted win rates by role were found
# (Board Game Arena, BoardGameGeek, play logs): the one human figure is a player's recollection of his 7-player tables,
# without counts (the Law about 70%, the Outlaws about 29%, the Renegade twice ever; mysteriousartifact.wordpress.com,
# 2013). This is the project's assumption that the game is meant to be close between the Law and the Outlaws with the
# Renegade's lone win the rare one; `bench ai --shares` measures against it.
AIMED_SHARES: Mapping[str, float] = {LAW: 0.45, OUTLAWS: 0.45, RENEGADE_SIDE: 0.10}


def sides_for(ruleset: str) -> Sides:
    """Returns the sides of a game's hidden roles (its declaration's); raises KeyError for a game without them."""
    sides = games.game(ruleset).sides
    if not isinstance(sides, Sides):
        raise KeyError(f"game {ruleset!r} has no hidden roles")
    return sides
