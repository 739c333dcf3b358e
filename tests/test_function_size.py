"""No function of bangbot or tools/ is over 60 lines or of cyclomatic complexity over 15, but the named exceptions.

A function's length is the lines of its body (docstring included, signature and decorators not). Its complexity
is 1 plus one per branch: if (statement or expression), for, while, except, with, match case, each extra operand
of and/or, each if of a comprehension. A nested function is measured on its own, not in the one holding it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]
PACKAGE = REPOSITORY / "bangbot"
TOOLS = REPOSITORY / "tools"  # named from the repository: "tools/telegram/world.py"
MAX_LINES = 60
MAX_COMPLEXITY = 15
BRANCHES = (
    ast.If,
    ast.IfExp,
    ast.For,
    ast.AsyncFor,
    ast.While,
    ast.ExceptHandler,
    ast.With,
    ast.AsyncWith,
    ast.match_case,
)
Function = ast.FunctionDef | ast.AsyncFunctionDef

EMULATOR = "the Bot API emulator, a test tool out of the package"
TODO = "not yet split (issue 21, point 4): "
# Offenders left, by "module:function" (a method: "module:Class.method"), each with its reason. Shrink it: a fixed
# function must leave the list (the test fails on an entry that no longer exceeds a limit).
ALLOWED: dict[str, str] = {
    "tools/telegram/entities.py:_parse_html": EMULATOR + "; a parser of Telegram's HTML, one state machine",
    "tools/telegram/entities.py:_parse_markdown_v2": EMULATOR + "; a parser of MarkdownV2, one state machine",
    "tools/telegram/entities.py:_parse_markdown": EMULATOR + "; a parser of legacy Markdown, one state machine",
    "tools/telegram/world.py:World.__init__": EMULATOR + "; the simulated world's state",
    "tools/telegram/validation.py:Validation._reply_markup": EMULATOR + "; checks every keyboard field",
    "tools/telegram/updates.py:Delivery._get_updates": EMULATOR + "; getUpdates' parameters",
    "storage/migrations/versions/schema_0001_0020/0001_initial.py:upgrade": "a migration: the first schema, as it ran",
    "messaging/delivery/outbox.py:drain": TODO + "the private lane's loop with each delivery failure's handling",
}


def measured(tree: ast.Module) -> Iterator[tuple[str, Function]]:
    """Yields every function and method of a module with its dotted name inside the module."""

    def walk(node: ast.AST, prefix: str) -> Iterator[tuple[str, Function]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, Function):
                yield prefix + child.name, child
                yield from walk(child, f"{prefix}{child.name}.")
            elif isinstance(child, ast.ClassDef):
                yield from walk(child, f"{prefix}{child.name}.")
            else:
                yield from walk(child, prefix)

    yield from walk(tree, "")


def own_nodes(function: Function) -> Iterator[ast.AST]:
    """Yields the nodes of a function's body, but those of the functions and classes defined inside it."""
    stack: list[ast.AST] = [function]
    while stack:
        node = stack.pop()
        children = [c for c in ast.iter_child_nodes(node) if not isinstance(c, Function | ast.ClassDef)]
        yield from children
        stack += children


def complexity(function: Function) -> int:
    """Returns 1 plus the function's own branches."""
    count = 1
    for node in own_nodes(function):
        if isinstance(node, BRANCHES):
            count += 1
        elif isinstance(node, ast.BoolOp):
            count += len(node.values) - 1
        elif isinstance(node, ast.comprehension):
            count += len(node.ifs)
    return count


def body_lines(function: Function) -> int:
    """Returns the lines from the body's first statement to the function's end."""
    return (function.end_lineno or function.lineno) - function.body[0].lineno + 1


def offenders() -> dict[str, tuple[int, int]]:
    """Returns "module:function" -> (body lines, complexity) of every function over a limit."""
    found = {}
    for path in sorted([*PACKAGE.rglob("*.py"), *TOOLS.rglob("*.py")]):
        module = path.relative_to(REPOSITORY if path.is_relative_to(TOOLS) else PACKAGE).as_posix()
        for name, function in measured(ast.parse(path.read_text(encoding="utf-8"))):
            lines, branches = body_lines(function), complexity(function)
            if lines > MAX_LINES or branches > MAX_COMPLEXITY:
                found[f"{module}:{name}"] = (lines, branches)
    return found


def test_complexity_counts_each_kind_of_branch() -> None:
    source = '''
def f(xs):
    """Doc."""
    if xs and xs[0] or not xs:
        for x in xs:
            while x:
                x = x - 1 if x > 2 else 0
    try:
        with open("f") as h:
            pass
    except OSError:
        pass
    match xs:
        case []:
            pass
        case _:
            pass
    def inner():
        if xs:
            pass
    return [x for x in xs if x if x > 1]
'''
    (name, f), (inner_name, inner) = measured(ast.parse(source))
    assert (name, inner_name) == ("f", "f.inner")
    # if, 2 bool operands, for, while, if-expression, with, except, 2 cases, 2 comprehension ifs; inner not counted
    assert complexity(f) == 1 + 1 + 2 + 1 + 1 + 1 + 1 + 1 + 2 + 2
    assert complexity(inner) == 2
    assert body_lines(f) == 19


def test_no_function_is_too_long_or_too_branchy_but_the_named_ones() -> None:
    found = offenders()
    unnamed = {name: size for name, size in found.items() if name not in ALLOWED}
    assert not unnamed, f"over {MAX_LINES} lines or complexity {MAX_COMPLEXITY} (lines, complexity): {unnamed}"


def test_every_named_exception_still_exceeds_a_limit() -> None:
    fixed = sorted(set(ALLOWED) - set(offenders()))
    assert not fixed, f"no longer over a limit: remove from ALLOWED: {fixed}"
