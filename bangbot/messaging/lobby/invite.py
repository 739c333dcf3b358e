"""Inviting people: the lobby's share button, and cards explained in any chat through inline mode."""

from __future__ import annotations

from bangbot.games import DEFAULT
from bangbot.games import game as registered
from bangbot.i18n import Translator
from bangbot.i18n.explain import explain, preset_rules
from bangbot.i18n.glossary import lookup, unclear
from bangbot.messaging.adapter import Article, Button, InlineQuery, Keyboard
from bangbot.messaging.context import Context
from bangbot.storage.models import Game

MAX_ARTICLES = 10
MAX_INLINE_QUERY = 64  # longer texts name no card: answered with nothing


def share_row(ctx: Context, tr: Translator, game: Game) -> Keyboard:
    """Returns the lobby's share button (a link that passes the join link on to chats a player picks), or nothing."""
    assert game.id is not None
    join = ctx.messenger.join_link(game.join_token) if game.join_token else None
    if join is None:
        return ()
    text = tr.gettext("Join our game of BANG! in {title}:", title=game.chat_title or "BANG!")
    link = ctx.messenger.share_link(join, text)
    return ((Button(tr.gettext("Invite friends"), url=link),),) if link else ()


def inline_articles(tr: Translator, text: str) -> list[Article]:
    """Returns the explanations of the cards or characters a text names (one, or each it could mean), by the
    standard rules of the default game; none for an empty or unknown text."""
    query = text.strip()
    if not query or len(query) > MAX_INLINE_QUERY:
        return []
    rules = preset_rules(registered(DEFAULT).ruleset.presets[0], DEFAULT)
    found = lookup(tr, query, DEFAULT)
    topics = [found] if found is not None else [lookup(tr, name, DEFAULT) for name in unclear(tr, query, DEFAULT)]
    articles = []
    for topic in [t for t in topics if t is not None][:MAX_ARTICLES]:
        body = explain(tr, topic, rules)
        articles.append(Article(f"{topic[0]}:{topic[1]}"[:64], body.split("\n", 1)[0], body))
    return articles


async def answer_inline(ctx: Context, query: InlineQuery) -> None:
    """Answers an inline query in the user's language with the card or character it names."""
    ctx.remember_user(query.user)
    await ctx.messenger.answer_inline(query, inline_articles(ctx.tr_user(query.user.id), query.text))
