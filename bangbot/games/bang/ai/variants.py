"""What a variant of base BANG! adds to the heuristic player: answers to its own decisions and card readings.

A variant's package registers its hooks when imported; the player finds them by the table's config (once per
decision), loading the games' declarations the first time a ruleset has none registered.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bangbot.games.bang.ai.situation import Situation
from bangbot.games.bang.rules.actions import Action
from bangbot.games.bang.rules.plugins import load_declarations
from bangbot.games.contract import GameConfig

# The answer to one of the variant's own decisions (the request as the seat's view shows it).
Answer = Callable[[Situation, Mapping[str, Any]], Action]
# Whether this seat's card, played now, does something the base game's card does not.
CardReading = Callable[[Situation, int], bool]


@dataclass(frozen=True, slots=True)
class AiVariant:
    """The heuristic player's hooks of one variant; the base game has none."""

    answers: Mapping[str, Answer] = field(default_factory=dict)  # by the decision's type name
    volley: CardReading | None = None  # a BANG! that hits every other seat instead of its target
    hits_back: CardReading | None = None  # a Missed! whose dodge also hurts the attacker


def never(sit: Situation, card: int) -> bool:
    """Reads no card as doing more than the base game's (a hook a variant does not have)."""
    return False


NO_HOOKS = AiVariant()
AI_VARIANTS: dict[str, AiVariant] = {}


def register_ai(ruleset: str, hooks: AiVariant) -> AiVariant:
    """Gives the heuristic player a variant's hooks (its package calls this when imported); returns them."""
    AI_VARIANTS[ruleset] = hooks
    return hooks


def ai_variant_of(config: GameConfig) -> AiVariant:
    """Returns the heuristic player's hooks for a table's variant (none for the base game or an unknown one)."""
    found = AI_VARIANTS.get(config.ruleset)
    if found is None:
        load_declarations(config.ruleset)
        found = AI_VARIANTS.setdefault(config.ruleset, NO_HOOKS)
    return found
