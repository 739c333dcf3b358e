"""`bangbot bench ai --sanity`: the blunders a BANG! player would laugh at, heuristic tables against random ones."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from bangbot.ai.random_player import RandomPlayer
from bangbot.bench.batches import HEURISTIC, RANDOM, Batch, report, run_chunks, share, speed
from bangbot.games import DEFAULT
from bangbot.games import game as registered
from bangbot.games.bang.ai.heuristic import HeuristicPlayer
from bangbot.games.bang.ai.match import play_match
from bangbot.games.bang.ai.sides import Sides, sides_for
from bangbot.games.bang.bench.referee import PHASES, SanityReferee
from bangbot.games.bang.rules.state import family_config
from bangbot.games.contract import AIPlayer, GameConfig

SIZES = (5, 7)
LAW_VS_RANDOM = "law_vs_random"
LINEUPS = (HEURISTIC, RANDOM, LAW_VS_RANDOM)


def lineup(name: str, sides: Sides) -> Callable[[int, str], AIPlayer]:
    """Returns who plays which role: everyone heuristic, everyone random, or the leader's side heuristic."""
    heuristic: AIPlayer = HeuristicPlayer()
    random: AIPlayer = RandomPlayer()
    if name == HEURISTIC:
        return lambda seat, role: heuristic
    if name == RANDOM:
        return lambda seat, role: random
    return lambda seat, role: heuristic if sides.side[role] == sides.leader_side else random


def config_of(game: str, players: int) -> GameConfig:
    """Returns the default config of a game (a ruleset id) for a table size."""
    rules = registered(game).ruleset
    return rules.config(players, rules.presets[0])


def play_batch(players: int, name: str, seeds: range, game: str = DEFAULT) -> Batch:
    """Plays one game per seed of a game at a table of this size and lineup, refereed."""
    config = config_of(game, players)
    sides = sides_for(config.ruleset)
    who = lineup(name, sides)
    out = Batch()
    started = time.process_time()
    for seed in seeds:
        result = play_match(
            family_config(config), seed, who, referee=SanityReferee(sides, out.tally), clock=time.thread_time
        )
        out.tally["capped"] += result.capped
        for seat, role in enumerate(result.roles):
            if isinstance(who(seat, role), HeuristicPlayer):
                out.times += result.timings[seat]
    out.elapsed = time.process_time() - started
    return out


def run_table(players: int, name: str, games: int, seed: int, workers: int, game: str = DEFAULT) -> Batch:
    """Plays games seeded seed, seed+1, ... at one table, over workers processes when more than one."""
    return run_chunks(play_table_chunk, (players, name, game), games, seed, workers)


def play_table_chunk(table: tuple[int, str, str], seeds: range) -> Batch:
    """Plays one chunk of seeds at a (table size, lineup, game) table."""
    players, name, game = table
    return play_batch(players, name, seeds, game)


def figures(tally: Counter[str], sides: Sides) -> dict[str, float]:
    """Returns the per-game figures of a table's counts, named after the ruleset's roles."""
    games = tally["games"]
    per_game = {
        f"{sides.leader}_kills_{sides.guard}_per_game": tally["leader_kills_guard"],
        f"{sides.guard}_kills_{sides.leader}_per_game": tally["guard_kills_leader"],
        "teammate_kills_per_game": tally["teammate_kills"],
        "bangs_discarded_after_pass_per_game": tally["bangs_discarded_after_pass"],
        "bangs_discarded_after_passing_an_opponent_per_game": tally["bangs_discarded_after_passing_an_opponent"],
        "missed_discarded_after_pass_per_game": tally["missed_discarded_after_pass"],
        "bangs_discarded_per_game": tally["bangs_discarded"],
        "turns_passing_a_legal_bang_per_game": tally["turns_passing_a_legal_bang"],
        "beer_at_full_life_per_game": tally["beer_at_full_life"],
        "jail_on_teammate_per_game": tally["jail_on_teammate"],
        "dynamite_played_per_game": tally["dynamite_played"],
        "dynamite_own_team_per_game": tally["dynamite_own_team"],
        "dynamite_other_side_per_game": tally["dynamite_other_side"],
        "turns_per_game": tally["turns"],
    }
    out = {k: share(v, games) for k, v in per_game.items()}
    for role in team_roles(sides):
        out[f"friendly_fire_per_game_{role}"] = share(tally[f"friendly:{role}"], games)
        out[f"friendly_share_{role}"] = share(tally[f"friendly:{role}"], tally[f"attacks:{role}"])
    for _, phase in PHASES:
        key = phase.replace(" ", "_").replace("-", "_")
        out[f"friendly_fire_per_game_{key}"] = share(tally[f"friendly_in:{phase}"], games)
        out[f"friendly_share_{key}"] = share(tally[f"friendly_in:{phase}"], tally[f"attacks_in:{phase}"])
    for side in dict.fromkeys(sides.side.values()):
        out[f"win_rate_{side}"] = share(tally[f"wins:{side}"], games)
    final = f"{sides.leader}_vs_{sides.loner}_final"
    out[f"{final}_per_game"] = share(tally["final"], games)
    out[f"{final}_won_by_{sides.leader}"] = share(tally[f"final_won_by:{sides.leader_side}"], tally["final"])
    out["games"] = games
    out["capped"] = tally["capped"]
    return out


def team_roles(sides: Sides) -> list[str]:
    """Returns the roles that have teammates, in the ruleset's order."""
    return [r for r in sides.side if any(sides.teammates(r, q) for q in sides.side)]


def measure(players: int, games: int, seed: int, workers: int, game: str = DEFAULT) -> dict[str, Any]:
    """Returns one table size's figures: all-heuristic, the random baseline, and the law against random seats."""
    sides = sides_for(game)
    batches = {name: run_table(players, name, games, seed, workers, game) for name in LINEUPS}
    main = batches[HEURISTIC]
    out: dict[str, Any] = figures(main.tally, sides)
    vs = batches[LAW_VS_RANDOM].tally
    out["law_win_rate_vs_random"] = share(vs[f"wins:{sides.leader_side}"], vs["games"])
    out.update(speed(main))
    out["random_baseline"] = figures(batches[RANDOM].tally, sides)
    return out


def main(games: int = 2000, seed: int = 1, workers: int = 1, as_json: bool = False, game: str = DEFAULT) -> None:
    """Prints a base-engine game's sanity figures at 5 and 7 players, as a table or JSON by table size (its hook)."""
    started = time.perf_counter()
    results = {str(n): measure(n, games, seed, workers, game) for n in SIZES}
    title = f"bench ai --sanity ({game}): {games} games per table from seed {seed}"
    report(results, as_json, title, time.perf_counter() - started, workers)
