"""Prints one digest per game and table of seeded random games: a change to the engine that keeps them keeps behaviour.

Every action's seat, the legal actions in their order, the events, each seat's view every tenth action, the saved
JSON (and that loading it gives the same JSON back) go into the digest, so the same digests before and after a
change mean the same self-play results, the same menus and the same saved games.

    python -m tools.engine_fingerprint [--games 50] [--json]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from typing import Any

from bangbot.games import game as registered

VIEW_EVERY = 10
TABLES: tuple[tuple[str, int, str | None], ...] = (
    ("base", 4, None),
    ("base", 7, None),
    ("starwars", 4, None),
    ("starwars", 7, None),
    *(("duel", 0, mode) for mode in ("duel", "third_law", "third_outlaws", "reinforcements", "standoff")),
)


def _dump(value: Any) -> bytes:
    """Returns a stable byte form of a JSON-like value (dataclasses and sets by their repr)."""
    return json.dumps(value, sort_keys=True, default=repr).encode()


def digest(game: str, players: int, mode: str | None, games: int) -> dict[str, Any]:
    """Plays games seeded random games of one table and returns their digest and totals."""
    rules: Any = registered(game).ruleset
    config = rules.config(registered(game).mode_seats(mode), mode) if mode else rules.config(players, rules.presets[0])
    h = hashlib.sha256()
    actions = 0
    winners: dict[str, int] = {}
    for seed in range(games):
        chooser = random.Random(seed)
        state, events = rules.new_game(config, seed)
        h.update(_dump([e.full() for e in events]))
        while rules.winner(state) is None:
            seats = rules.awaiting(state)
            seat = seats[chooser.randrange(len(seats))]
            legal = rules.legal_actions(state, seat)
            h.update(_dump([seat, [rules.notation(a) for a in legal]]))
            if actions % VIEW_EVERY == 0:
                for s in range(config.players):
                    h.update(_dump(rules.view(state, s)))
                saved = rules.to_json(state)
                if rules.to_json(rules.from_json(saved)) != saved:
                    raise AssertionError(f"{game} seed {seed}: JSON round trip changed the state")
                h.update(_dump(saved))
            state, events = rules.apply(state, seat, chooser.choice(legal))
            h.update(_dump([e.full() for e in events]))
            actions += 1
        winner = str(rules.winner(state))
        winners[winner] = winners.get(winner, 0) + 1
        h.update(_dump(rules.to_json(state)))
    table = f"{game}/{mode}" if mode else f"{game}/{players}p"
    return {"table": table, "games": games, "actions": actions, "winners": winners, "sha256": h.hexdigest()[:16]}


def main() -> None:
    """Prints the digest of every table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [digest(game, players, mode, args.games) for game, players, mode in TABLES]
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    for row in rows:
        print(f"{row['table']:<22}{row['actions']:>8} {row['sha256']}  {row['winners']}")


if __name__ == "__main__":
    main()
