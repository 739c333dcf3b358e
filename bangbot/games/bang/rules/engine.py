"""The rules core's entry points: start a game, list legal actions, apply one."""

from __future__ import annotations

from bangbot.core import rng
from bangbot.core.errors import GameOver, IllegalAction
from bangbot.core.events import Event
from bangbot.games.bang.rules.actions import Action
from bangbot.games.bang.rules.cards import deck_indices
from bangbot.games.bang.rules.flow import settle
from bangbot.games.bang.rules.legal import awaiting, is_legal, legal_actions
from bangbot.games.bang.rules.resolve import resolve
from bangbot.games.bang.rules.roles import SHERIFF, roles_for
from bangbot.games.bang.rules.state import DYNAMITE_PHASE, GameConfig, GameState, Player, family_config
from bangbot.games.bang.rules.variants import variant_of
from bangbot.games.contract import GameConfig as TableConfig

__all__ = ["apply", "awaiting", "legal_actions", "max_life", "new_game", "start"]

SHERIFF_BONUS_LIFE = 1


def max_life(config: GameConfig, character: str, role: str) -> int:
    """Returns a character's starting life under config's options, with the Sheriff's extra one."""
    return config.options.life(character) + (SHERIFF_BONUS_LIFE if role == SHERIFF else 0)


def new_game(table: TableConfig, seed: int, rotation: int = 0) -> tuple[GameState, list[Event]]:
    """Deals roles, characters and hands of a table's game from seed and plays up to the Sheriff's first decision.

    rotation moves every role that many seats on (mirrored tables: the same characters and shuffled deck, the hands
    dealt from it in seat order); raises TypeError for a table of another game than the BANG! family's.
    """
    config = family_config(table)
    variant = variant_of(config)
    state_rng = rng.seed_state(seed)
    state_rng, role_order = rng.shuffled(state_rng, list(range(config.players)))
    roles = roles_for(config.players)
    state_rng, char_order = rng.shuffled(state_rng, list(range(len(variant.characters))))
    state_rng, deck = rng.shuffled(state_rng, deck_indices(config.simplified, variant.deck))
    players: list[Player] = []
    for seat in range(config.players):
        role = roles[role_order[(seat - rotation) % config.players]]
        character = variant.characters[char_order[seat]]
        life = max_life(config, character, role)
        players.append(Player(seat, character, role, life, life, [], []))
    for p in players:
        p.hand = [deck.pop() for _ in range(p.life)]
    sheriff = next(p.seat for p in players if p.role == SHERIFF)
    state = GameState(config, seed, state_rng, players, deck, [], sheriff, DYNAMITE_PHASE)
    return start(state)


def start(state: GameState) -> tuple[GameState, list[Event]]:
    """Announces the first turn and moves on to the first decision."""
    ev: list[Event] = [Event("start", {"players": len(state.players), "sheriff": state.turn})]
    ev.append(Event("turn", {"seat": state.turn, "number": state.turn_number}))
    settle(state, ev)
    return state, ev


def apply(state: GameState, seat: int, action: Action) -> tuple[GameState, list[Event]]:
    """Returns the state after seat's action and what happened; raises IllegalAction if not legal."""
    if state.winner is not None:
        raise GameOver(f"the game is over: {state.winner} won")
    if not is_legal(state, seat, action):
        raise IllegalAction(seat, action, legal_actions(state, seat))
    new = state.copy()
    ev: list[Event] = []
    resolve(new, ev, seat, action)
    settle(new, ev)
    new.version += 1
    return new, ev


def apply_in_place(state: GameState, seat: int, action: Action) -> list[Event]:
    """Like apply, but changes state itself; for self-play and benchmarks that keep no history."""
    if not is_legal(state, seat, action):
        raise IllegalAction(seat, action, legal_actions(state, seat))
    ev: list[Event] = []
    resolve(state, ev, seat, action)
    settle(state, ev)
    state.version += 1
    return ev
