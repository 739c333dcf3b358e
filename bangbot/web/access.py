"""Who may see which board: a seated user their seat's, a member of the game's group the group's; nobody else."""

from __future__ import annotations

import time
from dataclasses import dataclass

from bangbot.messaging.context import Context
from bangbot.messaging.lru import LruCache
from bangbot.messaging.play.stored_game import Batch, load
from bangbot.storage.models import Seat

MEMBERSHIP_SECONDS = 60.0  # a group membership asked of the messenger is believed this long
MEMBERSHIPS_KEPT = 10_000
GAMES_KEPT = 512  # games read at one version, shared by every page that asks for that version


class Forbidden(Exception):
    """The user neither sits at the game nor belongs to its group."""


@dataclass(frozen=True, slots=True)
class Sight:
    """A game as read for one user: the batch, and the seat they see it from (None: the group's view)."""

    batch: Batch
    seat: Seat | None


class Members:
    """Group memberships asked of the messenger, believed for MEMBERSHIP_SECONDS."""

    def __init__(self) -> None:
        self.known: LruCache[tuple[int, int], tuple[bool, float]] = LruCache(MEMBERSHIPS_KEPT)

    async def member(self, ctx: Context, chat_id: int, user_id: int) -> bool:
        """Returns whether the user belongs to the group chat (asked at most once a minute)."""
        hit = self.known.get((chat_id, user_id))
        if hit is not None and time.monotonic() - hit[1] < MEMBERSHIP_SECONDS:
            return hit[0]
        answer = await ctx.messenger.is_member(chat_id, user_id)
        self.known.put((chat_id, user_id), (answer, time.monotonic()))
        return answer


def seat_of(batch: Batch, user_id: int) -> Seat | None:
    """Returns the seat the user holds at the game, or None."""
    return next((s for s in batch.seats if s.user_id == user_id), None)


class Versions:
    """Games as read at one version: each page asking for a version it was read at reads only the version again."""

    def __init__(self) -> None:
        self.kept: LruCache[tuple[int, int], Batch] = LruCache(GAMES_KEPT)

    def read(self, ctx: Context, game_id: int) -> Batch | None:
        """Returns the game as stored now (one light read, storage.kept), the same batch for every page that asks
        for a version it was read at (run in a database thread)."""
        fresh = load(ctx, game_id)
        if fresh is None:
            return None
        found = self.kept.get((game_id, fresh.game.version))
        if found is None:
            self.kept.put((game_id, fresh.game.version), fresh)
            return fresh
        return found


async def sight(
    ctx: Context, members: Members, versions: Versions, game_id: int, user_id: int, group: bool, newest: int | None
) -> Sight | None:
    """Returns a game as the user may see it (their seat's view unless group, else the group's); None for a game
    with no table; raises Forbidden for a user who neither sits there nor belongs to its group.

    newest is the version the live hub last heard of, if any: a game read at it is not read again."""
    batch = versions.kept.get((game_id, newest)) if newest is not None else None
    if batch is None:
        batch = await ctx.repo.run(versions.read, ctx, game_id)
    if batch is None:
        return None
    seat = seat_of(batch, user_id)
    if seat is not None:
        return Sight(batch, None if group else seat)
    if await members.member(ctx, batch.game.chat_id, user_id):
        return Sight(batch, None)
    raise Forbidden(f"user {user_id} is not at game {game_id}")
