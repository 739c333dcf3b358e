"""BANG! Star Wars' own action: the order of a played card's fate effect and its own effect."""

from __future__ import annotations

from dataclasses import dataclass

from bangbot.games.bang.rules.actions import Action, VariantAction


@dataclass(frozen=True, slots=True)
class Fate(VariantAction):
    """Apply the fate effect of the card just played first (first) or after the card's own effect."""

    first: bool

    def text(self) -> str:
        """Returns 'fate first' or 'fate last'."""
        return "fate first" if self.first else "fate last"

    def answer_step(self) -> str:
        """Returns the answer button's name: fate_first or fate_last."""
        return "fate_first" if self.first else "fate_last"


def parse_fate(args: list[str]) -> Action | None:
    """Returns 'fate first' or 'fate last' read back (args: the words after 'fate')."""
    return Fate(args[0] == "first") if args in (["first"], ["last"]) else None


# BANG! Star Wars' own verbs in the notation.
STARWARS_WORDS = {"fate": parse_fate}
