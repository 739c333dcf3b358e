"""Workers that start at the same moment on an empty PostgreSQL database migrate it once, one after the other."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from sqlalchemy import create_engine, text

from bangbot.storage.db import MIGRATIONS

WORKERS = 6
START_CEILING = 300.0  # only a ceiling against a hung start: the imports take a second or two
# Each process imports everything, says it is ready, then waits for the go: they all migrate at the same moment.
AT_ONCE = """
import os, sys, time
from bangbot.cli import main
open(sys.argv[2], "w").close()
while not os.path.exists(sys.argv[1]):
    time.sleep(0.002)
main(["migrate"])
"""


def newest_revision() -> str:
    """Returns the newest migration's revision id (the highest numbered file)."""
    return max(p.name.split("_")[0] for p in (MIGRATIONS / "versions").rglob("0*.py"))


def test_workers_started_together_on_an_empty_database_all_migrate_it(postgres_url: str, tmp_path: Path) -> None:
    go = tmp_path / "go"
    env = {**os.environ, "DATABASE_URL": postgres_url, "LANGUAGE": "en"}
    logs = [tmp_path / f"worker{i}.log" for i in range(WORKERS)]
    ready = [tmp_path / f"ready{i}" for i in range(WORKERS)]
    processes = []
    for log, flag in zip(logs, ready, strict=True):
        with log.open("w") as out:
            command = [sys.executable, "-c", AT_ONCE, str(go), str(flag)]
            processes.append(subprocess.Popen(command, env=env, stdout=out, stderr=out))
    deadline = time.monotonic() + START_CEILING
    while not all(f.exists() for f in ready) and all(p.poll() is None for p in processes):
        assert time.monotonic() < deadline, "the workers did not start"
        time.sleep(0.05)
    go.touch()
    codes = [p.wait(timeout=300) for p in processes]
    texts = [log.read_text() for log in logs]
    assert codes == [0] * WORKERS, texts
    assert all(t == "The database's schema is up to date.\n" for t in texts), texts
    engine = create_engine(postgres_url)
    with engine.connect() as connection:
        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalars().all() == [
            newest_revision()
        ]
    engine.dispose()
