"""Every third-party package bangbot imports is declared in pyproject.toml (the PostgreSQL driver in its extra)."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).parents[1]


def imported_modules() -> set[str]:
    """Returns the top-level names of every module imported anywhere in bangbot/ (inside functions too)."""
    found: set[str] = set()
    for path in (ROOT / "bangbot").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {alias.name.partition(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.partition(".")[0])
    return found


def normalized(name: str) -> str:
    """Returns a distribution's name as package indexes compare them."""
    return re.sub(r"[-_.]+", "-", name).lower()


def declared(requirements: list[str]) -> set[str]:
    """Returns the distribution names of requirement lines ("psycopg[binary]>=3.1" is psycopg)."""
    return {normalized(re.split(r"[\[<>=!~; ]", line, maxsplit=1)[0]) for line in requirements}


def test_every_imported_package_is_declared() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime = declared(project["dependencies"])
    postgres = declared(project["optional-dependencies"]["postgres"])
    third_party = imported_modules() - set(sys.stdlib_module_names) - {"bangbot", "tools"}
    distributions = packages_distributions()
    missing = {}
    for module in sorted(third_party):
        names = {normalized(d) for d in distributions.get(module, [module])}
        if not names & (runtime | postgres):
            missing[module] = names
    assert not missing, f"imported but not declared in pyproject.toml: {missing}"
    assert {"sqlalchemy", "httpx", "pydantic-settings"} <= runtime
    assert "psycopg" in postgres and "psycopg" not in runtime  # only a PostgreSQL host needs it
