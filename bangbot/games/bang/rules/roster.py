"""Every character of the family's games and the ability atoms each has; the one lookup the rules use."""

from __future__ import annotations

from collections.abc import Mapping

from bangbot.games.bang.rules.abilities import BASE_CHARACTER_ABILITIES
from bangbot.games.bang.rules.characters import CHARACTER_LIFE
from bangbot.games.bang.rules.plugins import load_declarations

NO_ABILITIES: frozenset[str] = frozenset()

# Every character's ability atoms and printed life (energy, in BANG! Star Wars): the base game's, and each registered
# variant's (register_characters).
CHARACTER_ABILITIES: dict[str, frozenset[str]] = dict(BASE_CHARACTER_ABILITIES)
PRINTED_LIFE: dict[str, int] = dict(CHARACTER_LIFE)


def register_characters(table: Mapping[str, tuple[frozenset[str], int]]) -> None:
    """Adds a variant's characters: each one's ability atoms and printed life."""
    for character, (abilities, life) in table.items():
        CHARACTER_ABILITIES[character] = abilities
        PRINTED_LIFE[character] = life


def abilities_of(character: str) -> frozenset[str]:
    """Returns the ability atoms of a character (a variant's: its package loaded first; none for one no table
    knows)."""
    found = CHARACTER_ABILITIES.get(character)
    if found is None:
        load_declarations()
        found = CHARACTER_ABILITIES.get(character, NO_ABILITIES)
    return found


def printed_life(character: str) -> int:
    """Returns a character's printed life (a variant's: its package loaded first); raises KeyError for one no table
    knows."""
    if character not in PRINTED_LIFE:
        load_declarations()
    return PRINTED_LIFE[character]
