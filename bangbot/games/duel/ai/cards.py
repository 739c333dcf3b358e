"""What a Duel card is worth: in the hand (to keep, with fewer of a kind worth more), and in play to its holder."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bangbot.games.duel.rules.data import BANG, CARDS, CHARACTER, RESOURCE, type_id
from bangbot.games.duel.rules.views import FighterView

CARD = 4.0  # an average card in the hand
# Keep worth of one card of each name in the hand (a name missing here is worth CARD).
HAND_WORTH: dict[str, float] = {
    "missed": 5.5,
    "return_fire": 6.5,
    "trick": 5.5,
    "companion": 5.5,
    "quickdraw": 4.0,
    "winchester": 6.0,
    "sharps": 6.0,
    "whitney": 6.0,
    "spencer": 6.0,
    "lightning": 6.0,
    "beer": 4.0,
    "saloon": 4.0,
    "canteen": 2.0,
    "panic": 1.5,
    "dynamite": 2.0,
    "steal": 5.0,
    "schoolteacher": 3.5,
    "derringer": 4.0,
    "knife": 5.0,
    "gatling": 6.0,
    "indians": 5.0,
    "chief": 5.0,
    "duel": 3.5,
    "ricochet": 3.0,
    "stagecoach": 6.0,
    "general_store": 4.5,
    "union_pacific": 5.5,
    "cover": 2.0,
    "ambush": 3.0,
    "blow": 4.0,
    "barrel": 6.0,
    "hat": 5.0,
    "gunbelt": 4.0,
    "bank": 5.0,
    "sniper": 3.0,
    "watch": 3.5,
    "rattlesnake": 5.0,
    "spurs": 2.0,
    "partner": 3.0,
    "buffalo": 5.5,
    "double_barrel": 5.5,
    "grapeshot": 5.5,
    "sledge": 5.5,
    "whisky": 4.0,
    "dexterity": 5.0,
    "lucky_penny": 5.0,
    "gold_pan": 3.0,
}
DODGES = frozenset({"missed", "return_fire", "trick", "companion"})
SPARE = 0.55  # each further card of the same use keeps this share of the one before
# Worth to its holder of an equipment card or resource in play, while it counts (negative: it harms the holder).
IN_PLAY_WORTH: dict[str, float] = {
    "barrel": 6.0,
    "hat": 5.0,
    "gunbelt": 3.0,
    "bank": 5.0,
    "sniper": 3.0,
    "watch": 3.0,
    "spurs": 2.0,
    "partner": 2.0,
    "panic": 0.0,
    "rattlesnake": -6.0,
    "dynamite": -3.0,
    "buffalo": 5.0,
    "double_barrel": 5.0,
    "grapeshot": 5.0,
    "sledge": 5.0,
    "whisky": 4.0,
    "dexterity": 5.0,
    "lucky_penny": 5.0,
    "gold_pan": 3.0,
}
HARMFUL = frozenset(n for n, w in IN_PLAY_WORTH.items() if w < 0)
ALWAYS_COUNTS = frozenset({"rattlesnake", "dynamite", "panic"})
DORMANT = 0.6  # a card on a covering character counts for this share (it counts once that character attacks)


def use_of(card: int) -> str:
    """Returns the use a card shares with others of its kind: a hit, a dodge, or its own name."""
    name = type_id(card)
    if CARDS[card].type.frame == BANG:
        return "hit"
    return "dodge" if name in DODGES else name


def hand_worth(card: int, hand: Sequence[int], hurt: bool = True) -> float:
    """Returns the worth of keeping a hand card, given the rest of the hand (hurt: some own character lacks life)."""
    base = _alone(card, hurt)
    use = use_of(card)
    ahead = sum(1 for c in hand if c != card and use_of(c) == use and (_alone(c, hurt), c) > (base, card))
    return base * SPARE**ahead


def _alone(card: int, hurt: bool) -> float:
    """Returns a hand card's worth as if no other card of its use were held (Beer: little while nobody is hurt)."""
    name = type_id(card)
    return 1.5 if name == "beer" and not hurt else HAND_WORTH.get(name, CARD)


def least_worth(cards: Iterable[int], hand: Sequence[int], hurt: bool = True) -> int:
    """Returns the card of cards least worth keeping in this hand (the lowest index on a tie)."""
    return min(cards, key=lambda c: (hand_worth(c, hand, hurt), c))


def most_worth(cards: Iterable[int], hand: Sequence[int], hurt: bool = True) -> int:
    """Returns the card of cards most worth having with this hand (the lowest index on a tie)."""
    return min(cards, key=lambda c: (-hand_worth(c, [*hand, c], hurt), c))


def in_play_worth(card: int, f: FighterView) -> float:
    """Returns what a card in play on a character is worth to its holder: dormant on a covering one."""
    name = type_id(card)
    worth = IN_PLAY_WORTH.get(name, 2.0)
    counts = f.slot % 2 == 0 or name in ALWAYS_COUNTS or CARDS[card].type.frame == RESOURCE
    return worth if counts or worth < 0 else worth * DORMANT


def equipment_worth(f: FighterView, as_attacker: bool) -> float:
    """Returns the worth of a character's equipment to its holder if it attacks (as_attacker) or covers."""
    total = 0.0
    for card in f.equipment:
        worth = IN_PLAY_WORTH.get(type_id(card), 2.0)
        total += worth if as_attacker or worth < 0 or type_id(card) in ALWAYS_COUNTS else 0.0
    return total


def is_hurt(fighters: Iterable[FighterView]) -> bool:
    """Returns whether some character lacks life."""
    return any(f.life < f.max_life for f in fighters)


# What a character's ability is worth while it attacks (one that is always active counts wherever it is).
ATTACK_WORTH: dict[str, float] = {
    "unlimited_bangs": 2.5,
    "draws_three": 2.5,
    "any_card_as_bang": 2.0,
    "hurt_hits_back": 1.5,
    "bang_as_missed": 1.5,
    "hurt_draws": 1.5,
    "check_dodges_and_shoots": 1.5,
    "dodged_draws": 1.0,
    "second_draw_horseshoe": 1.0,
    "dodge_costs_card": 1.0,
    "robbed_hits_back": 1.0,
    "hurt_discards_random": 1.0,
    "draws_on_any_death": 1.0,
    "loots_the_dead": 1.0,
    "empty_hand_draws": 1.0,
    "reuses_discard_action": 1.0,
    "plays_anywhere": 1.0,
    "enters_hits_cover": 1.0,
    "draws_equipment": 1.0,
    "enters_draws_three": 1.0,
    "resource_draws": 1.0,
    "resource_in_draws": 1.0,
    "checks_twice": 1.5,
    "takes_hurt_for_partner": 1.5,
    "extra_bang": 1.5,
    "swaps_a_card": 1.5,
    "filters_draws": 1.5,
    "hand_limit_six": 1.5,
}


def ability_worth(character: str, attacking: bool) -> float:
    """Returns what a character's ability is worth in a position (an ability that is not always active: attacking)."""
    card = CHARACTER.get(character)
    if card is None:
        return 0.0
    if card.always or attacking:
        return ATTACK_WORTH.get(card.ability, 0.5)
    return 0.0
