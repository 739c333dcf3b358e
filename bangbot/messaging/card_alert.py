"""The answer to a card step's "❓" button: the chosen card's text by the table's rules, short enough for an alert."""

from __future__ import annotations

from bangbot.core.cards import CARDS
from bangbot.core.state import GameConfig
from bangbot.games import game as registered
from bangbot.i18n import Translator
from bangbot.i18n.explain import TableRules, explain
from bangbot.i18n.glossary import CARD

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
    return shortened(card_text(tr, config, card))


def card_text(tr: Translator, config: GameConfig, card: int) -> str:
    """Returns a card's name and whole text as the table's rules play it (a themed game's own card); "" for none."""
    if not 0 <= card < len(CARDS):
        return ""
    kind = CARDS[card].kind
    theme = registered(config.ruleset).theme
    return explain(tr, (CARD, theme.card_ids.get(kind, kind) if theme else kind), TableRules.of(config))
