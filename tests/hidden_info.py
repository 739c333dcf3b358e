"""Hidden information, tested as OpenSpiel's resampling test does: deal again what a seat cannot see, compare.

A resampler returns a copy of a state in which everything one seat cannot see is dealt again at random, consistently
with what it sees (hand and deck sizes, revealed roles, cards in play, the discard pile, fallen characters). The
seat's view, its legal actions and its AI's decision (with the same memory) must be the same in every copy.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bangbot.ai.mixing import mix
from bangbot.ai.player import AIPlayer, Memory
from bangbot.ai.players import heuristic_players
from bangbot.ai.random_player import SEED_KEY
from bangbot.games.bang.rules.requests import PASSED, IndiansRespond, KitChoice, Respond
from bangbot.games.bang.rules.roles import SHERIFF
from bangbot.games.bang.rules.state import OVER, GameConfig, GameState
from bangbot.games.duel.rules.data import characters_of
from bangbot.games.duel.rules.modes import MODES
from bangbot.games.duel.rules.requests import HarryDraw, KeepOne, Lineup, Replace
from bangbot.games.duel.rules.state import DuelState
from bangbot.games.duel.rules.table import COMMON_DECK
from bangbot.games.duel.ruleset import DUEL
from bangbot.rulesets import AnyRuleset, ruleset_of

Resampler = Callable[[Any, int | None, random.Random], Any]
RNG_BITS = 64


def _deal_again(places: Sequence[list[int]], rnd: random.Random) -> list[list[int]]:
    """Returns the cards of places shuffled together and dealt back, each place getting as many as it held."""
    pool = [c for place in places for c in place]
    rnd.shuffle(pool)
    out: list[list[int]] = []
    for place in places:
        out.append(pool[: len(place)])
        del pool[: len(place)]
    return out


def resample_table(state: GameState, seat: int | None, rnd: random.Random) -> GameState:
    """Returns state with what seat cannot see dealt again: other hands, the deck's order, hidden roles, Kit's look.

    An answer another seat gave out of turn, waiting for the seats before it, may become a pass (else its card stays
    in that hand). Kept: the seat's own hand and role, every card in play, the discard pile, hand and deck sizes,
    the roles shown (the Sheriff's, the eliminated players', all once the game is over). seat None resamples what
    no player sees (the group chat's view).
    """
    out = state.copy()
    others = [p for p in out.players if p.seat != seat]
    if out.phase != OVER:
        hidden = [p for p in others if p.alive and p.role != SHERIFF]
        roles = [p.role for p in hidden]
        rnd.shuffle(roles)
        for p, role in zip(hidden, roles, strict=True):
            p.role = role
    for i, r in enumerate(out.requests):  # a card another seat answered with might as well have been a pass
        if isinstance(r, Respond | IndiansRespond) and r.seat != seat and r.answer >= 0 and rnd.random() < 0.5:
            out.requests[i] = replace(r, answer=PASSED)
    given = {r.answer for r in out.requests if isinstance(r, Respond | IndiansRespond) and r.seat != seat}
    looks = [i for i, r in enumerate(out.requests) if isinstance(r, KitChoice) and r.seat != seat]
    places = [out.deck, *([c for c in p.hand if c not in given] for p in others)]
    places += [list(out.requests[i].cards) for i in looks]  # type: ignore[union-attr]
    dealt = iter(_deal_again(places, rnd))
    out.deck = next(dealt)
    for p in others:
        fresh = iter(next(dealt))
        p.hand = [c if c in given else next(fresh) for c in p.hand]
    for i in looks:
        out.requests[i] = replace(out.requests[i], cards=tuple(next(dealt)))  # type: ignore[type-var]
    out.rng = rnd.getrandbits(RNG_BITS)
    return out


def _side_characters(state: DuelState, seat: int) -> list[str]:
    """Returns every character of the decks a Duel seat's side plays with in this mode."""
    side = MODES[state.config.preset].sides[seat]
    return [c for deck in side.decks for c in characters_of(deck)]


def _looked_at(state: DuelState, request: HarryDraw) -> int:
    """Returns the seat whose deck a Dutch Harry look is the top of, or COMMON_DECK for the common deck."""
    owner = request.seat if request.deck_of is None else request.deck_of
    return owner if owner != COMMON_DECK and state.squads[owner].deck else COMMON_DECK


def _pile(state: DuelState, owner: int) -> list[int]:
    """Returns a seat's deck, or the common deck for COMMON_DECK."""
    return state.common if owner == COMMON_DECK else state.squads[owner].deck


def resample_duel(state: DuelState, seat: int | None, rnd: random.Random) -> DuelState:
    """Returns state with what seat cannot see dealt again: other hands and reserves, every deck's order.

    Each other player's hand is dealt again from its hand, its own deck and the cards it alone is shown; a reserve
    is drawn again from its side's characters that nobody sees in play, fallen or in the seat's own reserve.
    Kept: the seat's own hand and reserve, the characters in play and their cards, the discard pile, every count,
    and a card the seat alone was shown (what Dutch Harry looks at stays on top of its deck). seat None resamples
    what no player sees.
    """
    out = state.copy()
    looks = [(i, r) for i, r in enumerate(out.requests) if isinstance(r, HarryDraw) and r.look is not None]
    kept = [(_looked_at(out, r), r.look) for _, r in looks if r.seat == seat]
    for owner, card in kept:
        _pile(out, owner).remove(card)
    for q in out.squads:
        if q.seat == seat:
            rnd.shuffle(q.deck)
            continue
        kept_for = [i for i, r in enumerate(out.requests) if isinstance(r, KeepOne) and r.seat == q.seat]
        shown_to = [list(out.requests[i].shown) for i in kept_for]  # type: ignore[union-attr]
        q.hand, q.deck, *shown = _deal_again([q.hand, q.deck, *shown_to], rnd)
        for i, cards in zip(kept_for, shown, strict=True):
            out.requests[i] = replace(out.requests[i], shown=tuple(cards))  # type: ignore[type-var]
    rnd.shuffle(out.common)
    for owner, card in kept:
        _pile(out, owner).append(card)
    for i, r in looks:
        out.requests[i] = replace(r, look=_pile(out, _looked_at(out, r))[-1])
    seen = {f.character for q in out.squads for f in q.fighters} | {c for q in out.squads for c in q.dead}
    seen |= {c for q in out.squads if q.seat == seat for c in q.reserve}
    for q in out.squads:
        if q.seat != seat:
            q.reserve = rnd.sample([c for c in _side_characters(out, q.seat) if c not in seen], len(q.reserve))
    for i, r in enumerate(out.requests):
        if isinstance(r, Lineup | Replace) and r.options and r.seat != seat:
            out.requests[i] = replace(r, options=tuple(out.squads[r.seat].reserve))
    out.rng = rnd.getrandbits(RNG_BITS)
    return out


def resampler(config: GameConfig) -> Resampler:
    """Returns the resampler of a config's game family."""
    return resample_duel if config.ruleset == DUEL else resample_table


@dataclass
class Position:
    """A decision reached in self-play: the state, every seat's AI memory, and the AI that decides for each seat."""

    state: Any
    memories: list[Memory]
    player: AIPlayer


def self_play(config: GameConfig, seed: int, explore: float = 0.2, step_cap: int = 3000) -> Iterator[Position]:
    """Yields every decision of one seeded game of heuristic AI players fed only their seats' events.

    A share explore of the moves is a random legal action instead, so the game reaches positions the AI avoids.
    """
    rules = ruleset_of(config)
    player = heuristic_players()[rules.id]
    chooser = random.Random(seed)
    memories: list[Memory] = [{SEED_KEY: mix(0x5E, seed, s)} for s in range(config.players)]
    state, events = rules.new_game(config, seed)
    for _ in range(step_cap):
        for s, memory in enumerate(memories):
            player.observe(memory, s, [e.for_seat(s) for e in events])
        if rules.winner(state) is not None:
            return
        yield Position(state, memories, player)
        seat = chooser.choice(rules.awaiting(state))  # answers to a Gatling come in any order
        legal = rules.legal_actions(state, seat)
        explored = chooser.random() < explore
        action = chooser.choice(legal) if explored else player.decide(rules.view(state, seat), memories[seat])
        state, events = rules.apply(state, seat, action)


def differences(before: Any, after: Any) -> list[str]:
    """Returns the names of the dataclass fields whose values differ between two views."""
    return [name for name in before.__dataclass_fields__ if getattr(before, name) != getattr(after, name)]


def check_position(
    rules: AnyRuleset, position: Position, seat: int | None, resample: Resampler, rnd: random.Random, tries: int
) -> list[str]:
    """Returns what changes for seat (its view, legal actions, AI's decision) when what it cannot see is dealt again."""
    state = position.state
    seen = rules.view(state, seat)
    asked = seat is not None and seat in rules.awaiting(state)
    decided = position.player.decide(seen, position.memories[seat]) if asked and seat is not None else None
    legal = rules.legal_actions(state, seat) if seat is not None else []
    problems: list[str] = []
    for _ in range(tries):
        other = resample(state, seat, rnd)
        changed = differences(seen, rules.view(other, seat))
        if changed:
            problems.append(f"seat {seat}'s view changes in {changed}")
        if seat is not None and rules.legal_actions(other, seat) != legal:
            problems.append(f"seat {seat}'s legal actions change")
        if asked and seat is not None:
            again = position.player.decide(rules.view(other, seat), position.memories[seat])
            if again != decided:
                problems.append(f"seat {seat}'s AI decides {again} instead of {decided}")
    return problems
