"""Alembic environment: runs migrations on the connection the caller hands over."""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

import bangbot.storage.models  # noqa: F401 - registers the tables on SQLModel.metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=SQLModel.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
