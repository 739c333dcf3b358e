"""Duel positions for tests in a few lines: characters, cards in play, hands, deck tops, any mode; actions by name.

Steps are strict: each is written "seat: action" and fails unless the engine asks exactly that seat then, so a
decision asked of a seat the script did not expect (or a step meant for another) is never silently answered; and
do(..., asks=seat) says who is left with a decision once the steps are done (none by default).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bangbot.core.events import Event
from bangbot.games import game as registered
from bangbot.games.duel.rules import engine
from bangbot.games.duel.rules.data import CARDS, CHARACTER, cards_of, characters_of, type_id
from bangbot.games.duel.rules.legal import awaiting
from bangbot.games.duel.rules.modes import MODES
from bangbot.games.duel.rules.requests import DuelRequest, KeepOne, StorePick
from bangbot.games.duel.rules.state import DuelState, Fighter, Squad
from bangbot.games.duel.ruleset import DUEL

RULES = registered(DUEL).ruleset


@dataclass
class Seat:
    """One player's position: characters in play (attacker first, "name/life"), their cards, hand and deck top."""

    fighters: tuple[str, ...]
    equip: dict[int, list[str]] = field(default_factory=dict)  # position -> cards in play (resources from last turn)
    fresh: dict[int, list[str]] = field(default_factory=dict)  # position -> resources that came into play this turn
    hand: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)  # the top card first; "name:S" names a check symbol letter
    reserve: list[str] | None = None  # None: filled up with unused characters of the side
    empty_deck: bool = False  # the side's other cards go to the bottom of the discard pile instead of the deck


def seat(*fighters: str, **fields: Any) -> Seat:
    """Returns a seat spec: seat("wyatt_earp/2", "jango", equip={1: ["barrel", "whisky"]}, hand=["colt"])."""
    return Seat(tuple(fighters), **fields)


_LETTERS = {"B": "barrel", "H": "horseshoe", "S": "snake", "D": "dynamite"}


def _take(pool: list[int], spec: str) -> int:
    """Removes and returns the first card of the pool matching "name", "name:S" or ":S" (any card with that symbol)."""
    name, _, letter = spec.partition(":")
    for card in pool:
        if (not name or type_id(card) == name) and (not letter or CARDS[card].symbol == _LETTERS[letter]):
            pool.remove(card)
            return card
    raise ValueError(f"no card {spec!r} left for this table")


def table(
    *seats: Seat,
    mode: str = "duel",
    turn: int = 0,
    phase: str = "play",
    discard: tuple[str, ...] = (),
    common: tuple[str, ...] = (),
    used: tuple[str, ...] = (),
) -> tuple[DuelState, list[Event]]:
    """Builds a Duel position (every other card on its side's deck) and runs it up to the first decision."""
    config = RULES.config(MODES[mode].players, mode)
    sides = MODES[mode].sides
    pool = [c for side in sides for deck in side.decks for c in cards_of(deck)]
    state = DuelState(config, [], 12345, turn=turn, phase=phase, used=list(used))
    state.discard = [_take(pool, c) for c in discard]
    state.common = [_take(pool, c) for c in reversed(common)]
    squads: list[Squad] = []
    for number, (spec, side) in enumerate(zip(seats, sides, strict=True)):
        squad = Squad(number, side.side, [], start_hand=side.start_hand)
        for position, text in enumerate(spec.fighters):
            name, _, life = text.partition("/")
            full = CHARACTER[name].life
            f = Fighter(name, int(life) if life else full, full)
            for card in [_take(pool, c) for c in spec.equip.get(position, [])]:
                _put(f, card, state.turn_number - 1)
            for card in [_take(pool, c) for c in spec.fresh.get(position, [])]:
                assert CARDS[card].type.frame == "resource", f"{type_id(card)} is not a resource"
                _put(f, card, state.turn_number)
            squad.fighters.append(f)
        squad.hand = [_take(pool, c) for c in spec.hand]
        squad.deck = [_take(pool, c) for c in reversed(spec.deck)]
        chars = [c for d in side.decks for c in characters_of(d) if c not in [f.character for f in squad.fighters]]
        left = side.characters - len(squad.fighters)
        squad.reserve = list(spec.reserve) if spec.reserve is not None else chars[:left]
        squad.dead = [c for c in chars if c not in squad.reserve][: left - len(squad.reserve)]
        squads.append(squad)
    for squad, spec, side in zip(squads, seats, sides, strict=True):
        rest = [c for c in pool if CARDS[c].deck in side.decks]
        pool = [c for c in pool if c not in rest]
        if spec.empty_deck:
            state.discard[:0] = rest
        else:
            squad.deck[:0] = rest
    state.squads = squads
    return state, engine.resume(state)


def _put(f: Fighter, card: int, entered: int) -> None:
    """Puts a card in play on a character: a resource with the turn number it came in, else as equipment."""
    if CARDS[card].type.frame == "resource":
        f.resources.append(card)
        f.entered[card] = entered
    else:
        f.equipment.append(card)


def card_named(state: DuelState, cards: list[int], spec: str) -> int:
    """Returns the first of cards matching "name" or "name:S"."""
    return _take(list(cards), spec)


def in_hand(state: DuelState, seat: int, spec: str) -> int:
    """Returns the first card of seat's hand matching "name" or "name:S"."""
    return card_named(state, state.squads[seat].hand, spec)


def on_slot(state: DuelState, slot: int, spec: str) -> int:
    """Returns the first card in play on a slot's character matching "name" or "name:S"."""
    f = state.fighter(slot)
    assert f is not None, f"slot {slot} is empty"
    return card_named(state, f.in_play(), spec)


def _in_play(state: DuelState, seat: int | None = None) -> list[int]:
    """Returns the cards in play (on one seat's characters, or everyone's)."""
    squads = state.squads if seat is None else [state.squads[seat]]
    return [c for q in squads for f in q.fighters for c in f.in_play()]


def resolve(state: DuelState, seat: int, text: str) -> str:
    """Returns an action's notation with card names replaced by card numbers (hand, in play, shown, the target's)."""
    words = text.split()
    head = words[0]
    if len(words) > 1 and not words[1].lstrip("-").isdigit():
        if head in ("play", "answer", "discard", "reload"):
            words[1] = str(card_named(state, state.squads[seat].hand, words[1]))
        elif head == "use":
            words[1] = str(card_named(state, _in_play(state, seat), words[1]))
        elif head == "pick":
            shown = asked(state)
            assert isinstance(shown, KeepOne | StorePick), f"no cards shown to pick from: {shown}"
            words[1] = str(card_named(state, list(shown.shown), words[1]))
        elif head == "choose" and words[1].startswith("#"):
            options = [int(a.split()[1]) for a in legal(state, seat) if a.startswith("choose ") and a[7:].isdigit()]
            words[1] = str(card_named(state, options, words[1][1:]))
    target = next((int(w[1:]) for w in words if w.startswith("@")), None)
    for i, w in enumerate(words):
        if w.startswith("#") and head == "play" and not w[1:].lstrip("-").isdigit():
            where = state.fighter(target).in_play() if target is not None and state.fighter(target) else []
            words[i] = "#-1" if w == "#hand" else f"#{card_named(state, where, w[1:])}"
    return " ".join(words)


def step_seat(state: DuelState, step: str) -> tuple[int, str]:
    """Returns the seat and action of a step "seat: action"; fails unless that seat is the one the engine asks now."""
    named, colon, text = step.partition(":")
    assert colon and named.strip().isdigit(), f"a step names the seat it expects asked, as '0: {step}'"
    seat, now = int(named), awaiting(state)
    if now != (seat,):
        r = asked(state)
        kind = r.KIND if r is not None else "its turn"
        raise AssertionError(f"step '{step}': seats {list(now)} asked ({kind}: {legal(state) if now else []})")
    return seat, text.strip()


def do(state: DuelState, *steps: str, asks: int | None = None) -> tuple[DuelState, list[Event]]:
    """Applies steps "seat: action" in order, each by the seat it names, which must be the one asked then; returns
    the last state and every event. asks is the seat left with a decision to answer once the steps are done (None:
    none, the turn's player is free to play or the game is over); any other ending fails."""
    events: list[Event] = []
    for step in steps:
        who, text = step_seat(state, step)
        state, happened = RULES.apply(state, who, RULES.parse(resolve(state, who, text)))
        events += happened
        assert RULES.invariants(state, happened) == [], RULES.invariants(state, happened)
    r = asked(state)
    left = getattr(r, "seat", None) if state.winner is None else None
    if left != asks:
        kind = r.KIND if r is not None else None
        raise AssertionError(f"the steps {list(steps)} end with seat {left} asked ({kind}), not {asks}: {legal(state)}")
    return state, events


def names(cards: list[int]) -> list[str]:
    """Returns the card names of cards, sorted."""
    return sorted(type_id(c) for c in cards)


def hand(state: DuelState, seat: int) -> list[str]:
    """Returns the names of a seat's hand cards, sorted."""
    return names(state.squads[seat].hand)


def on(state: DuelState, slot: int) -> list[str]:
    """Returns the names of the cards in play on a slot's character, sorted."""
    f = state.fighter(slot)
    assert f is not None, f"slot {slot} is empty"
    return names(f.in_play())


def top(state: DuelState) -> str:
    """Returns the name of the top card of the discard pile."""
    return type_id(state.discard[-1])


def legal(state: DuelState, seat: int | None = None) -> list[str]:
    """Returns the notation of every legal action of seat (the asked one by default)."""
    who = awaiting(state)[0] if seat is None else seat
    return [RULES.notation(a) for a in RULES.legal_actions(state, who)]


def legal_names(state: DuelState, seat: int | None = None) -> list[str]:
    """Returns the legal actions with the first card number replaced by its name ("play colt @2")."""
    out = []
    for text in legal(state, seat):
        words = text.split()
        if len(words) > 1 and words[1].isdigit() and words[0] != "choose":
            words[1] = type_id(int(words[1]))
        out.append(" ".join(words))
    return out


def asked(state: DuelState) -> DuelRequest | None:
    """Returns the pending decision (None when the turn's player is free to play)."""
    return state.requests[0] if state.requests else None


def life(state: DuelState, slot: int) -> int:
    """Returns the life of the character in a slot."""
    f = state.fighter(slot)
    assert f is not None, f"slot {slot} is empty"
    return f.life


def who(state: DuelState, slot: int) -> str:
    """Returns the character in a slot."""
    f = state.fighter(slot)
    assert f is not None, f"slot {slot} is empty"
    return f.character


def kinds(events: list[Event], kind: str) -> list[dict[str, Any]]:
    """Returns every field of the events of one kind."""
    return [e.full() for e in events if e.kind == kind]
