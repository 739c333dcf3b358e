"""The test tools live in tools/, beside the package: bangbot imports them only in the benches that drive the bot."""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]
PACKAGE = REPOSITORY / "bangbot"
# The benches that drive the bot over the Bot API emulator or audit notifications: run from a checkout only.
ALLOWED = {"bangbot.bench.bot", "bangbot.bench.bot_game", "bangbot.bench.faults", "bangbot.bench.latency"}
ALLOWED |= {"bangbot.bench.records", "bangbot.bench.scale_out", "bangbot.bench.flood"}
NOT_IMPORTABLE = {"bangbot.__main__", "bangbot.storage.migrations.env"}  # they run the command or a migration


def modules() -> list[str]:
    """Returns the dotted name of every module of bangbot."""
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(REPOSITORY).with_suffix("").parts)
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def imports_tools(path: Path) -> bool:
    """Returns whether a module's source imports tools (at its top or inside a function)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "tools":
            return True
        if isinstance(node, ast.Import) and any(alias.name.split(".")[0] == "tools" for alias in node.names):
            return True
    return False


def test_no_module_of_bangbot_imports_tools_but_the_benches_named() -> None:
    code = textwrap.dedent(
        """
        import importlib, sys
        for name in sys.argv[1:]:
            importlib.import_module(name)
            if "tools" in sys.modules:
                print(name)
                break
        """
    )
    checked = [m for m in modules() if m not in ALLOWED | NOT_IMPORTABLE]
    done = subprocess.run(
        [sys.executable, "-c", code, *checked], cwd=REPOSITORY, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert len(checked) > 200
    assert done.stdout.strip() == "", "the first module whose import brought in tools"


def test_only_the_named_benches_mention_tools() -> None:
    mention = {m for m, p in zip(modules(), sorted(PACKAGE.rglob("*.py")), strict=True) if imports_tools(p)}
    assert mention == ALLOWED


def test_no_module_of_bangbot_is_named_testing() -> None:
    assert [p for p in PACKAGE.rglob("*") if p.stem == "testing"] == []


def test_a_bench_without_the_tools_says_it_needs_a_checkout() -> None:
    code = textwrap.dedent(
        """
        import sys
        class Block:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] == "tools":
                    raise ModuleNotFoundError("No module named " + repr(name), name=name)
                return None
        sys.meta_path.insert(0, Block())
        from bangbot.cli import main
        main(["bench", sys.argv[1]])
        """
    )
    for bench in ("bot", "faults", "latency"):
        done = subprocess.run(
            [sys.executable, "-c", code, bench], cwd=REPOSITORY, capture_output=True, text=True, check=False
        )
        assert done.returncode == 2, done.stderr
        assert done.stderr.strip() == f"bench {bench} needs the test tools of a checkout: run it from the repository"
        assert done.stdout == ""
