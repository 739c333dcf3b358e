"""BANG! Star Wars words: the engine's ids, translated in every language, Russian as the rulebook, assumptions said."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bangbot.games import GAMES
from bangbot.games.bang.starwars import names as sw
from bangbot.games.bang.texts import glossary as base
from bangbot.i18n import LANGUAGES, Translator, glossary, translator
from bangbot.i18n.glossary import normalize_name
from bangbot.i18n.theme import spoken
from tests.i18n.test_catalogs import REPO, load, placeholders

TRANSLATED = ("ru", "ja", "cs")
Table = dict[str, tuple[str, str]]

# The ids the Star Wars ruleset uses (issue 9), table by table, with each table's msgctxt.
IDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "SW_CARD_NAMES": (
        "card-starwars",
        (
            "sw_bang",
            "sw_missed",
            "bacta_tank",
            "respite",
            "repair",
            "new_hope",
            "unexpected_encounter",
            "deception",
            "ambush",
            "atat_attack",
            "jawas",
            "sw_duel",
            "cover",
            "droid",
            "speeder_bike",
            "carbonite",
            "trash_compactor",
            "lightsaber",
            "ion_blaster",
            "bowcaster",
            "dlt19",
            "a280",
            "e11",
        ),
    ),
    "SW_ROLE_NAMES": ("role-starwars", ("vader", "stormtrooper", "rebel", "bounty_hunter")),
    "SW_ABILITY_NAMES": (
        "ability-starwars",
        (
            "fearless",
            "lucky",
            "hardy",
            "seasoned",
            "provident",
            "inventive",
            "sharpshooter",
            "vengeful",
            "persistent",
            "resourceful",
            "unflappable",
            "elusive",
            "dangerous",
            "nimble",
            "calculating",
            "furious",
        ),
    ),
    "SW_FATE_NAMES": (
        "fate-starwars",
        (
            "fate_draw",
            "fate_discard_all",
            "fate_steal",
            "fate_barrage",
            "fate_counter_hit",
            "fate_swap_hands",
            "fate_heal_other",
        ),
    ),
    "SW_SYMBOL_NAMES": ("symbol-starwars", ("alliance", "empire", "compactor")),
    "SW_TERMS": ("term-starwars", ("energy", "face_your_destiny", "game_starwars")),
}
HELP_OF = {
    "SW_CARD_NAMES": ("SW_CARD_HELP", "card-help-starwars"),
    "SW_ROLE_NAMES": ("SW_ROLE_GOALS", "role-goal-starwars"),
    "SW_ABILITY_NAMES": ("SW_ABILITY_HELP", "ability-help-starwars"),
    "SW_FATE_NAMES": ("SW_FATE_HELP", "fate-help-starwars"),
}
TABLE_NAMES = (*IDS, *(help_table for help_table, _ in HELP_OF.values()))

# spec/star-wars.md, "The 16 abilities": the energy printed on each ability card.
ENERGY = {id_: 4 for id_ in IDS["SW_ABILITY_NAMES"][1]} | {"resourceful": 5, "elusive": 3, "dangerous": 3}

# Names that are the same words in the source and in a translation (kept as every fan writes them).
SAME_AS_ENGLISH = {
    ("ja", "SW_CARD_NAMES", "sw_bang"),
    ("ja", "SW_CARD_NAMES", "dlt19"),
    ("ja", "SW_CARD_NAMES", "a280"),
    ("cs", "SW_CARD_NAMES", "sw_bang"),
    ("cs", "SW_CARD_NAMES", "sw_duel"),
    ("cs", "SW_CARD_NAMES", "droid"),
    ("cs", "SW_CARD_NAMES", "dlt19"),
    ("cs", "SW_CARD_NAMES", "a280"),
    ("cs", "SW_ROLE_NAMES", "vader"),
    ("cs", "SW_ROLE_NAMES", "stormtrooper"),
    ("cs", "SW_TERMS", "game_starwars"),
}

# The Russian rulebook's words (rulebook 001), which the Russian catalog must use exactly.
RUSSIAN_CARDS = {
    "sw_bang": "«Бэнг!»",
    "sw_missed": "«Мимо!»",
    "bacta_tank": "«Бакта-камера»",
    "respite": "«Передышка»",
    "repair": "«Ремонт»",
    "new_hope": "«Новая надежда»",
    "unexpected_encounter": "«Неожиданная встреча»",
    "deception": "«Обман»",
    "ambush": "«Засада»",
    "atat_attack": "«Атака АТ-АТ»",
    "jawas": "«Джавы»",
    "sw_duel": "«Дуэль»",
    "cover": "«Укрытие»",
    "droid": "«Дроид»",
    "speeder_bike": "«Мотоспидер»",
    "carbonite": "«Карбонит»",
    "trash_compactor": "«Уплотнитель мусора»",
    "lightsaber": "«Световой меч»",
    "ion_blaster": "«Ионный бластер»",
    "bowcaster": "«Арбалет»",
    "dlt19": "«DLT-19»",
    "a280": "«A280»",
    "e11": "винтовка E-11",
}
RUSSIAN_ROLES = {
    "vader": "Дарт Вейдер",
    "stormtrooper": "Имперский штурмовик",
    "rebel": "Повстанец",
    "bounty_hunter": "Охотник за головами",
}
RUSSIAN_ABILITIES = {
    "fearless": "Бесстрашный",
    "lucky": "Везучий",
    "hardy": "Живучий",
    "seasoned": "Закалённый",
    "provident": "Запасливый",
    "inventive": "Изобретательный",
    "sharpshooter": "Меткий",
    "vengeful": "Мстительный",
    "persistent": "Настойчивый",
    "resourceful": "Находчивый",
    "unflappable": "Невозмутимый",
    "elusive": "Неуловимый",
    "dangerous": "Опасный",
    "nimble": "Проворный",
    "calculating": "Расчётливый",
    "furious": "Яростный",
}
RUSSIAN_TERMS = {"face_your_destiny": "Встреча с судьбой", "game_starwars": "«Бэнг! Звёздные войны»"}
RULEBOOK = Path(os.environ.get("BANGBOT_RULEBOOKS", "/work/shared/rulebooks")) / "001_fd0f5252ac983470.txt"

# The helps about what spec/star-wars.md marks assumed (weapon ranges, check symbols, New Hope for Wells Fargo,
# which cards carry which fate effect), and how each language says "not printed in the rulebook; the game assumes".
ASSUMED = {
    "SW_CARD_HELP": {"ion_blaster", "bowcaster", "dlt19", "a280", "new_hope", "cover", "carbonite", "trash_compactor"},
    "SW_ABILITY_HELP": {"lucky", "dangerous"},
    "SW_FATE_HELP": set(IDS["SW_FATE_NAMES"][1]),
    "SW_ROLE_GOALS": set(),
}
ASSUMED_SAYS = {
    "en": "This detail is not printed in the rulebook; the game assumes",
    "ru": "Этого нет в правилах;",
    "ja": "ルールブックに載っていないためゲームの推定です",
    "cs": "Tohle pravidla neuvádějí; hra předpokládá",
}
# The base game's word for what Star Wars calls energy, which no Star Wars help may use.
LIFE_WORDS = {"en": ("life",), "ru": ("жизн", "здоров"), "ja": ("ライフポイント", "体力"), "cs": ("život",)}


def table(name: str) -> Table:
    """Returns one of the Star Wars tables by its name in bangbot.games.bang.starwars.names."""
    found: Table = getattr(sw, name)
    return found


def help_texts(tr: Translator) -> dict[tuple[str, str], str]:
    """Returns (help table name, id) -> translated help or goal, for every help table."""
    return {(name, id_): tr.name(marked) for name in ASSUMED for id_, marked in table(name).items()}


def test_tables_have_exactly_the_engine_ids_and_their_contexts() -> None:
    for name, (context, ids) in IDS.items():
        assert list(table(name)) == list(ids), name
        assert {ctx for ctx, _ in table(name).values()} == {context}, name
    for name, (help_name, context) in HELP_OF.items():
        assert list(table(help_name)) == list(table(name)), help_name
        assert {ctx for ctx, _ in table(help_name).values()} == {context}, help_name


def test_ability_energy_and_symbol_glyphs() -> None:
    assert sw.SW_ABILITY_ENERGY == ENERGY
    assert set(sw.SW_SYMBOL_GLYPHS) == set(sw.SW_SYMBOL_NAMES)
    glyphs = list(sw.SW_SYMBOL_GLYPHS.values())
    assert all(glyph.strip() for glyph in glyphs) and len(set(glyphs)) == len(glyphs)


def test_lookup_tables() -> None:
    assert sw.SW_TABLES == (
        (glossary.CARD, sw.SW_CARD_NAMES),
        (glossary.CHARACTER, sw.SW_ABILITY_NAMES),
        (sw.FATE, sw.SW_FATE_NAMES),
        (sw.NOTES, sw.SW_TOPIC_NAMES),
        (sw.ROLE, sw.SW_ROLE_NAMES),
        (sw.TERM, sw.SW_RULES_TERMS),
    )
    assert {what for what, _ in sw.SW_TABLES} == {"card", "character", "fate", "notes-starwars", "role", "term"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_names_are_unique_for_lookup(language: str) -> None:
    tr = translator(language)
    names = [normalize_name(tr.name(marked)) for _, names in sw.SW_TABLES for marked in names.values()]
    assert all(names) and len(set(names)) == len(names)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_id_is_translated(language: str) -> None:
    tr = translator(language)
    for name in TABLE_NAMES:
        for id_, marked in table(name).items():
            text = tr.name(marked)
            assert text.strip(), (language, name, id_)
            if (language, name, id_) in SAME_AS_ENGLISH:
                assert text == marked[1], (language, name, id_)
            else:
                assert text != marked[1], f"{language} {name}[{id_}] is still English: {marked[1]!r}"


def sw_entries() -> list[tuple[str, str]]:
    """Returns (msgctxt, msgid) of every Star Wars string."""
    return [marked for name in TABLE_NAMES for marked in table(name).values()]


@pytest.mark.parametrize("language", TRANSLATED)
def test_catalog_entries_are_filled_and_keep_placeholders(language: str) -> None:
    catalog = load(language)
    for context, msgid in sw_entries():
        message = catalog.get(msgid, context)
        assert message is not None and message.string and not message.fuzzy, (language, context, msgid)
        assert placeholders(message.string) == placeholders(msgid), (language, msgid)


def test_no_star_wars_string_collides_with_another() -> None:
    entries = sw_entries()
    assert len(set(entries)) == len(entries), "two ids share one catalog entry"
    base_tables = (
        base.CARD_NAMES,
        base.CARD_HELP,
        base.CHARACTER_NAMES,
        base.CHARACTER_HELP,
        base.ROLE_NAMES,
        base.ROLE_GOALS,
        base.GAME_WORDS,
        {g.id: g.name for g in GAMES},
    )
    base_contexts = {ctx for t in base_tables for ctx, _ in t.values()}
    assert not base_contexts & {ctx for ctx, _ in entries}
    with (REPO / "locales" / "bangbot.pot").open("rb") as f:
        template = read_po(f)
    for context, msgid in entries:
        message = template.get(msgid, context)
        assert message is not None, (context, msgid)
        assert {path for path, _ in message.locations} == {"bangbot/games/bang/starwars/names.py"}, (context, msgid)


def test_russian_names_are_the_rulebooks() -> None:
    tr = translator("ru")
    assert {id_: sw.sw_card_name(tr, id_) for id_ in RUSSIAN_CARDS} == RUSSIAN_CARDS
    assert {id_: sw.sw_role_name(tr, id_) for id_ in RUSSIAN_ROLES} == RUSSIAN_ROLES
    assert {id_: sw.sw_ability_name(tr, id_) for id_ in RUSSIAN_ABILITIES} == RUSSIAN_ABILITIES
    assert {id_: sw.sw_term(tr, id_) for id_ in RUSSIAN_TERMS} == RUSSIAN_TERMS


def test_russian_names_occur_in_the_rulebook() -> None:
    if not RULEBOOK.exists():
        pytest.skip(f"the Star Wars rulebook is not at {RULEBOOK} (set BANGBOT_RULEBOOKS)")
    text = RULEBOOK.read_text(encoding="utf-8").casefold()
    names = [*RUSSIAN_CARDS.values(), *RUSSIAN_ROLES.values(), *RUSSIAN_ABILITIES.values(), *RUSSIAN_TERMS.values()]
    missing = [name for name in names if name.strip("«»").casefold() not in text]
    assert not missing


def test_japanese_help_uses_full_width_punctuation() -> None:
    tr = translator("ja")
    names = [
        tr.name(marked) for t in (sw.SW_CARD_NAMES, sw.SW_ABILITY_NAMES, sw.SW_ROLE_NAMES) for marked in t.values()
    ]
    problems = []
    for key, text in help_texts(tr).items():
        for name in sorted(names, key=len, reverse=True):
            text = text.replace(name, "")
        if any(ch in text for ch in "!:()"):
            problems.append((key, text))
    assert not problems


@pytest.mark.parametrize("language", LANGUAGES)
def test_helps_about_assumptions_say_so_and_no_others(language: str) -> None:
    says = ASSUMED_SAYS[language]
    for (name, id_), text in help_texts(translator(language)).items():
        assert (says in text) == (id_ in ASSUMED[name]), (language, name, id_, text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_helps_speak_of_energy_not_life(language: str) -> None:
    for key, text in help_texts(translator(language)).items():
        assert not any(word in text.casefold() for word in LIFE_WORDS[language]), (language, key, text)


HELPERS: list[tuple[Callable[[Translator, str], str], str]] = [
    (sw.sw_card_name, "SW_CARD_NAMES"),
    (sw.sw_card_help, "SW_CARD_HELP"),
    (sw.sw_ability_name, "SW_ABILITY_NAMES"),
    (sw.sw_ability_help, "SW_ABILITY_HELP"),
    (sw.sw_role_name, "SW_ROLE_NAMES"),
    (sw.sw_role_goal, "SW_ROLE_GOALS"),
    (sw.sw_fate_name, "SW_FATE_NAMES"),
    (sw.sw_fate_help, "SW_FATE_HELP"),
    (sw.sw_symbol_name, "SW_SYMBOL_NAMES"),
    (sw.sw_term, "SW_TERMS"),
]


@pytest.mark.parametrize(("helper", "name"), HELPERS, ids=[name for _, name in HELPERS])
def test_helpers_render_their_own_table(helper: Callable[[Translator, str], str], name: str) -> None:
    tr = translator("cs")
    assert {id_: helper(tr, id_) for id_ in table(name)} == {id_: tr.name(m) for id_, m in table(name).items()}
    assert helper(tr, "no_such_id") == "no_such_id"


def test_examples_in_each_language() -> None:
    en, ru, ja, cs = (translator(language) for language in ("en", "ru", "ja", "cs"))
    assert sw.sw_card_name(en, "bacta_tank") == "Bacta Tank"
    assert sw.sw_card_name(ja, "bacta_tank") == "バクタ・タンク"
    assert sw.sw_card_name(cs, "lightsaber") == "Světelný meč"
    assert sw.sw_role_name(ja, "bounty_hunter") == "賞金稼ぎ"
    assert sw.sw_role_name(cs, "bounty_hunter") == "Lovec odměn"
    assert sw.sw_term(ru, "energy") == "энергия"
    assert sw.sw_symbol_name(ru, "empire") == "Империя"


@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_assumptions_at_a_star_wars_table_list_the_fate_table_as_played(language: str) -> None:
    """Issue 20, point 8: two «Мимо!» swap hands, and /rules assumptions says so in every language."""
    from bangbot.games.bang.rules.cards import KINDS
    from bangbot.games.bang.starwars.notes import SW_ASSUMPTION_NOTES, SWAP_HANDS_NOTE
    from bangbot.games.bang.starwars.rules.data import ASSUMPTIONS, FATE_SWAP_HANDS
    from bangbot.games.bang.texts.glossary import card_name
    from bangbot.games.contract import TableRules
    from bangbot.i18n.explain import explain
    from bangbot.i18n.glossary import lookup
    from bangbot.i18n.themes import themed

    tr = translator(language)
    topic = lookup(tr, tr.name(sw.SW_TOPIC_NAMES["assumptions"]), "starwars")
    assert topic == (sw.NOTES, "assumptions") and lookup(tr, "assumptions", "duel") != topic
    text = explain(tr, topic, TableRules("starwars"))
    assert set(SW_ASSUMPTION_NOTES) == set(ASSUMPTIONS) and "{" not in text
    game = themed(tr, "starwars")
    missed = next(
        line
        for line in text.splitlines()
        if line.startswith(f"• {card_name(game, 'missed')}") or line.startswith(f"・{card_name(game, 'missed')}")
    )
    swaps = game.ngettext("{fate}: {n} copy", "{fate}: {n} copies", 2, fate=sw.sw_fate_name(game, FATE_SWAP_HANDS))
    assert swaps in missed
    assert game.pgettext(*SWAP_HANDS_NOTE, missed=card_name(game, "missed"), atat=card_name(game, "gatling")) in text
    if language == "ja":  # full-width punctuation, but in the names of cards (BANG!, Wells Fargo(…))
        for name in sorted((card_name(game, kind) for kind in KINDS), key=len, reverse=True):
            text = text.replace(name, "")
        assert not any(ch in text for ch in "!:()")


@pytest.mark.parametrize(
    ("language", "text", "topic", "says"),
    [
        ("ru", "Встреча с судьбой", ("term", "face_your_destiny"), "2 единицы энергии"),
        ("ru", "Дарт Вейдер", ("role", "vader"), "Дарт Вейдер:"),
        ("en", "bounty hunter", ("role", "bounty_hunter"), "Bounty Hunter:"),
        ("ja", "運命との対決", ("term", "face_your_destiny"), "エネルギーが2以下"),
        ("cs", "Stormtrooper", ("role", "stormtrooper"), "Stormtrooper:"),
    ],
)
def test_rules_finds_roles_and_the_fate_rule_at_a_star_wars_table(
    language: str, text: str, topic: tuple[str, str], says: str
) -> None:
    from bangbot.i18n.explain import explain, preset_rules

    tr = translator(language)
    assert glossary.lookup(tr, text, "starwars") == topic
    assert says in explain(tr, topic, preset_rules("standard", "starwars"))


def test_help_at_a_star_wars_table_tells_its_words_and_symbols() -> None:
    from bangbot.i18n.themes import themed
    from bangbot.messaging.commands.games_help import table_note

    note = table_note(translator("ru"), "starwars")
    assert note is not None and "«Бэнг! Звёздные войны»" in note and "Дарт Вейдер" in note
    assert all(glyph in note for glyph in sw.SW_SYMBOL_GLYPHS.values()) and "/rules «Укрытие»" in note
    assert table_note(translator("ru"), "base") is None
    legend = spoken(themed(translator("ja"), "starwars"))
    assert legend is not None and legend.legend is not None
    assert legend.legend(themed(translator("ja"), "starwars")).startswith("判定マーク：✦\u00a0反乱同盟")
