"""What one seat saw the others do, kept in its memory: attacks, help, volleys and who placed each Jail.

Acts are kept apart by when they happened: while the leader's foes (the Outlaws) were in the game, or after
the last of them went out, when hunting foes no longer tells a guard from the lone winner.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

from bangbot.games.bang.ai.cardinfo import kind
from bangbot.games.bang.ai.sides import BASE, Sides
from bangbot.games.bang.rules.actions import HAND
from bangbot.games.bang.rules.cards import BANG, CAT_BALOU, DUEL, DYNAMITE, GATLING, INDIANS, JAIL, MISSED, PANIC
from bangbot.games.contract import Memory

KEY = "beliefs"
HOSTILE = "hostile"  # acts while foes were in the game (the only tallies of memories saved before the split)
HELPED = "helped"
HOSTILE_END = "hostile_end"  # acts after the last foe went out
HELPED_END = "helped_end"
VOLLEYS = "volleys"  # Gatling and Indians! per seat, which hit everyone (the leader too)
VOLLEYS_END = "volleys_end"
PLACED = "placed"  # Jail card -> the seat that placed it
PLAYERS = "players"
FOES_OUT = "foes_out"

ATTACK_WEIGHT = {BANG: 1.0, MISSED: 1.0, DUEL: 1.0, JAIL: 1.0}  # MISSED: Calamity Janet's BANG!
TAKE_HAND_WEIGHT = 0.6  # Panic! or Cat Balou on a random hand card
TAKE_CARD_WEIGHT = 0.8  # Panic! or Cat Balou on a card in play
RELIEF_KINDS = (JAIL, DYNAMITE)  # taking these away from someone helps them
VOLLEY_KINDS = (GATLING, INDIANS)


Act = tuple[Any, ...]  # one tally change an event makes, the same in every memory: see _acts
_TALLY, _VOLLEY, _JAIL, _START, _FOE_OUT = "tally", "volley", "jail", "start", "foe_out"  # what an Act does
_parsed: list[Any] = [None, None, ()]  # the last events tuple parsed, its sides and its acts


def record(memory: Memory, events: Sequence[Mapping[str, Any]], sides: Sides = BASE) -> None:
    """Adds the attacks, help, volleys and Jails shown in events to memory's tallies."""
    for act in _acts(events, sides):
        what = act[0]
        if what == _TALLY:
            _, early, late, actor, target, weight = act
            _add(memory, late if endgame(memory, sides) else early, actor, target, weight)
        elif what == _VOLLEY:
            _bump(memory, VOLLEYS_END if endgame(memory, sides) else VOLLEYS, act[1])
        elif what == _JAIL:
            memory.setdefault(KEY, {}).setdefault(PLACED, {})[str(act[1])] = act[2]
        elif what == _START:
            memory.setdefault(KEY, {})[PLAYERS] = act[1]
        else:
            book = memory.setdefault(KEY, {})
            book[FOES_OUT] = int(book.get(FOES_OUT, 0)) + 1


def _acts(events: Sequence[Mapping[str, Any]], sides: Sides) -> tuple[Act, ...]:
    """Returns the tally changes events make, in order; a tuple of events shown to every seat is read once."""
    if _parsed[0] is events and _parsed[1] is sides:
        acts: tuple[Act, ...] = _parsed[2]
        return acts
    acts = tuple(act for e in events for act in _event_acts(e, sides))
    if isinstance(events, tuple):  # immutable, so the same object means the same events while it is kept here
        _parsed[:] = [events, sides, acts]
    return acts


def _event_acts(e: Mapping[str, Any], sides: Sides) -> list[Act]:
    """Returns the tally changes of one event: a card played, the game's start, a foe going out."""
    k = e.get("kind")
    if k == "play":
        return _play_acts(e)
    if k == "start":
        return [(_START, int(e["players"]))]
    if k == "eliminated" and e.get("role") == sides.foe:
        return [(_FOE_OUT,)]
    return []


def endgame(memory: Mapping[str, Any], sides: Sides = BASE) -> bool:
    """Returns whether memory saw every foe go out (False when it never saw the game start)."""
    book = memory.get(KEY, {})
    players = book.get(PLAYERS)
    return players is not None and int(book.get(FOES_OUT, 0)) >= _dealt(sides.deal, int(players), sides.foe)


@cache
def _dealt(deal: Callable[[int], tuple[str, ...]], players: int, role: str) -> int:
    """Returns how many seats of a table this size get role (Sides.dealt, worked out once per table size)."""
    return deal(players).count(role)


def _play_acts(e: Mapping[str, Any]) -> list[Act]:
    """Returns what one card tallies: an attack, a theft, taking a Jail or Dynamite away, a volley, a Jail placed."""
    card = int(e["card"])
    k = kind(card)
    if k in VOLLEY_KINDS:
        return [(_VOLLEY, int(e["seat"]))]
    if e.get("target") is None:
        return []
    actor, target = int(e["seat"]), int(e["target"])
    if actor == target:
        return []
    out: list[Act] = [(_JAIL, card, actor)] if k == JAIL else []
    if k in ATTACK_WEIGHT:
        out.append((_TALLY, HOSTILE, HOSTILE_END, actor, target, ATTACK_WEIGHT[k]))
    elif k in (PANIC, CAT_BALOU):
        taken = e.get("target_card")
        if taken is None or taken == HAND:
            out.append((_TALLY, HOSTILE, HOSTILE_END, actor, target, TAKE_HAND_WEIGHT))
        elif kind(int(taken)) in RELIEF_KINDS:
            out.append((_TALLY, HELPED, HELPED_END, actor, target, 1.0))
        else:
            out.append((_TALLY, HOSTILE, HOSTILE_END, actor, target, TAKE_CARD_WEIGHT))
    return out


def _bump(memory: Memory, name: str, seat: int) -> None:
    """Adds one to a per-seat count, growing it as needed."""
    counts: list[float] = memory.setdefault(KEY, {}).setdefault(name, [])
    if len(counts) <= seat:
        counts.extend([0.0] * (seat + 1 - len(counts)))
    counts[seat] += 1.0


def _add(memory: Memory, name: str, a: int, b: int, weight: float) -> None:
    """Adds weight to cell (a, b) of a square tally, growing it as needed."""
    m: list[list[float]] = memory.setdefault(KEY, {}).setdefault(name, [])
    if a < len(m) and b < len(m[a]):
        m[a][b] = round(m[a][b] + weight, 6)
        return
    size = max(a, b, len(m) - 1) + 1
    for row in m:
        if len(row) < size:
            row.extend([0.0] * (size - len(row)))
    m.extend([[0.0] * size for _ in range(size - len(m))])
    m[a][b] = round(m[a][b] + weight, 6)


def tally(memory: Mapping[str, Any], name: str, n: int) -> list[list[float]]:
    """Returns an n-by-n copy of a tally from memory (zeros where nothing was seen)."""
    stored = memory.get(KEY, {}).get(name, [])
    out = [[*map(float, row[:n]), *[0.0] * (n - len(row))] for row in stored[:n]]
    out.extend([0.0] * n for _ in range(n - len(out)))
    return out


def counts(memory: Mapping[str, Any], name: str, n: int) -> list[float]:
    """Returns a per-seat count from memory, n long."""
    stored = memory.get(KEY, {}).get(name, [])
    return [float(stored[s]) if s < len(stored) else 0.0 for s in range(n)]


def placer(memory: Mapping[str, Any], card: int) -> int | None:
    """Returns the seat that last placed this Jail card, if memory saw it."""
    seat = memory.get(KEY, {}).get(PLACED, {}).get(str(card))
    return None if seat is None else int(seat)
