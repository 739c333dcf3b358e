"""Which choices of its heuristic the searching AI overrides in one role's seat, and whether those deals are won.

For each base BANG! or Star Wars table size and seed, plays the deal twice: the heuristic everywhere, then the
searching AI in the seat of the role asked (the Sheriff by default) and the heuristic elsewhere (the paired deals of
`bangbot bench ai --compare`). Every decision where the search left the heuristic's choice is written as a JSON line
with the deal (kind of decision, the heuristic's and the search's action, their targets' roles, the seat's life, the
search's lead); `--summary FILE` reads such lines and prints the paired gain of the deals with an override per
kind of override, and per the lead and family of their first.

    BANGBOT_AI_SECONDS=0.3 python -m tools.overrides --game base --deals 10 --out overrides.jsonl
    python -m tools.overrides --summary overrides.jsonl
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import sys
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from bangbot import games
from bangbot.ai.levels import NORMAL, player_at
from bangbot.ai.search import SearchPlayer, budget_from_env
from bangbot.bench.compare import Timing, play_deal, tables
from bangbot.games.bang.rules.actions import Play
from bangbot.games.bang.rules.state import card
from bangbot.games.contract import Game, Memory

Z95 = 1.96
FIFTH = 0.2  # the lead that splits the first overrides in the summary


def describe(action: Any) -> tuple[str, int | None]:
    """Returns an action's kind (its class, and the card kind it plays, answers or drops) and the seat it targets."""
    name = type(action).__name__
    index = getattr(action, "card", None)
    if isinstance(index, int) and index >= 0:
        with contextlib.suppress(IndexError):
            name = f"{name} {card(index).kind}"
    target = getattr(action, "target", None)
    return name, target if isinstance(target, int) and isinstance(action, Play) else None


class Recorder(SearchPlayer):
    """The searching AI, noting each decision where it leaves the heuristic's choice."""

    def __init__(self, game: Game) -> None:
        super().__init__(game.ruleset, game.heuristic, game.search, budget_from_env())
        self.notes: list[dict[str, Any]] = []
        self.asked: tuple[Any, list[Any]] | None = None

    def decide(self, view: Any, memory: Memory) -> Any:
        """Decides as the searching AI; notes the decision if it leaves the heuristic's choice."""
        self.asked = None
        chosen = super().decide(view, memory)
        if self.asked is not None and chosen != self.asked[1][0]:
            self.note(view, self.asked[1][0], chosen)
        return chosen

    def candidates(
        self, view: Any, memory: Memory, preferred: Any, proof: tuple[float, float] = (1.0, 1.0)
    ) -> list[Any]:
        """Returns the heuristic's best few actions, remembering them for the note."""
        out = super().candidates(view, memory, preferred, proof)
        self.asked = (view, out)
        return out

    def pick(self, results: list[list[float]], lead: float = 1.0, errors: float = 1.0) -> int:
        """Picks as the searching AI; remembers the lead and the worlds of its pick."""
        best = super().pick(results, lead, errors)
        diffs = [a - b for a, b in zip(results[best], results[0], strict=True)] if results[0] else []
        self.lead = (sum(diffs) / len(diffs) if diffs else 0.0, len(diffs))
        return best

    def note(self, view: Any, preferred: Any, chosen: Any) -> None:
        """Writes down one override: the decision's kind, both actions and the seat's state."""
        me = view.seats[view.seat]
        heur, heur_target = describe(preferred)
        mine, my_target = describe(chosen)
        self.notes.append(
            {
                "answering": view.seat != view.turn,
                "phase": view.phase,
                "life": me.life,
                "max_life": me.max_life,
                "alive": sum(s.alive for s in view.seats),
                "turn_number": view.turn_number,
                "heuristic": heur,
                "heuristic_target": heur_target,
                "search": mine,
                "search_target": my_target,
                "lead": round(self.lead[0], 3),
                "worlds": self.lead[1],
            }
        )


def play(game: Game, role: str, deals: int, first_seed: int, sizes: set[int] | None) -> Iterable[dict[str, Any]]:
    """Yields one record per deal and seat of role: both results and the search's overrides."""
    normal = player_at(game, NORMAL)
    for seed in range(first_seed, first_seed + deals):
        for preset, n in tables(game):
            if sizes and n not in sizes:
                continue
            config = game.ruleset.config(n, preset)
            dealt, _ = game.ruleset.new_game(config, seed)
            for seat in range(n):
                if game.search.role(dealt, seat) != role:
                    continue
                base = play_deal(game, config, seed, [normal] * n)
                hard = Recorder(game)
                seats = [hard if s == seat else normal for s in range(n)]
                times = Timing()
                end = play_deal(game, config, seed, seats, seat, times)
                roles = [game.search.role(end, s) for s in range(n)]
                for note in hard.notes:
                    for key in ("heuristic_target", "search_target"):
                        note[key] = None if note[key] is None else roles[note[key]]
                yield {
                    "game": game.id,
                    "table": f"{preset}-{n}",
                    "seed": seed,
                    "seat": seat,
                    "role": role,
                    "normal_won": int(base.winner is not None and game.search.won(base, seat)),
                    "hard_won": int(end.winner is not None and game.search.won(end, seat)),
                    "decisions": len(times),
                    "overrides": hard.notes,
                }


def gain(diffs: list[int]) -> str:
    """Returns the mean paired difference in points with its 95% interval."""
    n = len(diffs)
    if n < 2:
        return f"{100 * sum(diffs) / max(n, 1):+.1f} (n={n})"
    mean = sum(diffs) / n
    half = Z95 * math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    return f"{100 * mean:+.1f} [{100 * (mean - half):+.1f}, {100 * (mean + half):+.1f}] (n={n})"


def kind(note: dict[str, Any]) -> str:
    """Returns an override's kind: in turn or answering, the heuristic's action and target, then the search's."""
    where = "answer" if note["answering"] else note["phase"]
    heur = note["heuristic"] + (f"@{note['heuristic_target']}" if note["heuristic_target"] else "")
    mine = note["search"] + (f"@{note['search_target']}" if note["search_target"] else "")
    return f"{where}: {heur} -> {mine}"


def family(note: dict[str, Any]) -> str:
    """Returns an override's family: respond, discard, end instead of playing, play instead of ending, other target,
    other card, or other (drawing, picking, putting back)."""
    heur, mine = note["heuristic"], note["search"]
    if note["answering"] or heur.startswith("Answer") or mine == "Pass":
        return "respond"
    if heur.startswith("Discard"):
        return "discard"
    if heur.startswith("Play") and mine == "EndTurn":
        return "end instead of playing"
    if heur == "EndTurn" and mine.startswith("Play"):
        return "play instead of ending"
    if heur.startswith("Play") and mine.startswith("Play"):
        return "other target" if heur == mine else "other card"
    return "other"


def summarize(records: list[dict[str, Any]]) -> None:
    """Prints the paired gain overall, of deals with and without overrides, and per kind of override."""
    diffs = [r["hard_won"] - r["normal_won"] for r in records]
    print(f"deals {len(records)}: paired gain {gain(diffs)}")
    print(f"  without overrides: {gain([d for d, r in zip(diffs, records, strict=True) if not r['overrides']])}")
    print(f"  with overrides: {gain([d for d, r in zip(diffs, records, strict=True) if r['overrides']])}")
    overrides = sum(len(r["overrides"]) for r in records)
    decisions = sum(r["decisions"] for r in records)
    print(f"  overrides {overrides} of {decisions} decisions")
    by_kind: dict[str, list[int]] = defaultdict(list)
    by_life: dict[str, list[int]] = defaultdict(list)
    counts: dict[str, int] = defaultdict(int)
    for d, r in zip(diffs, records, strict=True):
        kinds = {kind(n) for n in r["overrides"]}
        for k in kinds | {f"[{family(n)}]" for n in r["overrides"]}:
            by_kind[k].append(d)
        for n in r["overrides"]:
            counts[kind(n)] += 1
        lives = {min(n["life"], 3) for n in r["overrides"]}
        for life in lives:
            by_life[f"life {life}{'+' if life == 3 else ''}"].append(d)
    by_first: dict[str, list[int]] = defaultdict(list)
    for d, r in zip(diffs, records, strict=True):
        if r["overrides"]:
            first = r["overrides"][0]
            by_first[f"lead {'below' if first['lead'] < FIFTH else 'at least'} {FIFTH}"].append(d)
            by_first[family(first)].append(d)
    print("deals by their first override (paired gain):")
    for k, ds in sorted(by_first.items()):
        print(f"  {k}: {gain(ds)}")
    print("deals with an override at the seat's life (paired gain):")
    for k, ds in sorted(by_life.items()):
        print(f"  {k}: {gain(ds)}")
    print("deals with an override of each kind (paired gain; overrides):")
    for k, ds in sorted(by_kind.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        print(f"  {k}: {gain(ds)}; {counts.get(k, '')}")


def main(argv: list[str] | None = None) -> None:
    """Runs the deals (one JSON line each) or summarizes a file of them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="base")
    parser.add_argument("--role", default="sheriff")
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--sizes", default="", help="table sizes, e.g. 4,5 (default: all)")
    parser.add_argument("--out", default="-")
    parser.add_argument("--summary", default=None, help="a file of JSON lines to summarize instead")
    args = parser.parse_args(argv)
    if args.summary:
        with open(args.summary, encoding="utf-8") as f:
            summarize([json.loads(line) for line in f if line.strip()])
        return
    game = games.game(args.game)
    sizes = {int(s) for s in args.sizes.split(",") if s} or None
    out = sys.stdout if args.out == "-" else open(args.out, "a", encoding="utf-8")  # noqa: SIM115
    try:
        for record in play(game, args.role, args.deals, args.first_seed, sizes):
            out.write(json.dumps(record) + "\n")
            out.flush()
    finally:
        if out is not sys.stdout:
            out.close()


if __name__ == "__main__":
    main()
