"""Effects shared by many cards: drawing, checks, shots, taking cards, losing life, going out of the game."""

from __future__ import annotations

from collections.abc import Callable

from bangbot.core import rng
from bangbot.core.events import Event
from bangbot.games.bang.rules.abilities import (
    BUILT_IN_BARREL,
    CHECKS_TWO_CARDS,
    DRAWS_ON_EMPTY_HAND,
    DRAWS_PER_LIFE_LOST,
    EVERY_HIT_NEEDS_TWO_MISSED,
    NEEDS_TWO_MISSED,
    STEALS_FROM_ATTACKER,
    STRIKES_AT_THIEVES,
    SURVIVES_BY_CHECK,
    TAKES_THE_DEADS_CARDS,
)
from bangbot.games.bang.rules.actions import HAND
from bangbot.games.bang.rules.cards import BANG, BARREL, HEARTS, PANIC, SPADES, Card
from bangbot.games.bang.rules.options import PER_LIFE
from bangbot.games.bang.rules.requests import EXCLUSIVE, Aim, DuelTurn, Dying, Respond, Theft
from bangbot.games.bang.rules.roles import DEPUTY, OUTLAW, SHERIFF, winner
from bangbot.games.bang.rules.state import OVER, GameState, Player, card
from bangbot.games.bang.rules.variants import variant_of

REWARD_CARDS = 3
HOLDING = (EXCLUSIVE, Aim)  # pending decisions that make a new BANG! effect's checks wait
Events = list[Event]


def reshuffle(state: GameState, ev: Events) -> None:
    """Shuffles the discard pile into a new deck."""
    state.rng, state.deck = rng.shuffled(state.rng, state.discard)
    state.discard = []
    ev.append(Event("reshuffle", {"deck": len(state.deck)}))


def take_from_deck(state: GameState, ev: Events, n: int) -> list[int]:
    """Removes and returns up to n cards from the top of the deck, reshuffling when it runs out."""
    out: list[int] = []
    for _ in range(n):
        if not state.deck:
            if not state.discard:
                break
            reshuffle(state, ev)
        out.append(state.deck.pop())
    return out


def draw(state: GameState, ev: Events, seat: int, n: int, reason: str) -> list[int]:
    """Seat draws n cards from the deck into its hand; only seat sees which."""
    cards = take_from_deck(state, ev, n)
    state.players[seat].hand.extend(cards)
    ev.append(Event("draw", {"seat": seat, "count": len(cards), "reason": reason}, {"cards": cards}, (seat,)))
    return cards


def draw_on_empty_hand(state: GameState, ev: Events, seat: int, starting_duel: bool = False) -> None:
    """Suzy Lafayette («Запасливый») draws a card the moment her hand is empty, before anything else resolves.

    In a Duel (also one her last card starts) she waits until it is over unless the options say otherwise.
    """
    p = state.players[seat]
    if not p.alive or p.hand or DRAWS_ON_EMPTY_HAND not in p.abilities:
        return
    if (starting_duel or in_duel(state, seat)) and not state.config.options.empty_hand_draws_in_duel:
        return
    draw(state, ev, seat, 1, p.character)


def in_duel(state: GameState, seat: int) -> bool:
    """Returns whether seat is one of the two players of a Duel still going on."""
    return any(isinstance(r, DuelTurn) and seat in (r.seat, r.opponent) for r in state.requests)


def random_hand_card(state: GameState, seat: int) -> int:
    """Removes and returns a random card from seat's hand (which must not be empty)."""
    hand = state.players[seat].hand
    state.rng, i = rng.below(state.rng, len(hand))
    return hand.pop(i)


def discard_from_hand(state: GameState, seat: int, c: int) -> None:
    """Moves card c from seat's hand onto the discard pile."""
    state.players[seat].hand.remove(c)
    state.discard.append(c)


def check(
    state: GameState, ev: Events, seat: int, reason: str, success: Callable[[Card], bool], if_no_card: bool = False
) -> bool:
    """Draws a check for seat (two cards for Lucky Duke, who keeps the better), discards it, returns success.

    When not a single card is left to draw, returns if_no_card.
    """
    count = 2 if (CHECKS_TWO_CARDS in state.players[seat].abilities) else 1
    drawn = take_from_deck(state, ev, count)
    if not drawn:
        return if_no_card
    good = [c for c in drawn if success(card(c))]
    chosen = good[0] if good else drawn[0]
    state.discard.extend(c for c in drawn if c != chosen)
    state.discard.append(chosen)
    ok = bool(good)
    ev.append(Event("check", {"seat": seat, "reason": reason, "cards": drawn, "chosen": chosen, "ok": ok}))
    return ok


def heal(state: GameState, seat: int, amount: int) -> int:
    """Gives seat up to amount life without passing its maximum; returns the life gained."""
    p = state.players[seat]
    gained = max(0, min(amount, p.max_life - p.life))
    p.life += gained
    return gained


def hurt(state: GameState, ev: Events, seat: int, amount: int, source: int | None, cause: str) -> None:
    """Seat loses amount life caused by source (None: nobody); the last life asks for a rescue.

    «Опасный» first checks, once per energy lost from his last one on (as many as Bacta Tanks would be needed): a card
    without the empire symbol (not ♠) each time keeps him in at 1 and he draws a card; a failed check ends the checks.
    """
    p = state.players[seat]
    p.life -= amount
    ev.append(
        Event(
            "hurt",
            {
                "seat": seat,
                "amount": amount,
                "source": source,
                "cause": cause,
                "life": max(p.life, 0),
            },
        )
    )
    if p.life <= 0:
        no_beer = False
        if SURVIVES_BY_CHECK in p.abilities:
            if all(check(state, ev, seat, p.character, not_spade) for _ in range(1 - p.life)):
                p.life = 1
                ev.append(Event("survived", {"seat": seat, "life": 1}))
                draw(state, ev, seat, 1, p.character)
                after_damage(state, ev, seat, amount, source)
                return
            no_beer = True
        needed = 1 - p.life
        p.life = 0
        state.requests.append(Dying(seat, source, needed, amount, cause, no_beer))
    else:
        after_damage(state, ev, seat, amount, source)


def after_damage(state: GameState, ev: Events, seat: int, amount: int, source: int | None) -> None:
    """Triggers the abilities of a seat that lost life and stays in the game."""
    p = state.players[seat]
    if DRAWS_PER_LIFE_LOST in p.abilities:
        draw(state, ev, seat, amount, p.character)
    elif (STEALS_FROM_ATTACKER in p.abilities) and source is not None and source != seat:
        victim = state.players[source]
        count = amount if state.config.options.el_gringo_takes == PER_LIFE else 1
        for _ in range(count):
            if not victim.hand or not victim.alive:
                break
            c = random_hand_card(state, source)
            p.hand.append(c)
            ev.append(
                Event(
                    "steal",
                    {"seat": seat, "from": source, "reason": p.character},
                    {"card": c},
                    (seat, source),
                )
            )


def not_spade(c: Card) -> bool:
    """Returns whether a checked card lacks the spade (in BANG! Star Wars: the empire symbol)."""
    return c.suit != SPADES


def eliminate(state: GameState, ev: Events, seat: int, killer: int | None, cause: str = "") -> None:
    """Takes seat out of the game: reveals its role, passes its cards on, checks the end, pays out.

    An elimination by a cause the variant excludes (BANG! Star Wars: Jawas, the compactor) earns no reward.
    """
    p = state.players[seat]
    p.alive = False
    p.life = 0
    state.requests = [r for r in state.requests if r.seat != seat]
    ev.append(Event("eliminated", {"seat": seat, "role": p.role, "killer": killer}))
    pass_on_cards(state, ev, seat)
    if game_ends(state, ev):
        return
    if killer is None or killer == seat or not state.players[killer].alive:
        return
    pay_out(state, ev, seat, killer, cause)


def pass_on_cards(state: GameState, ev: Events, seat: int) -> None:
    """Gives an eliminated seat's cards to Vulture Sam (whoever takes the dead's cards), or else discards them."""
    p = state.players[seat]
    cards = p.hand + p.in_play
    p.hand, p.in_play = [], []
    vulture = next((q for q in state.players if q.alive and (TAKES_THE_DEADS_CARDS in q.abilities)), None)
    if vulture is not None and cards:
        vulture.hand.extend(cards)
        ev.append(
            Event(
                "vulture",
                {"seat": vulture.seat, "from": seat, "count": len(cards)},
                {"cards": cards},
                (vulture.seat,),
            )
        )
    elif cards:
        state.discard.extend(cards)
        ev.append(Event("discard_all", {"seat": seat, "cards": cards}))


def game_ends(state: GameState, ev: Events) -> bool:
    """Ends the game if the living roles decide a winner; returns whether it ended."""
    side = winner([q.role for q in state.players if q.alive])
    if side is None:
        return False
    state.winner = side
    state.phase = OVER
    state.requests = []
    ev.append(Event("game_over", {"winner": side, "roles": [q.role for q in state.players]}))
    return True


def pay_out(state: GameState, ev: Events, seat: int, killer: int, cause: str) -> None:
    """Rewards the living killer of an Outlaw with cards, or strips the Sheriff who killed a Deputy of all his cards."""
    if state.players[seat].role == OUTLAW and cause not in variant_of(state.config).no_reward_causes:
        draw(state, ev, killer, REWARD_CARDS, "reward")
    elif state.players[seat].role == DEPUTY and state.players[killer].role == SHERIFF:
        k = state.players[killer]
        lost = k.hand + k.in_play
        k.hand, k.in_play = [], []
        state.discard.extend(lost)
        ev.append(Event("penalty", {"seat": killer, "cards": lost}))


def missed_needed(p: Player, source: str) -> int:
    """Returns how many Missed! effects cancel p's hit by source: two for Slab the Killer's BANG!s, for «Меткий» all."""
    two = (EVERY_HIT_NEEDS_TWO_MISSED in p.abilities) or (source == BANG and NEEDS_TWO_MISSED in p.abilities)
    return 2 if two else 1


def attack(
    state: GameState, ev: Events, target: int, attacker: int, source: str, needed: int, held: bool = False
) -> None:
    """Aims a BANG! effect at target: Jourdonnais and Barrel check first, then target may answer.

    While a play's fate decision or an earlier held shot is pending (or held: the play's other effect is still to
    come) the checks wait as an Aim, so they are drawn in the order of the queue once both effects are applied.
    """
    if held or (state.requests and any(isinstance(r, HOLDING) for r in state.requests)):
        state.requests.append(Aim(target, attacker, source, needed))
        return
    take_aim(state, ev, target, attacker, source, needed)


def resolve_aim(state: GameState, ev: Events, r: Aim) -> None:
    """Draws the checks of a held BANG! effect, which then takes the Aim's place in the queue."""
    i = state.requests.index(r)
    del state.requests[i]
    before = len(state.requests)
    take_aim(state, ev, r.seat, r.attacker, r.source, r.needed)
    if len(state.requests) > before:
        state.requests.insert(i, state.requests.pop())


def take_aim(state: GameState, ev: Events, target: int, attacker: int, source: str, needed: int) -> None:
    """Draws target's checks against a BANG! effect; what they leave uncancelled waits for target's answer."""
    p = state.players[target]
    if (BUILT_IN_BARREL in p.abilities) and needed > 0 and check(state, ev, target, p.character, is_heart):
        needed -= 1
    if p.has_in_play(BARREL) and needed > 0 and check(state, ev, target, BARREL, is_heart):
        needed -= 1
    if needed == 0:
        ev.append(Event("dodged", {"seat": target, "attacker": attacker, "source": source}))
        return
    state.requests.append(Respond(target, attacker, source, needed))


def is_heart(c: object) -> bool:
    """Returns whether a checked card is a heart."""
    return getattr(c, "suit", None) == HEARTS


def take_or_discard(
    state: GameState, ev: Events, seat: int, target: int, which: int, steal: bool, reason: str = PANIC
) -> None:
    """Panic! takes, Cat Balou discards (or a fate effect, the reason), a random hand card or a card in play."""
    q = state.players[target]
    if which == HAND:
        c = random_hand_card(state, target)
    else:
        q.in_play.remove(c := which)
    if steal:
        state.players[seat].hand.append(c)
        public = {"seat": seat, "from": target, "from_hand": which == HAND}
        if which == HAND:
            ev.append(Event("steal", {**public, "reason": reason}, {"card": c}, (seat, target)))
        else:
            ev.append(Event("steal", {**public, "reason": reason, "card": c}))
    else:
        state.discard.append(c)
        ev.append(Event("discarded", {"seat": target, "card": c, "by": seat, "from_hand": which == HAND}))


def chosen_take(
    state: GameState, ev: Events, seat: int, target: int, which: int, steal: bool, reason: str = PANIC
) -> None:
    """Seat chose to take (steal) or discard target's card; «Мстительный» first shoots at seat, the card goes after."""
    if target != seat and (STRIKES_AT_THIEVES in state.players[target].abilities):
        ev.append(Event("strikes_back", {"seat": target, "at": seat, "reason": state.players[target].character}))
        attack(state, ev, seat, target, BANG, missed_needed(state.players[target], BANG))
        state.requests.append(Theft(seat, target, which, steal, reason=reason))
    else:
        take_or_discard(state, ev, seat, target, which, steal, reason)
