"""Lobbies: one per group chat; join, leave, settings, start with AI seats, cancel, expiry."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from bangbot import games as registry
from bangbot.ai.levels import DEFAULT_LEVEL, LEVELS
from bangbot.i18n import Translator
from bangbot.i18n.digits import half_width
from bangbot.i18n.wording import AI_SEAT_NAME, player
from bangbot.messaging.adapter import Button, Command, MessageRef, Press, Undeliverable, User
from bangbot.messaging.context import Context
from bangbot.messaging.delivery.after_lock import Later
from bangbot.messaging.delivery.outbox import kick, save, touching
from bangbot.messaging.delivery.to_show import LOBBY_CANCELLED, LOBBY_EXPIRED, LOBBY_SHOW, Showing
from bangbot.messaging.lobby.options import OPTION, switch, table_choices
from bangbot.messaging.lobby.view import (
    MODE,
    REMOVE,
    following,
    lobby_keyboard,
    max_ai_seats,
    offered,
    sizes_of,
)
from bangbot.messaging.play.stored_game import Batch, run_ai
from bangbot.messaging.press.button_data import BadButton, ButtonData, lobby_button, offered_choices
from bangbot.storage.models import (
    CANCELLED,
    EXPIRED,
    GATHERING,
    RUNNING,
    ChatSettings,
    Game,
    Outbox,
    PressAnswer,
    Seat,
)

DEADLINE_CHOICES = (60, 5 * 60, 3600, 6 * 3600, 24 * 3600, 3 * 24 * 3600, 7 * 24 * 3600)
MIN_DEADLINE = 60
MAX_DEADLINE = 7 * 24 * 3600
MAX_DURATION_TEXT = 32
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
REMOVE_SEAT = "rm."  # a removal button's choice: this prefix and the seat's position in the lobby
# Choices that mean the same at every version of the lobby (they change only the presser's own seat), as a game
# button stays current while its seat's choices do not change.
ANY_VERSION = frozenset({"join", "leave"})


@dataclass(frozen=True)
class Rights:
    """What the messenger said about a presser before the game's lock was taken: a chat admin, a group member."""

    admin: bool = False
    member: bool = False


NO_RIGHTS = Rights()


def parse_duration(text: str) -> int | None:
    """Returns seconds for texts like '90m', '2h', '1d 12h' or '45' (minutes); None if malformed."""
    text = half_width(text).strip().lower().replace(" ", "").replace("\u3000", "")
    if len(text) > MAX_DURATION_TEXT:
        return None
    if re.fullmatch(r"[0-9]+", text):
        return int(text) * 60
    if not re.fullmatch(r"([0-9]+[smhd])+", text):
        return None
    return sum(int(n) * _UNITS[u] for n, u in re.findall(r"([0-9]+)([smhd])", text))


def lobby_row(ctx: Context, game: Game, what: str = LOBBY_SHOW) -> Outbox:
    """Returns the outbox row of a lobby change: show the lobby, or close it (cancelled, expired)."""
    return Outbox(game_id=game.id or 0, payload=Showing(lobby=what).to_json(), created_at=ctx.clock())


def press_answer(ctx: Context, press: Press | None, game: Game, answer: tuple[str, bool]) -> PressAnswer | None:
    """Returns the record of a press's answer, to be saved with the change it made (None without a press)."""
    if press is None:
        return None
    text, alert = answer
    return PressAnswer(
        press_id=press.id, game_id=game.id or 0, user_id=press.user.id, text=text, alert=alert, at=ctx.clock()
    )


async def change_lobby(
    ctx: Context,
    game: Game,
    answer: tuple[str, bool],
    press: Press | None = None,
    seats: Sequence[Seat] = (),
    remove: Sequence[Seat] = (),
    what: str = LOBBY_SHOW,
    table: Sequence[Seat] | None = None,
) -> tuple[str, bool]:
    """Saves a lobby change with what it must show and the press's answer in one transaction, then shows it.

    table, the lobby's seats as read before the change, spares reading them again to show it.
    """
    row = lobby_row(ctx, game, what)
    answered = press_answer(ctx, press, game, answer)
    await ctx.repo.run(ctx.repo.save, game, seats, remove_seats=remove, outbox=row, answer=answered)
    kick(ctx, game.id or 0)
    return answer


def new_lobby(
    ctx: Context,
    chat_id: int,
    title: str,
    creator_id: int,
    like: ChatSettings | Game,
    game: tuple[str, str],
    thread: int = 0,
) -> Game:
    """Returns a lobby (not stored) of a game and preset (or mode), with the lobby options, time per move and AI
    seats of a chat's settings or of an earlier game."""
    now = ctx.clock()
    lobby = Game(
        chat_id=chat_id,
        thread_id=thread,
        chat_title=title,
        creator_id=creator_id,
        ruleset=game[0],
        preset=game[1],
        choices_json=like.choices_json,
        deadline_seconds=like.deadline_seconds,
        ai_seats=like.ai_seats,
        ai_level=like.ai_level if isinstance(like, Game) else DEFAULT_LEVEL,
        created_at=now,
        updated_at=now,
        lobby_expires_at=now + ctx.lobby_ttl,
    )
    lobby.ai_seats = min(lobby.ai_seats, max_ai_seats(lobby))  # the chat's last table may have been larger
    return lobby


async def create_lobby(ctx: Context, cmd: Command) -> Game:
    """Opens a lobby with the chat's settings and returns it; the creator joins it (the chat adopts their language)."""
    settings = await ctx.repo.run(ctx.adopt_language, cmd.chat_id, cmd.user.id)
    game_id = settings.ruleset if settings.ruleset in offered() else registry.DEFAULT
    presets = registry.game(game_id).ruleset.presets
    preset = settings.preset if settings.preset in presets else presets[0]
    seat = Seat(game_id=0, position=0, user_id=cmd.user.id, name=cmd.user.name)
    lobby = new_lobby(ctx, cmd.chat_id, cmd.chat_title, cmd.user.id, settings, (game_id, preset), cmd.thread)
    row = lobby_row(ctx, lobby)
    game = await ctx.repo.run(ctx.repo.create_game, lobby, [seat], row)
    kick(ctx, game.id or 0)
    warn_if_unreachable(ctx, game, cmd.user.id, cmd.user.name)
    return game


def warn_if_unreachable(ctx: Context, game: Game, user_id: int, name: str) -> None:
    """Tells the lobby's group (in its topic), in the background, how a player who can't get private messages can fix
    it."""
    chat_id = game.chat_id

    async def warn() -> None:
        if not await ctx.messenger.can_message(user_id):
            tr = ctx.tr_chat(chat_id)
            text = tr.gettext(
                "{name}, I cannot write to you yet: open a private chat with me and send /start, "
                "so that I can send you your role and cards.",
                name=player(tr, ctx.messenger.mention(user_id, name)),
            )
            await ctx.messenger.send(chat_id, text, thread=game.thread_id)

    ctx.replies.post(chat_id, warn)


async def join(
    ctx: Context, game: Game, seats: list[Seat], user: User, member: bool, press: Press | None = None
) -> tuple[str, bool]:
    """Seats a member of the lobby's group (member: the messenger said so before the lock); returns the notice for
    them and whether it is an alert."""
    tr = ctx.tr_user(user.id, game.ruleset)
    if any(s.user_id == user.id for s in seats):
        return tr.gettext("You have already joined."), False
    if not member:
        return tr.gettext("Only members of the group where this game is gathering can join it."), True
    if len(seats) >= sizes_of(game).stop - 1:
        return tr.gettext("The table is full."), True
    assert game.id is not None
    position = max((s.position for s in seats), default=-1) + 1
    new = Seat(game_id=game.id, position=position, user_id=user.id, name=user.name)
    answer = await change_lobby(ctx, game, (joined_text(tr, game), False), press, [new], table=seats)
    warn_if_unreachable(ctx, game, user.id, user.name)
    return answer


def joined_text(tr: Translator, game: Game) -> str:
    """Returns what a player who just joined is told: which group's game, when the group has a title."""
    if not game.chat_title:
        return tr.gettext("You joined the game.")
    return tr.gettext("You joined the game in «{group}».", group=game.chat_title)


async def join_by_link(ctx: Context, token: str | None, user: User) -> str:
    """Seats a user who came through a lobby's join link (token None: the link carried none); returns their notice."""
    game = await ctx.repo.run(ctx.repo.game_by_join_token, token) if token is not None else None
    if game is None or game.id is None:
        return ctx.tr_user(user.id).gettext("There is no such lobby.")
    member = await ctx.messenger.is_member(game.chat_id, user.id)  # asked before the lock: nothing waits inside it
    async with touching(ctx, game.id):
        game = await ctx.repo.run(ctx.repo.game, game.id)
        if game is None or game.status != GATHERING:
            return ctx.tr_user(user.id).gettext("This lobby is closed.")
        text, _ = await join(ctx, game, await ctx.repo.run(ctx.repo.seats, game.id or 0), user, member)
        return text


async def may_manage(ctx: Context, game: Game, user_id: int) -> bool:
    """Returns whether the user created the game or administers its chat."""
    return user_id == game.creator_id or await ctx.messenger.is_admin(game.chat_id, user_id)


async def lobby_rights(ctx: Context, press: Press, data: ButtonData) -> Rights:
    """Asks the messenger, before the game's lock is taken, what a lobby press may need: admin rights, membership."""
    game = await ctx.repo.run(ctx.repo.game, data.target)
    if game is None or game.status != GATHERING:
        return NO_RIGHTS
    if data.choice == "join":
        return Rights(member=await ctx.messenger.is_member(game.chat_id, press.user.id))
    if data.choice == "leave" or press.user.id == game.creator_id:
        return NO_RIGHTS  # the creator needs no admin rights (if they stop being it meanwhile, they are refused)
    return Rights(admin=await ctx.messenger.is_admin(game.chat_id, press.user.id))


async def lobby_press(ctx: Context, press: Press, data: ButtonData, rights: Rights, later: Later) -> tuple[str, bool]:
    """Handles a lobby button with the rights asked before the lock; returns the notice for the press and whether it
    is an alert. What it sends or edits besides the lobby is appended to later, to run once the lock is released."""
    game = await ctx.repo.run(ctx.repo.game, data.target)
    if game is None:
        return ctx.tr_user(press.user.id).gettext("There is no such lobby."), True
    if game.status != GATHERING:
        return ctx.tr_user(press.user.id).gettext("This lobby is closed."), True
    tr = await ctx.repo.run(ctx.tr_user, press.user.id, game.ruleset)
    seats = await ctx.repo.run(ctx.repo.seats, data.target)
    refused = refusal(ctx, tr, game, seats, press, data)
    if refused is not None:
        return refused
    return await choose(ctx, tr, game, seats, press, data.choice, rights, later)


def refusal(
    ctx: Context, tr: Translator, game: Game, seats: list[Seat], press: Press, data: ButtonData
) -> tuple[str, bool] | None:
    """Returns the answer to a press on a button the lobby no longer offers as pressed, None for a current one.

    Raises BadButton for a choice the lobby never offers.
    """
    removal = data.choice.startswith(REMOVE_SEAT)  # on the message offer_removal sent, not on the lobby's
    if removal and data.version == game.version and data.choice not in removal_choices(seats):
        raise BadButton(f"the lobby has no seat to remove for {data.choice!r}")
    if not removal and data.choice not in offered_choices(lobby_keyboard(tr, game, ctx.messenger)):
        if data.choice.startswith(MODE):  # the mode (or the game) changed since the lobby showed this button
            return tr.gettext("This choice is no longer current."), True
        raise BadButton(f"the lobby does not offer {data.choice!r}")
    # A lobby message shown but whose reference delivery has not stored yet is the newest (its version says the rest).
    if not removal and game.lobby_message_id not in (None, press.message_id):
        return tr.gettext("This is an old message: use the newest lobby message."), True
    if data.version != game.version and data.choice not in ANY_VERSION:
        return tr.gettext("This choice is no longer current."), True
    return None


async def choose(
    ctx: Context, tr: Translator, game: Game, seats: list[Seat], press: Press, choice: str, rights: Rights, later: Later
) -> tuple[str, bool]:
    """Applies a current lobby choice: join, leave, and for the creator or an admin removal, cancel, start, settings."""
    if choice == "join":
        return await join(ctx, game, seats, press.user, rights.member, press)
    if choice == "leave":
        mine = next((s for s in seats if s.user_id == press.user.id), None)
        if mine is None:
            return tr.gettext("You are not in this game."), True
        answers = (tr.gettext("You left the game."), tr.gettext("You left; the lobby is closed."))
        return await remove_seat(ctx, game, seats, mine, answers, press)
    if press.user.id != game.creator_id and not rights.admin:
        return tr.gettext("Only the creator of the game or a chat admin can do this."), True
    if choice == REMOVE:
        return offer_removal(ctx, tr, game, seats, press, later)
    if choice.startswith(REMOVE_SEAT):
        return await remove_player(ctx, tr, game, seats, press, int(choice.removeprefix(REMOVE_SEAT)), later)
    if choice == "cancel":
        game.status = CANCELLED
        return await change_lobby(ctx, game, (tr.gettext("The game is cancelled."), False), press, what=LOBBY_CANCELLED)
    if choice == "start":
        return await start_game(ctx, game, seats, tr, press)
    change_setting(game, choice)
    answer = await change_lobby(ctx, game, ("", False), press, table=seats)
    # The chat's choice from now on: the next lobby starts from it, /rules follows it.
    if choice in ("game", "preset") or choice.startswith(MODE):
        await ctx.repo.run(remember_game, ctx, game)
    return answer


async def remove_seat(
    ctx: Context, game: Game, seats: list[Seat], seat: Seat, answers: tuple[str, str], press: Press
) -> tuple[str, bool]:
    """Takes a seat out of a lobby (the next person becomes the creator if it was theirs); answers[1] if none is left.

    A lobby left empty is closed.
    """
    rest = [s for s in seats if s is not seat]
    if not rest:
        game.status = CANCELLED
        return await change_lobby(ctx, game, (answers[1], False), press, remove=[seat], what=LOBBY_CANCELLED)
    if game.creator_id == seat.user_id and rest[0].user_id is not None:
        game.creator_id = rest[0].user_id
    return await change_lobby(ctx, game, (answers[0], False), press, remove=[seat], table=seats)


def removal_choices(seats: Sequence[Seat]) -> frozenset[str]:
    """Returns the choices of the buttons that remove each person of a lobby."""
    return frozenset(f"{REMOVE_SEAT}{s.position}" for s in seats if s.user_id is not None)


def offer_removal(
    ctx: Context, tr: Translator, game: Game, seats: list[Seat], press: Press, later: Later
) -> tuple[str, bool]:
    """Has the group sent (later) a message with a button for each player the presser may remove (all but them)."""
    assert game.id is not None
    others = [s for s in seats if s.user_id is not None and s.user_id != press.user.id]
    if not others:
        return tr.gettext("Nobody else has joined."), True
    group = ctx.tr_chat(game.chat_id, game=game.ruleset)
    version = game.version
    buttons = tuple((Button(s.name, lobby_button(game.id, version, f"{REMOVE_SEAT}{s.position}")),) for s in others)
    text = group.gettext("Choose the player to remove from the game:")
    later.append(partial(ctx.messenger.send, game.chat_id, text, buttons))
    return "", False


async def remove_player(
    ctx: Context, tr: Translator, game: Game, seats: list[Seat], press: Press, position: int, later: Later
) -> tuple[str, bool]:
    """Takes a player out of a lobby for its creator or an admin; says so on the removal message and tells them
    (later, once the lock is released)."""
    seat = next(s for s in seats if s.position == position)
    assert seat.user_id is not None
    gone = tr.gettext("{name} is no longer in this game.", name=player(tr, seat.name))
    answer = await remove_seat(ctx, game, seats, seat, (gone, tr.gettext("The game is cancelled.")), press)
    if press.message_id != game.lobby_message_id:  # the removal message says it; the lobby shows it anyway
        group = ctx.tr_chat(game.chat_id, game=game.ruleset)
        note = group.gettext("{name} is no longer in this game.", name=player(group, seat.name))
        later.append(partial(ctx.messenger.edit, MessageRef(press.chat_id, press.message_id), note))
    mine = ctx.tr_user(seat.user_id, game.ruleset)
    told = mine.gettext(
        "You are no longer in the game in «{group}»: its creator or a chat admin removed you.", group=game.chat_title
    )
    later.append(partial(tell_removed, ctx, seat.user_id, told))
    return answer


async def tell_removed(ctx: Context, user_id: int, told: str) -> None:
    """Tells a removed player privately; one who cannot be reached sees it in the group's lobby anyway."""
    with contextlib.suppress(Undeliverable):
        await ctx.messenger.send(user_id, told)


def remember_game(ctx: Context, game: Game) -> None:
    """Stores a lobby's game and preset as its chat's choice for the next lobby."""
    settings = ctx.repo.chat_settings(game.chat_id)
    settings.ruleset, settings.preset = game.ruleset, game.preset
    ctx.repo.save_chat_settings(settings)


def change_setting(game: Game, choice: str) -> None:
    """Steps one lobby setting: the game, its preset or mode, one of its options, time per move, AI seats, AI level."""
    rules = registry.game(game.ruleset).ruleset
    if choice == "game":
        game.ruleset = following(offered(), game.ruleset)
        rules = registry.game(game.ruleset).ruleset
        game.preset = game.preset if game.preset in rules.presets else rules.presets[0]
    elif choice == "preset":
        game.preset = following(list(rules.presets), game.preset)
    elif choice.startswith(MODE):  # offered, so one of the game's modes
        game.preset = choice.removeprefix(MODE)
    elif choice.startswith(OPTION):  # offered, so one of the game's options
        switch(game, choice.removeprefix(OPTION))
    elif choice == "time":
        later = [d for d in DEADLINE_CHOICES if d > game.deadline_seconds]
        game.deadline_seconds = later[0] if later else DEADLINE_CHOICES[0]
    elif choice == "level":
        game.ai_level = following(LEVELS, game.ai_level)
    elif choice == "ai+":
        game.ai_seats += 1
    elif choice == "ai-":
        game.ai_seats = max(game.ai_seats - 1, 0)
    game.ai_seats = min(game.ai_seats, max_ai_seats(game))


async def start_game(
    ctx: Context, game: Game, seats: list[Seat], tr: Translator, press: Press | None = None
) -> tuple[str, bool]:
    """Deals the game for the joined people plus the AI seats, saves it in one change and shows it to everyone."""
    total = len(seats) + game.ai_seats
    declared = registry.game(game.ruleset)
    rules = declared.ruleset
    sizes = sizes_of(game)
    if total not in sizes and len(sizes) == 1:
        return tr.ngettext(
            "This game is played with exactly {n} seat (people and AI players).",
            "This game is played with exactly {n} seats (people and AI players).",
            sizes.start,
        ), True
    if total not in sizes:
        return tr.gettext(
            "A game needs {low} to {high} seats (people and AI players).",
            low=sizes.start,
            high=sizes.stop - 1,
        ), True
    assert game.id is not None
    config = rules.config(total, game.preset, table_choices(game))
    game.seed = ctx.seeds()
    state, events = await ctx.repo.run(rules.new_game, config, game.seed)
    table = [Seat(game_id=game.id, position=i, user_id=s.user_id, name=s.name) for i, s in enumerate(seats)] + [
        Seat(game_id=game.id, position=len(seats) + n, name=AI_SEAT_NAME.format(n=n + 1)) for n in range(game.ai_seats)
    ]
    game.status = RUNNING
    game.lobby_expires_at = None
    batch = Batch(game, table, declared, state, list(events), remove_seats=seats)
    batch.notices += [("unreachable", {"seat": s.position}) for s in table if s.unreachable]
    game.table_message_id = game.lobby_message_id  # the lobby message becomes the table, edited in place
    batch.pin_table = True
    answer = (tr.gettext("The game has started: check your private messages."), False)
    batch.answer = press_answer(ctx, press, game, answer)
    await ctx.repo.run(deal, ctx, batch)
    kick(ctx, game.id)
    return answer


def deal(ctx: Context, batch: Batch) -> None:
    """Lets the AI players make their first moves and saves the new game with its outbox row (in a thread)."""
    run_ai(ctx, batch)
    save(ctx, batch)


async def expire_lobby(ctx: Context, game_id: int) -> None:
    """Closes a lobby nobody started in time."""
    game = await ctx.repo.run(ctx.repo.game, game_id)
    if game is None or game.status != GATHERING:
        return
    game.status = EXPIRED
    await change_lobby(ctx, game, ("", False), what=LOBBY_EXPIRED)
