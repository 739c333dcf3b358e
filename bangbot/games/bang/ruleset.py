"""Base BANG! as a ruleset: the rules core's engine, views, JSON and notation behind the Ruleset contract."""

from __future__ import annotations

from bangbot.games.bang.rules import actions as act
from bangbot.games.bang.rules import engine, legal, notation, risks, serialize
from bangbot.games.bang.rules.actions import Action
from bangbot.games.bang.rules.invariants import check_invariants
from bangbot.games.bang.rules.options import PRESETS
from bangbot.games.bang.rules.requests import Dying
from bangbot.games.bang.rules.roles import MAX_PLAYERS, MIN_PLAYERS
from bangbot.games.bang.rules.state import SIMPLIFIED, GameConfig, GameState
from bangbot.games.bang.rules.views import PlayerView, view
from bangbot.games.contract import (
    NO_CHOICES,
    STEP_ANSWER,
    STEP_CARD,
    STEP_CARDS,
    STEP_TARGET,
    STEP_TARGET_CARD,
    Choices,
    Ruleset,
    Step,
)

BASE = "base"
SEATS = range(MIN_PLAYERS, MAX_PLAYERS + 1)

# What a seat does at a missed deadline, in order of preference; a dying seat never chooses to go out.
_SAFE_ACTIONS: tuple[Action, ...] = (act.Pass(), act.EndTurn(), act.DrawDeck())

# Choices without a card: their step names what is chosen.
_ANSWER_STEPS: dict[type, str] = {
    act.Pass: "pass",
    act.EndTurn: "end",
    act.DrawDeck: "deck",
    act.DrawDiscard: "discard",
}


def config(players: int, preset: str, choices: Choices = NO_CHOICES) -> GameConfig:
    """Returns the config of a base table; raises ValueError for a size or preset it does not have."""
    if players not in SEATS:
        raise ValueError(f"BANG! needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    return GameConfig.with_preset(players, preset, choices.get(SIMPLIFIED, False))


def in_game(state: GameState, seat: int) -> bool:
    """Returns whether the seat's player is alive."""
    return state.players[seat].alive


def safe_action(state: GameState, seat: int) -> Action | None:
    """Returns taking the hit, ending the turn or drawing from the deck, else None (a dying seat never passes)."""
    actions = legal.legal_actions(state, seat)
    dying = isinstance(legal.request_of(state, seat), Dying)
    for safe in _SAFE_ACTIONS:
        if safe in actions and not (dying and isinstance(safe, act.Pass)):
            return safe
    return None


def steps(action: Action) -> tuple[Step, ...]:
    """Returns the buttons that lead to the action: card, target, target's card; or what is chosen."""
    if isinstance(action, act.Play):
        out = [Step(STEP_CARD, action.card)]
        if action.target is not None:
            out.append(Step(STEP_TARGET, action.target))
        if action.target_card is not None:
            out.append(Step(STEP_TARGET_CARD, action.target_card))
        return tuple(out)
    if isinstance(action, act.Answer | act.Discard | act.Pick | act.PutBack):
        return (Step(STEP_CARD, action.card),)
    if isinstance(action, act.Heal):
        return (Step(STEP_ANSWER, "heal"), Step(STEP_CARDS, action.cards))
    if isinstance(action, act.DrawHand):
        return (Step(STEP_ANSWER, "draw_hand"), Step(STEP_TARGET, action.target))
    if isinstance(action, act.VariantAction):
        return (Step(STEP_ANSWER, action.answer_step()),)
    return (Step(STEP_ANSWER, _ANSWER_STEPS[type(action)]),)


# Base BANG! (4 to 7 seats, the standard and the Japanese rulebook's presets).
BASE_RULESET: Ruleset[GameState, Action, PlayerView] = Ruleset(
    id=BASE,
    seats=SEATS,
    presets=tuple(PRESETS),
    modes=("",),
    config=config,
    new_game=engine.new_game,
    awaiting=legal.awaiting,
    legal_actions=legal.legal_actions,
    apply=engine.apply,
    view=view,
    in_game=in_game,
    safe_action=safe_action,
    invariants=check_invariants,
    to_json=serialize.to_json,
    from_json=serialize.from_json,
    notation=notation.to_text,  # e.g. 'play bang#12 @2'
    parse=notation.parse,
    steps=steps,
    risk=risks.risk,  # a lethal give-up, a shot at oneself, a blow at the own side
)
