"""Called when a table opens: people who asked with /notify get a private message when a lobby opens in that group."""

from __future__ import annotations

import logging

from bangbot.i18n import Translator
from bangbot.messaging.adapter import Button, Keyboard, Undeliverable
from bangbot.messaging.context import Context
from bangbot.storage.models import Game

log = logging.getLogger(__name__)
ON = ("", "on")
OFF = ("off",)


def set_call(ctx: Context, tr: Translator, chat_id: int, user_id: int, wanted: bool) -> str:
    """Stores or removes a user's call for a group's tables; returns what to tell them."""
    changed = ctx.repo.set_table_call(chat_id, user_id, wanted)
    if wanted:
        if not changed:
            return tr.gettext("You are already called when a game gathers here. /notify off stops it.")
        return tr.gettext(
            "I will write to you privately when a game gathers here (open a private chat with me and send /start "
            "if you have not yet). /notify off stops it."
        )
    if not changed:
        return tr.gettext("You were not being called for games here. /notify asks for it.")
    return tr.gettext("I will no longer write to you when a game gathers here.")


def wanted(args: str) -> bool | None:
    """Returns whether /notify's argument asks for the call (nothing, "on") or stops it ("off"); None otherwise."""
    word = args.strip().lower()
    return True if word in ON else False if word in OFF else None


def notify_usage(tr: Translator) -> str:
    """Returns the answer to a /notify with an argument it does not take."""
    return tr.gettext("Send /notify to be called when a game gathers here, or /notify off to stop it.")


def call_text(tr: Translator, game: Game) -> str:
    """Returns the private message that a lobby opened in a group."""
    return tr.gettext(
        "A game of BANG! is gathering in {title}. Join it while there are seats. (/notify off in that group stops "
        "these messages.)",
        title=game.chat_title or "BANG!",
    )


def call_keyboard(ctx: Context, tr: Translator, game: Game) -> Keyboard:
    """Returns the join link button of the call, where the messenger has join links."""
    assert game.id is not None
    link = ctx.messenger.join_link(game.join_token) if game.join_token else None
    return ((Button(tr.gettext("Join"), url=link),),) if link else ()


async def call_players(ctx: Context, game: Game, seated: set[int]) -> None:
    """Writes, in the background, to everyone who asked to be called for the game's group (not to those seated)."""
    for user_id in await ctx.repo.run(ctx.repo.table_callers, game.chat_id):
        if user_id in seated:
            continue

        async def send(user_id: int = user_id) -> None:
            tr = ctx.tr_user(user_id, game.ruleset)
            try:
                await ctx.messenger.send(user_id, call_text(tr, game), call_keyboard(ctx, tr, game))
            except Undeliverable:
                log.info("could not call user %s to a table", user_id)

        ctx.replies.post(user_id, send)
