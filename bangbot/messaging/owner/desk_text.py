"""The owner's desk as text: workers with their last beat, running games, the outbox's backlog, 429s, banned chats."""

from __future__ import annotations

from datetime import datetime

from bangbot.i18n import Translator
from bangbot.storage.desk import Desk
from bangbot.storage.times import aware

TIME = "%Y-%m-%d %H:%M:%S UTC"


def desk_text(tr: Translator, desk: Desk, now: datetime) -> str:
    """Returns the desk's text, read at now."""
    lines = [tr.gettext("The owner's desk, {time}", time=now.strftime(TIME)), ""]
    lines.append(tr.gettext("Workers: {count}", count=len(desk.workers)))
    for worker in desk.workers:
        seen = round((now - aware(worker.seen_at)).total_seconds())
        lines.append("  " + tr.gettext("{worker}: last beat {seconds} s ago", worker=worker.worker, seconds=seen))
    lines.append(tr.gettext("Running games: {count}", count=desk.running))
    for game in desk.games:
        lines.append(f"  #{game.id} {game.chat_title or game.chat_id} ({game.chat_id}) · {game.ruleset}")
    lines.append(tr.gettext("Outbox backlog: {count}", count=desk.backlog))
    lines.append(tr.gettext("429s in the last hour: {count}", count=desk.limited))
    banned = ", ".join(str(chat) for chat in desk.banned) or "—"
    lines.append(tr.gettext("Banned chats: {chats}", chats=banned))
    return "\n".join(lines)
