"""The answer to a card step's "❓" button: the chosen card's text by the table's rules, short enough for an alert."""

from __future__ import annotations

from bangbot.games.contract import GameConfig, TableRules, Topic
from bangbot.i18n import Translator
from bangbot.i18n.explain import explain

ALERT_LIMIT = 200  # the most characters a messenger's alert shows
ELLIPSIS = "…"
WORD_ENDS = "。、\n"  # where a text written without spaces (Japanese) may be cut without breaking a word


def shortened(text: str, limit: int = ALERT_LIMIT) -> str:
    """Returns text whole if it fits in limit characters, else cut at a word's end with "…" (the result fits)."""
    if len(text) <= limit:
        return text
    cut = text[: limit - len(ELLIPSIS)]
    ends = [cut.rfind(" "), *(cut.rfind(mark) + 1 for mark in WORD_ENDS)]  # a space, or after a Japanese mark
    if max(ends) > 0:
        cut = cut[: max(ends)]
    return cut.rstrip(" ,;:—-\n、") + ELLIPSIS


def topic_alert(tr: Translator, config: GameConfig, topic: Topic) -> str:
    """Returns a topic (the card behind a choice) as the table's rules tell it, cut to fit an alert."""
    return shortened(topic_text(tr, config, topic))


def topic_text(tr: Translator, config: GameConfig, topic: Topic) -> str:
    """Returns a topic (the card behind a choice) whole, as the table's rules and preset tell it."""
    return explain(tr, topic, TableRules.of(config))
