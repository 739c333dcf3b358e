"""`bangbot bench ai --sanity --game duel`: per mode, the blunders of all-heuristic Duel tables against random ones.

Each mode gets its all-heuristic figures, the all-random baseline, and the heuristic at each seat against random
players. Per game: red BANG! cards discarded at the hand limit after ending a turn with a legal shot, Missed!-type
cards discarded there after taking a hit they could have dodged, every hand-limit discard, Beer or Whisky at full
life, a Saloon that raises no own character or raises the own target, harm to the own side (a Rattlesnake on the own
characters or a helpful card on the target's, Steal, Ambush, Blow or Carbine discarding the own help or the target's
Rattlesnake, Blow's random card from the own hand; help to the standoff's hunter is no harm: its fall would end the
game too), Dynamite and whom it blew up or killed, turns. Base-game figures that do not apply to the Duel: friendly
fire by role, the Sheriff killing a Deputy (and back), Jail on a teammate and the Sheriff-against-Renegade final need
hidden roles and teammates, and every Duel player is a side of its own, seen by all; "law against random" becomes the
heuristic's win rate on each side. A figure about a card (Beer and Whisky, Saloon, Dynamite) is left out of a mode
whose decks hold no such card. Attacks on a player who is not the own target, and a win handed to the third player by
eliminating the wrong one, are the standoff's alone: with two players the only opponent is the target.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

from bangbot.bench.batches import Batch, report, run_chunks, share, speed
from bangbot.games.duel.ai.match import play_duel
from bangbot.games.duel.bench.ai import DuelLine
from bangbot.games.duel.bench.referee import DuelSanityReferee
from bangbot.games.duel.rules.data import cards_of, type_id
from bangbot.games.duel.rules.modes import MODE_IDS, MODES, STANDOFF


@dataclass(frozen=True, slots=True)
class Figure:
    """One per-game count of the referee, and what a mode needs for it to mean anything."""

    count: str  # the referee's tally key
    needs: frozenset[str] = frozenset()  # card names of which the mode's decks must hold one (none: any mode)
    standoff: bool = False  # only with three players

    def applies(self, mode: str) -> bool:
        """Returns whether the figure means something in a mode."""
        if self.standoff and mode != STANDOFF:
            return False
        return not self.needs or bool(self.needs & card_names(mode))


FIGURES = (
    Figure("bangs_discarded_after_pass"),
    Figure("bangs_discarded_after_passing_the_target", standoff=True),
    Figure("bangs_discarded_at_hand_limit"),
    Figure("turns_passing_a_legal_bang"),
    Figure("missed_discarded_after_pass"),
    Figure("discarded_at_hand_limit"),
    Figure("heal_at_full_life", frozenset({"beer", "whisky"})),
    Figure("saloon_wasted", frozenset({"saloon"})),
    Figure("harm_to_own_side"),
    Figure("dynamite_played", frozenset({"dynamite"})),
    Figure("dynamite_exploded_on_owner", frozenset({"dynamite"})),
    Figure("dynamite_exploded_on_other", frozenset({"dynamite"})),
    Figure("dynamite_killed_on_owner", frozenset({"dynamite"})),
    Figure("dynamite_killed_on_other", frozenset({"dynamite"})),
    Figure("wins_handed_to_third_player", standoff=True),
    Figure("turns"),
)


def card_names(mode: str) -> frozenset[str]:
    """Returns the names of the cards in a mode's decks."""
    return frozenset(type_id(c) for side in MODES[mode].sides for deck in side.decks for c in cards_of(deck))


def lines_of(mode: str) -> tuple[DuelLine, ...]:
    """Returns a mode's tables: all heuristic, all random, then the heuristic at each seat against random players."""
    seats = tuple(range(MODES[mode].players))
    return (DuelLine(mode, seats), DuelLine(mode, ()), *(DuelLine(mode, (s,)) for s in seats))


def play_chunk(line: DuelLine, seeds: range) -> Batch:
    """Plays one refereed Duel per seed at a table; heuristic decisions timed in this thread's CPU time."""
    out = Batch()
    players = line.players()
    started = time.process_time()
    for seed in seeds:
        result = play_duel(line.mode, seed, players, clock=time.thread_time, referee=DuelSanityReferee(out.tally))
        out.tally["capped"] += result.capped
        for seat in line.heuristic_seats:
            out.times += result.timings[seat]
    out.elapsed = time.process_time() - started
    return out


def figures(tally: Counter[str], mode: str) -> dict[str, float]:
    """Returns a table's per-game figures that apply to its mode, and each side's win rate."""
    games = tally["games"]
    out = {f"{f.count}_per_game": share(tally[f.count], games) for f in FIGURES if f.applies(mode)}
    if mode == STANDOFF:
        out["attacks_on_non_target_share"] = share(tally["attacks_on_non_target"], tally["attacks"])
    for side in MODES[mode].sides:
        out[f"win_rate_{side.side}"] = share(tally[f"wins:{side.side}"], games)
    out["games"] = games
    out["capped"] = tally["capped"]
    return out


def measure(mode: str, games: int, seed: int, workers: int) -> dict[str, Any]:
    """Returns one mode's figures: all heuristic, the heuristic's wins on each side against random, the baseline."""
    main_line, random_line, *alone = lines_of(mode)
    main = run_chunks(play_chunk, main_line, games, seed, workers)
    out: dict[str, Any] = dict(figures(main.tally, mode))
    for line in alone:
        side = MODES[mode].sides[line.heuristic_seats[0]].side
        tally = run_chunks(play_chunk, line, games, seed, workers).tally
        out[f"heuristic_win_rate_vs_random_{side}"] = share(tally[f"wins:{side}"], tally["games"])
    out.update(speed(main))
    out["random_baseline"] = figures(run_chunks(play_chunk, random_line, games, seed, workers).tally, mode)
    return out


def main(games: int = 2000, seed: int = 1, workers: int = 1, as_json: bool = False) -> None:
    """Prints the Duel's sanity figures for every mode, as tables or one JSON object keyed by mode id."""
    started = time.perf_counter()
    results = {mode: measure(mode, games, seed, workers) for mode in MODE_IDS}
    title = f"bench ai --sanity (duel): {games} games per table from seed {seed}; one table per mode"
    report(results, as_json, title, time.perf_counter() - started, workers, apart=True)
