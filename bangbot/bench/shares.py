"""`bangbot bench ai --shares normal,hard`: tables where every seat plays one AI level, each side's share of wins.

For every game and table size (a modal game: every mode), the same seeds are dealt at each level; prints each
winning side's share with its 95% (Wilson) interval, the share the game aims for (its declared assumption) and the
drift from it in points, and how many games hit the step cap (no winner). With `--rotate` each deal is played once
per seat its hidden roles can be moved to (mirrored tables: the same characters and shuffled deck, every role in every
seat), its intervals counting each deal as one draw.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from bangbot import games, heap
from bangbot.ai.levels import player_at
from bangbot.bench.compare import interval, play_deal, tables
from bangbot.games.contract import Game

CAPPED = ""  # the winner of a game stopped at the step cap


def rotations(game: Game, config: Any, rotate: bool) -> int:
    """Returns how many tables a deal makes: one per seat its hidden roles can be moved to if rotate, else one."""
    return config.players if rotate and game.bench.rotated_deal is not None else 1


def level_shares(
    game: Game, config: Any, level: str, deals: int, first_seed: int, rotate: bool = False
) -> dict[str, Any]:
    """Returns the winning sides' shares of tables whose every seat plays level, against the game's aims.

    rotate plays each deal once per seat its hidden roles can be moved to (mirrored tables); a deal's tables share its
    characters and shuffles, so the intervals then count each deal as one draw (`deal_interval`).
    """
    player = player_at(game, level)
    won: Counter[str] = Counter()
    by_deal: list[Counter[str]] = []
    turns = rotations(game, config, rotate)
    for seed in range(first_seed, first_seed + deals):
        deal: Counter[str] = Counter()
        for rotation in range(turns):
            state = play_deal(game, config, seed, [player] * config.players, rotation=rotation)
            deal[game.ruleset.winner(state) or CAPPED] += 1
        won.update(deal)
        by_deal.append(deal)
    played = deals * turns
    aimed = game.bench.aimed_shares

    def spread(side: str) -> tuple[float, float]:
        if turns == 1:
            return interval(won[side], played)
        return deal_interval([d[side] / turns for d in by_deal], played)

    sides = {
        side: {
            "share": round(100 * won[side] / played, 1),
            "interval_95": spread(side),
            **({"aimed": round(100 * aimed[side], 1)} if side in aimed else {}),
            **({"drift_points": round(100 * (won[side] / played - aimed[side]), 1)} if side in aimed else {}),
        }
        for side in sorted({*won, *aimed} - {CAPPED})
    }
    return {"games": played, "deals": deals, "rotations": turns, "capped": won[CAPPED], "sides": sides}


def deal_interval(per_deal: list[float], games: int) -> tuple[float, float]:
    """Returns the 95% interval of a share whose deals each gave per_deal of their tables' wins: Wilson's at the
    effective number of games the deals' spread allows (correlated tables of one deal count less), at most games."""
    deals = len(per_deal)
    share = sum(per_deal) / deals
    variance = sum((x - share) ** 2 for x in per_deal) / (deals - 1) if deals > 1 else 0.0
    effective = games if variance == 0 else min(float(games), share * (1 - share) * deals / variance)
    return interval(share * effective, effective)


def main(
    levels: list[str], deals: int, first_seed: int, as_json: bool, only: str | None = None, rotate: bool = False
) -> dict[str, Any]:
    """Runs every game (or only one) at every level and prints the shares (JSON, or one line per table and level);
    rotate plays each deal once per seat its hidden roles can be moved to."""
    heap.settle()
    report: dict[str, Any] = {"levels": levels, "deals_per_table": deals, "rotate": rotate, "games": {}}
    for game in games.GAMES:
        if only is not None and game.id != only:
            continue
        report["games"][game.id] = {
            f"{preset}-{n}": {
                level: level_shares(game, game.ruleset.config(n, preset), level, deals, first_seed, rotate)
                for level in levels
            }
            for preset, n in tables(game)
        }
    if as_json:
        print(json.dumps(report, indent=1))
        return report
    for game_id, result in report["games"].items():
        for table, by_level in result.items():
            for level, fig in by_level.items():
                sides = ", ".join(
                    f"{side} {v['share']}% {v['interval_95']}" + (f" (aimed {v['aimed']}%)" if "aimed" in v else "")
                    for side, v in fig["sides"].items()
                )
                print(f"{game_id} {table} {level}: {sides}; capped {fig['capped']} of {fig['games']}")
    return report
