"""The lobby message: its text, its buttons, showing it and closing it (the outbox shows it, the lobby changes it)."""

from __future__ import annotations

from collections.abc import Sequence

from bangbot import games as registry
from bangbot.ai.levels import EASY, HARD, NORMAL
from bangbot.games.contract import table_sizes
from bangbot.i18n import Translator
from bangbot.i18n.explain import preset_name
from bangbot.i18n.glossary import game_name
from bangbot.i18n.wording import duration, join_list, players
from bangbot.messaging.adapter import Button, Keyboard, MessageRef, Messenger
from bangbot.messaging.context import Context
from bangbot.messaging.delivery.group_message import edit_group, show_kept
from bangbot.messaging.delivery.to_show import LOBBY_CANCELLED, LOBBY_EXPIRED
from bangbot.messaging.lobby.extras import lobby_extras
from bangbot.messaging.lobby.options import OPTION, declared, table_choices
from bangbot.messaging.press.button_data import lobby_button
from bangbot.storage.models import Game, Seat

MODE = "mode."  # a mode button's choice: this prefix and the mode it switches to
REMOVE = "remove"  # the choice that offers the creator or an admin the players to remove


def offered() -> list[str]:
    """Returns the ids of the games a lobby offers, in the order its Game button steps through them."""
    return [g.id for g in registry.GAMES]


def lobby_text(tr: Translator, game: Game, seats: list[Seat]) -> str:
    """Returns the lobby message: who joined and the settings."""
    humans = players(tr, (s.name for s in seats))
    lines = [tr.gettext("A new game of BANG! is gathering players.")]
    if len(offered()) > 1:
        lines.append(tr.gettext("Game: {game}.", game=game_name(tr, game.ruleset)))
    lines.append(tr.ngettext("{n} player: {names}", "{n} players: {names}", len(humans), names=join_list(tr, humans)))
    lines.append(tr.ngettext("AI players: {n}", "AI players: {n}", game.ai_seats))
    if game.ai_seats:
        lines.append(tr.gettext("AI level: {level}.", level=level_name(tr, game.ai_level)))
    mode_name = registry.game(game.ruleset).words.mode
    if mode_name is not None:
        lines.append(tr.gettext("Mode: {mode}.", mode=mode_name(tr, game.preset)))
    else:
        lines.append(tr.gettext("Rules: {preset}.", preset=preset_name(tr, game.ruleset, game.preset)))
    choices = table_choices(game)
    for option in declared(game.ruleset):
        answer = tr.gettext("yes") if choices[option.id] else tr.gettext("no")
        lines.append(tr.gettext(option.label, answer=answer))
    lines.append(tr.gettext("Time for each move: {time}.", time=duration(tr, game.deadline_seconds)))
    sizes = sizes_of(game)
    if len(sizes) == 1:
        lines.append(
            tr.ngettext(
                "The creator starts the game when {n} seat is filled.",
                "The creator starts the game when {n} seats are filled.",
                sizes.start,
            )
        )
    else:
        lines.append(
            tr.gettext(
                "The creator starts the game when {low}–{high} seats are filled.",
                low=sizes.start,
                high=sizes.stop - 1,
            )
        )
    return "\n".join(lines)


def level_name(tr: Translator, level: str) -> str:
    """Returns an AI level's name as the lobby shows it."""
    names = {
        EASY: tr.gettext("easy (random moves)"),
        NORMAL: tr.gettext("normal"),
        HARD: tr.gettext("hard (thinks ahead)"),
    }
    return names.get(level, level)


def sizes_of(game: Game) -> range:
    """Returns the table sizes a lobby's game allows with its preset (or mode), people and AI players together."""
    rules = registry.game(game.ruleset).ruleset
    return table_sizes(rules, game.preset) or rules.seats


def max_ai_seats(game: Game) -> int:
    """Returns the most AI players a lobby's table takes: all seats but the creator's."""
    return sizes_of(game).stop - 2


def lobby_keyboard(tr: Translator, game: Game, messenger: Messenger) -> Keyboard:
    """Returns the lobby's buttons; with a join link (by the lobby's token), joining is that link, not a press."""
    assert game.id is not None
    join_link = messenger.join_link(game.join_token) if game.join_token else None
    gid, version = game.id, game.version

    def b(text: str, choice: str) -> Button:
        return Button(text, lobby_button(gid, version, choice))

    joining = Button(tr.gettext("Join"), url=join_link) if join_link else b(tr.gettext("Join"), "join")
    choose_game = ((b(tr.gettext("Game"), "game"),),) if len(offered()) > 1 else ()
    rules = registry.game(game.ruleset).ruleset
    if registry.game(game.ruleset).modal:
        preset_button = b(tr.gettext("Mode"), MODE + following(list(rules.modes), game.preset))
    else:
        preset_button = b(tr.gettext("Rules"), "preset")
    rule_buttons = (preset_button, *(b(tr.gettext(o.button), OPTION + o.id) for o in declared(game.ruleset)))
    return (
        (joining, b(tr.gettext("Leave"), "leave")),
        (b(tr.gettext("Start the game"), "start"),),
        *choose_game,
        rule_buttons,
        (b(tr.gettext("Time per move"), "time"), b("🤖 −", "ai-"), b("🤖 +", "ai+")),
        *(((b(tr.gettext("AI level"), "level"),),) if game.ai_seats else ()),
        (b(tr.gettext("Remove a player"), REMOVE), b(tr.gettext("Cancel"), "cancel")),
    )


async def show_lobby(ctx: Context, game: Game, seats: list[Seat], resend: bool = False) -> None:
    """Edits the lobby message, or sends it anew."""
    assert game.id is not None
    tr = ctx.tr_chat(game.chat_id, game=game.ruleset)
    text, buttons = lobby_text(tr, game, seats), lobby_keyboard(tr, game, ctx.messenger)
    lines, rows = await lobby_extras(ctx, tr, game, seats)
    text, buttons = "\n".join([text, *lines]), buttons + rows
    await show_kept(ctx, game, "lobby_message_id", text, buttons, resend)


def following(options: Sequence[str], current: str) -> str:
    """Returns the option after current, cycling (the first one when current is not among them)."""
    return options[(options.index(current) + 1) % len(options)] if current in options else options[0]


async def close_lobby(ctx: Context, game: Game, why: str) -> None:
    """Replaces the lobby message by a closing line saying why (LOBBY_CANCELLED, LOBBY_EXPIRED), without buttons."""
    if game.lobby_message_id is None:
        return
    tr = ctx.tr_chat(game.chat_id, game=game.ruleset)
    texts = {
        LOBBY_CANCELLED: tr.gettext("This game was cancelled."),
        LOBBY_EXPIRED: tr.gettext("Nobody started this game, so the lobby has closed. Type /newgame to try again."),
    }
    await edit_group(ctx, MessageRef(game.chat_id, game.lobby_message_id), texts[why])
