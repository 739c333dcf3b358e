"""The heuristic AI reads BANG! Star Wars' fate effects and its endgame like a player: seated positions it once lost."""

from __future__ import annotations

from typing import Any

from bangbot.games.bang.ai.beliefs import estimate
from bangbot.games.bang.ai.heuristic import HeuristicPlayer
from bangbot.games.bang.rules.actions import Action, Answer, EndTurn, Pass, Play
from bangbot.games.bang.rules.roles import DEPUTY, OUTLAW, RENEGADE, SHERIFF
from bangbot.games.bang.rules.state import GameState
from bangbot.games.bang.rules.views import view
from bangbot.games.bang.starwars.rules.data import STARWARS
from bangbot.games.contract import Memory
from tests.scenario_helpers import play, scenario, seat_spec

STRICT = HeuristicPlayer(strict=True)
BANG, GATLING = 0, 57  # card indices of a plain BANG! and the Gatling


def sw_table(players: list[dict[str, Any]], script: list[str] = (), **extra: Any) -> GameState:  # type: ignore[assignment]
    """Returns the state of a BANG! Star Wars scenario after its script."""
    state, _ = play(scenario(players, script, ruleset=STARWARS, **extra))
    return state


def decide(state: GameState, seat: int, memory: Memory) -> Action:
    """Returns the strict heuristic's choice for seat, checked legal."""
    seen = view(state, seat)
    action = STRICT.decide(seen, memory)
    assert action in seen.legal
    return action


def seen_by(seat: int, events: list[dict[str, Any]], players: int = 5) -> Memory:
    """Returns seat's memory after seeing the game start and then events."""
    memory: Memory = {}
    STRICT.observe(memory, seat, [{"kind": "start", "players": players}, *events])
    return memory


def shot(actor: int, target: int, card: int = BANG) -> dict[str, Any]:
    """Returns a public event of actor playing card at target."""
    return {"kind": "play", "seat": actor, "card": card, "target": target, "target_card": None}


def vader_facing(hand: list[str], vader_life: int = 2, stormtrooper_life: int = 1) -> list[dict[str, Any]]:
    """Returns Vader (0) beside a Rebel (1) who shot him, a Stormtrooper (2), the Bounty Hunter (3), a Rebel (4)."""
    return [
        seat_spec("fearless", SHERIFF, hand=hand, life=vader_life),
        seat_spec("calculating", OUTLAW, life=3),
        seat_spec("hardy", DEPUTY, life=stormtrooper_life),
        seat_spec("elusive", RENEGADE),
        seat_spec("lucky", OUTLAW),
    ]


def test_vader_at_low_energy_never_fires_a_barrage_that_would_finish_a_likely_stormtrooper() -> None:
    memory = seen_by(0, [shot(1, 0)])
    aimed = decide(sw_table(vader_facing(["bang:7C"]), turn=0, phase="play"), 0, memory)
    assert isinstance(aimed, Play) and aimed.target == 1  # an ordinary BANG! goes at the Rebel who shot him
    barrage = decide(sw_table(vader_facing(["bang:5D"]), turn=0, phase="play"), 0, memory)
    assert barrage == EndTurn()  # the same BANG! at 2 energy hits every seat, the Stormtrooper at 1 too
    healthy = decide(sw_table(vader_facing(["bang:5D"], vader_life=3), turn=0, phase="play"), 0, memory)
    assert isinstance(healthy, Play) and healthy.target == 1  # above the fate energy it is a plain shot


def test_vader_takes_a_stormtrooper_s_stray_gatling_rather_than_hit_back_with_his_last_blow() -> None:
    players = vader_facing(["missed:QC"])
    players[2]["hand"] = ["gatling"]
    state = sw_table(players, ["2: play gatling"], turn=2, phase="play")
    memory = seen_by(0, [shot(1, 0)])
    assert decide(state, 0, memory) == Pass()  # the counter-hit Missed! would kill the likely Stormtrooper
    players[2]["life"] = 3
    state = sw_table(players, ["2: play gatling"], turn=2, phase="play")
    assert isinstance(decide(state, 0, memory), Answer)  # at 3 energy he only loses one


def test_seasoned_gives_up_a_bang_to_repeat_a_card_only_when_the_repeat_pays() -> None:
    beer = [seat_spec("seasoned", SHERIFF, hand=["beer", "bang"], life=4), *vader_facing([])[1:]]
    state = sw_table(beer, ["0: play beer"], turn=0, phase="play")  # healed to full energy: a second Bacta is waste
    assert decide(state, 0, seen_by(0, [])) == Pass()
    coach = [seat_spec("seasoned", SHERIFF, hand=["stagecoach", "bang"], life=4), *vader_facing([])[1:]]
    state = sw_table(coach, ["0: play stagecoach"], turn=0, phase="play")
    assert isinstance(decide(state, 0, seen_by(0, [])), Answer)  # two more cards for one BANG!


def test_a_stormtrooper_who_fought_another_to_the_death_is_not_taken_for_the_bounty_hunter() -> None:
    players = [
        seat_spec("fearless", SHERIFF, hand=["bang"], life=4, in_play=["winchester"]),
        seat_spec("hardy", DEPUTY, life=1),
        seat_spec("elusive", RENEGADE, life=2),
        seat_spec("lucky", DEPUTY, alive=False, life=0),
        seat_spec("calculating", OUTLAW, alive=False, life=0),
        seat_spec("provident", OUTLAW, alive=False, life=0),
        seat_spec("nimble", OUTLAW, alive=False, life=0),
    ]
    state = sw_table(players, turn=0, phase="play")
    rebels_out = [{"kind": "eliminated", "seat": s, "role": OUTLAW, "killer": 0} for s in (4, 5, 6)]
    # The Stormtroopers (1, 3) fought each other until 3 went out; the Bounty Hunter (2) fired a Gatling that hit
    # Vader and shot 3 twice.
    fight = [shot(3, 1), shot(1, 3)] * 3 + [shot(1, 3), shot(1, 3), shot(2, 3), shot(2, 3), shot(2, 3, GATLING)]
    memory = seen_by(0, [*rebels_out, *fight, {"kind": "eliminated", "seat": 3, "role": DEPUTY, "killer": 1}], 7)
    assert estimate(view(state, 0), memory).p(1, RENEGADE) < 0.6  # a fight among Deputies, not proof
    action = decide(state, 0, memory)
    assert not (isinstance(action, Play) and action.target == 1)  # no last blow to a seat as likely a Stormtrooper
