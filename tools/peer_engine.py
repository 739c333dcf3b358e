"""CPU seconds per action and per game: base BANG! in bangbot's engine beside the peer's (albertoxamin/bang), one run.

The peer is a web server whose game engine (`backend/bang/game.py`, `players.py`, `cards.py`, `deck.py`) talks to its
clients through a Socket.IO object and sends metrics to Datadog. Here it runs headless: its network layer is
stubbed out (the socket's `emit` and `sleep` do nothing, `eventlet`, `socketio` and the metrics module are empty
stand-ins, the room and table broadcasts `notify_room`, `notify_all` and the like return at once, its `json.dumps`
of messages for the socket returns an empty string, its `print`s are silent) and its bots are off (no seat is a
bot, so nothing spins a bot's thread). What remains is its rules: `Player.notify_self` keeps running, since it
also decides deaths and Suzy Lafayette's draw. The peer is read from a checkout (`--peer DIR`) or cloned from
GitHub into a temporary folder; none of its code is kept in this repository.

Both engines play the same seeds at the same table sizes (base game, no expansion), each seat choosing at random
among its legal actions with `random.Random(seed)`. bangbot lists them (`legal_actions`); the peer has no such
list, so the script builds its candidates (each card in hand at each target or none, ending the turn, a discard
over the hand limit, each answer a request allows, each choice offered) and tries them in a random order until the
peer's state changes: a try that changes nothing is a refused move, timed apart ("probes"). An action's time is the
CPU time of the one call that applies it: bangbot's `apply_in_place` (in place) or `apply` (a new state per action),
each of which checks the action is legal; the peer's method (in place), or a deep copy of its game plus the method
(a new state per action: the peer has no other way to keep the state before a move). Games alternate between the
engines, seed by seed, so both meet the same load on the machine; the garbage collector runs (untimed) before each
game, so neither engine pays for collecting the other's garbage.

    python -m tools.peer_engine [--peer DIR] [--games 20] [--players 4 7] [--seed 0] [--json]
"""

from __future__ import annotations

import argparse
import builtins
import copy
import gc
import json
import random
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bangbot.games.bang.rules.engine import apply, apply_in_place, new_game
from bangbot.games.bang.rules.legal import awaiting, legal_actions
from bangbot.games.bang.rules.state import GameConfig

PEER_URL = "https://github.com/albertoxamin/bang"
ACTION_CAP = 5000  # a game not over after this many actions counts as stalled (neither engine reaches it)
MODES = ("in_place", "new_state")
BROADCASTS = (
    "notify_room",
    "notify_all",
    "notify_event_card",
    "notify_event_card_wildwestshow",
    "notify_gold_rush_shop",
    "notify_stations",
    "notify_scrap_pile",
)
SILENCED = ("bang.game", "bang.players", "bang.deck", "bang.cards", "bang.characters", "bang.roles")

# the peer's PendingAction values (globals.py)
PICK, DRAW, PLAY, RESPOND, WAIT, CHOOSE = range(6)


@dataclass
class Tally:
    """CPU seconds and counts of one engine in one mode at one table size."""

    games: int = 0
    actions: int = 0
    action_cpu: float = 0.0
    setup_cpu: float = 0.0
    probes: int = 0
    probe_cpu: float = 0.0
    listing_cpu: float = 0.0
    stalled: int = 0
    winners: dict[str, int] = field(default_factory=dict)

    def figures(self) -> dict[str, Any]:
        """Returns the tally as JSON-ready figures (microseconds per action, milliseconds per game)."""
        per_action = self.action_cpu / max(self.actions, 1)
        return {
            "games": self.games,
            "actions": self.actions,
            "mean_actions_per_game": round(self.actions / max(self.games, 1), 1),
            "us_per_action": round(1e6 * per_action, 2),
            "ms_per_game": round(1e3 * (self.action_cpu + self.setup_cpu) / max(self.games, 1), 3),
            "us_per_listing_or_probe": round(1e6 * (self.listing_cpu + self.probe_cpu) / max(self.actions, 1), 2),
            "refused_probes": self.probes,
            "stalled": self.stalled,
            "winners": self.winners,
        }


def _quiet(*_args: object, **_kwargs: object) -> None:
    """Does nothing: the stand-in for the peer's socket, broadcasts, metrics and prints."""


class _Socket:
    """The peer's Socket.IO server, headless: sends nothing and never sleeps."""

    is_fake = True  # the peer's own test stand-in says so too: the game then never resets the lobby by itself

    emit = staticmethod(_quiet)
    sleep = staticmethod(_quiet)


def peer_backend(path: str | None) -> Path:
    """Returns the peer's backend folder: under path, or under a fresh shallow clone of the peer from GitHub."""
    if path is None:
        target = Path(tempfile.mkdtemp(prefix="peer-bang-")) / "bang"
        subprocess.run(["git", "clone", "--quiet", "--depth", "1", PEER_URL, str(target)], check=True)
        path = str(target)
    backend = Path(path) / "backend"
    if not (backend / "bang" / "game.py").is_file():
        raise SystemExit(f"no peer checkout at {path}: expected backend/bang/game.py")
    return backend


def load_peer(backend: Path) -> types.SimpleNamespace:
    """Imports the peer's engine with its network layer stubbed out and returns its Game, Player and G."""
    for name in ("eventlet", "socketio", "datadog"):
        stub = types.ModuleType(name)
        stub.sleep = stub.spawn = _quiet  # type: ignore[attr-defined]
        sys.modules.setdefault(name, stub)
    metrics = types.ModuleType("metrics")
    metrics.Metrics = types.SimpleNamespace(send_metric=_quiet, send_event=_quiet, init=_quiet)  # type: ignore[attr-defined]
    sys.modules["metrics"] = metrics
    sys.path.insert(0, str(backend))
    game_module: Any = __import__("bang.game", fromlist=["Game"])
    players_module: Any = __import__("bang.players", fromlist=["Player"])
    peer_globals = __import__("globals")
    peer_globals.G.sio = _Socket()
    silent_json = types.SimpleNamespace(dumps=lambda *_a, **_k: "", loads=json.loads)
    for name in SILENCED:
        module = sys.modules[name]
        module.print = _quiet  # type: ignore[attr-defined]
    game_module.json = silent_json
    players_module.json = silent_json
    for name in BROADCASTS:
        setattr(game_module.Game, name, _quiet)
    players_module.Player.notify_card = _quiet
    return types.SimpleNamespace(Game=game_module.Game, Player=players_module.Player)


def peer_new_game(peer: types.SimpleNamespace, players: int, seed: int, chooser: random.Random) -> Any:
    """Seats players at a peer table, starts it from seed and gives each seat one of its two characters."""
    random.seed(seed)  # the peer's cards draw from the module's generator too (a stolen card, a shuffled pick)
    game = peer.Game(f"bench-{seed}")
    seats = [peer.Player(f"p{i}", f"p{i}") for i in range(players)]
    for p in seats:
        game.add_player(p)
    game.start_game(seed)
    for p in seats:
        p.set_character(p.available_characters[chooser.randrange(len(p.available_characters))].name)
    return game


def _others(game: Any, player: Any) -> list[str]:
    """Returns the names of the other living players."""
    return [q.name for q in game.players if q is not player and q.lives > 0 and not q.is_dead]


def _play_moves(game: Any, player: Any) -> list[tuple[str, Any, Any]]:
    """Returns the candidate moves of a player in its play phase: every card at every fitting target, the end."""
    moves: list[tuple[str, Any, Any]] = []
    for i, card in enumerate(player.hand):
        targets: list[str | None] = [*_others(game, player)] if card.need_target else [None]
        if card.need_target and card.name in ("Panico!", "Cat Balou") and player.equipment:
            targets.append(player.name)
        moves += [("play_card", i, t) for t in targets]
    if len(player.hand) > player.lives:
        moves += [("scrap", i, None) for i in range(len(player.hand))]
    else:
        moves.append(("end_turn", None, None))
    return moves


def _choices(game: Any, player: Any) -> range:
    """Returns the indices a choosing player may pick: the cards shown, or the target's cards (Panic!, Cat Balou)."""
    if not player.target_p:
        return range(len(player.available_cards))
    target = game.get_player_named(player.target_p)
    if not target.hand and not target.equipment:
        player.pending_action = PLAY  # what the peer's own bot does: its engine leaves this seat nothing to choose
    if target is player:  # one's own card in play: the peer counts them after the hand
        return range(len(target.hand), len(target.hand) + len(target.equipment))
    return range(len(target.hand) + len(target.equipment))


def peer_moves(game: Any, player: Any) -> list[tuple[str, Any, Any]]:
    """Returns the candidate moves of a player the peer waits for (some may be refused)."""
    pending = player.pending_action
    if pending == PICK:
        return [("pick", None, None)]
    if pending == DRAW:
        return [("draw", "", None)]
    if pending == CHOOSE:
        return [("choose", i, None) for i in _choices(game, player)]
    if pending == RESPOND:
        cards = [*player.hand, *player.equipment]
        fits = [i for i, c in enumerate(cards) if c.name in player.expected_response]
        return [("respond", -1, None)] + [("respond", i, None) for i in fits]
    return _play_moves(game, player)


def peer_awaiting(game: Any) -> list[Any]:
    """Returns the living players the peer waits for."""
    return [p for p in game.players if p.pending_action not in (None, WAIT) and not p.is_dead]


def peer_fingerprint(game: Any) -> tuple[Any, ...]:
    """Returns what any accepted move changes: hands, cards in play, life, pending decisions, piles, the turn."""
    seats = tuple((len(p.hand), len(p.equipment), p.lives, p.pending_action, p.is_dead) for p in game.players)
    return seats, len(game.deck.cards), len(game.deck.scrap_pile), game.turn, game.someone_won


def peer_call(player: Any, move: tuple[str, Any, Any]) -> None:
    """Makes a player's move through the peer's own method."""
    name, first, second = move
    method = getattr(player, name)
    if name == "play_card":
        method(first, second)
    elif first is None:
        method()
    else:
        method(first)


def peer_step(game: Any, chooser: random.Random, tally: Tally, new_state: bool) -> bool:
    """Applies one random accepted move of a waiting seat; returns False when no candidate is accepted."""
    clock = time.process_time
    waiting = peer_awaiting(game)
    if not waiting:
        return False
    player = waiting[chooser.randrange(len(waiting))]
    moves = peer_moves(game, player)
    chooser.shuffle(moves)
    for move in moves:
        before = peer_fingerprint(game)
        started = clock()
        if new_state:
            copy.deepcopy(game)
        peer_call(player, move)
        spent = clock() - started
        if peer_fingerprint(game) != before:
            tally.actions += 1
            tally.action_cpu += spent
            return True
        tally.probes += 1
        tally.probe_cpu += spent
    return False


def peer_game(peer: types.SimpleNamespace, players: int, seed: int, tally: Tally, new_state: bool) -> None:
    """Plays one random peer game from seed and adds its figures to tally."""
    chooser = random.Random(seed)
    started = time.process_time()
    game = peer_new_game(peer, players, seed, chooser)
    tally.setup_cpu += time.process_time() - started
    steps = 0
    while not game.someone_won and steps < ACTION_CAP:
        if not peer_step(game, chooser, tally, new_state):
            break
        steps += 1
    tally.games += 1
    if not game.someone_won:
        tally.stalled += 1
        return
    won = ",".join(sorted({p.role.name for p in game.players if p.win_status}))
    tally.winners[won] = tally.winners.get(won, 0) + 1


def own_game(players: int, seed: int, tally: Tally, new_state: bool) -> None:
    """Plays one random bangbot game of base BANG! from seed and adds its figures to tally."""
    clock = time.process_time
    chooser = random.Random(seed)
    config = GameConfig.with_preset(players)
    started = clock()
    state, _ = new_game(config, seed)
    tally.setup_cpu += clock() - started
    step: Callable[..., Any] = apply if new_state else apply_in_place
    while state.winner is None:
        started = clock()
        seats = awaiting(state)
        seat = seats[chooser.randrange(len(seats))]
        action = chooser.choice(legal_actions(state, seat))
        listed = clock()
        result = step(state, seat, action)
        done = clock()
        if new_state:
            state = result[0]
        tally.listing_cpu += listed - started
        tally.action_cpu += done - listed
        tally.actions += 1
    tally.games += 1
    tally.winners[str(state.winner)] = tally.winners.get(str(state.winner), 0) + 1


def run(peer: types.SimpleNamespace, players: int, games: int, seed: int) -> dict[str, Any]:
    """Plays games seeds per mode on both engines, alternating game by game; returns figures and ratios."""
    tallies = {(engine, mode): Tally() for engine in ("bangbot", "peer") for mode in MODES}
    for g in range(seed, seed + games):
        for mode in MODES:
            new_state = mode == "new_state"
            gc.collect()  # neither engine pays for collecting the other's garbage
            own_game(players, g, tallies["bangbot", mode], new_state)
            gc.collect()
            peer_game(peer, players, g, tallies["peer", mode], new_state)
    out: dict[str, Any] = {"players": players}
    for mode in MODES:
        own, other = tallies["bangbot", mode].figures(), tallies["peer", mode].figures()
        out[mode] = {
            "bangbot": own,
            "peer": other,
            "ratio_per_action": round(other["us_per_action"] / own["us_per_action"], 2),
            "ratio_per_game": round(other["ms_per_game"] / own["ms_per_game"], 2),
        }
    return out


def table(rows: list[dict[str, Any]]) -> str:
    """Returns the figures as a plain text table."""
    head = f"{'players':>7} {'mode':<10} {'engine':<8} {'actions/game':>12} {'us/action':>10} {'ms/game':>9}"
    lines = [f"{head} {'us listing/probes':>17} {'ratio/action':>12} {'ratio/game':>10}"]
    for row in rows:
        for mode in MODES:
            part = row[mode]
            for engine in ("bangbot", "peer"):
                f = part[engine]
                ratios = f"{part['ratio_per_action']:>12} {part['ratio_per_game']:>10}" if engine == "peer" else ""
                lines.append(
                    f"{row['players']:>7} {mode:<10} {engine:<8} {f['mean_actions_per_game']:>12} "
                    f"{f['us_per_action']:>10} {f['ms_per_game']:>9} {f['us_per_listing_or_probe']:>17} {ratios}"
                )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """Runs the comparison and prints a table, or JSON with --json."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--peer", help="a checkout of albertoxamin/bang (default: a fresh clone from GitHub)")
    parser.add_argument("--games", type=int, default=20, help="games per table size and mode, for each engine")
    parser.add_argument("--players", type=int, nargs="+", default=[4, 7])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    peer = load_peer(peer_backend(args.peer))
    rows = [run(peer, n, args.games, args.seed) for n in args.players]
    if args.json:
        builtins.print(json.dumps({"games": args.games, "seed": args.seed, "tables": rows}, indent=1))
    else:
        builtins.print(table(rows))


if __name__ == "__main__":
    main()
