"""BANG! Star Wars as a variant of base BANG!'s engine: its data and the hooks that carry out its own rules."""

from __future__ import annotations

from collections.abc import Sequence

from bangbot.core.events import Event
from bangbot.games.bang.rules.cards import BANG
from bangbot.games.bang.rules.options import RuleOptions
from bangbot.games.bang.rules.state import GameState
from bangbot.games.bang.rules.variants import Variant, register
from bangbot.games.bang.starwars.rules.actions import STARWARS_WORDS
from bangbot.games.bang.starwars.rules.data import ABILITY_CARDS, DECK, FATE_ENERGY, NO_REWARD_CAUSES, STARWARS
from bangbot.games.bang.starwars.rules.flow import SW_START_CHECKS, first_check
from bangbot.games.bang.starwars.rules.legal import REQUEST_ACTIONS, barrage_plays
from bangbot.games.bang.starwars.rules.requests import STARWARS_REQUESTS
from bangbot.games.bang.starwars.rules.resolve import ANSWERS, SW_BROWN_EFFECTS, answered, play_brown

# Rulebook 001's «Запасливый» draws «как только» his hand is empty, with no Duel exception (unlike cs's Suzy
# Lafayette); the rest as the standard preset, BANG! on oneself included (the rulebook is silent on it).
STARWARS_OPTIONS = RuleOptions(empty_hand_draws_in_duel=True)


def fate_invariants(state: GameState, events: Sequence[Event]) -> list[str]:
    """Returns a fate effect applied above the fate energy, if any."""
    return [
        f"a fate effect at {e.data['life']} life, above {FATE_ENERGY}"
        for e in events
        if e.kind == "fate" and not e.data["life"] <= FATE_ENERGY
    ]


STARWARS_VARIANT = register(
    Variant(
        STARWARS,
        DECK,
        tuple(ABILITY_CARDS),
        NO_REWARD_CAUSES,
        drinks_in_vain=True,  # a dying player may play Bacta with two left, healing nothing (fate, «Проворный»)
        options=STARWARS_OPTIONS,
        requests=STARWARS_REQUESTS,
        words=STARWARS_WORDS,
        character_cards=ABILITY_CARDS,
        answers=ANSWERS,
        request_actions=REQUEST_ACTIONS,
        card_plays={BANG: barrage_plays},
        brown_effects=SW_BROWN_EFFECTS,
        play_brown=play_brown,
        answered=answered,
        turn_start=first_check,
        start_checks=SW_START_CHECKS,
        invariants=fate_invariants,
    )
)
