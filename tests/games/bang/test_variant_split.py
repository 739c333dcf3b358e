"""Base BANG!'s code names no Star Wars card, effect, decision or flag: Star Wars plugs into the engine's hooks.

Every module under bangbot/games/bang/ outside starwars/ is scanned (with test_game_registry's scan) for a Star
Wars card or ability card id, a fate effect, one of its own events, decisions or actions, and the variant's id.
What still names Star Wars there is listed in KNOWN, module by module: a move shrinks the list (the test fails
until the list says so), and a new mention fails it.
"""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

from bangbot.games.bang.rules.cards import NEW_HOPE
from bangbot.games.bang.rules.notation import register_words
from bangbot.games.bang.rules.requests import VariantRequest, register_requests
from bangbot.games.bang.starwars.rules import data
from bangbot.games.bang.starwars.rules.data import ABILITY_CARDS, FATE, STARWARS
from tests.games.test_game_registry import PACKAGE, mentions

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


def test_a_star_wars_table_is_played_from_base_modules_alone_in_a_fresh_interpreter() -> None:
    code = textwrap.dedent(
        """
        import sys
        from bangbot.games.bang.rules.engine import new_game
        from bangbot.games.bang.rules.notation import parse
        from bangbot.games.bang.rules.roster import abilities_of
        from bangbot.games.bang.rules.serialize import request_from_json
        from bangbot.games.bang.rules.state import GameConfig
        from bangbot.games.bang.rules.options import RuleOptions
        assert "bangbot.games.bang.starwars.rules.variant" not in sys.modules
        fate_heal = request_from_json({"type": "FateHeal", "seat": 0, "card": 3})
        state, _ = new_game(GameConfig(4, "standard", "starwars", RuleOptions()), 1)
        nimble = sorted(abilities_of("nimble"))
        print(type(fate_heal).__module__, parse("fate first"), nimble, state.players[0].character)
        """
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    module, fate, abilities, character = result.stdout.split(" ", 3)
    assert module == "bangbot.games.bang.starwars.rules.requests"
    assert fate == "Fate(first=True)"
    assert abilities == "['heals_when_others_drink']"
    assert character.strip() in ABILITY_CARDS


def test_a_variant_may_not_take_a_decision_tag_or_a_verb_another_has() -> None:
    @dataclass(frozen=True, slots=True)
    class Respond(VariantRequest):
        seat: int

    with pytest.raises(ValueError, match="Respond"):
        register_requests((Respond,))
    with pytest.raises(ValueError, match="play"):
        register_words({"play": lambda args: None})
