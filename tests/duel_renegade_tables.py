"""Small Duel tables for scenario tests: chosen characters, hands, cards in play and deck tops, the rest in decks."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bangbot.core import rng
from bangbot.core.duel.actions import DuelAction
from bangbot.core.duel.data import CARDS, CHARACTER, type_id
from bangbot.core.duel.modes import MODES
from bangbot.core.duel.state import DuelState, Fighter, Squad
from bangbot.core.events import Event
from bangbot.rulesets import ruleset

RULES = ruleset("duel")
TURN = 5  # the turn number scenarios start in; resources already in play came in the turn before


@dataclass
class Table:
    """A scenario: the state, the physical cards it placed by name (in placing order) and every card dealt."""

    state: DuelState
    placed: dict[str, list[int]] = field(default_factory=dict)
    dealt: list[int] = field(default_factory=list)

    def card(self, name: str, nth: int = 0) -> int:
        """Returns the nth physical card of this name the scenario placed."""
        return self.placed[name][nth]

    def act(self, seat: int, action: DuelAction) -> list[Event]:
        """Applies a legal action of seat (raising for an illegal one) and keeps the new state."""
        self.state, events = RULES.apply(self.state, seat, action)
        assert Counter(self.state.all_cards()) == Counter(self.dealt), "a card was lost or copied"
        return events

    def legal(self, seat: int) -> list[DuelAction]:
        """Returns what seat may do now."""
        return RULES.legal_actions(self.state, seat)

    @property
    def asked(self) -> dict[str, Any] | None:
        """Returns the pending decision, if any."""
        return self.state.requests[0] if self.state.requests else None

    def hand(self, seat: int) -> list[int]:
        """Returns seat's hand."""
        return self.state.squads[seat].hand

    def life(self, slot: int) -> int:
        """Returns the life of the character in a slot."""
        f = self.state.fighter(slot)
        assert f is not None
        return f.life


class _Cards:
    """Hands out physical cards by name: the mode's own copies first, then any other copy."""

    def __init__(self, pool: list[int]) -> None:
        self.free = list(pool)
        self.extra: list[int] = []
        self.placed: dict[str, list[int]] = {}

    def take(self, spec: str) -> int:
        """Returns an unused card named spec ("name" or "name:S" for a check symbol letter B, H, S or D)."""
        name, _, letter = spec.partition(":")
        symbols = {"B": "barrel", "H": "horseshoe", "S": "snake", "D": "dynamite"}

        def fits(c: int) -> bool:
            return type_id(c) == name and (not letter or CARDS[c].symbol == symbols[letter])

        found = next((c for c in self.free if fits(c)), None)
        if found is not None:
            self.free.remove(found)
        else:
            used = set(self.extra) | {c for cs in self.placed.values() for c in cs}
            found = next(c for c in range(len(CARDS)) if fits(c) and c not in used and c not in self.free)
            self.extra.append(found)
        self.placed.setdefault(name, []).append(found)
        return found


def table(
    squads: list[list[str]],
    mode: str = "reinforcements",
    hands: dict[int, list[str]] | None = None,
    play: dict[int, list[str]] | None = None,
    fresh: dict[int, list[str]] | None = None,
    tops: dict[int, list[str]] | None = None,
    discard: list[str] | None = None,
    life: dict[int, int] | None = None,
    reserve: dict[int, list[str]] | None = None,
    turn: int = 0,
) -> Table:
    """Builds a table in its play phase: squads[seat] = [attacking, covering] characters; cards named per seat or
    slot; tops[seat] are the next cards of that seat's deck, the first drawn first; everything else in the decks."""
    sides = MODES[mode].sides
    pool = [c for side in sides for deck in side.decks for c in range(len(CARDS)) if CARDS[c].deck == deck]
    cards = _Cards(pool)
    state = DuelState(RULES.config(len(squads), mode), [], rng.seed_state(11), turn=turn, turn_number=TURN)
    state.phase = "play"
    for seat, names in enumerate(squads):
        fighters = [Fighter(n, CHARACTER[n].life, CHARACTER[n].life) for n in names]
        hand = [cards.take(n) for n in (hands or {}).get(seat, [])]
        squad = Squad(seat, sides[seat].side, [], hand, fighters, list((reserve or {}).get(seat, [])))
        state.squads.append(squad)
    for slot, names in (play or {}).items():
        _put(state, slot, [cards.take(n) for n in names], TURN - 1)
    for slot, names in (fresh or {}).items():
        _put(state, slot, [cards.take(n) for n in names], TURN)
    for slot, value in (life or {}).items():
        f = state.fighter(slot)
        assert f is not None
        f.life = value
    state.discard = [cards.take(n) for n in discard or []]
    top = {seat: [cards.take(n) for n in names] for seat, names in (tops or {}).items()}
    for seat, side in enumerate(sides[: len(squads)]):
        rest = [c for c in cards.free if CARDS[c].deck in side.decks]
        state.squads[seat].deck = rest + list(reversed(top.get(seat, [])))
    dealt = state.all_cards()
    return Table(state, cards.placed, dealt)


def _put(state: DuelState, slot: int, cards: list[int], entered: int) -> None:
    """Puts cards in play on a slot's character: resources with the turn they came in."""
    f = state.fighter(slot)
    assert f is not None
    for c in cards:
        if CARDS[c].type.frame == "resource":
            f.resources.append(c)
            f.entered[c] = entered
        else:
            f.equipment.append(c)


def kinds(events: list[Event], kind: str) -> list[dict[str, Any]]:
    """Returns the public fields of the events of one kind, in order."""
    return [e.data for e in events if e.kind == kind]
