"""Answers to the decisions a Duel seat is asked: dodge, Indians!, a duel, discards, picks and options."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bangbot.games.duel.ai.board import Board
from bangbot.games.duel.ai.cards import CARD, hand_worth, in_play_worth, is_hurt, least_worth, most_worth
from bangbot.games.duel.ai.lineup import choose_character
from bangbot.games.duel.ai.swaps import swap_worth
from bangbot.games.duel.rules.actions import Answer, Choose, Discard, DuelAction, Pass, Pick, Use
from bangbot.games.duel.rules.data import type_id
from bangbot.games.duel.rules.requests import (
    CHOICES,
    CardDuel,
    Choices,
    Decision,
    DiscardOne,
    Dodge,
    HandLimit,
    Indians,
    KeepOne,
    Lineup,
    Replace,
    StorePick,
)
from bangbot.games.duel.rules.views import FighterView

# What answering a hit with a card gives back besides the dodge (Return Fire hits back; these resources draw).
DODGE_BONUS: dict[str, float] = {"return_fire": 6.0, "dexterity": CARD, "lucky_penny": CARD, "trick": 2.0}


def answer(board: Board, request: Decision) -> DuelAction | None:
    """Returns the answer to a decision of a kind this player knows, else None."""
    answering = ANSWERS.get(type(request))
    return answering(board, request) if answering is not None else None


def _character(board: Board, request: Lineup | Replace) -> DuelAction | None:
    """Puts the character that suits the position in play."""
    options = [a.option for a in board.view.legal if isinstance(a, Choose)]
    return Choose(choose_character(options, request.position)) if options else None


def _hit_answer(board: Board, request: Indians | CardDuel) -> DuelAction:
    """Gives up a card to Indians!, a Duel or a Ricochet, or takes the loss."""
    return _give_up_card(board, request, [a for a in board.view.legal if isinstance(a, Answer | Use)])


def _discard(board: Board, request: DiscardOne | HandLimit) -> DuelAction | None:
    """Discards the card worth least."""
    cards = [a.card for a in board.view.legal if isinstance(a, Discard)]
    return Discard(least_worth(cards, board.view.hand, _hurt(board))) if cards else None


def _pick(board: Board, request: KeepOne | StorePick) -> DuelAction | None:
    """Picks the card worth most."""
    cards = [a.card for a in board.view.legal if isinstance(a, Pick)]
    return Pick(most_worth(cards, board.view.hand, _hurt(board))) if cards else None


def _hurt(board: Board) -> bool:
    """Returns whether one of the seat's own characters lacks life."""
    return is_hurt(board.mine().fighters)


def _at_stake(board: Board, request: Dodge | Indians | CardDuel) -> float:
    """Returns what the own character a decision is about stands to lose (the attacker when none is named)."""
    slot = request.slot if isinstance(request, Dodge | Indians) else board.me * 2
    rider = request.rider if isinstance(request, Dodge) else ""
    damage = 2 if rider == "spencer" and (f := board.fighter(slot)) and f.life >= 4 else 1
    loss = -board.harm(slot, damage)
    if rider == "grapeshot":
        loss += -board.harm(board.me * 2 + 1 - slot % 2, 1)
    return loss


def _cost(board: Board, action: DuelAction, dodge: bool = False) -> float:
    """Returns what spending a card to answer costs: its worth in the hand or in play, less what a dodge gives back."""
    bonus = DODGE_BONUS.get(type_id(action.card), 0.0) if dodge and isinstance(action, Answer | Use) else 0.0
    if isinstance(action, Answer):
        return hand_worth(action.card, board.view.hand, _hurt(board)) - bonus
    if isinstance(action, Use):
        holder = _holder(board, action.card)
        return (in_play_worth(action.card, holder) if holder is not None else CARD) - bonus
    return 0.0


def _holder(board: Board, card: int) -> FighterView | None:
    """Returns the own character that has a card in play."""
    return next((f for f in board.mine().fighters if card in f.equipment or card in f.resources), None)


def _dodge(board: Board, request: Dodge) -> DuelAction:
    """Dodges with the cheapest answer when the hit costs more than it; takes it when it cannot be fully dodged."""
    answers = [a for a in board.view.legal if isinstance(a, Answer | Use)]
    if len(answers) < request.need or not answers:
        return Pass()
    best = min(answers, key=lambda a: _cost(board, a, dodge=True))
    return best if _cost(board, best, dodge=True) < _at_stake(board, request) else Pass()


def _give_up_card(board: Board, request: Indians | CardDuel, answers: Sequence[DuelAction]) -> DuelAction:
    """Gives up the cheapest card offered when it is worth less than the life at stake; else takes the loss."""
    if not answers:
        return Pass()
    best = min(answers, key=lambda a: _cost(board, a))
    return best if _cost(board, best) < _at_stake(board, request) else Pass()


def _option(board: Board, request: Choices) -> DuelAction | None:
    """Picks the most useful named option: a card to discard, a player to swap, to rob or to draw from."""
    reason = request.reason
    options = [a.option for a in board.view.legal if isinstance(a, Choose)]
    if not options:
        return None
    if reason in ("carbine", "ambush"):
        return Choose(max(options, key=lambda o: (_removal(board, o), -options.index(o))))
    if reason in ("shotgun", "cover"):
        return Choose(max(options, key=lambda o: (_swap_option(board, o), -options.index(o))))
    if reason == "blow":
        # A random card from a hand: another player's that is worth robbing, never its own.
        seats = [o for o in options if o.isdigit() and board.pressure(int(o)) > 0]
        keep = "none" if "none" in options else options[0]
        return Choose(max(seats, key=lambda o: board.pressure(int(o)))) if seats else Choose(keep)
    if reason == "union_pacific":
        others = [o for o in options if o.isdigit() and int(o) != board.me]
        return Choose(str(board.target) if str(board.target) in others else options[0])
    return None


def _removal(board: Board, option: str) -> float:
    """Returns what discarding the named card in play is worth to this seat ("none": nothing)."""
    if not option.isdigit():
        return 0.0
    card = int(option)
    for squad in board.view.squads:
        for f in squad.fighters:
            if card in f.equipment or card in f.resources:
                return board.pressure(squad.seat) * in_play_worth(card, f) + board.after_robbing(squad.seat)
    return 0.0


def _swap_option(board: Board, option: str) -> float:
    """Returns what swapping the named player's attacker and cover is worth to this seat ("none": nothing)."""
    return swap_worth(board, int(option)) if option.isdigit() else 0.0


# How this player answers each pending decision, by its type.
ANSWERS: dict[type, Callable[[Board, Any], DuelAction | None]] = {
    Lineup: _character,
    Replace: _character,
    Dodge: _dodge,
    Indians: _hit_answer,
    CardDuel: _hit_answer,
    DiscardOne: _discard,
    HandLimit: _discard,
    KeepOne: _pick,
    StorePick: _pick,
    **dict.fromkeys(CHOICES, _option),
}
