"""Base BANG!'s code names no Star Wars card, effect, decision or flag: Star Wars plugs into the engine's hooks.

Every module under bangbot/games/bang/ outside starwars/ is scanned (with test_game_registry's scan) for a Star
Wars card or ability card id, a fate effect, one of its own events, decisions or actions, and the variant's id.
What still names Star Wars there is listed in KNOWN, module by module: a move shrinks the list (the test fails
until the list says so), and a new mention fails it.
"""

from __future__ import annotations

import re
from pathlib import Path

from bangbot.games.bang.rules.cards import NEW_HOPE
from bangbot.games.bang.starwars.rules import data
from bangbot.games.bang.starwars.rules.data import ABILITY_CARDS, FATE, STARWARS
from tests.test_game_registry import PACKAGE, mentions

FAMILY = PACKAGE / "games" / "bang"
PLUG_IN = FAMILY / "starwars"
STAR_WARS_MODULE = re.compile(r"^bangbot\.games\.bang\.starwars(\.|$)")
FATE_EFFECTS = frozenset(v for k, v in vars(data).items() if k.startswith("FATE_") and isinstance(v, str))
# Its own decisions and action (their class names are also their type tags in saved games and views).
DECISIONS = frozenset({"FateOrder", "FateTake", "FateHeal", "FirstCheck", "Repeat", "Rebound", "Fate"})
# Its own events, and the steps its answers show.
EVENTS = frozenset(
    {"fate", "fate_heal", "fate_cancelled", "swap_hands", "rebound", "repeat", "first_check", "new_hope_passed"}
)
STEPS = frozenset({"fate_first", "fate_last"})
WORDS = frozenset({STARWARS, NEW_HOPE, *ABILITY_CARDS, *FATE_EFFECTS, *DECISIONS, *EVENTS, *STEPS})
FATE_NAMES = frozenset(k for k in vars(data) if k.startswith("FATE"))
NAMES = frozenset({"STARWARS", "NEW_HOPE", "ABILITY_CARDS", *DECISIONS, *FATE_NAMES})

# What base BANG!'s modules still name of Star Wars, and why; each entry shrinks as the move goes on.
KNOWN: dict[str, tuple[frozenset[str], str]] = {
    "rules/cards.py": (frozenset({"'new_hope'", "NEW_HOPE"}), "the card table holds every card of the family"),
    "rules/state.py": (frozenset({"'new_hope'"}), "the phase between Dynamite and Jail keeps its saved name"),
}


def star_wars_mentions(path: Path) -> frozenset[str]:
    """Returns what a module names of Star Wars (test_game_registry's scan), without the lines."""
    return frozenset(hit.partition(": ")[2] for hit in mentions(path, WORDS, STAR_WARS_MODULE, NAMES))


def test_base_bang_names_no_star_wars_card_effect_decision_or_flag_but_the_known_ones() -> None:
    base = [p for p in sorted(FAMILY.rglob("*.py")) if not p.is_relative_to(PLUG_IN)]
    found = {str(p.relative_to(FAMILY)): star_wars_mentions(p) for p in base}
    assert len(base) > 60
    assert {path: hits for path, hits in found.items() if hits} == {path: hits for path, (hits, _) in KNOWN.items()}


def test_the_plug_in_names_what_the_scan_looks_for() -> None:
    found = frozenset().union(*(star_wars_mentions(p) for p in PLUG_IN.rglob("*.py")))
    assert {"FateOrder", "'fate'", "FATE_BARRAGE", "NEW_HOPE", "STARWARS"} <= found
    assert frozenset(FATE.values()) | {data.FATE_BARRAGE} == FATE_EFFECTS


def test_the_scan_finds_a_name_a_literal_and_an_import(tmp_path: Path) -> None:
    module = tmp_path / "flow.py"
    module.write_text(
        "from bangbot.games.bang.starwars.rules.flow import x\n"
        "from bangbot.games.bang.rules.requests import FateOrder\n"
        'KIND = "new_hope"\n'
        "r = requests.Rebound\n"
    )
    assert star_wars_mentions(module) == {
        "import bangbot.games.bang.starwars.rules.flow",
        "import bangbot.games.bang.starwars.rules.flow.x",
        "FateOrder",
        "'new_hope'",
        "Rebound",
    }
