"""The per-user caches are bounded (the least recently used entry goes first) and kept as long as they stay true."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from bangbot.messaging import context
from bangbot.messaging.adapter import User
from bangbot.messaging.context import CACHED_USERS, LANGUAGE_CACHE_SECONDS
from bangbot.messaging.lru import LruCache
from bangbot.storage.models import UserSettings
from tests.service_harness import Table, make_users


def test_the_least_recently_used_entry_is_forgotten_first() -> None:
    cache: LruCache[int, str] = LruCache(2)
    cache.put(1, "a")
    cache.put(2, "b")
    assert cache.get(1) == "a"  # 2 is now the least recently used
    cache.put(3, "c")
    assert len(cache) == 2
    assert 2 not in cache and cache.get(1) == "a" and cache.get(3) == "c"


def test_the_services_user_caches_are_bounded(tmp_path: Path) -> None:
    table = Table(f"sqlite:///{tmp_path / 'c.sqlite3'}", make_users(4))
    ctx = table.svc.ctx
    assert isinstance(ctx.known_users, LruCache) and ctx.known_users.capacity == CACHED_USERS
    assert isinstance(ctx.languages, LruCache) and ctx.languages.capacity >= CACHED_USERS
    ctx.known_users = LruCache(3)
    ctx.languages = LruCache(3)
    people = [User(id=1000 + i, name=f"P{i}", language="ru") for i in range(10)]
    for person in people:
        ctx.remember_user(person)
        assert ctx.user_language(person.id) == "ru"
    assert len(ctx.known_users) == 3 and len(ctx.languages) == 3
    asyncio.run(table.svc.stop())


def test_a_sole_writer_keeps_languages_until_it_changes_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table(f"sqlite:///{tmp_path / 'c.sqlite3'}", make_users(4))
    ctx = table.svc.ctx
    reads: list[int] = []
    read = ctx.repo.user_settings

    def counted(user_id: int) -> UserSettings:
        reads.append(user_id)
        return read(user_id)

    monkeypatch.setattr(ctx.repo, "user_settings", counted)
    person = User(id=2000, name="Ann", language="cs")
    ctx.remember_user(person)
    assert ctx.user_language(person.id) == "cs" and reads == [person.id]
    later = time.monotonic() + 10 * LANGUAGE_CACHE_SECONDS
    monkeypatch.setattr(context.time, "monotonic", lambda: later)
    assert ctx.user_language(person.id) == "cs" and reads == [person.id]  # SQLite: nobody else changes it
    ctx.remember_user(User(id=2000, name="Ann", language="ja"))  # their messenger's language changed here
    assert ctx.user_language(person.id) == "ja" and reads == [person.id] * 2
    monkeypatch.setattr(ctx.repo.leases, "shared", True)  # as where several workers share PostgreSQL
    monkeypatch.setattr(context.time, "monotonic", lambda: later + 2 * LANGUAGE_CACHE_SECONDS)
    assert ctx.user_language(person.id) == "ja" and reads == [person.id] * 3  # old: read again
    monkeypatch.undo()  # the clock runs again for the service to stop
    asyncio.run(table.svc.stop())
