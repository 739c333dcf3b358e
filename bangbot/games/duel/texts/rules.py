"""/rules for BANG! The Duel: a card, character or mode explained with its data and source, and a mode's summary."""

from __future__ import annotations

from collections import Counter

from bangbot.games.duel.rules.data import (
    ASSUMED,
    ASSUMPTIONS,
    CARD_TYPES,
    CARDS,
    CHARACTER,
    DECKS,
    EXPANSION_CARDS,
    RESOURCE,
)
from bangbot.games.duel.rules.modes import DUEL, MODES
from bangbot.games.duel.texts.help import (
    DUEL_ASSUMPTION_NOTES,
    DUEL_CARD_HELP,
    DUEL_CHARACTER_HELP,
    DUEL_MODE_HELP,
    DUEL_RULES_SUMMARY,
    DUEL_SOURCE_NOTES,
    DUEL_TOPIC_NAMES,
    says_always_active,
)
from bangbot.games.duel.texts.names import (
    DUEL_CARD_NAMES,
    DUEL_CHARACTER_NAMES,
    DUEL_GAME_NAME,
    DUEL_MODE_NAMES,
    duel_card_name,
    duel_character_name,
    duel_deck_name,
    duel_frame_name,
    duel_mode_name,
    duel_symbol_name,
)
from bangbot.i18n import Translator
from bangbot.i18n.wording import join_list

# The kinds of /rules topics of the Duel (kept apart from the base game's "card" and "character").
DUEL_CARD = "duel-card"
DUEL_CHARACTER = "duel-character"
DUEL_MODE = "duel-mode"
DUEL_NOTES = "duel-notes"

# What /rules can explain of the Duel: (kind, id -> name) tables.
DUEL_TABLES = (
    (DUEL_CARD, DUEL_CARD_NAMES),
    (DUEL_CHARACTER, DUEL_CHARACTER_NAMES),
    (DUEL_MODE, DUEL_MODE_NAMES),
    (DUEL_NOTES, DUEL_TOPIC_NAMES),
)

# The expansion cards rulebook 002 itself calls resources; any other resource's frame is assumed.
PRINTED_RESOURCES = frozenset({"buffalo", "grapeshot", "double_barrel", "lucky_penny", "gold_pan"})


def mode_of_preset(preset: str) -> str:
    """Returns the Duel mode of a table's preset (the base Duel for a preset that is no mode)."""
    return preset if preset in MODES else DUEL


def assumed_resources() -> list[str]:
    """Returns the ids of the expansion's resources whose green frame is assumed, in table order."""
    return [
        t.id
        for t in CARD_TYPES.values()
        if t.frame == RESOURCE and t.id in EXPANSION_CARDS and t.id not in PRINTED_RESOURCES
    ]


def card_marks(id: str) -> list[str]:
    """Returns the keys of DUEL_SOURCE_NOTES that say where a card's facts come from."""
    if id not in EXPANSION_CARDS:
        return ["reconstructed"]
    marks = ["card_printed", "card_split_assumed"]
    return marks + (["card_frame_assumed"] if id in assumed_resources() else [])


def character_marks(id: str) -> list[str]:
    """Returns the keys of DUEL_SOURCE_NOTES that say where a character's facts come from."""
    if CHARACTER[id].source == ASSUMED:
        return ["character_printed", "character_life_assumed"]
    return ["character_reconstructed"]


def mode_marks(id: str) -> list[str]:
    """Returns the keys of DUEL_SOURCE_NOTES that say where a mode's rules come from."""
    return ["mode_reconstructed" if id == DUEL else "mode_printed", "see_assumptions"]


def _notes(tr: Translator, marks: list[str]) -> list[str]:
    """Returns the source notes of marks in the translator's language."""
    return [tr.name(DUEL_SOURCE_NOTES[m]) for m in marks]


def _titled(tr: Translator, name: str, help_text: str) -> str:
    """Returns "name: help" as /rules writes it."""
    return tr.pgettext("rules", "{name}: {help}", name=name, help=help_text)


def copies(tr: Translator, id: str) -> str:
    """Returns how many copies of a card each deck holds, with their check symbols: "Law: 5 (barrel, snake ×4)"."""
    parts = []
    for deck in DECKS:
        symbols = Counter(c.symbol for c in CARDS if c.type.id == id and c.deck == deck)
        if not symbols:
            continue
        shown = [
            tr.pgettext("duel-rules", "{symbol} ×{n}", symbol=duel_symbol_name(tr, s), n=n)
            if n > 1
            else duel_symbol_name(tr, s)
            for s, n in symbols.items()
        ]
        count = sum(symbols.values())
        parts.append(
            tr.pgettext(
                "duel-rules",
                "{deck}: {n} ({symbols})",
                deck=duel_deck_name(tr, deck),
                n=count,
                symbols=join_list(tr, shown),
            )
        )
    text = parts[0]
    for part in parts[1:]:
        text = tr.pgettext("duel-rules", "{list}; {item}", list=text, item=part)
    return text


def _card_lines(tr: Translator, id: str) -> list[str]:
    """Returns a Duel card's lines: name and help, frame, symbols it bears, copies per deck, sources."""
    kind = CARD_TYPES[id]
    lines = [_titled(tr, duel_card_name(tr, id), tr.name(DUEL_CARD_HELP[id]))]
    lines.append(tr.pgettext("duel-rules", "Frame: {frame}.", frame=duel_frame_name(tr, kind.frame)))
    if kind.always and not says_always_active(DUEL_CARD_HELP[id]):
        lines.append(tr.pgettext("duel-rules", "Always active."))
    if kind.reload:
        lines.append(tr.pgettext("duel-rules", "Bears the reload symbol."))
    lines.append(tr.pgettext("duel-rules", "Copies: {decks}.", decks=copies(tr, id)))
    return lines + _notes(tr, card_marks(id))


def _character_lines(tr: Translator, id: str) -> list[str]:
    """Returns a Duel character's lines: name and ability, deck, life points, always active, sources."""
    character = CHARACTER[id]
    lines = [_titled(tr, duel_character_name(tr, id), tr.name(DUEL_CHARACTER_HELP[id]))]
    lines.append(tr.pgettext("duel-rules", "Deck: {deck}.", deck=duel_deck_name(tr, character.deck)))
    lines.append(tr.gettext("Life points: {n}.", n=character.life))
    if character.always and not says_always_active(DUEL_CHARACTER_HELP[id]):
        lines.append(tr.pgettext("duel-rules", "Always active."))
    return lines + _notes(tr, character_marks(id))


def assumption_note(tr: Translator, key: str) -> str:
    """Returns the sentence of one key of ASSUMPTIONS (the key itself for one not yet written)."""
    marked = DUEL_ASSUMPTION_NOTES.get(key)
    if marked is None:
        return key
    if key == "resource_frames":
        names = [duel_card_name(tr, c) for c in assumed_resources()]
        return tr.pgettext(*marked, cards=join_list(tr, names))
    return tr.name(marked)


def _assumption_lines(tr: Translator) -> list[str]:
    """Returns the list of every fact the Duel's tables assume."""
    title = tr.pgettext("duel-rules", "{name}:", name=tr.name(DUEL_TOPIC_NAMES["assumptions"]))
    return [title, *(tr.pgettext("duel-rules", "• {line}", line=assumption_note(tr, k)) for k in ASSUMPTIONS)]


def explain_duel(tr: Translator, topic: tuple[str, str], mode: str | None = None) -> str:
    """Returns a Duel card, character, mode or the assumptions explained; at a Duel table also the table's mode."""
    what, id = topic
    if what == DUEL_CARD:
        lines = _card_lines(tr, id)
    elif what == DUEL_CHARACTER:
        lines = _character_lines(tr, id)
    elif what == DUEL_MODE:
        lines = [_titled(tr, duel_mode_name(tr, id), tr.name(DUEL_MODE_HELP[id])), *_notes(tr, mode_marks(id))]
    else:
        lines = _assumption_lines(tr)
    if mode is not None and what != DUEL_MODE:
        lines.append(tr.pgettext("duel-rules", "Mode: {mode}.", mode=duel_mode_name(tr, mode_of_preset(mode))))
    return "\n".join(lines)


def duel_summary(tr: Translator, preset: str) -> str:
    """Returns the rules of a Duel table in its mode: the mode, the turn, hits and checks, how to win, the sources."""
    mode = mode_of_preset(preset)
    title = tr.pgettext("duel-rules", "{game}: {mode}", game=tr.name(DUEL_GAME_NAME), mode=duel_mode_name(tr, mode))
    lines = [title, tr.name(DUEL_MODE_HELP[mode]), *(tr.name(line) for line in DUEL_RULES_SUMMARY)]
    return "\n".join(lines + _notes(tr, mode_marks(mode)))
