"""The help says what the engine does: Big Jim's condition, the Japanese Duel help in です/ます, one mode per name."""

from __future__ import annotations

import re
from functools import partial

import pytest
from babel.messages.pofile import read_po

import bangbot.i18n.explain  # noqa: F401  (registers the Duel's /rules topics)
from bangbot.games.duel.rules.requests import Choice
from bangbot.games.duel.texts.help import DUEL_CHARACTER_HELP
from bangbot.i18n import translator
from bangbot.i18n.glossary import lookup, unclear
from tests.duel_tables import asked, do, seat, table

reinforcements = partial(table, mode="reinforcements")
LOCALES = "locales/{lang}/LC_MESSAGES/bangbot.po"


def test_big_jim_acts_only_when_the_swap_makes_him_the_attacker_as_his_help_says() -> None:
    # Rulebook 002: «Всякий раз, когда ваш АП меняется местами с его ПП, можете также поменять местами АП соперника
    # с его ПП» — the engine asks only when Big Jim is the attacking character after the swap (an assumption).
    attacker_after, _ = do(
        reinforcements(seat("pat_garrett", "marshal"), seat("daltons", "big_jim"), turn=1)[0], "1: swap", asks=1
    )
    assert asked(attacker_after).options == ("none", "0")
    cover_after, _ = do(
        reinforcements(seat("pat_garrett", "marshal"), seat("big_jim", "daltons"), turn=1)[0], "1: swap"
    )
    asked_after = asked(cover_after)
    assert not isinstance(asked_after, Choice) or asked_after.reason != "swaps_both"
    for language, condition in BIG_JIM_CONDITION.items():
        assert condition in translator(language).name(DUEL_CHARACTER_HELP["big_jim"])


# How each language's help of Big Jim says that the swap must make him the attacking character.
BIG_JIM_CONDITION = {
    "en": "makes him your attacking character",
    "ru": "он становится вашим АП",
    "ja": "彼が攻撃役になったとき",
    "cs": "on se stane útočící postavou",
}


# The Duel's help texts (not names or labels): every Japanese sentence ends politely, as the base game's help does.
POLITE_CONTEXTS = (
    "card-help-duel",
    "character-help-duel",
    "duel-assumption",
    "duel-mode-help",
    "duel-rules-summary",
)
POLITE_END = re.compile(r"(です|ます|ません|ください)」?。?$")
ASIDE = re.compile(r"（[^（）]*）(?=。?$)")  # a closing aside in brackets: the verb before it ends the sentence


def sentences(text: str) -> list[str]:
    """Returns a Japanese text's sentences without a closing aside in brackets (a 。 inside one splits nothing)."""
    out, depth, current = [], 0, ""
    for ch in text:
        depth += (ch == "（") - (ch == "）")
        current += ch
        if ch == "。" and depth == 0:
            out.append(current)
            current = ""
    return [ASIDE.sub("", s.strip()) for s in [*out, current] if s.strip()]


def test_the_japanese_duel_help_is_in_desu_masu_form() -> None:
    with open(LOCALES.format(lang="ja"), "rb") as f:
        catalog = read_po(f, locale="ja")
    plain: list[str] = []
    for m in catalog:
        if m.id and m.context in POLITE_CONTEXTS:
            text = m.string if isinstance(m.string, str) else m.string[0]
            plain += [s for s in sentences(text) if not POLITE_END.search(s)]
    assert plain == []


@pytest.mark.parametrize(
    ("language", "shared", "own", "mode"),
    [
        ("ru", "Третий отряд", "ренегаты против бандитов", "third_outlaws"),
        ("cs", "Třetí oddíl", "odpadlíci proti zákonu", "third_law"),
        ("ja", "第三の一団", "裏切り者 対 無法者", "third_outlaws"),
        ("en", "Third squad", "Renegades against the Law", "third_law"),
    ],
)
def test_a_name_two_modes_share_lists_both_and_each_mode_has_a_name_of_its_own(
    language: str, shared: str, own: str, mode: str
) -> None:
    tr = translator(language)
    assert lookup(tr, shared, "duel") is None
    assert len(unclear(tr, shared, "duel")) == 2
    assert lookup(tr, own, "duel") == ("duel-mode", mode)
