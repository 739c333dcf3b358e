"""A running game advanced: some moves (or none), then the AI's, saved in a database thread off the event loop."""

from __future__ import annotations

from collections.abc import Callable

from bangbot.messaging.context import Context
from bangbot.messaging.delivery.outbox import kick, save, touching
from bangbot.messaging.failures import RETRIES
from bangbot.messaging.play.stored_game import Batch, load, run_ai
from bangbot.storage.models import RUNNING
from bangbot.storage.repository import StaleGame

Moves = Callable[[Batch], bool]  # makes moves on a loaded game; returns False to do nothing


async def advance(ctx: Context, game_id: int, moves: Moves) -> bool:
    """Runs the AI on a running game after moves (which may make moves, or return False to do nothing); saves.
    Returns whether it saved.

    The reading, the moves and the saving run in a database thread, off the event loop.
    """
    if await ctx.repo.run(advanced, ctx, game_id, moves):
        kick(ctx, game_id)
        return True
    return False


def advanced(ctx: Context, game_id: int, moves: Moves) -> bool:
    """Loads, moves (see advance) and saves a game, again if another worker saved it meanwhile; returns if saved."""
    for _ in range(RETRIES):
        batch = load(ctx, game_id)
        if batch is None or batch.game.status != RUNNING or not moves(batch):
            return False
        run_ai(ctx, batch)
        try:
            save(ctx, batch)
            return True
        except StaleGame:
            continue
    return False


async def resume_ai(ctx: Context, game_id: int) -> None:
    """Lets the AI players of a game move now, after ctx.hold_ai held them."""
    async with touching(ctx, game_id):
        await advance(ctx, game_id, lambda batch: True)
