"""No platform folder of bangbot (outside bangbot/games/, whose games are plug-ins) holds more than 20 modules."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "bangbot"
MOST = 20


def crowded(package: Path) -> list[str]:
    """Returns the folders of a package outside its games/ with more than MOST modules directly in them."""
    folders = [package, *(p for p in package.rglob("*") if p.is_dir() and p.name != "__pycache__")]
    return [
        f"{folder.relative_to(package.parent)}: {count} modules"
        for folder in folders
        if "games" not in folder.relative_to(package).parts
        and (count := sum(1 for f in folder.glob("*.py") if f.name != "__init__.py")) > MOST
    ]


def test_no_platform_folder_holds_more_than_twenty_modules() -> None:
    assert crowded(PACKAGE) == [], "split a crowded folder into subpackages by what their modules do"


def test_the_check_sees_a_crowded_folder(tmp_path: Path) -> None:
    package = tmp_path / "bangbot"
    for folder in ("corridor", "games/big"):
        (package / folder).mkdir(parents=True)
        for n in range(MOST + 1):
            (package / folder / f"m{n}.py").write_text("")
    assert crowded(package) == [f"bangbot/corridor: {MOST + 1} modules"]
