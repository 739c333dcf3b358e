"""Every character of the family's games and the ability atoms each has; the one lookup the rules use."""

from __future__ import annotations

from collections.abc import Mapping

from bangbot.games.bang.rules.abilities import BASE_CHARACTER_ABILITIES
from bangbot.games.bang.rules.characters import CHARACTER_LIFE
from bangbot.games.bang.rules.starwars import ABILITY_CARDS

NO_ABILITIES: frozenset[str] = frozenset()

CHARACTER_ABILITIES: Mapping[str, frozenset[str]] = {
    **BASE_CHARACTER_ABILITIES,
    **{card: abilities for card, (abilities, _) in ABILITY_CARDS.items()},
}


# Life points (energy, in BANG! Star Wars) as printed on each character.
PRINTED_LIFE: Mapping[str, int] = {**CHARACTER_LIFE, **{card: energy for card, (_, energy) in ABILITY_CARDS.items()}}


def abilities_of(character: str) -> frozenset[str]:
    """Returns the ability atoms of a character (none for one the tables do not know)."""
    return CHARACTER_ABILITIES.get(character, NO_ABILITIES)
