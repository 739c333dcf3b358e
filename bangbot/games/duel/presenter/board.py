"""A table of BANG! The Duel as a Mini App's board, from one seat's view: squads, attacker and cover, reserves."""

from __future__ import annotations

from collections.abc import Sequence

from bangbot.games.duel.presenter.labels import ATTACKER, card_label, side_label
from bangbot.games.duel.presenter.render import ICONS, SETUP, STANDOFF, status_line
from bangbot.games.duel.rules.data import CARDS
from bangbot.games.duel.rules.views import DuelView, FighterView, SquadView
from bangbot.games.duel.texts.help import DUEL_CARD_HELP, DUEL_CHARACTER_HELP
from bangbot.games.duel.texts.names import duel_character_name, duel_side_name
from bangbot.i18n import Translator
from bangbot.i18n.wording import join_list, players
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

FRONTIER = Look(accent="#c0392b", felt="#5b3a1e", star="★")


def card_face(tr: Translator, card: int) -> CardFace:
    """Returns one Duel card as the reader sees it: its label with its symbol, its help, its frame as the tone."""
    kind = CARDS[card].type
    return CardFace(label=card_label(tr, card), help=tr.name(DUEL_CARD_HELP[kind.id]), tone=kind.frame)


def character(tr: Translator, id: str, life: int, max_life: int, place: str, cards: list[CardFace]) -> Figure:
    """Returns a Duel character with its ability, life, place mark and cards."""
    help_text = tr.name(DUEL_CHARACTER_HELP[id]) if id in DUEL_CHARACTER_HELP else ""
    bar = life_bar(tr, life, max_life) if max_life else ""
    return Figure(
        name=duel_character_name(tr, id),
        help=help_text,
        life=life,
        max_life=max_life,
        bar=bar,
        place=place,
        cards=cards,
    )


def fighter(tr: Translator, f: FighterView) -> Figure:
    """Returns a character in play: attacking or covering, its equipment then its resources."""
    cards = [card_face(tr, c) for c in (*f.equipment, *f.resources)]
    return character(tr, f.character, f.life, f.max_life, ICONS[f.slot % 2], cards)


def squad_of(tr: Translator, view: DuelView, squad: SquadView, names: Sequence[str]) -> SeatBoard:
    """Returns one player's squad as the viewer sees it: side, characters in play, counts, fallen ones."""
    notes = [duel_side_name(tr, squad.side)]
    if view.config.preset == STANDOFF:
        target = view.squads[squad.target]
        notes.append(tr.gettext("target: {name}", name=side_label(tr, names[target.seat], target.side)))
    notes += [tr.gettext("reserve: {n}", n=squad.reserve_count), tr.gettext("deck: {n}", n=squad.deck_count)]
    if squad.dead:
        fallen = join_list(tr, (duel_character_name(tr, c) for c in squad.dead))
        notes.append(tr.gettext("fallen: {characters}", characters=fallen))
    return seat_board(
        squad.seat,
        names[squad.seat],
        view.seat,
        turn=squad.seat == view.turn and view.phase != SETUP and not view.winner,
        awaited=squad.seat in view.awaiting,
        alive=bool(squad.fighters) or squad.reserve_count > 0,
        hand=tr.ngettext("{n} card", "{n} cards", squad.hand_count),
        figures=[fighter(tr, f) for f in sorted(squad.fighters, key=lambda f: f.slot % 2 != ATTACKER)],
        notes=notes,
    )


def duel_board(tr: Translator, view: DuelView, names: Sequence[str]) -> Board:
    """Returns the board of a Duel as one seat (None: the group) may see it; the viewer's reserve only its own."""
    written = players(tr, names)
    top = card_face(tr, view.discard[-1]) if view.discard else None
    # Each squad draws from its own deck (its count stands on its seat); the common deck exists once one ran out.
    common = [Pile(label=tr.pgettext("term", "common deck"), count=view.common_count, top=None)]
    discard = Pile(label=tr.pgettext("term", "discard pile"), count=len(view.discard), top=top)
    piles = [*(common if view.common_count else []), discard]
    own_label = ""
    role = ""
    if view.seat is not None:
        own_label = tr.gettext("reserve: {n}", n=len(view.reserve))
        role = tr.gettext("Your side: {side}.", side=duel_side_name(tr, view.squads[view.seat].side))
    return Board(
        look=FRONTIER,
        turn_number=view.turn_number,
        seats=from_viewer([squad_of(tr, view, q, written) for q in view.squads], view.seat),
        hand=[card_face(tr, c) for c in view.hand],
        own=[character(tr, c, 0, 0, "", []) for c in view.reserve],
        own_label=own_label,
        role=role,
        piles=piles,
        status=status_line(tr, view, written) or "",
    )
