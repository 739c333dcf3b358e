"""Shared fixtures: a private PostgreSQL server for the run, and a fresh database on it for each test."""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator

import pytest
from sqlalchemy import create_engine, text

from bangbot.storage.postgres import PostgresServer, find_bin

_numbers = itertools.count(1)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """Yields a PostgreSQL server started for this test run (a missing server fails CI, skips elsewhere)."""
    if find_bin("initdb") is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is not installed; scripts/test.sh installs it")
        pytest.skip("PostgreSQL is not installed")
    server = PostgresServer.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> str:
    """Returns the URL of a new, empty database on the test run's PostgreSQL server."""
    name = f"test_{os.getpid()}_{next(_numbers)}"
    admin = create_engine(postgres_server.url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return postgres_server.url.rsplit("/", 1)[0] + f"/{name}"
