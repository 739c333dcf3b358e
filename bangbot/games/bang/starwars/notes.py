"""/rules assumptions at a BANG! Star Wars table: every fact the engine plays on that rulebook 001 does not print.

One note per key of bangbot.games.bang.starwars.rules.data.ASSUMPTIONS; the numbers (copies with a fate effect, weapon
ranges) are read from the engine's own tables, so the note says what the game plays.
"""

from __future__ import annotations

from collections import Counter

from bangbot.games.bang.rules.cards import (
    BARREL,
    CARDS,
    DYNAMITE,
    GATLING,
    JAIL,
    KINDS,
    MISSED,
    NEW_HOPE,
    REMINGTON,
    REV_CARABINE,
    SCHOFIELD,
    WELLS_FARGO,
    WINCHESTER,
)
from bangbot.games.bang.starwars.names import SW_TOPIC_NAMES, sw_fate_name
from bangbot.games.bang.starwars.rules.data import ASSUMPTIONS, FATE, FATE_SWAP_HANDS
from bangbot.games.bang.texts.glossary import card_name, character_name
from bangbot.i18n import NP_, Translator
from bangbot.i18n.wording import join_list

SW_ASSUMPTION_NOTES: dict[str, tuple[str, str]] = {
    "deck": NP_(
        "assumption-starwars",
        "The 80 cards are the base game's deck card for card, with {new_hope} in place of {wells_fargo}.",
    ),
    "fate_distribution": NP_(
        "assumption-starwars",
        "Which copies carry a fate effect (each card's label shows it), counted per card:",
    ),
    "weapon_ranges": NP_("assumption-starwars", "The ranges of the weapons: {ranges}."),
    "check_symbols": NP_(
        "assumption-starwars",
        "Which cards show which check symbol (each card's label shows them). {cards} succeed on the Alliance symbol, "
        "{compactor} on its own symbol.",
    ),
    "dangerous_check": NP_(
        "assumption-starwars", "{dangerous} stays in the game on any card without the Empire symbol."
    ),
}

# Why at least two Missed! cards swap hands: the rulebook's own example needs two of them against one AT-AT Attack.
SWAP_HANDS_NOTE = NP_(
    "assumption-starwars",
    "Two {missed} cards swap hands: the rulebook's example has two players swapping hands against one {atat}.",
)

WEAPONS = (SCHOFIELD, REMINGTON, REV_CARABINE, WINCHESTER)  # the base kinds of the four weapons assumed


def names(tr: Translator) -> dict[str, str]:
    """Returns the names the notes speak of, in tr's words, by placeholder."""
    checked = [card_name(tr, BARREL), character_name(tr, "lucky"), card_name(tr, JAIL), card_name(tr, NEW_HOPE)]
    return {
        "new_hope": card_name(tr, NEW_HOPE),
        "wells_fargo": card_name(tr, WELLS_FARGO),
        "cards": join_list(tr, checked),
        "compactor": card_name(tr, DYNAMITE),
        "dangerous": character_name(tr, "dangerous"),
        "missed": card_name(tr, MISSED),
        "atat": card_name(tr, GATLING),
    }


def fate_lines(tr: Translator) -> list[str]:
    """Returns one line per card kind with fate copies: its name and how many copies carry each effect."""
    counts = Counter((CARDS[index].kind, effect) for index, effect in FATE.items())
    kinds = list(dict.fromkeys(kind for kind, _ in counts))
    lines = []
    for kind in kinds:
        effects = [
            tr.ngettext("{fate}: {n} copy", "{fate}: {n} copies", n, fate=sw_fate_name(tr, effect))
            for (k, effect), n in counts.items()
            if k == kind
        ]
        lines.append(
            tr.pgettext(
                "starwars-rules", "{card}: {effects}.", card=card_name(tr, kind), effects=join_list(tr, effects)
            )
        )
    if sum(n for (_, effect), n in counts.items() if effect == FATE_SWAP_HANDS) >= 2:
        lines.append(tr.pgettext(*SWAP_HANDS_NOTE, **names(tr)))
    return lines


def assumption_lines(tr: Translator, key: str) -> list[str]:
    """Returns the note of one key of ASSUMPTIONS, with what follows it (the key itself for one not yet written)."""
    marked = SW_ASSUMPTION_NOTES.get(key)
    if marked is None:
        return [key]
    if key == "weapon_ranges":
        ranges = [
            tr.pgettext("starwars-rules", "{card}: {n}", card=card_name(tr, kind), n=KINDS[kind].weapon_range)
            for kind in WEAPONS
        ]
        return [tr.pgettext(*marked, ranges=join_list(tr, ranges))]
    if key == "fate_distribution":
        return [tr.name(marked), *fate_lines(tr)]
    return [tr.pgettext(*marked, **names(tr))]


def starwars_assumptions(tr: Translator) -> str:
    """Returns the list of every fact BANG! Star Wars plays on an assumption; tr speaks the game's words."""
    title = tr.pgettext("starwars-rules", "{name}:", name=tr.name(SW_TOPIC_NAMES["assumptions"]))
    lines = [
        tr.pgettext("starwars-rules", "• {line}", line=line)
        for key in ASSUMPTIONS
        for line in assumption_lines(tr, key)
    ]
    return "\n".join([title, *lines])
