"""Roles, how many of each a table gets, and who wins."""

from __future__ import annotations

SHERIFF = "sheriff"
DEPUTY = "deputy"
OUTLAW = "outlaw"
RENEGADE = "renegade"
ROLES = (SHERIFF, DEPUTY, OUTLAW, RENEGADE)

MIN_PLAYERS = 4
MAX_PLAYERS = 7

# Winning sides as recorded in the state.
LAW = "law"  # the Sheriff and the Deputies
OUTLAWS = "outlaws"
RENEGADE_SIDE = "renegade"

_DISTRIBUTION: dict[int, tuple[str, ...]] = {
    4: (SHERIFF, RENEGADE, OUTLAW, OUTLAW),
    5: (SHERIFF, RENEGADE, OUTLAW, OUTLAW, DEPUTY),
    6: (SHERIFF, RENEGADE, OUTLAW, OUTLAW, OUTLAW, DEPUTY),
    7: (SHERIFF, RENEGADE, OUTLAW, OUTLAW, OUTLAW, DEPUTY, DEPUTY),
}


def roles_for(players: int) -> tuple[str, ...]:
    """Returns the role cards dealt to a table of 4 to 7 players; raises ValueError otherwise."""
    if players not in _DISTRIBUTION:
        raise ValueError(f"BANG! needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    return _DISTRIBUTION[players]


def side_of(role: str) -> str:
    """Returns the side a role wins with."""
    if role in (SHERIFF, DEPUTY):
        return LAW
    if role == OUTLAW:
        return OUTLAWS
    return RENEGADE_SIDE


def winner(alive_roles: list[str]) -> str | None:
    """Returns the winning side given the roles still alive, or None while the game goes on."""
    if SHERIFF not in alive_roles:
        if alive_roles == [RENEGADE]:
            return RENEGADE_SIDE
        return OUTLAWS
    if OUTLAW not in alive_roles and RENEGADE not in alive_roles:
        return LAW
    return None
