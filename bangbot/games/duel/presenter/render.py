"""The Duel's table and a seat's private message as text: squads, characters in play, piles, own hand and reserve."""

from __future__ import annotations

from collections.abc import Sequence

from bangbot.games.duel.presenter.labels import card_label, cards_label, position_label, side_label, symbol_legend
from bangbot.games.duel.presenter.lines import winner_line
from bangbot.games.duel.rules.views import DuelView, FighterView, SquadView
from bangbot.games.duel.texts.names import duel_character_name, duel_mode_name, duel_side_name
from bangbot.i18n import Translator
from bangbot.i18n.wording import join_list, players, waiting_for
from bangbot.messaging.presenting.life_bar import life_bar

STANDOFF = "standoff"
ICONS = ("⚔", "🛡")  # the attacking and the covering character
SETUP = "setup"


def joined(tr: Translator, parts: Sequence[str]) -> str:
    """Returns the parts of one line joined as the reader's language separates them ('a; b; c')."""
    text = parts[0]
    for part in parts[1:]:
        text = tr.pgettext("parts of a line", "{text}; {part}", text=text, part=part)
    return text


def fighter_line(tr: Translator, f: FighterView) -> str:
    """Returns a character in play: its place, life, equipment and resources (those that came in this turn marked)."""
    parts = [life_bar(tr, f.life, f.max_life)]
    if f.equipment:
        parts.append(tr.gettext("equipment: {cards}", cards=cards_label(tr, f.equipment)))
    if f.resources:
        resources = (
            tr.gettext("{card} (new)", card=card_label(tr, c)) if c in f.fresh else card_label(tr, c)
            for c in f.resources
        )
        parts.append(tr.gettext("resources: {cards}", cards=join_list(tr, resources)))
    place = position_label(tr, f.character, f.slot % 2)
    return f"   {ICONS[f.slot % 2]} " + tr.gettext("{character}: {state}", character=place, state=joined(tr, parts))


def squad_lines(tr: Translator, view: DuelView, squad: SquadView, name: str, target: str) -> list[str]:
    """Returns one player's squad: side (and target in the standoff), characters in play, counts, fallen ones."""
    marker = "▶" if squad.seat == view.turn and view.phase != SETUP and not view.winner else " "
    side = duel_side_name(tr, squad.side)
    if view.config.preset == STANDOFF:
        head = tr.gettext(
            "{marker} {name} ({side}), target: {target}", marker=marker, name=name, side=side, target=target
        )
    else:
        head = tr.gettext("{marker} {name} ({side})", marker=marker, name=name, side=side)
    lines = [head, *(fighter_line(tr, f) for f in squad.fighters)]
    counts = [
        tr.gettext("reserve: {n}", n=squad.reserve_count),
        tr.gettext("hand: {cards}", cards=tr.ngettext("{n} card", "{n} cards", squad.hand_count)),
        tr.gettext("deck: {n}", n=squad.deck_count),
    ]
    if squad.dead:
        counts.append(
            tr.gettext(
                "fallen: {characters}", characters=join_list(tr, (duel_character_name(tr, c) for c in squad.dead))
            )
        )
    lines.append("   " + joined(tr, counts))
    return lines


def body_lines(tr: Translator, view: DuelView, names: Sequence[str], winners: bool = True) -> list[str]:
    """Returns the table below its title: every squad, the piles, whose turn it is and who must decide, or (winners)
    who won."""
    lines: list[str] = []
    for squad in view.squads:
        target = side_label(tr, names[squad.target], view.squads[squad.target].side)
        lines += squad_lines(tr, view, squad, names[squad.seat], target)
    top = card_label(tr, view.discard[-1]) if view.discard else "—"
    lines.append(
        tr.gettext(
            "Common deck: {common}. Discard pile: {discard} (top: {top}).",
            common=view.common_count,
            discard=len(view.discard),
            top=top,
        )
    )
    if (status := status_line(tr, view, names)) is not None and (winners or not view.winner):
        lines.append(status)
    return lines


def status_line(tr: Translator, view: DuelView, names: Sequence[str]) -> str | None:
    """Returns who won, or whose turn it is and whom the table waits for (None when it waits for nobody)."""
    if view.winner:
        return winner_line(tr, view.winner)
    waiting = waiting_for(tr, names, view.awaiting, view.seat)
    if view.phase == SETUP:
        return tr.gettext("The players choose their characters. {waiting}", waiting=waiting)
    if not view.awaiting:
        return None
    if view.turn != view.seat:
        return tr.gettext("{name}'s turn. {waiting}", name=names[view.turn], waiting=waiting)
    if tuple(view.awaiting) == (view.seat,):
        return tr.gettext("Your turn.")
    return tr.gettext("Your turn. {waiting}", waiting=waiting)


def table_text(tr: Translator, view: DuelView, names: Sequence[str], title: str) -> str:
    """Returns the public table: a title with the mode and turn, each squad, the piles, who must decide."""
    written = players(tr, names)
    head = tr.gettext(
        "BANG! The Duel in {title}: {mode}, turn {number}",
        title=title,
        mode=duel_mode_name(tr, view.config.preset),
        number=view.turn_number,
    )
    return "\n".join([head, *body_lines(tr, view, written)])


def private_text(tr: Translator, view: DuelView, names: Sequence[str], title: str, prompt: str, recent: str) -> str:
    """Returns a seat's private message: its side, the table, its hand (and limit) and reserve, what is asked."""
    assert view.seat is not None
    written = players(tr, names)
    me = view.squads[view.seat]
    lines = [tr.gettext("BANG! The Duel in {title}", title=title)]
    lines.append(tr.gettext("Your side: {side}.", side=duel_side_name(tr, me.side)))
    if view.config.preset == STANDOFF:
        target = view.squads[me.target]
        lines.append(
            tr.gettext(
                "Your target: {name} ({side}). You win when their last character is out.",
                name=written[target.seat],
                side=duel_side_name(tr, target.side),
            )
        )
    lines += ["", *body_lines(tr, view, written, winners=False), ""]  # its prompt says who won
    if view.hand_limit:
        lines.append(
            tr.gettext("Your hand (limit: {limit}): {cards}", limit=view.hand_limit, cards=cards_label(tr, view.hand))
        )
    else:
        lines.append(tr.gettext("Your hand: {cards}", cards=cards_label(tr, view.hand)))
    lines.append(
        tr.gettext(
            "Your reserve: {characters}", characters=join_list(tr, (duel_character_name(tr, c) for c in view.reserve))
        )
    )
    lines.append(symbol_legend(tr))
    if recent:
        lines += ["", recent]
    if prompt:
        lines += ["", prompt]
    return "\n".join(lines)
