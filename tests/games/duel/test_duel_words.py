"""BANG! The Duel's words: every card, character and mode named and explained in four languages, with its source."""

from __future__ import annotations

import asyncio
import os
from collections import Counter
from pathlib import Path

import pytest

from bangbot.games import game as registered
from bangbot.games.bang.texts.glossary import CHARACTER_NAMES
from bangbot.games.contract import TableRules
from bangbot.games.duel.rules.data import ASSUMPTIONS, CARD_TYPES, CARDS, CHARACTER, DECKS, EXPANSION_CARDS
from bangbot.games.duel.rules.modes import MODE_IDS, MODES
from bangbot.games.duel.texts import help as helps
from bangbot.games.duel.texts import names as names
from bangbot.games.duel.texts.rules import (
    DUEL_CARD,
    DUEL_CHARACTER,
    DUEL_MODE,
    DUEL_NOTES,
    assumed_resources,
    card_marks,
    character_marks,
    duel_summary,
    mode_marks,
)
from bangbot.i18n import LANGUAGES, Translator, translator
from bangbot.i18n.explain import explain
from bangbot.i18n.glossary import CARD, lookup
from tests.i18n.test_catalogs import load, placeholders
from tests.service_harness import GROUP, Table, make_users

TRANSLATED = ("ru", "ja", "cs")
Marked = tuple[str, str]

# Each table of the Duel's texts (names, help), its msgctxt and the ids it must hold exactly (the engine's data).
TABLES: dict[str, tuple[dict[str, Marked], str, set[str]]] = {
    "DUEL_CARD_NAMES": (names.DUEL_CARD_NAMES, "card-duel", set(CARD_TYPES)),
    "DUEL_CHARACTER_NAMES": (names.DUEL_CHARACTER_NAMES, "character-duel", set(CHARACTER)),
    "DUEL_MODE_NAMES": (names.DUEL_MODE_NAMES, "duel-mode", set(MODE_IDS)),
    "DUEL_SIDE_NAMES": (names.DUEL_SIDE_NAMES, "duel-side", {s.side for m in MODES.values() for s in m.sides}),
    "DUEL_SYMBOL_NAMES": (names.DUEL_SYMBOL_NAMES, "duel-symbol", {c.symbol for c in CARDS}),
    "DUEL_POSITION_NAMES": (names.DUEL_POSITION_NAMES, "duel-position", {"attacker", "cover"}),
    "DUEL_DECK_NAMES": (names.DUEL_DECK_NAMES, "duel-deck", set(DECKS)),
    "DUEL_FRAME_NAMES": (names.DUEL_FRAME_NAMES, "duel-frame", {t.frame for t in CARD_TYPES.values()}),
    "DUEL_CARD_HELP": (helps.DUEL_CARD_HELP, "card-help-duel", set(CARD_TYPES)),
    "DUEL_CHARACTER_HELP": (helps.DUEL_CHARACTER_HELP, "character-help-duel", set(CHARACTER)),
    "DUEL_MODE_HELP": (helps.DUEL_MODE_HELP, "duel-mode-help", set(MODE_IDS)),
    "DUEL_ASSUMPTION_NOTES": (helps.DUEL_ASSUMPTION_NOTES, "duel-assumption", set(ASSUMPTIONS)),
}

# Czech keeps these names as they are in Latin script: guns, people, and the words Czech BANG! keeps (Saloon, Duel).
CZECH_AS_ENGLISH = {
    ("DUEL_CARD_NAMES", c)
    for c in (
        "colt",
        "peacemaker",
        "remington",
        "schofield",
        "winchester",
        "derringer",
        "saloon",
        "duel",
        "whisky",
        "lightning",
        "sledge",
        "whitney",
        "walker",
        "union_pacific",
    )
} | {
    ("DUEL_CHARACTER_NAMES", c)
    for c in (
        "alan_pinkerton",
        "annie_oakley",
        "bat_masterson",
        "bill_tilghman",
        "buffalo_bill",
        "jango",
        "pat_garrett",
        "tex_killer",
        "wyatt_earp",
        "babe_leroy",
        "jack_ransome",
        "pearl_hart",
        "kid_curry",
        "sundance_kid",
        "toco_ramirez",
        "tom_horn",
        "west_harding",
        "hick_addams",
        "charlie_bassett",
        "king_fisher",
        "el_chindi",
    )
}

# Rulebook 002's Russian words, which the Russian catalog must use exactly as printed.
RUSSIAN_CARDS = {
    "watch": "«Часы»",
    "duel": "«Дуэль»",
    "derringer": "«Дерринджер»",
    "grapeshot": "«Картечница»",
    "ricochet": "«Рикошет»",
    "partner": "«Напарник»",
    "chief": "«Вождь индейцев»",
    "union_pacific": "«Юнион Пасифик»",
    "blow": "«Удар»",
    "return_fire": "«Ответный огонь»",
    "gatling": "«Гатлинг»",
    "indians": "«Индейцы!»",
    "missed": "«Мимо!»",
    "barrel": "«Бочка»",
    "hat": "«Шляпа»",
    "carbine": "«Карабин»",
    "canteen": "«Вода»",
    "general_store": "«Магазин»",
    "stagecoach": "«Фургон»",
    "colt": "«Кольт»",
    "quickdraw": "«Град пуль»",
    "buffalo": "«Буффало»",
    "whisky": "«Виски»",
    "spencer": "«Винтовка Спенсера»",
    "double_barrel": "«Двустволка»",
    "ambush": "«Засада»",
    "sharps": "«Карабин Шарпса»",
    "companion": "«Компаньон»",
    "lightning": "«Лайтнинг»",
    "dexterity": "«Ловкость»",
    "gold_pan": "«Лоток для промывки»",
    "cover": "«Прикрытие»",
    "lucky_penny": "«Счастливый пенни»",
    "sledge": "«Сведж»",
    "whitney": "«Уитни»",
    "walker": "«Уокер»",
    "trick": "«Уловка»",
    "spurs": "«Шпоры»",
}
RUSSIAN_CHARACTERS = {
    "fortune_teller": "Гадалка",
    "alicia": "Картёжница Алисия",
    "coquette_delou": "Кокетка Делу",
    "marshal": "Маршал",
    "hick_addams": "Хик Аддамс",
    "charlie_bassett": "Чарли Бассет",
    "big_jim": "Большой Джим",
    "dutch_harry": "Голландец Гарри",
    "big_steve": "Здоровяк Стив",
    "king_fisher": "Кинг Фишер",
    "little_leroy": "Крошка Лерой",
    "el_chindi": "Эль Чинди",
    "lone_ranger": "Одинокий рейнджер",
    "wild_bill": "Дикий Билл",
    "kid_curry": "Кид Керри",
    "jango": "Джанго",
    "alan_pinkerton": "Алан Пинкертон",
    "pat_garrett": "Пэт Гарретт",
    "wyatt_earp": "Уайетт Эрп",
    "tom_horn": "Том Хорн",
    "annie_oakley": "Энни Оукли",
}
RUSSIAN_MODES = {
    "third_law": "Третий отряд",
    "third_outlaws": "Третий отряд",
    "reinforcements": "Подкрепление",
    "standoff": "Мексиканское противостояние",
}
RUSSIAN_SIDES = {"law": "Служители закона", "outlaw": "Бандиты", "renegade": "Ренегаты"}
RULEBOOK = Path(os.environ.get("BANGBOT_RULEBOOKS", "/work/shared/rulebooks")) / "002_688a76d92595592b.txt"

# How each language says the three marks of where a fact comes from.
MARKS = {
    "en": {
        "reconstructed": "not printed in a rulebook we have",
        "assumed": "not printed in the rulebook; the game assumes",
        "printed": "printed in the Renegades rulebook",
    },
    "ru": {
        "reconstructed": "Этого нет в доступных нам правилах",
        "assumed": "Этого нет в правилах; игра исходит из того,",
        "printed": "в правилах «Ренегатов»",
    },
    "ja": {
        "reconstructed": "手元のルールブックには載っていません",
        "assumed": "ルールブックには載っていないため",
        "printed": "「裏切り者」のルールブックに記載されています",
    },
    "cs": {
        "reconstructed": "Tohle v pravidlech, která máme, není",
        "assumed": "Tohle pravidla neuvádějí; hra předpokládá",
        "printed": "v pravidlech Odpadlíků",
    },
}
KINDS = {DUEL_CARD: names.DUEL_CARD_NAMES, DUEL_CHARACTER: names.DUEL_CHARACTER_NAMES, DUEL_MODE: names.DUEL_MODE_NAMES}
STANDOFF = TableRules.of(registered("duel").ruleset.config(3, "standoff"))


def all_marked() -> list[tuple[str, str, Marked]]:
    """Returns (table, id, marked) for every Duel string, the one-off ones (game name, summary, notes) included."""
    out = [(table, id_, marked) for table, (rows, _, _) in TABLES.items() for id_, marked in rows.items()]
    out += [("DUEL_SOURCE_NOTES", k, m) for k, m in helps.DUEL_SOURCE_NOTES.items()]
    out += [("DUEL_RULES_SUMMARY", str(i), m) for i, m in enumerate(helps.DUEL_RULES_SUMMARY)]
    out += [("DUEL_TOPIC_NAMES", k, m) for k, m in helps.DUEL_TOPIC_NAMES.items()]
    return [*out, ("DUEL_GAME_NAME", "duel", names.DUEL_GAME_NAME)]


def test_tables_hold_exactly_the_engine_ids_in_their_contexts() -> None:
    for table, (rows, context, ids) in TABLES.items():
        assert set(rows) == ids, f"{table}: missing {ids - set(rows)}, extra {set(rows) - ids}"
        assert {ctx for ctx, _ in rows.values()} == {context}, table


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_string_is_translated_in_its_catalog(language: str) -> None:
    catalog = load(language)
    problems = []
    for table, id_, (context, msgid) in all_marked():
        message = catalog.get(msgid, context)
        if message is None or not message.string or message.fuzzy:
            problems.append(f"{table}[{id_}] untranslated or fuzzy")
        elif placeholders(message.string) != placeholders(msgid):
            problems.append(f"{table}[{id_}] placeholders differ")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_translation_is_left_in_english(language: str) -> None:
    tr = translator(language)
    same = [
        (table, id_)
        for table, id_, marked in all_marked()
        if tr.name(marked) == marked[1] and not (language == "cs" and (table, id_) in CZECH_AS_ENGLISH)
    ]
    assert not same


def test_czech_keeps_only_latin_proper_names() -> None:
    tr = translator("cs")
    for table, id_ in CZECH_AS_ENGLISH:
        rows = TABLES[table][0]
        assert tr.name(rows[id_]) == rows[id_][1], (table, id_)


def test_russian_names_are_the_rulebooks() -> None:
    tr = translator("ru")
    assert {k: tr.name(names.DUEL_CARD_NAMES[k]) for k in RUSSIAN_CARDS} == RUSSIAN_CARDS
    assert {k: tr.name(names.DUEL_CHARACTER_NAMES[k]) for k in RUSSIAN_CHARACTERS} == RUSSIAN_CHARACTERS
    assert {k: tr.name(names.DUEL_SIDE_NAMES[k]) for k in RUSSIAN_SIDES} == RUSSIAN_SIDES
    for mode, words in RUSSIAN_MODES.items():
        assert tr.name(names.DUEL_MODE_NAMES[mode]).startswith(words), mode


@pytest.mark.skipif(not RULEBOOK.exists(), reason="rulebook 002 is not available here")
def test_the_rulebooks_words_are_printed_in_it() -> None:
    text = RULEBOOK.read_text(encoding="utf-8")
    printed = [*(n.strip("«»") for n in RUSSIAN_CARDS.values()), *RUSSIAN_CHARACTERS.values(), *RUSSIAN_MODES.values()]
    # The rulebook spells the base game's names it quotes in other cases; the stem is enough to find them.
    stems = {"Гатлинг", "Индейц", "Мимо", "Бочк", "Шляп", "Карабин", "Вод", "Магазин", "Фургон", "Кольт", "Град"}
    missing = [w for w in printed if w not in text and not any(w.startswith(s) and s in text for s in stems)]
    assert not missing


@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_finds_every_card_character_and_mode_by_its_name(language: str) -> None:
    tr = translator(language)
    for kind, rows in KINDS.items():
        for id_, marked in rows.items():
            name = tr.name(marked)
            assert lookup(tr, name, "duel") == (kind, id_), (language, name)
            # Another language's reader finds it by this name too, at the Duel's table.
            assert lookup(translator("en"), name, "duel") == (kind, id_), (language, name)


def test_rules_finds_every_card_and_character_by_its_id() -> None:
    tr = translator("en")
    for kind, rows in KINDS.items():
        for id_ in rows:
            if kind == DUEL_MODE and id_ in CARD_TYPES:
                continue  # the mode "duel" shares its id with the card Duel: the card comes first
            assert lookup(tr, id_, "duel") == (kind, id_)


def test_a_base_game_table_still_finds_the_base_games_names_first() -> None:
    for language, query, expected in (
        ("ru", "кольт", (CARD, "colt45")),
        ("ru", "Джанго", ("character", "el_gringo")),
        ("ru", "Карабин", (CARD, "rev_carabine")),
        ("en", "Barrel", (CARD, "barrel")),
        ("ja", "Duello", (CARD, "duel")),
    ):
        assert lookup(translator(language), query) == expected
    # A name only the Duel knows is found from any table.
    assert lookup(translator("en"), "Pocket Watch") == (DUEL_CARD, "watch")
    assert lookup(translator("ru"), "Джанго", "duel") == (DUEL_CHARACTER, "jango")
    assert set(CHARACTER_NAMES).isdisjoint({"jango"})


def marks_of(kind: str, id_: str) -> list[str]:
    """Returns the sources a topic's help must name."""
    keys = {DUEL_CARD: card_marks, DUEL_CHARACTER: character_marks, DUEL_MODE: mode_marks}[kind](id_)
    out = []
    for key in keys:
        out += [source for source in ("reconstructed", "assumed", "printed") if source in key]
    return out


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_explanation_names_its_help_and_sources(language: str) -> None:
    tr = translator(language)
    helps_of = {
        DUEL_CARD: helps.DUEL_CARD_HELP,
        DUEL_CHARACTER: helps.DUEL_CHARACTER_HELP,
        DUEL_MODE: helps.DUEL_MODE_HELP,
    }
    for kind, rows in KINDS.items():
        for id_, marked in rows.items():
            text = explain(tr, (kind, id_), STANDOFF)
            assert text.startswith(tr.name(marked)), text
            assert tr.name(helps_of[kind][id_]) in text
            sources = marks_of(kind, id_)
            assert sources, (kind, id_)
            for source in sources:
                assert MARKS[language][source] in text, (kind, id_, source)


def test_a_reconstructed_base_card_and_an_assumed_expansion_split_say_so() -> None:
    for language in LANGUAGES:
        tr = translator(language)
        colt = explain(tr, (DUEL_CARD, "colt"), STANDOFF)
        assert MARKS[language]["reconstructed"] in colt and MARKS[language]["assumed"] not in colt
        whitney = explain(tr, (DUEL_CARD, "whitney"), STANDOFF)
        assert MARKS[language]["printed"] in whitney and MARKS[language]["assumed"] in whitney
        assert MARKS[language]["reconstructed"] not in whitney
        assert tr.name(helps.DUEL_SOURCE_NOTES["card_split_assumed"]) in whitney
    en = translator("en")
    assert "the game assumes which deck holds how many copies" in explain(en, (DUEL_CARD, "union_pacific"), STANDOFF)
    assert "the game assumes the life points" in explain(en, (DUEL_CHARACTER, "el_chindi"), STANDOFF)
    assert "Assumed" not in explain(en, (DUEL_CHARACTER, "kid_curry"), STANDOFF)
    for card in assumed_resources():
        assert "the game assumes that it is a resource" in explain(en, (DUEL_CARD, card), STANDOFF)
    assert "the game assumes that it is a resource" not in explain(en, (DUEL_CARD, "gold_pan"), STANDOFF)


def test_an_explained_card_shows_its_frame_and_copies_from_the_data() -> None:
    en = translator("en")
    for id_, kind in CARD_TYPES.items():
        text = explain(en, (DUEL_CARD, id_), STANDOFF)
        assert en.name(names.DUEL_FRAME_NAMES[kind.frame]) in text
        assert ("Bears the reload symbol." in text) == kind.reload
        assert text.lower().count("always active") == kind.always, (id_, text)  # said once, in the help or a line
        per_deck = Counter(c.deck for c in CARDS if c.type.id == id_)
        for deck, n in per_deck.items():
            assert f"{en.name(names.DUEL_DECK_NAMES[deck])}: {n} (" in text, (id_, deck)
        assert (id_ in EXPANSION_CARDS) == ("printed in the Renegades rulebook" in text)
    for id_, character in CHARACTER.items():
        text = explain(en, (DUEL_CHARACTER, id_), STANDOFF)
        assert text.lower().count("always active") == character.always, (id_, text)
    missed = explain(en, (DUEL_CARD, "missed"), STANDOFF)
    assert "Law: 5 (barrel and snake ×4); Outlaws: 7 (horseshoe, barrel, and snake ×5)" in missed
    assert explain(translator("ru"), (DUEL_CHARACTER, "daltons"), STANDOFF).splitlines()[1:4] == [
        "Колода: бандиты.",
        "Здоровье: 3.",
        "Этого нет в доступных нам правилах: способность и здоровье взяты из открытого списка карт базовой «Дуэли».",
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_assumptions_are_listed_by_name(language: str) -> None:
    tr = translator(language)
    found = lookup(tr, tr.name(helps.DUEL_TOPIC_NAMES["assumptions"]), "duel")
    assert found == (DUEL_NOTES, "assumptions")
    text = explain(tr, found, STANDOFF)
    assert len(text.splitlines()) == 1 + len(ASSUMPTIONS) + 1  # title, one line each, the table's mode
    for card in assumed_resources():
        assert names.duel_card_name(tr, card) in text
    assert "{" not in text


def summary_has(tr: Translator, mode: str) -> None:
    """Asserts that a mode's summary names the mode, its help, the turn's rules and the mode's source."""
    text = duel_summary(tr, mode)
    assert names.duel_mode_name(tr, mode) in text.splitlines()[0]
    assert tr.name(helps.DUEL_MODE_HELP[mode]) in text
    for line in helps.DUEL_RULES_SUMMARY:
        assert tr.name(line) in text
    source = "reconstructed" if mode == "duel" else "printed"
    assert MARKS[tr.language][source] in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_mode_has_a_summary(language: str) -> None:
    for mode in MODE_IDS:
        summary_has(translator(language), mode)


def test_rules_without_a_name_at_a_duel_table_summarises_its_mode(tmp_path: Path) -> None:
    async def scenario_() -> None:
        table = Table(f"sqlite:///{tmp_path / 'duel.sqlite3'}", make_users(2, "ru-RU"))
        settings = table.repo.chat_settings(GROUP)
        settings.ruleset, settings.preset = "duel", "standoff"
        table.repo.save_chat_settings(settings)
        await table.command(0, "rules")
        text = table.messenger.last(GROUP).text
        assert text.startswith("«Бэнг! Дуэль»: Мексиканское противостояние")
        assert "Одна карта «Бэнг!» (красная рамка) за ход" in text and "в правилах «Ренегатов»" in text
        assert "\n\n/rules объясняет всё это по названию:\n" in text and "«Часы»" in text
        await table.command(1, "rules", "Часы")
        watch = table.messenger.last(GROUP).text
        assert watch.startswith("«Часы»: ") and watch.endswith("Режим: Мексиканское противостояние.")
        await table.command(1, "rules", "Тюрьма")  # a base card at a Duel table: by the standard rules
        assert table.messenger.last(GROUP).text.endswith("Так играют по правилам этого стола: стандартные.")

    asyncio.run(scenario_())
