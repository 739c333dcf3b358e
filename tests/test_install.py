"""The installed package: a wheel built from the repository, in a fresh virtual environment, plays in every language."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from collections.abc import Iterator
from pathlib import Path

import pytest

import bangbot.i18n
from bangbot.i18n import translator

REPOSITORY = Path(__file__).resolve().parents[1]
BUILT_FROM = ("pyproject.toml", "README.md", "bangbot", "locales", "tools")  # what the wheel is built from
STARTED = "The game has started: check your private messages."
FRAME = "group chat"
OFFLINE = ("No matching distribution", "Could not find a version", "NewConnectionError", "Network is unreachable")
PIP_SECONDS = 300  # a bound on one pip run, far above its time on a loaded machine


def pip(*args: str) -> subprocess.CompletedProcess[str]:
    """Runs this environment's pip (its configuration and cache); skips when a package cannot be had offline."""
    done = subprocess.run(
        [sys.executable, "-m", "pip", "--disable-pip-version-check", *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=PIP_SECONDS,
    )
    if done.returncode != 0 and any(sign in done.stdout + done.stderr for sign in OFFLINE):
        pytest.skip(f"pip cannot get a package here (no network, nothing cached): {done.stderr.strip()[-300:]}")
    assert done.returncode == 0, done.stdout + done.stderr
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Yields the bin folder of a fresh virtual environment holding the wheel built from a copy of the repository."""
    root = tmp_path_factory.mktemp("install")
    source, dist, env = root / "source", root / "dist", root / "env"
    source.mkdir()
    for name in BUILT_FROM:
        path = REPOSITORY / name
        if path.is_dir() and not path.is_symlink():
            shutil.copytree(path, source / name, symlinks=True, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(path, source / name)
    pip("wheel", "--no-deps", "--quiet", "--wheel-dir", str(dist), str(source))
    wheels = list(dist.glob("bangbot-*.whl"))
    assert len(wheels) == 1, wheels
    venv.create(env, with_pip=False)
    pip("--python", str(env / "bin" / "python"), "install", "--quiet", str(wheels[0]))
    yield env / "bin"


def run(command: list[str], cwd: Path) -> str:
    """Runs an installed command outside the repository, reading nothing; returns its output (exit status 0)."""
    environment = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    done = subprocess.run(
        command, cwd=cwd, env=environment, stdin=subprocess.DEVNULL, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_the_installed_package_is_the_wheel_not_the_checkout(installed: Path, tmp_path: Path) -> None:
    where = run([str(installed / "python"), "-c", "import bangbot; print(bangbot.__file__)"], tmp_path)
    assert Path(where.strip()).is_relative_to(installed.parent)


def test_the_test_tools_stay_out_of_the_wheel_and_their_benches_say_so(installed: Path, tmp_path: Path) -> None:
    python = str(installed / "python")
    assert run([python, "-c", "import importlib.util as u; print(u.find_spec('tools'))"], tmp_path).strip() == "None"
    environment = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    done = subprocess.run(
        [str(installed / "bangbot"), "bench", "faults"],
        cwd=tmp_path,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "bench faults needs the test tools of a checkout: run it from the repository\n"


@pytest.mark.parametrize("language", ["ru", "ja", "cs"])
def test_a_game_from_the_installed_package_speaks_the_language(installed: Path, tmp_path: Path, language: str) -> None:
    out = run([str(installed / "bangbot"), "--lang", language, "--seed", "3", "--players", "4"], tmp_path)
    assert translator(language).gettext(FRAME) in out  # every group frame of the terminal is titled in the language
    assert f"─ {FRAME}" not in out


def test_a_package_without_its_catalogs_fails_instead_of_speaking_english(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(bangbot.i18n, "LOCALES_DIR", tmp_path)
    translator.cache_clear()
    try:
        assert translator("en").gettext(STARTED) == STARTED
        with pytest.raises(FileNotFoundError):
            translator("ru")
    finally:
        translator.cache_clear()
