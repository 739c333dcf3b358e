"""The answers open to BANG! Star Wars' own decisions, and the barrage BANG!'s play: its legal-move generators."""

from __future__ import annotations

from collections.abc import Sequence

from bangbot.games.bang.rules.actions import Action, Answer, Pass, Pick
from bangbot.games.bang.rules.cards import BANG
from bangbot.games.bang.rules.legal import NO_PLAYS, Aims, play
from bangbot.games.bang.rules.state import CARD_KIND, GameState
from bangbot.games.bang.rules.variants import RequestActions
from bangbot.games.bang.starwars.rules.actions import Fate
from bangbot.games.bang.starwars.rules.data import FATE_BARRAGE
from bangbot.games.bang.starwars.rules.fate import fate_heal_actions, fate_of, fate_take_actions
from bangbot.games.bang.starwars.rules.requests import FateHeal, FateOrder, FateTake, FirstCheck, Rebound, Repeat


def barrage_plays(aims: Aims, c: int) -> Sequence[Action] | None:
    """Returns a barrage BANG!'s play, which hits every other player: no target, whatever the distances; None for
    a BANG! without the barrage now (played as the base game's)."""
    if fate_of(aims.state, aims.seat, c) != FATE_BARRAGE:
        return None
    return (play(c),) if aims.bang_ok else NO_PLAYS


def _first_checks(state: GameState, r: FirstCheck) -> list[Action]:
    """Returns each card checked at the start of the turn, to check first."""
    return [Pick(c) for c in r.cards]


def _fate_orders(state: GameState, r: FateOrder) -> list[Action]:
    """Returns the two orders of a card's fate effect and its own."""
    return [Fate(True), Fate(False)]


def _fate_takes(state: GameState, r: FateTake) -> list[Action]:
    """Returns the cards a fate effect may take, or declining when there is none."""
    return fate_take_actions(state, r) or [Pass()]


def _fate_heals(state: GameState, r: FateHeal) -> list[Action]:
    """Returns the players a fate effect may heal, or declining when there is none."""
    return fate_heal_actions(state, r) or [Pass()]


def _repeats(state: GameState, r: Repeat) -> list[Action]:
    """Returns each BANG! of the hand to discard for the effect again, or declining."""
    out: list[Action] = [Answer(c) for c in state.players[r.seat].hand if CARD_KIND[c] == BANG]
    out.append(Pass())
    return out


def _rebounds(state: GameState, r: Rebound) -> list[Action]:
    """Returns each hand card to discard for 1 life, or declining."""
    out: list[Action] = [Answer(c) for c in state.players[r.seat].hand]
    out.append(Pass())
    return out


# The answers open to the seat of each of BANG! Star Wars' own decisions.
REQUEST_ACTIONS: dict[type, RequestActions] = {
    FirstCheck: _first_checks,
    FateOrder: _fate_orders,
    FateTake: _fate_takes,
    FateHeal: _fate_heals,
    Repeat: _repeats,
    Rebound: _rebounds,
}
