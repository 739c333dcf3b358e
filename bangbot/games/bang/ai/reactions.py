"""Answers to pending decisions: dodge, Duel and Indians!, dying, General Store, Kit Carlson, phase-1 draws."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bangbot.games.bang.ai.cardinfo import kind
from bangbot.games.bang.ai.situation import Situation
from bangbot.games.bang.ai.turn import cheapest_heal
from bangbot.games.bang.ai.values import card_value, least_valuable, most_valuable
from bangbot.games.bang.ai.variants import ai_variant_of, never
from bangbot.games.bang.rules.abilities import DRAWS_PER_LIFE_LOST, STEALS_FROM_ATTACKER, STRIKES_AT_THIEVES
from bangbot.games.bang.rules.actions import Action, Answer, DrawDeck, DrawDiscard, DrawHand, Heal, Pass, Pick, PutBack
from bangbot.games.bang.rules.cards import BEER, MISSED
from bangbot.games.bang.rules.roster import abilities_of

LOW_LIFE = 2
PEDRO_TAKES_AT = 2.3  # a discard top worth more than an average card from the deck
JESSE_TAKES_AT = 0.4  # how much of an enemy a seat must be for Jesse Jones to take from its hand


def my_request(sit: Situation) -> Mapping[str, Any] | None:
    """Returns this seat's first pending decision that still waits for it (not an answer already queued)."""
    return next((r for r in sit.view.requests if r.get("seat") == sit.me and not r.get("answered", False)), None)


def choose_answer(sit: Situation, request: Mapping[str, Any]) -> Action:
    """Returns the answer to request among the legal actions."""
    legal = sit.view.legal
    kind_of_request = request.get("type")
    if kind_of_request == "Respond":
        attacker = request.get("attacker")
        return dodge(sit, int(request.get("needed", 1)), None if attacker is None else int(attacker))
    if kind_of_request == "IndiansRespond":
        return answer_indians(sit)
    if kind_of_request == "DuelTurn":
        return answer_duel(sit, request)
    if kind_of_request == "Dying":
        return survive(sit)
    if kind_of_request == "StorePick":
        picks = [a.card for a in legal if isinstance(a, Pick)]
        return Pick(most_valuable(sit, picks, sit.view.hand))
    if kind_of_request == "KitChoice":
        cards = [a.card for a in legal if isinstance(a, PutBack)]
        return PutBack(least_valuable(sit, cards, [*sit.view.hand, *cards]))
    if kind_of_request == "DrawChoice":
        return draw_from(sit)
    own = ai_variant_of(sit.view.config).answers.get(str(kind_of_request))
    return own(sit, request) if own is not None else legal[0]


def answers(sit: Situation) -> list[int]:
    """Returns the cards this seat may answer with now."""
    return [a.card for a in sit.view.legal if isinstance(a, Answer)]


def dodge(sit: Situation, needed: int, attacker: int | None = None) -> Action:
    """Answers a BANG! or Gatling with a Missed! whenever enough of them can cancel it.

    A Missed! that also hits the attacker back (a variant's reading) is kept off a friend, and never kills a
    spared one.
    """
    cards = answers(sit)
    if len(cards) < needed:
        return Pass()
    hits_back = ai_variant_of(sit.view.config).hits_back or never
    # whether the attacker is spared matters only for a card that hits back; beliefs are not worked out otherwise
    spared = (
        any(hits_back(sit, c) for c in cards) and attacker is not None and attacker != sit.me and sit.harm(attacker) < 0
    )

    def cost(c: int) -> tuple[bool, bool, float, int]:
        return (kind(c) != MISSED, spared and hits_back(sit, c), card_value(sit, c, sit.view.hand), c)

    card = min(cards, key=cost)
    fatal = spared and hits_back(sit, card) and attacker is not None and sit.view.seats[attacker].life <= 1
    return Pass() if fatal and sit.mine.life > 1 else Answer(card)


def worth_a_bang(sit: Situation, cards: list[int]) -> bool:
    """Returns whether saving a life is worth a BANG! now: when low on life or rich in BANG!s."""
    me = sit.mine
    if (
        abilities_of(me.character) & {DRAWS_PER_LIFE_LOST, STEALS_FROM_ATTACKER}
        and me.life > LOW_LIFE
        and len(cards) < 2
    ):
        return False
    return me.life <= LOW_LIFE or len(cards) >= 2


def answer_indians(sit: Situation) -> Action:
    """Discards a BANG! against Indians! when life is low or BANG!s are many; takes the hit otherwise."""
    cards = answers(sit)
    if cards and worth_a_bang(sit, cards):
        return Answer(cheapest(sit, cards))
    return Pass()


def answer_duel(sit: Situation, request: Mapping[str, Any]) -> Action:
    """Keeps answering a Duel when the rival is out of cards, when it was this seat's Duel, or as for Indians!."""
    cards = answers(sit)
    if not cards:
        return Pass()
    rival = int(request["opponent"])
    sure_win = sit.view.seats[rival].hand_count == 0
    mine = int(request["initiator"]) == sit.me and sit.harm(rival) > 0
    if sure_win or mine or worth_a_bang(sit, cards):
        return Answer(cheapest(sit, cards))
    return Pass()


def cheapest(sit: Situation, cards: list[int]) -> int:
    """Returns the least valuable of cards (ties: the lowest index)."""
    return least_valuable(sit, cards, sit.view.hand)


def survive(sit: Situation) -> Action:
    """Drinks a Beer that heals, or heals with Sid Ketchum's least valuable cards, or goes out when nothing saves."""
    beers = [c for c in answers(sit) if kind(c) == BEER] if sit.beer_works() else []
    if beers:
        return Answer(beers[0])
    heals = [a for a in sit.view.legal if isinstance(a, Heal)]
    if heals:
        return cheapest_heal(sit, heals)
    return Pass()


def draw_from(sit: Situation) -> Action:
    """Jesse Jones takes from the likeliest enemy's hand (never a «Мстительный»'s, who shoots first); Pedro Ramirez
    takes a good discard; else the deck."""
    legal = sit.view.legal
    from_hands = [
        a
        for a in legal
        if isinstance(a, DrawHand) and STRIKES_AT_THIEVES not in abilities_of(sit.view.seats[a.target].character)
    ]
    if from_hands:
        st = sit.stance

        def score(a: DrawHand) -> tuple[float, int, float]:
            return (
                st.enemy[a.target] * st.weight[a.target],
                sit.view.seats[a.target].hand_count,
                sit.tiebreak(a.target),
            )

        best = max(from_hands, key=score)
        if st.enemy[best.target] >= JESSE_TAKES_AT:
            return best
    if DrawDiscard() in legal and sit.view.discard:
        top = sit.view.discard[-1]
        if card_value(sit, top, sit.view.hand) >= PEDRO_TAKES_AT:
            return DrawDiscard()
    return DrawDeck()
