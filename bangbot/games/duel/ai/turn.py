"""The play phase: what each legal play, use, reload and swap is worth now; the turn ends when nothing is worth it."""

from __future__ import annotations

from collections.abc import Callable
from math import comb

from bangbot.games.duel.ai.board import CURRY_LETS_THROUGH, Board
from bangbot.games.duel.ai.cards import (
    CARD,
    HARMFUL,
    IN_PLAY_WORTH,
    hand_worth,
    in_play_worth,
    is_hurt,
)
from bangbot.games.duel.ai.swaps import swap_worth
from bangbot.games.duel.rules.actions import Choose, DuelAction, EndTurn, Play, Reload, Swap, Use
from bangbot.games.duel.rules.data import BANG, CARDS, EQUIPMENT, RESOURCE, type_id

WORTH_IT = 0.5  # an action must be worth at least this much to be taken rather than ending the turn
BANG_SPEND = 0.3  # share of a BANG! card's worth that playing it spends (its use is to be played)
RIDERS: dict[str, float] = {
    "carbine": 1.0,
    "peacemaker": 1.5,
    "remington": 1.5,
    "schofield": 1.5,
    "shotgun": 0.5,
    "walker": 2.0,
    "lightning": 4.0,  # one more BANG! this turn
}
BARE_HITS = frozenset({"sharps", "whitney"})
HIT_RESOURCE_DRAWS = frozenset({"buffalo", "sledge"})
DRAWS: dict[str, float] = {"stagecoach": 2.0, "union_pacific": 2.0, "general_store": 1.2}
UNKNOWN = -1.0  # the worth of a card this player does not know, or a play it cannot weigh: kept
# Once-a-turn abilities offered as a named choice in the play phase, by what they are worth when offered.
TURN_ABILITIES: dict[str, float] = {"empty_hand_draws": 2 * CARD}
KEEP_SHARE = 0.5  # share of an action card's worth in the hand that waiting for a better moment is worth
DYNAMITE_RISK = 3.0  # what Dynamite on the own cover costs before it moves on


def best_turn_action(board: Board) -> DuelAction:
    """Returns the play-phase action worth most now, or the end of the turn when none is worth it."""
    best: DuelAction | None = None
    best_worth = WORTH_IT
    for action in board.view.legal:
        worth = turn_worth(board, action)
        if worth > best_worth:
            best, best_worth = action, worth
    if best is not None:
        return best
    return EndTurn() if EndTurn() in board.view.legal else board.view.legal[0]


def turn_worth(board: Board, action: DuelAction) -> float:
    """Returns what one play-phase action is worth to this seat now (0 or less: not worth taking)."""
    if isinstance(action, Play):
        return _play_worth(board, action)
    if isinstance(action, Use):
        return _use_worth(board, action)
    if isinstance(action, Swap):
        return swap_worth(board, board.me)
    if isinstance(action, Reload):
        return CARD - hand_worth(action.card, board.view.hand, _hurt(board)) - 1.0
    if isinstance(action, Choose):
        return TURN_ABILITIES.get(action.option, 0.0)  # an ability it does not know is left alone
    return 0.0


def _hurt(board: Board) -> bool:
    """Returns whether one of the seat's own characters lacks life."""
    return is_hurt(board.mine().fighters)


def _hit(board: Board, slot: int, name: str, hits: int = 1) -> float:
    """Returns what aiming hits of a card (by name) at a slot is worth: each lands by its own chance, and the damage
    of those that land adds up (Quickdraw's volley kills what one hit would not)."""
    f = board.fighter(slot)
    if f is None or hits <= 0:
        return 0.0
    damage = 2 if name == "spencer" and f.life >= 4 else 1
    bare = name in BARE_HITS
    lands = board.lands(slot, bare)
    worth = hits * lands * board.after_hurt(slot)
    for landed in range(1, hits + 1):
        chance = comb(hits, landed) * lands**landed * (1 - lands) ** (hits - landed)
        worth += chance * board.harm(slot, landed * damage)
    if name == "grapeshot":
        other = slot - slot % 2 + (1 - slot % 2)
        worth += lands * board.harm(other, 1)
    if not bare and slot // 2 != board.me and board.has_ability(slot // 2, "check_dodges_and_shoots", slot):
        worth += hits * (1 - CURRY_LETS_THROUGH) * board.hit_back(1.0)
    return worth


def _bang_worth(board: Board, play: Play) -> float:
    """Returns what a BANG! card (or a card played as one) at a slot is worth, less what the card was worth kept."""
    assert play.target is not None
    hand = board.view.hand
    if play.how:
        name, spend = "colt", hand_worth(play.card, hand, _hurt(board))
    else:
        # A BANG! card kept past the hand limit would be thrown away unplayed: firing it then spends nothing.
        share = 0.0 if _over_limit(board) else BANG_SPEND
        name, spend = type_id(play.card), share * hand_worth(play.card, hand, _hurt(board))
    hits = 1
    if name == "quickdraw":
        f = board.fighter(play.target)
        hits = len(f.equipment) + len(f.resources) if f is not None else 0
    worth = _hit(board, play.target, name, hits)
    return worth + (RIDERS.get(name, 0.0) if worth > 0 else 0.0) - spend


def _play_worth(board: Board, play: Play) -> float:
    """Returns what playing a hand card this way is worth."""
    name = type_id(play.card)
    frame = CARDS[play.card].type.frame
    if play.how == "bang" or (frame == BANG and not play.how):
        return _bang_worth(board, play)
    if play.how == "reuse" and board.view.discard:
        # Pearl Hart: a hand card goes so that the action on top of the discard pile acts again.
        top = board.view.discard[-1]
        return _action_worth(board, type_id(top), play) - hand_worth(play.card, board.view.hand, _hurt(board))
    if play.how:
        return -1.0  # another way of playing a card (as a Missed!) is no play of the turn
    if frame in (EQUIPMENT, RESOURCE):
        return _equip_worth(board, play)
    return _action_worth(board, name, play) - _keeping(board, play.card)


def _over_limit(board: Board) -> bool:
    """Returns whether the hand holds more cards than the turn may end with (some go at the hand limit anyway)."""
    return len(board.view.hand) > board.view.hand_limit


def _keeping(board: Board, card: int) -> float:
    """Returns what keeping an action card for later is worth (nothing when the hand limit would take it anyway)."""
    if _over_limit(board):
        return 0.0
    return KEEP_SHARE * hand_worth(card, board.view.hand, _hurt(board))


def _action_worth(board: Board, name: str, play: Play) -> float:
    """Returns what an action card (brown) played at its target is worth."""
    worth = ACTION_WORTHS.get(name)
    return worth(board, name, play) if worth is not None else UNKNOWN


def _draw_worth(board: Board, name: str, play: Play) -> float:
    """Returns the cards a drawing card brings."""
    return DRAWS[name] * CARD


def _beer_worth(board: Board, name: str, play: Play) -> float:
    """Returns the lives a Beer gives the own hurt characters."""
    return sum(board.life_worth(f) for f in board.mine().fighters if f.life < f.max_life)


def _shot_worth(board: Board, name: str, play: Play) -> float:
    """Returns a Knife's hit, or a Derringer's (worth no more than the card it makes a player with cards discard)."""
    if play.target is None:
        return UNKNOWN
    hit = _hit(board, play.target, name)
    hand = board.squad(play.target // 2).hand_count
    return min(hit, CARD * board.pressure(play.target // 2)) if name == "derringer" and hand else hit


def _gatling_worth(board: Board, name: str, play: Play) -> float:
    """Returns a Gatling's hits on every character but the own attacker."""
    return sum(_hit(board, s, name) for s in _everyone_but_my_attacker(board))


def _indians_worth(board: Board, name: str, play: Play) -> float:
    """Returns Indians!' hits on every character but the own attacker."""
    return sum(_indians(board, s) for s in _everyone_but_my_attacker(board))


def _chief_worth(board: Board, name: str, play: Play) -> float:
    """Returns a Chief's hits on every character of the target's squad."""
    if play.target is None:
        return UNKNOWN
    return sum(_indians(board, f.slot) for f in board.squad(play.target // 2).fighters)


def _challenge_worth(board: Board, name: str, play: Play) -> float:
    """Returns a Duel (answered with BANG!s) or a Ricochet (answered with Missed!s) at the target."""
    if play.target is None:
        return UNKNOWN
    return _duel_worth(board, play.target, "missed" if name == "ricochet" else "hit")


def _saloon_worth(board: Board, name: str, play: Play) -> float:
    """Returns the lives a Saloon gives the target's character, good for a friend and bad for an enemy."""
    if play.target is None:
        return UNKNOWN
    f = board.fighter(play.target)
    if f is None:
        return 0.0
    change = min(3, f.max_life) - f.life
    return -board.hostility(play.target // 2) * change * board.life_worth(f)


def _canteen_worth(board: Board, name: str, play: Play) -> float:
    """Returns the swap a Canteen makes in the target's squad."""
    return UNKNOWN if play.target is None else swap_worth(board, play.target // 2)


def _steal_worth(board: Board, name: str, play: Play) -> float:
    """Returns a card stolen from a hand (a card and the pressure it takes off) or from play."""
    if play.target is None or play.target_card is None:
        return UNKNOWN
    if play.target_card < 0:
        return CARD + CARD * board.pressure(play.target // 2) + board.after_robbing(play.target // 2)
    return _removal(board, play.target, play.target_card)


def _schoolteacher_worth(board: Board, name: str, play: Play) -> float:
    """Returns a card in play taken into the own hand."""
    if play.target is None or play.target_card is None:
        return UNKNOWN
    gain = hand_worth(play.target_card, [*board.view.hand, play.target_card], _hurt(board))
    return _removal(board, play.target, play.target_card) + gain


def _second_part_worth(board: Board, name: str, play: Play) -> float:
    """Returns an Ambush's or a Blow's card removed, plus a Blow's best hand card robbed."""
    target = play.target
    removal = _removal(board, target, play.target_card) if target is not None and play.target_card else 0.0
    robbed = max(
        (CARD * board.pressure(s.seat) + board.after_robbing(s.seat) for s in board.view.squads if s.hand_count),
        default=0.0,
    )
    return removal + (robbed if name == "blow" else 0.0)


def _cover_worth(board: Board, name: str, play: Play) -> float:
    """Returns the best swap a Cover makes."""
    return max([0.0] + [swap_worth(board, s.seat) for s in board.view.squads])


def _removal(board: Board, slot: int, card: int) -> float:
    """Returns what discarding a card in play on a slot is worth to this seat."""
    f = board.fighter(slot)
    if f is None:
        return 0.0
    return board.pressure(slot // 2) * in_play_worth(card, f) + board.after_robbing(slot // 2)


def _everyone_but_my_attacker(board: Board) -> list[int]:
    """Returns every filled slot except this seat's attacker."""
    return [f.slot for s in board.view.squads for f in s.fighters if f.slot != board.me * 2]


def _indians(board: Board, slot: int) -> float:
    """Returns what asking one character to discard a BANG! card or lose a life is worth to this seat."""
    seat = slot // 2
    if seat == board.me:
        hits = [c for c in board.view.hand if CARDS[c].type.frame == BANG]
        cost = min((hand_worth(c, board.view.hand) for c in hits), default=-board.harm(slot, 1))
        return -min(cost, -board.harm(slot, 1))
    return 0.5 * (board.harm(slot, 1) + CARD * board.pressure(seat))


def _duel_worth(board: Board, target: int, weapon: str) -> float:
    """Returns what a duel (BANG! or Missed! cards) against a target's attacker is worth: good with cards to spare."""
    mine = sum(1 for c in board.view.hand if (CARDS[c].type.frame == BANG) == (weapon == "hit"))
    if weapon == "missed":
        mine = sum(1 for c in board.view.hand if type_id(c) in ("missed", "companion"))
    theirs = 0.3 * board.squad(target // 2).hand_count
    if mine >= theirs + 1:
        return 0.6 * board.harm(target, 1) - CARD * min(mine, theirs + 1) * 0.5
    return -1.0


def _equip_worth(board: Board, play: Play) -> float:
    """Returns what putting an equipment card or resource on a character is worth."""
    assert play.target is not None
    f = board.fighter(play.target)
    if f is None:
        return 0.0
    name = type_id(play.card)
    if CARDS[play.card].type.frame == EQUIPMENT and any(type_id(c) == name for c in f.equipment):
        return -1.0  # it would only replace its twin
    seat = play.target // 2
    if name == "dynamite":
        return _dynamite_worth(board, play.target)
    if name == "panic":
        # Panic makes its holder swap every turn: good on an opponent whose cover is the weaker one.
        return swap_worth(board, seat) if seat != board.me else -1.0
    worth = IN_PLAY_WORTH.get(name, 2.0)
    if seat == board.me:
        if name in HARMFUL:
            return worth
        as_placed = in_play_worth(play.card, f)
        return as_placed + (0.5 if play.target % 2 else 0.0)  # on the cover it is safe from Steal and Ambush
    return -worth * board.pressure(seat) if name in HARMFUL else -abs(worth)


def _dynamite_worth(board: Board, slot: int) -> float:
    """Returns what Dynamite on a character is worth: on an opponent, or on the own cover when theirs is the weaker."""
    seat = slot // 2
    if seat != board.me:
        return board.pressure(seat) * DYNAMITE_RISK * 2
    mine = board.fighter(slot)
    theirs = [f for f in board.squad(board.target).fighters][-1:]
    if mine is None or not theirs:
        return -1.0
    if mine.life > 3 and theirs[0].life <= 3:
        return DYNAMITE_RISK
    return -DYNAMITE_RISK


def _use_worth(board: Board, use: Use) -> float:
    """Returns what using a resource in play now is worth (a hit, a heal, a card from the discard pile)."""
    name = type_id(use.card)
    holder = next((f for f in board.mine().fighters if use.card in f.resources or use.card in f.equipment), None)
    kept = in_play_worth(use.card, holder) if holder is not None else CARD
    given_up_as: str = getattr(use, "how", "")  # a card in play used as another (the Renegades' Fortune Teller)
    if use.target is not None and given_up_as:
        return _hit(board, use.target, "colt") - kept
    if use.target is not None:
        draw = CARD if name in HIT_RESOURCE_DRAWS else 0.0
        return _hit(board, use.target, name) + draw - 0.3 * kept
    if name == "whisky":
        attacker = board.mine().fighters[0] if board.mine().fighters else None
        if attacker is None or attacker.life >= attacker.max_life:
            return -1.0
        return min(1.3, attacker.max_life - attacker.life) * board.life_worth(attacker) - kept * 0.3
    if name == "gold_pan":
        top = board.view.discard[-1:] if board.view.discard else ()
        return (hand_worth(top[0], [*board.view.hand, top[0]]) if top else 0.0) - kept
    return -1.0  # a dodge kept for the opponent's turn, or a use this player does not know


# What an action card played at its target is worth, by its name (a card this player does not know: UNKNOWN).
ACTION_WORTHS: dict[str, Callable[[Board, str, Play], float]] = {
    **dict.fromkeys(DRAWS, _draw_worth),
    "beer": _beer_worth,
    "knife": _shot_worth,
    "derringer": _shot_worth,
    "gatling": _gatling_worth,
    "indians": _indians_worth,
    "chief": _chief_worth,
    "duel": _challenge_worth,
    "ricochet": _challenge_worth,
    "saloon": _saloon_worth,
    "canteen": _canteen_worth,
    "steal": _steal_worth,
    "schoolteacher": _schoolteacher_worth,
    "ambush": _second_part_worth,
    "blow": _second_part_worth,
    "cover": _cover_worth,
}
