"""The modules of bangbot import one another without a cycle.

The graph holds every import a module runs: at its top level and inside its functions (a function-level import
that closes a loop only hides it until the function runs, and still ties both modules together). Imports under
`if TYPE_CHECKING:` never run and are left out. `from package import name` counts as importing the module
package.name when there is one, else the package itself.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "bangbot"


def module_name(path: Path) -> str:
    """Returns the dotted name of a module file of the package."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def run_imports(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Yields the import statements inside node at any depth, but for those under `if TYPE_CHECKING:`."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.Import | ast.ImportFrom):
            yield child
        elif isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
            yield from run_imports(ast.Module(body=child.orelse, type_ignores=[]))
        else:
            yield from run_imports(child)


def imported(node: ast.Import | ast.ImportFrom, importer: str, is_package: bool, modules: set[str]) -> set[str]:
    """Returns the package's modules an import statement loads."""
    if isinstance(node, ast.Import):
        return {a.name for a in node.names if a.name in modules}
    base = node.module or ""
    if node.level:
        here = importer.split(".") if is_package else importer.split(".")[:-1]
        base = ".".join(here[: len(here) - node.level + 1] + ([base] if base else []))
    found = {f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in modules}
    return found | ({base} if base in modules and len(found) < len(node.names) else set())


def import_graph() -> dict[str, set[str]]:
    """Returns every module of bangbot mapped to the modules of bangbot it imports."""
    files = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        is_package = path.name == "__init__.py"
        targets = [imported(n, name, is_package, set(files)) for n in run_imports(tree)]
        graph[name] = set[str]().union(*targets) - {name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Returns the strongly connected groups of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = stack[stack.index(node) :]
                    del stack[stack.index(node) :]
                    if len(group) > 1:
                        found.append(sorted(group))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in stack:
                low[node] = min(low[node], index[child])
    return found


def test_the_graph_sees_the_package_and_its_function_level_imports() -> None:
    graph = import_graph()
    assert len(graph) > 150 and "bangbot.messaging.delivery.outbox" in graph["bangbot.messaging.lobby.actions"]
    assert "bangbot.storage.postgres" in graph["bangbot.bench.faults"]  # imported inside a function
    assert "bangbot.i18n" not in graph["bangbot.games.contract"]  # under TYPE_CHECKING only


def test_cycles_finds_a_loop_through_three_modules() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set()}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_a_loop_added_to_the_real_graph_is_found() -> None:
    graph = import_graph()
    # the import the lobby's view module replaced
    graph["bangbot.messaging.delivery.outbox"].add("bangbot.messaging.lobby.actions")
    assert ["bangbot.messaging.delivery.outbox", "bangbot.messaging.lobby.actions"] in cycles(graph)


def test_no_import_cycles() -> None:
    assert cycles(import_graph()) == []
