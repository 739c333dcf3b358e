"""What swapping a player's attacking and covering characters is worth: a fresh one forward, or a weak enemy."""

from __future__ import annotations

from bangbot.games.duel.ai.board import Board
from bangbot.games.duel.ai.cards import ability_worth, equipment_worth
from bangbot.games.duel.rules.data import CHARACTER
from bangbot.games.duel.rules.views import FighterView

LOW = 2  # an attacker at this life or less should step back if its cover is healthier
STEP_BACK = 4.0  # per life point the cover has more than a low attacker
LAST_POINT = 8.0  # an attacker on its last life point
HEALTHIER = 1.5  # per life point, when the cover is clearly healthier but the attacker is not low
WEAKER = 2.5  # per life point, when the cover is weaker than the attacker
SWAP_COST = 1.0  # the opponent's Watch or Jango may draw


def front_worth(front: FighterView, back: FighterView) -> float:
    """Returns a squad's worth to its owner with front attacking and back covering (life, equipment, abilities)."""
    worth = equipment_worth(front, True) + equipment_worth(back, False)
    worth += ability_worth(front.character, True) + ability_worth(back.character, False)
    gap = back.life - front.life
    if front.life <= LOW and gap > 0:
        worth -= gap * STEP_BACK + (LAST_POINT if front.life == 1 else 0.0)
    elif gap >= 2:
        worth -= gap * HEALTHIER
    elif gap < 0:
        worth += -gap * WEAKER
    return worth


def swap_worth(board: Board, seat: int) -> float:
    """Returns what swapping seat's two characters in play is worth to this seat (0 with only one in play)."""
    fighters = board.squad(seat).fighters
    if len(fighters) < 2:
        return 0.0
    attacker, cover = fighters
    gain = front_worth(cover, attacker) - front_worth(attacker, cover)
    if (card := CHARACTER.get(cover.character)) is not None and card.ability == "enters_hits_cover":
        gain += 4.0  # Tom Horn's entrance hits the opponent's cover
    if seat == board.me:
        return gain - SWAP_COST
    # An opponent's loss is this seat's gain, as far as this seat wants that opponent weak.
    return -gain * max(board.pressure(seat), 0.0) - SWAP_COST
