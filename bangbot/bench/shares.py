"""`bangbot bench ai --shares normal,hard`: tables where every seat plays one AI level, each side's share of wins.

For every game and table size (a modal game: every mode), the same seeds are dealt at each level; prints each
winning side's share with its 95% (Wilson) interval, the share the game aims for (its declared assumption) and the
drift from it in points, and how many games hit the step cap (no winner).
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


def level_shares(game: Game, config: Any, level: str, deals: int, first_seed: int) -> dict[str, Any]:
    """Returns the winning sides' shares of tables whose every seat plays level, against the game's aims."""
    player = player_at(game, level)
    won: Counter[str] = Counter()
    for seed in range(first_seed, first_seed + deals):
        state = play_deal(game, config, seed, [player] * config.players)
        won[game.ruleset.winner(state) or CAPPED] += 1
    aimed = game.bench.aimed_shares
    sides = {
        side: {
            "share": round(100 * won[side] / deals, 1),
            "interval_95": interval(won[side], deals),
            **({"aimed": round(100 * aimed[side], 1)} if side in aimed else {}),
            **({"drift_points": round(100 * (won[side] / deals - aimed[side]), 1)} if side in aimed else {}),
        }
        for side in sorted({*won, *aimed} - {CAPPED})
    }
    return {"games": deals, "capped": won[CAPPED], "sides": sides}


def main(levels: list[str], deals: int, first_seed: int, as_json: bool, only: str | None = None) -> dict[str, Any]:
    """Runs every game (or only one) at every level and prints the shares (JSON, or one line per table and level)."""
    heap.settle()
    report: dict[str, Any] = {"levels": levels, "deals_per_table": deals, "games": {}}
    for game in games.GAMES:
        if only is not None and game.id != only:
            continue
        report["games"][game.id] = {
            f"{preset}-{n}": {
                level: level_shares(game, game.ruleset.config(n, preset), level, deals, first_seed) for level in levels
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
