"""BANG! The Duel and Renegades as a ruleset: its own state and engine (core/duel) behind the contract."""

from __future__ import annotations

from bangbot.games.contract import (
    NO_CHOICES,
    STEP_ANSWER,
    STEP_CARD,
    STEP_TARGET,
    STEP_TARGET_CARD,
    Choices,
    GameConfig,
    Ruleset,
    Step,
)
from bangbot.games.duel.rules import actions as act
from bangbot.games.duel.rules import engine, legal, notation, risks, serialize
from bangbot.games.duel.rules.actions import DuelAction
from bangbot.games.duel.rules.data import type_id
from bangbot.games.duel.rules.invariants import check_invariants
from bangbot.games.duel.rules.modes import MODE_IDS, MODES
from bangbot.games.duel.rules.state import DuelState
from bangbot.games.duel.rules.views import DuelView, view

DUEL = "duel"
SEATS = range(2, 4)

# What a seat does at a missed deadline, in order of preference.
_SAFE_ACTIONS: tuple[DuelAction, ...] = (act.Pass(), act.EndTurn())
_ANSWER_STEPS: dict[type, str] = {act.Swap: "swap", act.Pass: "pass", act.EndTurn: "end"}
# Cards whose first part may be skipped: played without a target, their menu says so with its own button.
_OPTIONAL_TARGET = frozenset({"ambush", "blow"})


def config(players: int, preset: str, choices: Choices = NO_CHOICES) -> GameConfig:
    """Returns the config of a Duel table in a mode; raises ValueError for another mode or table size."""
    if preset not in MODES:
        raise ValueError(f"the Duel has no mode {preset!r}; modes: {', '.join(MODE_IDS)}")
    if players != MODES[preset].players:
        raise ValueError(f"the Duel's mode {preset!r} needs {MODES[preset].players} players, not {players}")
    return GameConfig(players, preset, DUEL)


def in_game(state: DuelState, seat: int) -> bool:
    """Returns whether the seat's squad still has a character in play or in reserve (at the deal: all of them)."""
    return state.squads[seat].characters_left() > 0


def safe_action(state: DuelState, seat: int) -> DuelAction | None:
    """Returns taking the hit or ending the turn, else None (the AI chooses)."""
    actions = legal.legal_actions(state, seat)
    return next((a for a in _SAFE_ACTIONS if a in actions), None)


def steps(action: DuelAction) -> tuple[Step, ...]:
    """Returns the buttons that lead to the action: (as BANG!,) card, target, target's card; or the choice."""
    if isinstance(action, act.Play | act.Use):
        # A card played as another (any card as a Colt) is its own top button, then the card, then the target.
        out = [Step(STEP_ANSWER, f"as_{action.how}")] if action.how else []
        out.append(Step(STEP_CARD, action.card))
        if action.target is not None:
            out.append(Step(STEP_TARGET, action.target))
        if isinstance(action, act.Play) and action.target_card is not None:
            out.append(Step(STEP_TARGET_CARD, action.target_card))
        # Pearl Hart's reuse names the card she discards, not the card she uses: its target may be optional.
        if (
            isinstance(action, act.Play)
            and action.target is None
            and (type_id(action.card) in _OPTIONAL_TARGET or action.how == "reuse")
        ):
            out.append(Step(STEP_ANSWER, "no_target"))
        return tuple(out)
    if isinstance(action, act.Answer | act.Discard | act.Pick):
        return (Step(STEP_CARD, action.card),)
    if isinstance(action, act.Reload):
        return (Step(STEP_ANSWER, "reload"), Step(STEP_CARD, action.card))
    if isinstance(action, act.Choose):
        return (Step(STEP_ANSWER, action.option),)
    return (Step(STEP_ANSWER, _ANSWER_STEPS[type(action)]),)


# BANG! The Duel and its Renegades expansion (2 seats; 3 in the Mexican standoff). The preset is the mode.
DUEL_RULESET: Ruleset[DuelState, DuelAction, DuelView] = Ruleset(
    id=DUEL,
    seats=SEATS,
    presets=MODE_IDS,
    modes=MODE_IDS,
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
    notation=notation.to_text,  # e.g. 'play 12 @3'
    parse=notation.parse,
    steps=steps,
    risk=risks.risk,  # RISK_CHARACTER_OUT: a give-up that costs a character its last life while it had another answer
)
