"""Names follow each rulebook (spec/glossary.md), every id has a translated name and help, lookup works."""

from __future__ import annotations

import pytest

from bangbot.games.bang.rules.cards import BASE_DECK
from bangbot.games.bang.rules.characters import CHARACTERS
from bangbot.games.bang.rules.roles import ROLES
from bangbot.games.bang.texts.glossary import (
    CARD_HELP,
    CARD_NAMES,
    CHARACTER_HELP,
    CHARACTER_NAMES,
    GAME_WORDS,
    ROLE_GOALS,
    ROLE_NAMES,
    card_help,
    card_name,
    character_help,
    character_name,
    role_goal,
    role_name,
    term,
)
from bangbot.i18n import LANGUAGES, translator
from bangbot.i18n.glossary import CARD, CHARACTER, lookup

TRANSLATED = ("ru", "ja", "cs")
CARD_IDS = (*dict.fromkeys(c.kind for c in BASE_DECK), "colt45")  # the base game's kinds
TERMS = (
    "life",
    "hand_limit",
    "check",
    "distance",
    "range",
    "deck",
    "discard_pile",
    "phase_draw",
    "phase_play",
    "phase_discard",
    "eliminated",
)

# A sample of spec/glossary.md, copied here so the tests do not depend on the spec beside the repository.
EXPECTED_CARDS = {
    "en": {"bang": "BANG!", "missed": "Missed!", "rev_carabine": "Rev. Carabine", "general_store": "General Store"},
    "ru": {
        "bang": "«Бэнг!»",
        "missed": "«Мимо!»",
        "cat_balou": "«Красотка»",
        "rev_carabine": "«Карабин»",
        "barrel": "«Бочка»",
        "colt45": "кольт 45-го калибра",
    },
    "ja": {
        "bang": "BANG!",
        "missed": "Mancato!(ミス)",
        "beer": "Birra(ビール)",
        "cat_balou": "Maestrina(女教師)",
        "scope": "Appaloosa(アパルーサ)",
        "mustang": "Cavallo(馬)",
        "volcanic": "Volcanic",
        "stagecoach": "Diligenza(駅馬車)",
        "colt45": "コルト45",
    },
    "cs": {
        "missed": "Vedle!",
        "general_store": "Hokynářství",
        "gatling": "Kulomet",
        "scope": "Hledí",
        "cat_balou": "Cat Balou",
        "colt45": "Colt .45",
    },
}
EXPECTED_CHARACTERS = {
    "en": {"slab_the_killer": "Slab the Killer", "willy_the_kid": "Willy the Kid"},
    "ru": {
        "bart_cassidy": "Бутч Кэссиди",
        "el_gringo": "Джанго",
        "jourdonnais": "Человек-без-Имени",
        "pedro_ramirez": "Туко",
        "black_jack": "Бешеный Пёс",
        "suzy_lafayette": "Сюзь Лафайет",
    },
    "ja": {"el_gringo": "El Gringo", "willy_the_kid": "Willy the Kid"},
    "cs": {"sid_ketchum": "Sid Ketchum", "vulture_sam": "Vulture Sam"},
}
EXPECTED_ROLES = {
    "en": {"deputy": "Deputy"},
    "ru": {"sheriff": "Шериф", "deputy": "Помощник", "outlaw": "Бандит", "renegade": "Ренегат"},
    "ja": {"sheriff": "保安官 (Sceriffo)", "renegade": "裏切り者 (Rinnegato)"},
    "cs": {"deputy": "Pomocník šerifa", "renegade": "Odpadlík"},
}
EXPECTED_TERMS = {
    "ru": {"range": "дистанция атаки", "check": "проверка", "hand_limit": "предел руки"},
    "ja": {"distance": "距離", "deck": "山札", "eliminated": "リタイヤ"},
    "cs": {"range": "dostřel", "distance": "vzdálenost", "discard_pile": "odhazovací hromádka"},
}


def test_tables_cover_the_core_ids() -> None:
    assert set(CARD_NAMES) == set(CARD_HELP) == set(CARD_IDS)
    assert set(CHARACTER_NAMES) == set(CHARACTER_HELP) == set(CHARACTERS)
    assert set(ROLE_NAMES) == set(ROLE_GOALS) == set(ROLES)
    assert set(GAME_WORDS) == set(TERMS)


def test_contexts() -> None:
    tables = {
        "role": ROLE_NAMES,
        "role-goal": ROLE_GOALS,
        "card": CARD_NAMES,
        "card-help": CARD_HELP,
        "character": CHARACTER_NAMES,
        "character-help": CHARACTER_HELP,
        "term": GAME_WORDS,
    }
    for context, table in tables.items():
        assert {ctx for ctx, _ in table.values()} == {context}


@pytest.mark.parametrize("language", LANGUAGES)
def test_names_follow_the_rulebooks(language: str) -> None:
    tr = translator(language)
    for kind, name in EXPECTED_CARDS[language].items():
        assert card_name(tr, kind) == name
    for id_, name in EXPECTED_CHARACTERS[language].items():
        assert character_name(tr, id_) == name
    for id_, name in EXPECTED_ROLES[language].items():
        assert role_name(tr, id_) == name
    for key, word in EXPECTED_TERMS.get(language, {}).items():
        assert term(tr, key) == word


def test_russian_card_names_are_quoted() -> None:
    tr = translator("ru")
    for kind in CARD_IDS[:-1]:
        name = card_name(tr, kind)
        assert name.startswith("«") and name.endswith("»"), name


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_id_has_a_name_and_help(language: str) -> None:
    tr = translator(language)
    en = translator("en")
    texts = [card_name(tr, k) for k in CARD_IDS] + [character_name(tr, c) for c in CHARACTERS]
    texts += [role_name(tr, r) for r in ROLES] + [term(tr, t) for t in TERMS]
    helps = [(card_help(tr, k), card_help(en, k)) for k in CARD_IDS]
    helps += [(character_help(tr, c), character_help(en, c)) for c in CHARACTERS]
    helps += [(role_goal(tr, r), role_goal(en, r)) for r in ROLES]
    assert all(text.strip() for text in texts)
    for text, english in helps:
        assert text.strip()
        if language != "en":
            assert text != english, f"{language} help is still English: {english!r}"


def test_unknown_ids_fall_back_to_the_id() -> None:
    tr = translator("ru")
    assert card_name(tr, "no_such_card") == "no_such_card"
    assert character_help(tr, "nobody") == "nobody"


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("бэнг", (CARD, "bang")),
        ("«Бэнг!»", (CARD, "bang")),
        ("Vedle", (CARD, "missed")),
        ("vedle!", (CARD, "missed")),
        ("slab the killer", (CHARACTER, "slab_the_killer")),
        ("Slab_the_Killer", (CHARACTER, "slab_the_killer")),
        ("Бочка", (CARD, "barrel")),
        ("Barile", (CARD, "barrel")),
        ("樽", (CARD, "barrel")),
        ("Barile(樽)", (CARD, "barrel")),
        ("ミス", (CARD, "missed")),
        ("Джанго", (CHARACTER, "el_gringo")),
        ("бешеный пес", (CHARACTER, "black_jack")),
        ("Hokynarstvi", (CARD, "general_store")),
        ("Rev Carabine", (CARD, "rev_carabine")),
        ("Карабин", (CARD, "rev_carabine")),
        ("wells_fargo", (CARD, "wells_fargo")),
        ("Colt .45", (CARD, "colt45")),
        ("кольт", (CARD, "colt45")),
        ("Suzy", (CHARACTER, "suzy_lafayette")),
    ],
)
def test_lookup_in_any_language(query: str, expected: tuple[str, str]) -> None:
    for language in LANGUAGES:
        assert lookup(translator(language), query) == expected


@pytest.mark.parametrize("query", ["", "!!", "ba", "nothing like this", "Sheriff"])
def test_lookup_misses(query: str) -> None:
    assert lookup(translator("en"), query) is None


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_name_looks_up_its_own_id(language: str) -> None:
    tr = translator(language)
    for reader in LANGUAGES:
        other = translator(reader)
        for kind in CARD_IDS:
            assert lookup(other, card_name(tr, kind)) == (CARD, kind)
        for id_ in CHARACTERS:
            assert lookup(other, character_name(tr, id_)) == (CHARACTER, id_)
