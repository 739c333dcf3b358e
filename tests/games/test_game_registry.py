"""One declaration per game: the platform names no game, card, role or risk, imports no game module; games complete."""

from __future__ import annotations

import ast
import asyncio
import re
import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from bangbot import games
from bangbot.ai.levels import EASY, NORMAL, players_at
from bangbot.games.bang.rules import risks as bang_risks
from bangbot.games.bang.rules.cards import KINDS
from bangbot.games.bang.rules.roles import ROLES
from bangbot.games.contract import Game, GamePlayer, Presenter, TableRules, table_sizes
from bangbot.games.duel.rules import risks as duel_risks
from bangbot.i18n import LANGUAGES, translator
from bangbot.i18n.explain import explain, preset_name, preset_rules
from bangbot.messaging.commands.games_help import games_intro
from bangbot.messaging.lobby.view import lobby_text
from bangbot.storage.models import Game as StoredGame
from tests.i18n.test_catalogs import load
from tests.offered import offer
from tests.service_harness import GROUP, Table, make_users

PACKAGE = Path(__file__).resolve().parents[2] / "bangbot"

# A game's own modules, by path under bangbot/: they may name their game and import its pieces.
GAME_MODULES: tuple[tuple[str, str], ...] = (
    ("games/__init__.py", "the registry: the one place that names the games"),
    ("games/bang/", "the BANG! family's folder: base BANG! and BANG! Star Wars"),
    ("games/duel/", "the Duel's folder"),
    # Stored data: what rows written before games had ids play, whatever the registry offers first today.
    ("storage/models.py", "rows stored before rulesets existed are base BANG! games"),
    ("storage/migrations/versions/schema_0001_0020/0006_ruleset.py", "the migration that gave those rows their game"),
)
GAME_IDS = frozenset(games.GAME_IDS)
# BANG!'s own words: its cards, its roles and every game's confirmation risks (the platform words none of them).
GAME_WORDS = frozenset(
    [*KINDS, *ROLES, *(v for k, v in [*vars(bang_risks).items(), *vars(duel_risks).items()] if k.startswith("RISK_"))]
)
# A module of one game's own (its import is a game-specific import), by dotted name.
GAME_MODULE_NAME = re.compile(r"^bangbot\.games\.(bang|duel)(\.|$)")


def own_module(path: Path) -> bool:
    """Returns whether a module is one of a game's own (GAME_MODULES)."""
    relative = path.relative_to(PACKAGE).as_posix()
    return any(relative.startswith(prefix) for prefix, _ in GAME_MODULES)


def mentions(
    path: Path, words: frozenset[str], modules: re.Pattern[str], identifiers: frozenset[str] = frozenset()
) -> list[str]:
    """Returns every literal among words, every import of a module modules matches and every use of a name among
    identifiers (a variable, an attribute, an imported name) in a module, each as "line: what"."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and node.value in words:
            found.append(f"{node.lineno}: {node.value!r}")
        elif isinstance(node, ast.Name) and node.id in identifiers:
            found.append(f"{node.lineno}: {node.id}")
        elif isinstance(node, ast.Attribute) and node.attr in identifiers:
            found.append(f"{node.lineno}: {node.attr}")
        names = []
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
            found += [f"{node.lineno}: {alias.name}" for alias in node.names if alias.name in identifiers]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        found += [f"{node.lineno}: import {name}" for name in names if modules.match(name)]
    return sorted(found, key=lambda hit: int(hit.partition(":")[0]))


def game_mentions(path: Path) -> list[str]:
    """Returns every game id, card, role or risk literal and every import of a game's own module in a module."""
    return mentions(path, GAME_IDS | GAME_WORDS, GAME_MODULE_NAME)


def test_the_platform_names_no_game_and_imports_no_game_module() -> None:
    platform = [p for p in sorted(PACKAGE.rglob("*.py")) if not own_module(p)]
    offenders = {str(p.relative_to(PACKAGE)): game_mentions(p) for p in platform}
    assert len(platform) > 100
    assert {path: hits for path, hits in offenders.items() if hits} == {}, "ask bangbot.games, do not name a game"


def imported(path: Path) -> set[str]:
    """Returns every module a module's source imports (and, for `from M import N`, M.N too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found |= {node.module, *(f"{node.module}.{alias.name}" for alias in node.names)}
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return found


def reaching(folder: str, forbidden: str, skip: str | None = None) -> dict[str, list[str]]:
    """Returns the modules under bangbot/folder (but not under skip) that import a module under forbidden."""
    out: dict[str, list[str]] = {}
    for path in sorted((PACKAGE / folder).rglob("*.py")):
        if skip is not None and path.is_relative_to(PACKAGE / skip):
            continue
        hits = sorted(m for m in imported(path) if m == forbidden or m.startswith(forbidden + "."))
        if hits:
            out[str(path.relative_to(PACKAGE))] = hits
    return out


def test_no_game_imports_another() -> None:
    assert reaching("games/duel", "bangbot.games.bang") == {}
    assert reaching("games/bang", "bangbot.games.duel") == {}


def test_base_bang_imports_no_star_wars_module() -> None:
    assert reaching("games/bang", "bangbot.games.bang.starwars", skip="games/bang/starwars") == {}


def test_the_layout_scans_find_a_forbidden_import(tmp_path: Path) -> None:
    module = tmp_path / "lines.py"
    module.write_text("import os\nfrom bangbot.games.bang.starwars import lines\n")
    assert imported(module) == {"os", "bangbot.games.bang.starwars", "bangbot.games.bang.starwars.lines"}


def test_the_scan_finds_a_game_id_and_a_game_import(tmp_path: Path) -> None:
    module = tmp_path / "lobby.py"
    module.write_text('from bangbot.games.duel.ruleset import DUEL\nMODES = {"duel": 1}\nCARD = "bang"\n')
    assert game_mentions(module) == [
        "1: import bangbot.games.duel.ruleset",
        "1: import bangbot.games.duel.ruleset.DUEL",
        "2: 'duel'",
        "3: 'bang'",
    ]


def test_every_allowed_module_exists_and_says_why() -> None:
    for prefix, why in GAME_MODULES:
        assert list(PACKAGE.glob(prefix + "*")) or (PACKAGE / prefix).exists(), prefix
        assert len(why) > 10, prefix


def translated(marked: tuple[str, str], language: str) -> bool:
    """Returns whether a marked msgid has a translation in a language's catalog."""
    message = load(language).get(marked[1], marked[0])
    return message is not None and bool(message.string)


@pytest.mark.parametrize("game", games.GAME_IDS)
def test_every_registered_game_is_complete(game: str) -> None:
    declared = games.game(game)
    assert isinstance(declared, Game) and declared.id == game and declared in games.GAMES
    for language in LANGUAGES[1:]:
        assert translated(declared.name, language) and translated(declared.pitch, language), (game, language)
    members = [name for name in dir(Presenter) if not name.startswith("_")]
    assert members and all(callable(getattr(declared.presenter, name)) for name in members)
    assert isinstance(declared.heuristic(), GamePlayer) and isinstance(declared.random(), GamePlayer)
    assert type(declared.heuristic()) is not type(declared.random())
    assert declared.ruleset.presets and all(table_sizes(declared.ruleset, p) for p in declared.ruleset.presets)
    if declared.modal:
        assert list(declared.ruleset.modes) == list(declared.ruleset.presets)
    assert all(callable(hook) for hook in (declared.bench.engine, declared.bench.ai, declared.bench.sanity))
    kind, table = declared.rules.topics[0]
    topic = (kind, next(iter(table)))
    assert explain(translator("en"), topic, TableRules(game, declared.ruleset.presets[0]))


def test_the_lookups_follow_the_registry() -> None:
    assert [g.id for g in games.GAMES] == list(games.GAME_IDS) and games.GAME_IDS[0] == games.DEFAULT
    assert set(players_at(NORMAL)) == set(players_at(EASY)) == set(games.GAME_IDS)
    with pytest.raises(KeyError, match="unknown game"):
        games.game("monopoly")


def test_rules_finds_a_duel_and_a_star_wars_card_in_a_fresh_interpreter() -> None:
    # Before the registry, a Duel card was found only once some module had imported i18n.explain: nothing here
    # imports more than the registry and the /rules lookup, and no game is loaded before the first lookup.
    code = textwrap.dedent(
        """
        import sys
        import bangbot.games
        from bangbot.i18n.glossary import lookup
        from bangbot.i18n import translator
        games = (*bangbot.games.DECLARATIONS.values(), "bangbot.games.duel", "bangbot.games.bang.starwars.names")
        loaded = [m for m in sys.modules if m.startswith(games) or m in ("bangbot.i18n.explain", "bangbot.i18n.themes")]
        assert loaded == [], loaded
        en = translator("en")
        print(lookup(en, "Pocket Watch"), lookup(en, "Bacta Tank", "starwars"), lookup(en, "Bacta Tank"))
        """
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "('duel-card',",
        "'watch')",
        "('card',",
        "'bacta_tank')",
        "('card',",
        "'bacta_tank')",
    ]


def test_a_fourth_game_is_offered_by_its_declaration_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    base = games.game(games.DEFAULT)
    fourth = replace(base, ruleset=replace(base.ruleset, id="fourth"), name=("game", "Fourth"))
    offer(monkeypatch, *games.GAMES, fourth)
    assert "Fourth" in games_intro(translator("en")) and "fourth" in players_at(NORMAL)
    table = Table(f"sqlite:///{tmp_path / 'fourth.sqlite3'}", make_users(1, "en"))

    async def scenario() -> None:
        await table.command(0, "newgame")
        for _ in games.GAMES[1:]:
            await table.press(0, table.lobby(), "game")
        assert "Game: Fourth." in table.lobby().text and table.repo.chat_settings(GROUP).ruleset == "fourth"

    asyncio.run(scenario())


def test_a_preset_is_named_by_its_game_declaration(monkeypatch: pytest.MonkeyPatch) -> None:
    base = games.game(games.DEFAULT)
    frontier = replace(base.rules, preset_names={"ja": "Frontier rules"})
    fourth = replace(base, ruleset=replace(base.ruleset, id="fourth"), rules=frontier)
    offer(monkeypatch, *games.GAMES, fourth)
    en = translator("en")
    assert preset_name(en, "fourth", "ja") == "Frontier rules"
    assert preset_name(en, games.DEFAULT, "ja") == "Japanese first edition"  # base BANG!'s declaration names it
    assert preset_name(en, "fourth", "house") == "house"  # a preset its game does not name: its id
    kind, table = base.rules.topics[0]
    told = explain(en, (kind, next(iter(table))), preset_rules("ja", "fourth"))
    assert told.endswith("This is how the table's rules play it: Frontier rules.")  # /rules at its table
    lobby = StoredGame(chat_id=GROUP, creator_id=1, ruleset="fourth", preset="ja")
    assert "Rules: Frontier rules." in lobby_text(en, lobby, [])
