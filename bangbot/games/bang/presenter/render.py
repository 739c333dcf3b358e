"""Turns views and events into text in one reader's language; never reads the full game state."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bangbot.games.bang.presenter.labels import card_label, cards_label
from bangbot.games.bang.presenter.lines import LINES, deputies_at, game_over_line
from bangbot.games.bang.presenter.own_lines import own_line
from bangbot.games.bang.presenter.reasons import reach_lines
from bangbot.games.bang.rules.views import PlayerView, SeatView
from bangbot.games.bang.texts.glossary import character_help, character_name, role_goal, role_name
from bangbot.i18n import Translator
from bangbot.i18n.theme import extension, spoken
from bangbot.i18n.wording import players, waiting_for
from bangbot.messaging.presenting.life_bar import life_bar
from bangbot.messaging.presenting.turn_log import log_lines

EventData = Mapping[str, Any]


def event_line(tr: Translator, e: EventData, names: Sequence[str], viewer: int | None) -> str | None:
    """Returns one event as a line for a reader (viewer None: the group), or None if it says nothing new.

    names are the seats' names as the reader's sentences write them (wording.players).
    """
    if (own := own_line(tr, e, names, viewer)) is not None:
        return own
    line = LINES.get(e["kind"]) or extension(tr, "lines").get(e["kind"])
    if line is None:
        return None
    return line(tr, e, names, names[e["seat"]] if isinstance(e.get("seat"), int) else "")


def log_text(tr: Translator, events: Sequence[EventData], names: Sequence[str], viewer: int | None) -> str:
    """Returns the lines of a turn's events for a reader, the newest 40 of them."""
    return log_lines(tr, events, names, viewer, event_line)


def seat_line(tr: Translator, seat: SeatView, name: str, turn: int) -> str:
    """Returns one seat of the table on one line: marker, name, character, role if known, life, hand, cards in play."""
    character = character_name(tr, seat.character)
    if seat.role:
        character = tr.gettext("{character} [{role}]", character=character, role=role_name(tr, seat.role))
    values: dict[str, object] = {"position": seat.seat + 1, "name": name, "character": character}
    if not seat.alive:
        return tr.gettext("✝ {position}. {name} — {character}: out of the game", **values)
    values["marker"] = "▶" if seat.seat == turn else " "
    values["life"] = life_bar(tr, seat.life, seat.max_life)
    values["hand"] = tr.ngettext("{n} card", "{n} cards", seat.hand_count)
    if seat.in_play:
        return tr.gettext(
            "{marker} {position}. {name} — {character}: {life}, {hand}; {cards}",
            cards=cards_label(tr, seat.in_play),
            **values,
        )
    return tr.gettext("{marker} {position}. {name} — {character}: {life}, {hand}", **values)


def table_text(tr: Translator, view: PlayerView, names: Sequence[str], title: str) -> str:
    """Returns the public table: a title, one line per seat, the deck and the discard pile, whose move it is."""
    written = players(tr, names)
    lines = [tr.gettext("BANG! in {title} — turn {number}", title=title, number=view.turn_number)]
    lines += [seat_line(tr, s, written[s.seat], view.turn) for s in view.seats]
    top = card_label(tr, view.discard[-1]) if view.discard else "—"
    lines.append(
        tr.gettext(
            "Deck: {deck}. Discard pile: {discard} (top: {top}).",
            deck=view.deck_count,
            discard=len(view.discard),
            top=top,
        )
    )
    if view.winner:
        lines.append(game_over_line(tr, view.winner, deputies_at(len(view.seats))))
    elif view.awaiting:
        lines.append(waiting_for(tr, written, view.awaiting, view.seat))
    return "\n".join(lines)


def private_text(tr: Translator, view: PlayerView, names: Sequence[str], title: str, prompt: str, recent: str) -> str:
    """Returns a seat's private message: the game it belongs to, role, character, life, hand, and what is asked."""
    assert view.seat is not None
    me = view.seats[view.seat]
    lines = [tr.gettext("BANG! in {title}", title=title)]
    if view.role:
        lines.append(
            tr.gettext("Your role: {role}. {goal}", role=role_name(tr, view.role), goal=role_goal(tr, view.role))
        )
    lines.append(
        tr.gettext(
            "Your character: {character}. {ability}",
            character=character_name(tr, me.character),
            ability=character_help(tr, me.character, view.config.options),
        )
    )
    lines.append(tr.gettext("Life: {life}", life=life_bar(tr, me.life, me.max_life)))
    lines.append(tr.gettext("Hand: {cards}", cards=cards_label(tr, view.hand)))
    lines.append(tr.gettext("In play: {cards}", cards=cards_label(tr, me.in_play)))
    theme = spoken(tr)
    if theme is not None and theme.legend is not None:
        lines.append(theme.legend(tr))
    lines += reach_lines(tr, view, players(tr, names))
    if recent:
        lines += ["", recent]
    if prompt:
        lines += ["", prompt]
    return "\n".join(lines)
