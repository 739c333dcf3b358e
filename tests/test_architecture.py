"""The rules core imports nothing but the standard library and itself."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path


def test_core_imports_without_telegram_database_or_gettext() -> None:
    code = textwrap.dedent(
        """
        import importlib, pkgutil, sys
        class Block:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in {"telegram", "sqlmodel", "sqlalchemy", "gettext", "babel"}:
                    raise ImportError("blocked: " + name)
                return None
        sys.meta_path.insert(0, Block())
        import bangbot.core, bangbot.games.bang.rules, bangbot.games.duel.rules
        for package in (bangbot.core, bangbot.games.bang.rules, bangbot.games.duel.rules):
            for m in pkgutil.iter_modules(package.__path__):
                importlib.import_module(package.__name__ + "." + m.name)
        print("ok")
        """
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


PLUG_IN_LAYERS = ("messaging", "console", "telegram", "storage", "selfplay.py", "cli.py")
BASE_GAME_MODULES = (
    "bangbot.games.bang.rules.engine",
    "bangbot.games.bang.rules.legal",
    "bangbot.games.bang.rules.serialize",
    "bangbot.games.bang.rules.views",
)


def test_no_rule_tests_a_character_by_name() -> None:
    package = Path(__file__).parent.parent / "bangbot"
    named = re.compile(r"\.character\s*(==|!=|in\s*\()")
    found = [
        f"{path.relative_to(package)}:{n}"
        for path in package.rglob("*.py")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if named.search(line)
    ]
    assert found == [], "characters are sets of abilities (core/abilities.py), never tested by name"


def test_every_base_character_is_a_set_of_abilities() -> None:
    from bangbot.games.bang.rules.characters import CHARACTERS
    from bangbot.games.bang.rules.roster import CHARACTER_ABILITIES

    assert set(CHARACTER_ABILITIES) >= set(CHARACTERS)
    assert all(CHARACTER_ABILITIES[c] for c in CHARACTERS)


def test_the_layers_above_the_core_ask_the_ruleset_for_the_moves() -> None:
    package = Path(__file__).parent.parent / "bangbot"
    paths = [
        p
        for layer in PLUG_IN_LAYERS
        for p in ([package / layer] if layer.endswith(".py") else (package / layer).rglob("*.py"))
    ]
    offenders = [
        f"{path.relative_to(package)} imports {module}"
        for path in paths
        for module in BASE_GAME_MODULES
        if re.search(
            rf"^from {re.escape(module)} import|^import {re.escape(module)}\b", path.read_text(encoding="utf-8"), re.M
        )
    ]
    assert offenders == [], "the service, storage and front ends reach the rules through the registry (bangbot.games)"
