"""The answer to a card step's "❓" button: the chosen card's text by the table's rules, short enough for an alert."""

from __future__ import annotations

from bangbot.core.cards import CARDS
from bangbot.core.state import GameConfig
from bangbot.i18n import Translator
from bangbot.i18n.explain import TableRules, explain
from bangbot.i18n.glossary import CARD
from bangbot.i18n.starwars_theme import CARD_OF_KIND, STARWARS_THEME

ALERT_LIMIT = 200  # the most characters a messenger's alert shows
ELLIPSIS = "…"


def shortened(text: str, limit: int = ALERT_LIMIT) -> str:
    """Returns text whole if it fits in limit characters, else cut at a word's end with "…" (the result fits)."""
    if len(text) <= limit:
        return text
    cut = text[: limit - len(ELLIPSIS)]
    if " " in cut:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;:—-\n") + ELLIPSIS


def card_alert(tr: Translator, config: GameConfig, card: int) -> str:
    """Returns a card's name and text as the table's rules play it, cut to fit an alert; "" for no such card."""
    if not 0 <= card < len(CARDS):
        return ""
    kind = CARDS[card].kind
    if config.ruleset == STARWARS_THEME.id:  # the Star Wars card played as that kind
        kind = CARD_OF_KIND.get(kind, kind)
    return shortened(explain(tr, (CARD, kind), TableRules.of(config)))
