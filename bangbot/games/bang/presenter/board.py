"""A table of base BANG!'s engine (base BANG!, BANG! Star Wars) as a Mini App's board, from one seat's view."""

from __future__ import annotations

from collections.abc import Sequence

from bangbot.games.bang.presenter.labels import card_label
from bangbot.games.bang.presenter.lines import deputies_at, game_over_line
from bangbot.games.bang.rules import hints as h
from bangbot.games.bang.rules.cards import CARDS, KINDS, Border
from bangbot.games.bang.rules.roles import SHERIFF
from bangbot.games.bang.rules.views import PlayerView, SeatView
from bangbot.games.bang.texts.glossary import card_help, character_help, character_name, role_goal, role_name, term
from bangbot.i18n import Translator
from bangbot.i18n.theme import spoken
from bangbot.i18n.wording import players, waiting_for
from bangbot.messaging.presenting.board_model import (
    Board,
    CardFace,
    Figure,
    Look,
    Pile,
    SeatBoard,
    from_viewer,
    seat_board,
)
from bangbot.messaging.presenting.life_bar import life_bar

WESTERN = Look(accent="#b5462b", felt="#7a5230", star="★")
GALAXY = Look(accent="#3f7fd1", felt="#1b2340", star="✪")


def card_face(tr: Translator, view: PlayerView, card: int) -> CardFace:
    """Returns one card as the reader sees it: its label, its help by the table's rules, its border's tone."""
    kind = CARDS[card].kind
    tone = "blue" if KINDS[kind].border == Border.BLUE else "brown"
    return CardFace(label=card_label(tr, card), help=card_help(tr, kind, view.config.options), tone=tone)


def figure(tr: Translator, view: PlayerView, seat: SeatView) -> Figure:
    """Returns a seat's character with its life (or energy) and its cards in play."""
    return Figure(
        name=character_name(tr, seat.character),
        help=character_help(tr, seat.character, view.config.options),
        life=seat.life,
        max_life=seat.max_life,
        bar=life_bar(tr, seat.life, seat.max_life),
        place="",
        cards=[card_face(tr, view, c) for c in seat.in_play],
    )


def seat_of(tr: Translator, view: PlayerView, seat: SeatView, name: str) -> SeatBoard:
    """Returns one seat as the viewer sees it, with its distance from the viewer when it has one."""
    reach = {r.seat: r for r in h.reaches(view)}.get(seat.seat)
    fields: dict[str, object] = {}
    if reach is not None:
        fields = {"distance": tr.gettext("distance {n}", n=reach.distance), "in_range": reach.bang}
    return seat_board(
        seat.seat,
        name,
        view.seat,
        turn=seat.seat == view.turn and view.winner is None,
        awaited=seat.seat in view.awaiting,
        alive=seat.alive,
        role=role_name(tr, seat.role) if seat.role else "",
        star=seat.role == SHERIFF,
        hand=tr.ngettext("{n} card", "{n} cards", seat.hand_count),
        figures=[figure(tr, view, seat)],
        **fields,
    )


def status(tr: Translator, view: PlayerView, names: Sequence[str]) -> str:
    """Returns who won, or whom the table waits for."""
    if view.winner:
        return game_over_line(tr, view.winner, deputies_at(len(view.seats)))
    return waiting_for(tr, names, view.awaiting, view.seat) if view.awaiting else ""


def table_board(tr: Translator, view: PlayerView, names: Sequence[str]) -> Board:
    """Returns the board of a table of base BANG!'s engine as one seat (None: the group) may see it."""
    written = players(tr, names)
    seats = [seat_of(tr, view, s, written[s.seat]) for s in view.seats]
    top = card_face(tr, view, view.discard[-1]) if view.discard else None
    piles = [
        Pile(label=term(tr, "deck"), count=view.deck_count, top=None),
        Pile(label=term(tr, "discard_pile"), count=len(view.discard), top=top),
    ]
    role = ""
    if view.role:
        role = tr.gettext("Your role: {role}. {goal}", role=role_name(tr, view.role), goal=role_goal(tr, view.role))
    return Board(
        look=GALAXY if spoken(tr) is not None else WESTERN,
        turn_number=view.turn_number,
        seats=from_viewer(seats, view.seat),
        hand=[card_face(tr, view, c) for c in view.hand],
        own=[],
        own_label="",
        role=role,
        piles=piles,
        status=status(tr, view, written),
    )
