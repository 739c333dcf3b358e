"""Every repository path the README and the docs name exists: a file or folder, or a module's name (`x/y.name`)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
CODE = re.compile(r"`([^`\s]+)`")
SUFFIXES = (".py", ".md", ".sh", ".txt", ".po", ".pot", ".cfg", ".toml", ".json")
# Not repository paths: the shared rulebooks, addresses, variables, absolute paths, options, the files a game writes.
OUTSIDE = ("spec/", "http", "$", "<temp>", "/", "-", ".", "bangbot-game-")
BASES = (ROOT, ROOT / "bangbot")  # a path is named from the repository's root or from the package
# What runs write and git ignores (tests/artifacts/: the browser tests' screenshots) is named, not kept.
WRITTEN = {line.strip("/") for line in (ROOT / ".gitignore").read_text("utf-8").split() if line.startswith("/")}


def named_paths(text: str) -> list[str]:
    """Returns what a text names in code spans that reads as a repository path: a path whose first folder is one
    of the repository's or the package's, or a file name."""
    found = []
    for span in CODE.findall(text):
        span = span.rstrip(".,:;")
        if span.startswith(OUTSIDE) or "://" in span or span.strip("/") in WRITTEN:
            continue
        folder = span.split("/", 1)[0]
        if ("/" in span and any((base / folder).is_dir() for base in BASES)) or span.endswith(SUFFIXES):
            found.append(span)
    return found


def exists(name: str) -> bool:
    """Returns whether a named path exists from the repository root or from the package (`<x>` matches anything;
    `folder/module.name` names a module's attribute); a bare file name, anywhere in the repository."""
    pattern = re.sub(r"<[^>]*>", "*", name.removesuffix("/"))
    candidates = [pattern]
    head, dot, _ = pattern.rpartition(".")
    if dot and not pattern.endswith(SUFFIXES):
        candidates.append(head + ".py")
    if "/" not in name:
        return any(path.is_file() for path in ROOT.rglob(pattern) if ".venv" not in path.parts)
    return any(any(base.glob(c)) for base in BASES for c in candidates)


def test_every_path_the_readme_and_the_docs_name_exists() -> None:
    stale = [f"{doc.name}: {name}" for doc in DOCS for name in named_paths(doc.read_text("utf-8")) if not exists(name)]
    assert stale == []


def test_the_check_sees_a_stale_path() -> None:
    text = "see `games/base.py`, `messaging/delivery/outbox.py`, `i18n/wording.with_marks` and `N/seconds`."
    assert named_paths(text) == ["games/base.py", "messaging/delivery/outbox.py", "i18n/wording.with_marks"]
    assert not exists("games/base.py")
    assert exists("messaging/delivery/outbox.py") and exists("i18n/wording.with_marks") and exists("tests/playthroughs")
