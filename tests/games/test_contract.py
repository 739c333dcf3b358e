"""The contract a game fulfils is stated once, in bangbot.games.contract, and the platform reads it from there only."""

from __future__ import annotations

import ast
import builtins
import typing
from collections.abc import Iterator
from dataclasses import fields, is_dataclass
from pathlib import Path

from bangbot import games
from bangbot.games import contract
from bangbot.games.contract import table_sizes

PACKAGE = Path(contract.__file__).parents[1]
GAMES = PACKAGE / "games"
# What the contract names of the platform, by its module: the translator, a keyboard, an event, the Mini App's board.
PLATFORM_TYPES = {"Translator", "Keyboard", "Event", "Board"}
# The contract's hook types and words: a platform module defining one again (or importing it from elsewhere) states a
# piece of the contract outside it. Generic words it shares with other concepts (Game, Step, Course, TOP, BACK) are
# told apart by their value instead (test_the_platform_repeats_no_presenter_choice).
HOOK_TYPES = {
    n
    for n, v in vars(contract).items()
    if isinstance(v, type) and v.__module__ == contract.__name__ and n not in {"Game", "Step", "Course"}
} | {"Choices", "Memory", "AIPlayer", "AnyRuleset", "MakeData", "EventData", "Naming", "Readings", "TopicTables"}
HOOK_TYPES |= {"CardTopic", "CardLabel", "ThemeTopic", "MarkedPlural", "NO_CHOICES", "ON_OFF", "STEP_KINDS"}


def platform_modules() -> Iterator[tuple[Path, ast.Module]]:
    """Yields every module of the package outside bangbot/games, parsed."""
    for path in sorted(PACKAGE.rglob("*.py")):
        if GAMES not in path.parents:
            yield path, ast.parse(path.read_text(encoding="utf-8"))


def test_the_platform_defines_no_type_of_the_contract_again() -> None:
    defined = []
    for path, tree in platform_modules():
        for node in tree.body:
            names = [node.name] if isinstance(node, ast.ClassDef | ast.FunctionDef) else []
            if isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names = [t.id for t in targets if isinstance(t, ast.Name)]
            defined += [f"{path.relative_to(PACKAGE)}: {n}" for n in names if n in HOOK_TYPES]
    assert not defined, "the contract's types belong in bangbot/games/contract.py: " + ", ".join(defined)


def test_the_platform_imports_the_contract_from_bangbot_games_contract_only() -> None:
    elsewhere = []
    for path, tree in platform_modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module != contract.__name__:
                names = [a.name for a in node.names if a.name in HOOK_TYPES]
                elsewhere += [f"{path.relative_to(PACKAGE)}: {n} from {node.module}" for n in names]
    assert not elsewhere, "import these from bangbot.games.contract: " + ", ".join(elsewhere)


def test_the_platform_repeats_no_presenter_choice() -> None:
    repeated = []
    for path, tree in platform_modules():
        for node in tree.body:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
                names = {t.id for t in node.targets if isinstance(t, ast.Name)} & {"TOP", "BACK"}
                repeated += [
                    f"{path.relative_to(PACKAGE)}: {n}" for n in names if getattr(contract, n) == node.value.value
                ]
    assert not repeated, "the presenter's choices are the contract's: " + ", ".join(repeated)


def test_every_hook_of_a_game_is_typed_by_the_contract_or_the_platform_types_it_names() -> None:
    known = set(vars(contract)) | set(dir(typing)) | set(dir(builtins)) | PLATFORM_TYPES
    hooks = [c for c in vars(contract).values() if is_dataclass(c) and c.__module__ == contract.__name__]
    assert contract.Game in hooks and contract.LobbyOption in hooks and contract.Theme in hooks
    unknown = set()
    for hook in hooks:
        for f in fields(hook):
            annotation = f.type if isinstance(f.type, str) else str(f.type)
            words = {n.id for n in ast.walk(ast.parse(annotation, mode="eval")) if isinstance(n, ast.Name)}
            unknown |= {f"{hook.__name__}.{f.name}: {w}" for w in words - known}
    assert not unknown, "a hook typed outside the contract: " + ", ".join(sorted(unknown))


def test_the_contract_holds_every_part_a_game_declares() -> None:
    declared = {f.name: f.type for f in fields(contract.Game)}
    for part, hook in {
        "ruleset": "AnyRuleset",
        "presenter": "Presenter",
        "heuristic": "AIPlayer",
        "outcomes": "SeatOutcome",
        "rules": "Rules",
        "theme": "Theme",
        "lobby": "LobbyOption",
        "search": "Search",
    }.items():
        assert hook in str(declared[part]), part


def test_a_cancelled_game_shows_every_role_and_awaits_nobody_in_each_game_s_own_words() -> None:
    for declared in games.GAMES:
        rules = declared.ruleset
        preset = rules.presets[0]
        state, _ = rules.new_game(rules.config(table_sizes(rules, preset).start, preset), 3)
        shown = declared.cancelled_view(state) if declared.cancelled_view is not None else rules.view(state, None)
        assert rules.view(state, None).awaiting and not shown.awaiting, declared.id
        if hasattr(state, "players"):  # BANG! and Star Wars: the roles hidden while it ran
            assert [s.role for s in shown.seats] == [p.role for p in state.players]
            assert any(s.role is None for s in rules.view(state, None).seats)
        else:  # the Duel: dealt while characters are chosen, a phase its table would say someone is awaited in
            assert rules.view(state, None).phase == "setup" and shown.phase == ""
