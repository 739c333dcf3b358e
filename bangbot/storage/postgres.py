"""A private PostgreSQL server in a folder, for tests and benchmarks on this machine (needs PostgreSQL installed)."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

SERVICE_USER = "postgres"


def find_bin(name: str) -> str | None:
    """Returns the path of a PostgreSQL server program (initdb, pg_ctl), or None if none is installed."""
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


def free_port() -> int:
    """Returns a TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class PostgresServer:
    """A PostgreSQL server started by start() in its own folder on 127.0.0.1; stop() removes it all."""

    folder: Path
    port: int
    as_root: bool

    @property
    def url(self) -> str:
        """Returns the SQLAlchemy URL of the server's database."""
        return f"postgresql+psycopg://{SERVICE_USER}@127.0.0.1:{self.port}/postgres"

    def _run(self, *args: str) -> None:
        """Runs a server program as the postgres user (PostgreSQL refuses to run as root)."""
        command = ["runuser", "-u", SERVICE_USER, "--", *args] if self.as_root else list(args)
        subprocess.run(command, check=True, capture_output=True, timeout=120)

    @staticmethod
    def start() -> PostgresServer:
        """Creates a database cluster in a temporary folder and starts a server on a free port."""
        initdb, pg_ctl = find_bin("initdb"), find_bin("pg_ctl")
        if initdb is None or pg_ctl is None:
            raise RuntimeError("PostgreSQL is not installed (apt-get install -y postgresql)")
        folder = Path(tempfile.mkdtemp(prefix="bangbot-pg-"))
        server = PostgresServer(folder, free_port(), os.geteuid() == 0)
        if server.as_root:
            shutil.chown(folder, SERVICE_USER, SERVICE_USER)
        data = str(folder / "data")
        server._run(initdb, "-D", data, "-U", SERVICE_USER, "--auth=trust", "--encoding=UTF8", "--no-sync")
        server.resume()
        return server

    def resume(self) -> None:
        """Starts the server on its folder and port (again, after pause())."""
        pg_ctl = find_bin("pg_ctl")
        assert pg_ctl is not None, "start() found it"
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
        data = str(self.folder / "data")
        self._run(pg_ctl, "-D", data, "-o", options, "-l", str(self.folder / "server.log"), "-w", "start")

    def pause(self) -> None:
        """Stops the server as an administrator would (pg_ctl stop -m fast: sessions are ended), keeping its data."""
        pg_ctl = find_bin("pg_ctl")
        assert pg_ctl is not None, "start() found it"
        self._run(pg_ctl, "-D", str(self.folder / "data"), "-m", "fast", "-w", "stop")

    def stop(self) -> None:
        """Stops the server and deletes its folder."""
        pg_ctl = find_bin("pg_ctl")
        if pg_ctl is not None:
            with contextlib.suppress(subprocess.CalledProcessError):
                self._run(pg_ctl, "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)
