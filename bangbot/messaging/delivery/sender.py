"""Sends and edits what people see after a change: the group's turn log and table, each seat's private message."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from functools import cache
from typing import Any

from bangbot.checkpoints import checkpoint
from bangbot.games.contract import TOP
from bangbot.i18n import Translator
from bangbot.i18n.wording import duration, join_list, player
from bangbot.messaging.adapter import Button, Keyboard, MessageRef, Undeliverable
from bangbot.messaging.context import Context
from bangbot.messaging.delivery.group_message import delete_group, edit_group, send_group, show_kept
from bangbot.messaging.delivery.lanes import GameLanes
from bangbot.messaging.delivery.to_show import MAINTENANCE, RECENT_LINES, Showing
from bangbot.messaging.delivery.urgency import urgently
from bangbot.messaging.lobby.final_buttons import final_keyboard
from bangbot.messaging.lobby.pinning import pin_table, unpin_table
from bangbot.messaging.play.bot_absent import ABANDONED, RESUMED, group_note, private_note
from bangbot.messaging.play.cancelled import cancelled_note, cancelled_table
from bangbot.messaging.play.chat_moved import MOVED
from bangbot.messaging.play.departure import LEFT, return_text
from bangbot.messaging.play.farewell import farewell_text
from bangbot.messaging.play.replace_now import REPLACED, offer_keyboard, replaced_text
from bangbot.messaging.play.stored_game import STANDIN, Batch, load, loaded, seat_view
from bangbot.messaging.presenting.board_buttons import table_board, with_board_button
from bangbot.messaging.press.button_data import game_button
from bangbot.messaging.press.confirm import prompt_text
from bangbot.messaging.records.sending import final_ending
from bangbot.storage.models import CANCELLED, RUNNING, Game, Outbox, Seat

log = logging.getLogger(__name__)
Step = Callable[[], Awaitable[None]]
Refs = Mapping[str, int | None]  # the game's message references a step sent, to store (None: no such message now)
SendStep = Callable[[], Awaitable[Refs | None]]
BACK_FROM_AI = "k"
BACK = "back"  # the group notice that a player plays their seat again
LEADING = (MOVED,)  # the group notices shown before the change's turn log: they explain why it appears
LOG_WITH_TABLE_MAX = 3000  # characters of a turn's log and table shown together; Telegram's limit is 4096
AWAITED_MARK = "!"  # ends a seat's shown digest once a new message told its player the game waits for them
BARE_MARK = "-"  # follows a seat's shown digest when its message shows no buttons


class Progress:
    """Counts the steps of one part of an outbox row's delivery that send new messages, so a delivery started again
    skips them; the players' part counts in `progress`, the group's in `group_progress`."""

    def __init__(self, ctx: Context, row: Outbox, group: bool = False) -> None:
        self.ctx = ctx
        self.row = row
        self.group = group
        self.index = 0
        self.unreachable: set[int] = set()  # the chats a send of this part could not reach
        self.stored = False  # the running step stored its completion itself (see store)

    @property
    def done(self) -> int:
        """Returns how many steps of this part earlier deliveries completed."""
        return self.row.group_progress if self.group else self.row.progress

    async def step(self, send: SendStep) -> None:
        """Runs send unless an earlier delivery of the row already did.

        send returns None when it sent no new message (an edit, or nothing), else the game's message references to
        store: they are stored with the step's completion in one write.
        """
        if self.index >= self.done:
            refs: Refs | None = None
            self.stored = False
            try:
                refs = await send()
            except Undeliverable as error:  # a player blocked the bot: nothing to retry (the group's lane pauses)
                if self.group:
                    raise
                log.info("could not deliver to a chat: %s", error)
            checkpoint("sent")
            if refs is not None and not self.stored:
                await self.store((), refs)
        self.index += 1

    async def store(self, seats: Sequence[Seat], refs: Refs) -> None:
        """Stores the running step's completion with the game's message references and the seats' (their new
        messages) in one write; a step's send may call it itself, to store them while it holds a lock."""
        if self.group:
            self.row.group_progress = self.index + 1
        else:
            self.row.progress = self.index + 1
        await self.ctx.repo.run(self.ctx.repo.outbox_progress, self.row, seats, **refs)
        self.stored = True

    async def send(self, chat_id: int, text: str, thread: int = 0) -> None:
        """Sends a message as one step (in a group's topic, if thread)."""

        async def send() -> dict[str, int]:
            try:
                await self.ctx.messenger.send(chat_id, text, thread=thread)
            except Undeliverable:
                self.unreachable.add(chat_id)
                raise
            return {}

        await self.step(send)


async def deliver_private(
    ctx: Context,
    batch: Batch,
    showing: Showing,
    row: Outbox,
    presser_saw: Callable[[], None] = lambda: None,
    showing_it: set[int] | None = None,
    lanes: GameLanes | None = None,
) -> list[int]:
    """Shows a saved change to each player privately: their message, a farewell, a reminder, then a notification
    (a new message) to each person the game started waiting for. The presser's message goes first, ahead of the
    bot's other traffic, and presser_saw is called once it is shown (their press is answered then). The seats in
    showing_it already show the change (their presser was shown it ahead of the lane) and are skipped; the seats
    this shows it to are added. With the game's lanes, a bystander's message may wait for the group's view (see
    messaging.delivery.bystanders) and the news kept for a seat shown now is shown with it.

    Returns the seats in play whose player could not be reached by any of these sends. A messenger error other than
    Undeliverable propagates: the row's players' part is shown again later (edits compare what is shown; new
    messages are counted).
    """
    if showing.offer:
        return []  # the group's waiting line gains buttons: no private message changes
    done = set() if showing_it is None else showing_it
    unreachable = await edit_seats(ctx, batch, showing, row, presser_saw, done, lanes)
    progress = Progress(ctx, row)
    await send_farewells(ctx, batch, showing, progress)
    await send_departure_notes(ctx, batch, showing, progress)
    if showing.cancelled_by:
        await send_cancelled_notes(ctx, batch, showing.cancelled_by, progress)
    if showing.absence:
        await send_absence_notes(ctx, batch, showing.absence, progress)
    if showing.remind:
        await send_private_reminders(ctx, batch, progress)
    await notify_awaited(ctx, batch, showing, progress, lanes)
    unreachable += [s.position for s in awaited_people(batch) if s.user_id in progress.unreachable]
    return unreachable


async def edit_seats(
    ctx: Context,
    batch: Batch,
    showing: Showing,
    row: Outbox,
    presser_saw: Callable[[], None],
    done: set[int],
    lanes: GameLanes | None,
) -> list[int]:
    """Edits each reachable seat's message to show a change (the presser's first, urgently, then calls presser_saw),
    except the seats in done, those a notification is due to (a new message, later) and, with lanes, those that may
    wait for the group's view (their news kept); adds the seats it showed to done. Returns the seats whose player
    could not be reached."""
    unreachable: list[int] = []
    edited: list[Seat] = []
    for seat in sorted(batch.seats, key=lambda s: s.position != showing.first):
        pressed = seat.position == showing.first
        if seat.user_id is not None and not seat.unreachable and not notification_due(batch, seat):
            try:
                if await show_seat(ctx, batch, showing, row, seat, done, lanes):
                    edited.append(seat)
            except Undeliverable:
                unreachable.append(seat.position)
        if pressed:
            presser_saw()
    await ctx.repo.run_brief(ctx.repo.shown, *edited)  # edits: written with the game's next write (storage.deferred)
    return unreachable


async def show_seat(
    ctx: Context, batch: Batch, showing: Showing, row: Outbox, seat: Seat, done: set[int], lanes: GameLanes | None
) -> bool:
    """Shows one seat a change as edit_seats says, under its message's lock; returns whether it edited the message
    (its reference and digest are left to the caller to store)."""
    async with ctx.seat_messages.hold((row.game_id, seat.position)):
        recent = showing.recent.get(seat.position, [])
        if lanes is not None and may_wait(ctx, batch, showing, seat) and changes(ctx, batch, seat, recent):
            lanes.keep_news(row.id or 0, seat.position, recent)
            return False
        if seat.position in done:
            return False
        recent = (lanes.take_news(seat.position) if lanes else []) + recent
        with urgently(seat.position == showing.first):
            edited = await show_private(ctx, batch, seat, TOP, recent=recent[-RECENT_LINES:], store=False)
        done.add(seat.position)
        return edited


async def deliver_group(
    ctx: Context, batch: Batch, showing: Showing, row: Outbox, latest: bool, table_moved: bool = True
) -> None:
    """Shows a saved change to the group: its turn logs, notices and reminder, and the table when latest.

    The current turn's log message shows the table as it stands below the turn's events (one edit per change);
    the kept table message is edited only when a turn began or someone went out of the game among the rows shown
    together (table_moved), when the game ended, or when the table could not go into the log. A row that is not the
    latest of those being shown skips the edits that a later row makes again (the current turn's log, the table); its
    new messages are always sent, in order.
    """
    if batch.game.paused or showing.absence == ABANDONED:
        return  # the bot is not in the group: it sees the game again from the stored state once the bot is back
    progress = Progress(ctx, row, group=True)
    if showing.absence == RESUMED:
        tr = ctx.tr_chat(batch.game.chat_id, game=batch.rules.id)
        await progress.send(batch.game.chat_id, group_note(tr), batch.game.thread_id)
    await send_notices(ctx, batch, showing, progress, leading=True)
    in_log = bool(showing.log) and await show_group_log(ctx, batch, showing, progress, latest)
    await send_notices(ctx, batch, showing, progress, leading=False)
    if showing.remind:
        await send_group_reminder(ctx, batch, progress)
    if showing.cancelled_by:
        tr = ctx.tr_chat(batch.game.chat_id, game=batch.rules.id)
        await send_new_table(ctx, batch, cancelled_table(tr, batch, showing.cancelled_by), progress, final=True)
    elif showing.absence == RESUMED:
        await send_new_table(ctx, batch, table_text(ctx, batch), progress)
    elif latest and table_due(batch, in_log, table_moved):
        await show_table(ctx, batch, resend=False)
    if showing.pin:
        await pin_table(ctx, batch.game)
    if latest and batch.rules.winner(batch.state) is not None:
        await unpin_table(ctx, batch.game)
        await send_ending_once(ctx, batch, progress)


async def send_ending_once(ctx: Context, batch: Batch, progress: Progress) -> None:
    """At a game's end: stores its results and sends the group its summary per player, then its record, once each."""
    game = batch.game
    ending = cache(lambda: final_ending(ctx, game))

    async def send_summary() -> dict[str, int]:
        if (end := ending()) is not None:
            await ctx.messenger.send(game.chat_id, end.summary, thread=game.thread_id)
        return {}

    async def send_record() -> dict[str, int]:
        if (end := ending()) is not None:
            await ctx.messenger.send_document(game.chat_id, end.filename, end.data, end.caption)
        return {}

    await progress.step(send_summary)
    await progress.step(send_record)


async def send_cancelled_notes(ctx: Context, batch: Batch, by: str, progress: Progress) -> None:
    """Tells each player of a cancelled game, privately in a new message, who cancelled it."""
    for seat in batch.seats:
        if seat.user_id is not None and not seat.unreachable:
            note = cancelled_note(ctx.tr_user(seat.user_id, batch.rules.id), batch.game.chat_title, by)
            await progress.send(seat.user_id, note)


async def send_absence_notes(ctx: Context, batch: Batch, absence: str, progress: Progress) -> None:
    """Tells each player privately that the game paused, resumed or was given up as the bot left or came back."""
    game = batch.game
    for seat in batch.seats:
        if seat.user_id is not None and not seat.unreachable:
            tr = ctx.tr_user(seat.user_id, batch.rules.id)
            await progress.send(seat.user_id, private_note(tr, absence, game.chat_title, game.deadline_seconds))


async def send_new_table(ctx: Context, batch: Batch, text: str, progress: Progress, final: bool = False) -> None:
    """Shows the table's text as a new group message (one step) that replaces the table message.

    The old table message is deleted, or when the text is final (it never changes again) edited to it: a bot cannot
    delete its messages older than 48 hours, and a table left as it was would still say whom the game waits for.
    """
    game = batch.game

    async def send() -> dict[str, int]:
        if game.table_message_id is not None and game.table_message_id != game.log_message_id:
            old = MessageRef(game.chat_id, game.table_message_id)
            if final:
                await edit_group(ctx, old, text)
            else:
                await delete_group(ctx, old)
        ref = await send_group(ctx, game, text)
        game.table_message_id = ref.message_id
        return {"table_message_id": ref.message_id}

    await progress.step(send)


async def send_farewells(ctx: Context, batch: Batch, showing: Showing, progress: Progress) -> None:
    """Tells each player eliminated by the change, privately, who took them out and their role."""
    over = batch.state.winner is not None
    for out in showing.out:
        seat = batch.seats[out["seat"]]
        if seat.user_id is None or seat.unreachable:
            continue
        tr = ctx.tr_user(seat.user_id, batch.rules.id)
        role = batch.declared.words.role(tr, out["role"])
        await progress.send(seat.user_id, farewell_text(tr, out, batch.names, batch.game.chat_title, over, role))


async def send_departure_notes(ctx: Context, batch: Batch, showing: Showing, progress: Progress) -> None:
    """Tells each player who left the group, privately, that the AI plays their seat and how to take it back."""
    for seat in [batch.seats[data["seat"]] for kind, data in showing.notices if kind == LEFT]:
        if seat.user_id is None or seat.unreachable:
            continue
        await progress.send(seat.user_id, return_text(ctx.tr_user(seat.user_id, batch.rules.id), batch.game.chat_title))


def notice_text(tr: Translator, kind: str, data: dict[str, Any], names: Sequence[str]) -> str:
    """Returns a group notice: the game moved here, maintenance, a seat handed to the AI (deadlines, leaving), back,
    unreachable."""
    if kind == MOVED:
        return tr.gettext("This group became a supergroup: the game goes on here.")
    if kind == MAINTENANCE:
        return tr.gettext(
            "Maintenance is coming: the bot may be away for a few minutes. Your game is saved and goes on afterwards."
        )
    name = player(tr, names[data["seat"]])
    if kind == STANDIN:
        return tr.gettext(
            "{name} missed two deadlines in a row: the AI plays for them until they press “I'm back”.", name=name
        )
    if kind == BACK:
        return tr.gettext("{name} is back: the AI no longer plays for them.", name=name)
    if kind == LEFT:
        return tr.gettext("{name} left the group: the AI plays for them until they press “I'm back”.", name=name)
    if kind == REPLACED:
        return replaced_text(tr, names[data["seat"]], str(data.get("by", "")))
    return tr.gettext(
        "{name}, I cannot write to you: open a private chat with me and send /start. Until then the AI plays for you.",
        name=name,
    )


def waiting_line(ctx: Context, tr: Translator, batch: Batch) -> str:
    """Returns the line that mentions the people who must act now: the turn's owner, or those who must answer.

    Nobody once the game stopped running (cancelled).
    """
    if batch.game.status != RUNNING and batch.rules.winner(batch.state) is None:
        return ""
    asked = batch.rules.awaiting(batch.state)
    turn = seat_view(ctx, batch, None).turn
    people = [player(tr, ctx.messenger.mention(s.user_id or 0, s.name)) for s in asked_people(batch)]
    if not people:
        return ""
    if tuple(asked) == (turn,):
        return tr.gettext("Your turn: {names}", names=join_list(tr, people))
    if turn not in asked:
        return tr.gettext("Waiting for an answer: {names}", names=join_list(tr, people))
    return tr.gettext("Waiting for: {names}.", names=join_list(tr, people))


def asked_people(batch: Batch) -> list[Seat]:
    """Returns, in seat order, the people (not AI players) the game's state asks to act: those its waiting line names
    while it runs."""
    asked = batch.rules.awaiting(batch.state)
    return [s for s in batch.seats if s.user_id is not None and not s.ai_controlled and s.position in asked]


async def show_group_log(ctx: Context, batch: Batch, showing: Showing, progress: Progress, latest: bool) -> bool:
    """Edits the current turn's log (when that changes it), then posts one new log message per new turn.

    A row that is not the latest of those shown together leaves its last turn's log to the later rows, which show
    it as it stands then: the edit is left out, and so is the new message of a turn that began in this row (the
    group has no log message of that turn yet: the next row sends it, once, instead of editing it).

    The current turn's message shows the table below its events while the game runs (see table_below); returns
    whether it does.
    """
    game = batch.game
    segments = showing.log or [[]]
    last = len(segments) - 1
    in_log = False
    for i, segment in enumerate(segments):
        text, buttons, below = turn_message(ctx, batch, segment, i == last)
        in_log = in_log or below

        async def show_log(i: int = i, text: str = text, buttons: Keyboard = buttons) -> Refs | None:
            if not text or (i == last == 0 and not latest):
                return None  # a later row shows the same turn's log again
            if i == last and not latest:  # a turn that began here goes on in a later row: it sends its log, whole
                game.log_message_id = None
                return {"log_message_id": None}
            if i == 0 and game.log_message_id is not None:
                await edit_group(ctx, MessageRef(game.chat_id, game.log_message_id), text, buttons)
                return None
            ref = await send_group(ctx, game, text, buttons)
            if i != last:
                return {}
            game.log_message_id = ref.message_id
            return {"log_message_id": ref.message_id}

        await progress.step(show_log)
    return in_log


def turn_message(ctx: Context, batch: Batch, events: list[dict[str, Any]], current: bool) -> tuple[str, Keyboard, bool]:
    """Returns a turn's log message as the group is shown it, its buttons, and whether the table is in it: the
    events' lines; for the current turn, the table below them (see table_below) and the waiting line."""
    tr = ctx.tr_chat(batch.game.chat_id, game=batch.rules.id)
    text = batch.declared.presenter.log_text(tr, events, batch.names, None)
    buttons: Keyboard = ()
    in_log = False
    if current and (table := table_below(ctx, batch, text)):
        text, in_log = f"{text}\n\n{table}" if text else table, True
    if current and (tail := waiting_line(ctx, tr, batch)):
        text = f"{text}\n\n{tail}" if text else tail
        buttons = offer_keyboard(ctx, tr, batch)
    return text, buttons, in_log


def table_due(batch: Batch, in_log: bool, table_moved: bool) -> bool:
    """Returns whether the kept table message must show the latest state: a turn began or someone went out of the
    game, the game ended, the log could not show the table, or the group has no table message yet (the game moved to
    a new chat)."""
    return table_moved or not in_log or over(batch) or batch.game.table_message_id is None


def over(batch: Batch) -> bool:
    """Returns whether the batch's game has a winner."""
    return batch.rules.winner(batch.state) is not None


def table_below(ctx: Context, batch: Batch, log: str) -> str:
    """Returns the table that the current turn's log message shows below its events: none once the game stopped
    running, or when the message would grow too long for one Telegram message (the kept table message shows it)."""
    if batch.game.status != RUNNING or over(batch):
        return ""
    table = table_text(ctx, batch)
    return table if len(log) + len(table) <= LOG_WITH_TABLE_MAX else ""


async def send_notices(ctx: Context, batch: Batch, showing: Showing, progress: Progress, leading: bool) -> None:
    """Sends the change's group notices that explain what follows (leading: the game moved here), or the others."""
    game = batch.game
    tr = ctx.tr_chat(game.chat_id, game=batch.rules.id)
    for kind, data in showing.notices:
        if (kind in LEADING) == leading:
            await progress.send(game.chat_id, notice_text(tr, kind, data, batch.names), game.thread_id)


def awaited_people(batch: Batch) -> list[Seat]:
    """Returns the seats of people (not AI players) the game waits for now."""
    return [batch.seats[s] for s in batch.rules.awaiting(batch.state) if not batch.seats[s].ai_controlled]


async def send_private_reminders(ctx: Context, batch: Batch, progress: Progress) -> None:
    """Reminds the people being waited for, privately, of the time left."""
    game = batch.game
    left = time_left(ctx, batch)
    for seat in awaited_people(batch):
        assert seat.user_id is not None
        await progress.send(
            seat.user_id, private_reminder(ctx.tr_user(seat.user_id, batch.rules.id), game.chat_title, left)
        )


async def send_group_reminder(ctx: Context, batch: Batch, progress: Progress) -> None:
    """Reminds the people being waited for with a mention in the group, with the time left."""
    people = awaited_people(batch)
    if people:
        game = batch.game
        tr = ctx.tr_chat(game.chat_id, game=batch.rules.id)
        mentions = [player(tr, ctx.messenger.mention(s.user_id or 0, s.name)) for s in people]
        await progress.send(game.chat_id, group_reminder(tr, mentions, time_left(ctx, batch)), game.thread_id)


def time_left(ctx: Context, batch: Batch) -> int:
    """Returns the seconds left before the game's deadline (0 without one)."""
    deadline = batch.game.deadline_at
    return int((deadline - ctx.clock()).total_seconds()) if deadline else 0


def private_reminder(tr: Translator, title: str, left: int) -> str:
    """Returns a player's private reminder of their move in a chat, with the time left rounded down."""
    return tr.gettext("Reminder: your move in {title}. Time left: {time}.", title=title, time=duration(tr, left))


def group_reminder(tr: Translator, people: Sequence[str], left: int) -> str:
    """Returns the group's reminder to the people (written as player() writes them), with the time left rounded down."""
    return tr.gettext(
        "{names}: your move, time is running out ({time} left).", names=join_list(tr, people), time=duration(tr, left)
    )


async def show_table(ctx: Context, batch: Batch, resend: bool) -> None:
    """Edits the group's table message in place, or sends a new one (and drops the old) when resend.

    Raises Undeliverable when the bot cannot write to the group.
    """
    game = batch.game
    assert game.id is not None
    text = table_text(ctx, batch)
    tr = ctx.tr_chat(game.chat_id, game=batch.rules.id)
    over = batch.rules.winner(batch.state) is not None
    buttons = final_keyboard(tr, game) if over else table_board(tr, ctx.messenger, game.id)
    try:
        sent = await show_kept(ctx, game, "table_message_id", text, buttons, resend)
        if sent and not over and game.status == RUNNING:  # the table shown again stays in sight as the old one did
            await pin_table(ctx, game)
    except Undeliverable:
        log.info("could not show the table of game %s", game.id)


def table_text(ctx: Context, batch: Batch) -> str:
    """Returns the group's table of a game as it stands, in the chat's language."""
    tr = ctx.tr_chat(batch.game.chat_id, game=batch.rules.id)
    return batch.declared.presenter.table_text(tr, seat_view(ctx, batch, None), batch.names, batch.game.chat_title)


def private_message(
    ctx: Context, batch: Batch, seat: Seat, level: str, recent: Sequence[dict[str, Any]] = ()
) -> tuple[str, Keyboard]:
    """Returns the text and buttons of a seat's private message at a step of its choice, with its recent news."""
    assert seat.user_id is not None and batch.game.id is not None
    tr = ctx.tr_user(seat.user_id, batch.rules.id)
    if batch.game.status == CANCELLED:
        return cancelled_table(tr, batch), ()
    v = seat_view(ctx, batch, seat.position)
    text = composed_text(batch, tr, v, seat, level, recent)
    if batch.rules.winner(batch.state) is not None:
        return text, ()
    game_id, version, position = batch.game.id, seat.prompt_version, seat.position

    def make(choice: str) -> str:
        return game_button(game_id, version, position, choice)

    if seat.standin:
        return text, with_board_button(
            tr, ctx.messenger, game_id, ((Button(tr.gettext("I'm back"), make(BACK_FROM_AI)),),)
        )
    buttons = batch.declared.presenter.keyboard(tr, v, batch.names, level, make) if v.legal else ()
    return text, with_board_button(tr, ctx.messenger, game_id, buttons)


def private_text(ctx: Context, batch: Batch, seat: Seat, level: str) -> str:
    """Returns the text of a seat's private message without news, as private_message writes it (no buttons built)."""
    assert seat.user_id is not None
    tr = ctx.tr_user(seat.user_id, batch.rules.id)
    if batch.game.status == CANCELLED:
        return cancelled_table(tr, batch)
    return composed_text(batch, tr, seat_view(ctx, batch, seat.position), seat, level, ())


def composed_text(
    batch: Batch, tr: Translator, v: Any, seat: Seat, level: str, recent: Sequence[dict[str, Any]]
) -> str:
    """Returns a seat's private text from its view: the game's seat text with its prompt and its recent news."""
    shows, names = batch.declared.presenter, batch.names
    news = shows.log_text(tr, list(recent), names, seat.position)
    prompt = prompt_text(shows, tr, v, names, seat.standin, level)
    return shows.seat_text(tr, v, names, batch.game.chat_title, prompt, news)


async def show_private(
    ctx: Context,
    batch: Batch,
    seat: Seat,
    level: str,
    resend: bool = False,
    recent: Sequence[dict[str, Any]] = (),
    store: bool = True,
    force: bool = False,
) -> bool:
    """Edits (or sends) a seat's private message, with its news from the change shown, when it changed.

    A change with no news for the seat leaves the news its message shows from an earlier change in place unless
    something else in the message changed: the digest covers the message without its news (see body_digest).
    Returns whether it showed anything or its awaited mark changed. What the message shows is stored (an edit's
    digest held back to ride with the game's next write, see storage.deferred), or (store False, after an edit) left
    to the caller to store with others: a new message's reference is always stored at once. With force, the message
    is edited even if its stored digest says it shows this already (a press on it asked for this view: a digest held
    back and lost in a crash may be behind). A new message of an awaited seat counts as its notification; otherwise
    the mark is kept as it was (only notify_awaited, in the players' lane, notifies). Raises Undeliverable when the
    player cannot be reached.
    """
    assert seat.user_id is not None and batch.game.id is not None
    text, buttons = private_message(ctx, batch, seat, level, recent)
    old = seat.private_message_id
    fresh = resend or old is None
    notified = is_awaited(batch, seat) and (fresh or seat.shown_digest.endswith(AWAITED_MARK))
    digest = body_digest(ctx, batch, seat, level, text, buttons, recent, notified)
    anyway = force or bool(recent)  # shown even if the stored digest says it shows this
    if seat.shown_digest == digest and not fresh and not anyway:
        return False
    if fresh:
        if old is not None:
            await ctx.messenger.delete(MessageRef(seat.user_id, old))
        ref = await ctx.messenger.send(seat.user_id, text, buttons)
        seat.private_message_id = ref.message_id
        store = True  # a new message's reference: stored at once
    elif old is not None and (anyway or seat.shown_digest.rstrip(AWAITED_MARK) != digest.rstrip(AWAITED_MARK)):
        await ctx.messenger.edit(MessageRef(seat.user_id, old), text, buttons)
    seat.shown_digest = digest
    if store:
        await store_shown(ctx, seat, fresh)
    return True


async def store_shown(ctx: Context, seat: Seat, fresh: bool) -> None:
    """Stores what a seat's message shows: a new message's reference at once (fresh), else an edit's digest held back
    (storage.deferred, with no thread's hop where it runs no statement)."""
    if fresh:
        await ctx.repo.run(ctx.repo.update_seat_refs, seat)
    else:
        await ctx.repo.run_brief(ctx.repo.shown, seat)


async def notify_awaited(
    ctx: Context, batch: Batch, showing: Showing, progress: Progress, lanes: GameLanes | None = None
) -> None:
    """Sends each person the game started waiting for a new private message, whose old one then loses its buttons,
    with the news kept for them while their message waited (lanes, see messaging.delivery.bystanders).

    One counted step per awaited seat, so a delivery started again never notifies twice; the seat's mark, stored with
    the new message's reference, guards the same way across rows. The seat's message lock is held from the send to
    the storing of the new message's id, so a press on the new message that comes before its id is stored is still
    known for the current message (see player_messages.drop_copy). Under that lock the seat is read as stored: a
    change saved since the batch was read (its presser's message may show it already) decides and is shown instead,
    so a message never goes back to an older prompt.
    """
    for seat in awaited_people(batch):

        async def notify(seat: Seat = seat) -> dict[str, int] | None:
            async with ctx.seat_messages.hold((batch.game.id or 0, seat.position)):
                now = await stored_now(ctx, batch, seat)
                if now is None or not notification_due(now, now.seats[seat.position]):
                    return None
                await notify_seat(ctx, now, showing, progress, now.seats[seat.position], lanes)
                seat.private_message_id = now.seats[seat.position].private_message_id
                seat.shown_digest = now.seats[seat.position].shown_digest
            return {}

        await progress.step(notify)


async def stored_now(ctx: Context, batch: Batch, seat: Seat) -> Batch | None:
    """Returns as_stored's game, from the copy this process keeps at once when it has one (no thread), else read."""
    known = ctx.repo.known(batch.game.id or 0)
    if known is not None and known[0].version >= batch.game.version:
        return as_stored(ctx, batch, seat, known)
    return await ctx.repo.run(as_stored, ctx, batch, seat)


def as_stored(ctx: Context, batch: Batch, seat: Seat, known: tuple[Game, list[Seat]] | None = None) -> Batch | None:
    """Returns the game as stored now for a seat's message (in a thread, unless known): batch, with the seat's message
    reference and what it shows read into it, if no change was saved since it was read; else the game read again.
    None if the game is gone or the seat is someone else's now. known is this process's kept copy (Repository.known),
    if already taken."""
    game_id = batch.game.id or 0
    if known is None:
        known = ctx.repo.known(game_id)  # where this process alone writes, what it keeps is what is stored
    if known is not None and known[0].version < batch.game.version:
        known = None
    version = known[0].version if known is not None else ctx.repo.game_version(game_id)
    if version != batch.game.version:
        fresh = loaded(ctx, *known) if known is not None else load(ctx, game_id)
        if fresh is None or seat.position >= len(fresh.seats):
            return None
        return fresh if fresh.seats[seat.position].user_id == seat.user_id else None
    stored = known[1] if known is not None else ctx.repo.seats(game_id)
    if seat.position >= len(stored) or stored[seat.position].user_id != seat.user_id:
        return None
    seat.private_message_id = stored[seat.position].private_message_id
    seat.shown_digest = stored[seat.position].shown_digest
    return batch


async def notify_seat(
    ctx: Context, batch: Batch, showing: Showing, progress: Progress, seat: Seat, lanes: GameLanes | None
) -> None:
    """Sends an awaited seat its new message, stores its id, then takes the old message's buttons away."""
    assert seat.user_id is not None
    kept = lanes.take_news(seat.position) if lanes else []
    recent = (kept + showing.recent.get(seat.position, []))[-RECENT_LINES:]
    text, buttons = private_message(ctx, batch, seat, TOP, recent)
    old = seat.private_message_id if seat.private_message_id is not None and has_live_buttons(seat) else None
    try:
        ref = await ctx.messenger.send(seat.user_id, text, buttons)
    except Undeliverable:
        progress.unreachable.add(seat.user_id)
        raise
    seat.private_message_id = ref.message_id
    seat.shown_digest = body_digest(ctx, batch, seat, TOP, text, buttons, recent, True)
    await progress.store((seat,), {})  # the notification is done: its step and the seat's new message, one write
    if old is not None:
        try:
            await ctx.messenger.drop_buttons(MessageRef(seat.user_id, old))
        except Undeliverable:
            log.info("could not take the buttons off an old message of game %s", batch.game.id)


def body_digest(
    ctx: Context,
    batch: Batch,
    seat: Seat,
    level: str,
    text: str,
    buttons: Keyboard,
    recent: Sequence[dict[str, Any]],
    notified: bool,
) -> str:
    """Returns the shown_digest of a seat's message (text and buttons, as private_message made them with recent)
    taken without its news, so that a later change with no news for the seat need not edit it only to drop them."""
    if recent:
        text = private_text(ctx, batch, seat, level)
    return shown_digest(text, buttons, notified)


def shown_digest(text: str, buttons: Keyboard, notified: bool) -> str:
    """Returns what a seat's shown_digest stores: a digest of its message, marked when it shows no buttons and once
    its player was notified."""
    digest = hashlib.sha1(repr((text, buttons)).encode()).hexdigest()[:16]
    return digest + ("" if buttons else BARE_MARK) + (AWAITED_MARK if notified else "")


def may_wait(ctx: Context, batch: Batch, showing: Showing, seat: Seat) -> bool:
    """Returns whether a seat's message may wait for the group's view of a change: the group's lane holds its view,
    the change only goes on with a running game (Showing.plain), its player did not press it, the game does not wait
    for them, and their message shows no buttons and gains none (see messaging.delivery.bystanders)."""
    if ctx.group_hold_seconds <= 0 or ctx.lanes.hurry.is_set() or not showing.plain:
        return False
    if batch.game.status != RUNNING or over(batch):
        return False
    if seat.position == showing.first or seat.standin or is_awaited(batch, seat) or has_live_buttons(seat):
        return False
    return not seat_view(ctx, batch, seat.position).legal


def changes(ctx: Context, batch: Batch, seat: Seat, recent: Sequence[dict[str, Any]]) -> bool:
    """Returns whether showing a seat the batch would change its message (as show_private decides): news, no message
    yet, or another text or buttons."""
    if recent or seat.private_message_id is None:
        return True
    text, buttons = private_message(ctx, batch, seat, TOP)
    return seat.shown_digest.rstrip(AWAITED_MARK) != shown_digest(text, buttons, False)


def has_live_buttons(seat: Seat) -> bool:
    """Returns whether a seat's message may show buttons: unless its stored digest says it shows none."""
    return not seat.shown_digest.rstrip(AWAITED_MARK).endswith(BARE_MARK)


def notification_due(batch: Batch, seat: Seat) -> bool:
    """Returns whether the game waits for a seat's player who was not told so by a new message yet."""
    return is_awaited(batch, seat) and not seat.shown_digest.endswith(AWAITED_MARK)


def is_awaited(batch: Batch, seat: Seat) -> bool:
    """Returns whether the game waits for this seat's player (not the AI playing for them) now."""
    return not seat.ai_controlled and seat.position in batch.rules.awaiting(batch.state)
