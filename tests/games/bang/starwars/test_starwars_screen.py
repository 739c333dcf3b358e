"""A game of BANG! Star Wars, played by presses through the service, reads as Star Wars in every language."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
from pathlib import Path

import pytest

from bangbot import games
from bangbot.games.bang.presenter.keyboards import TOP, keyboard, pass_label
from bangbot.games.bang.presenter.labels import card_label
from bangbot.games.bang.presenter.prompts import prompt
from bangbot.games.bang.presenter.render import event_line
from bangbot.games.bang.rules.actions import HAND, Answer, Pass, Pick, Play
from bangbot.games.bang.rules.cards import CARDS, HEARTS, SPADES
from bangbot.games.bang.rules.views import PlayerView
from bangbot.games.bang.starwars.names import (
    SW_CARD_NAMES,
    sw_ability_help,
    sw_ability_name,
    sw_card_help,
    sw_fate_help,
    sw_fate_name,
    sw_role_name,
)
from bangbot.games.bang.starwars.rules.actions import Fate
from bangbot.games.bang.starwars.rules.data import FATE
from bangbot.games.bang.texts.glossary import (
    CARD_NAMES,
    CHARACTER_NAMES,
    ROLE_NAMES,
    card_name,
    character_name,
    role_name,
)
from bangbot.i18n import LANGUAGES, translator
from bangbot.i18n.themes import themed
from bangbot.messaging.presenting.life_bar import life_bar
from tests.offered import offer
from tests.service_harness import GROUP, Table, make_users

STARWARS = "starwars"
SUITS = set("♥♦♣♠")
ENERGY = {"en": "energy", "ru": "энерги", "ja": "エネルギー", "cs": "energi"}
LIFE = {"en": ("life", "lives"), "ru": ("здоров", "жизн"), "ja": ("ライフ",), "cs": ("život",)}
PRESS_LIMIT = 4000


def index_of(kind: str, suit: str, rank: int) -> int:
    """Returns the index of the card of a kind with this suit and rank."""
    return next(c.index for c in CARDS if c.kind == kind and c.suit == suit and c.rank == rank)


async def play_starwars(tmp_path: Path, language: str, monkeypatch: pytest.MonkeyPatch) -> tuple[Table, list[str]]:
    """Plays a four-person game of BANG! Star Wars to its end by random presses; returns every text anyone saw."""
    offer(monkeypatch, games.game("base"), games.game(STARWARS))
    table = Table(f"sqlite:///{tmp_path / f'sw-{language}.sqlite3'}", make_users(4, language), seed=11)
    await table.command(0, "newgame")
    for user in (1, 2, 3):
        await table.press(user, table.lobby(), "join")
    await table.press(0, table.lobby(), "game")
    game = table.game()
    assert game is not None and game.ruleset == STARWARS
    assert not (await table.press(0, table.lobby(), "start")).alert
    rng = random.Random(language)
    labels: list[str] = []
    for _ in range(PRESS_LIMIT):
        options = table.choices()
        if not options:
            break
        labels += [b.text for _, message, _ in options for row in message.buttons for b in row]
        user, message, choice = rng.choice(options)
        assert not (await table.press(user, message, choice)).alert
    game = table.repo.latest_game(GROUP)
    assert game is not None and game.state_json and json.loads(game.state_json)["winner"], "the game did not end"
    chats = [GROUP, *(u.id for u in table.users)]
    return table, [t for chat in chats for t in table.messenger.all_texts(chat)] + labels


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_whole_star_wars_game_reads_as_star_wars(
    tmp_path: Path, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table, texts = asyncio.run(play_starwars(tmp_path, language, monkeypatch))
    tr = translator(language)
    seen = "\n".join(texts)
    assert not SUITS & set(seen), "a suit shows"
    sw_names = {tr.name(marked) for marked in SW_CARD_NAMES.values()}
    base_only = {card_name(tr, kind) for kind in CARD_NAMES} - sw_names  # «Бэнг!», Duel... are Star Wars names too
    base_only |= {character_name(tr, c) for c in CHARACTER_NAMES} | {role_name(tr, r) for r in ROLE_NAMES}
    assert not [name for name in base_only if name.casefold() in seen.casefold()]
    assert ENERGY[language] in seen.casefold()
    assert not [word for word in LIFE[language] if word in seen.casefold()]
    group = "\n".join(table.messenger.all_texts(GROUP))
    assert sw_role_name(tr, "vader") in group  # Vader is revealed
    game = table.repo.latest_game(GROUP)
    assert game is not None and game.state_json
    for player in json.loads(game.state_json)["players"]:
        assert sw_ability_name(tr, player[0]) in group, player[0]  # every seat's ability card is named
    assert any(sw_role_name(tr, role) in group for role in ("stormtrooper", "rebel", "bounty_hunter"))


def test_a_star_wars_card_shows_its_check_symbols_and_its_fate_effect_never_a_suit() -> None:
    tr = themed(translator("en"), STARWARS)
    assert card_label(tr, index_of("beer", HEARTS, 9)) == "Bacta\u00a0Tank\u00a0✦"
    assert card_label(tr, index_of("missed", SPADES, 5)) == "Missed!\u00a0⚙🗑"
    assert card_label(tr, index_of("barrel", SPADES, 13)) == "Cover\u00a0⚙"
    assert card_label(tr, index_of("bang", "D", 9)) == "BANG!"
    drawing = index_of("bang", HEARTS, 12)
    assert FATE[drawing] == "fate_draw" and card_label(tr, drawing) == "BANG!\u00a0✦ (Draw a card)"
    assert card_label(tr, index_of("missed", "C", 14)) == "Missed! (Swap hands)"
    check = {"kind": "check", "seat": 0, "reason": "barrel", "cards": [drawing], "ok": True}
    assert event_line(tr, check, ["Ann"], None) == "Ann checks for Cover: BANG!\u00a0✦ (Draw a card) — success."
    assert card_label(translator("en"), drawing) == "BANG!\u00a0Q♥"  # the base game keeps its suits
    for language in LANGUAGES:
        sw = themed(translator(language), STARWARS)
        for index in FATE:
            label = card_label(sw, index)
            assert not SUITS & set(label) and sw_fate_name(sw, FATE[index]) in label, label
        assert life_bar(sw, 2, 4) == "▰▰▱▱ 2/4" and life_bar(translator(language), 2, 4) == "♥♥♡♡ 2/4"


NEW_LINES = {
    "en": (
        "A New Hope gives Ann energy (now: 3).",
        "A New Hope passes from Ann to Bob.",
        "Bob checks the card Trash\u00a0Compactor\u00a0✦ first.",
        "Ann discards the card BANG! and regains 1 energy (now: 2).",
        "Ann stays in the game (energy: 1).",
        "Ann checks for Lucky: Missed!\u00a0⚙🗑 — failure.",
    ),
    "ru": (
        "«Новая надежда»: игрок Ann получает энергию (теперь: 3).",
        "«Новая надежда» переходит от игрока Ann к игроку Bob.",
        "Bob проверяет первой карту «Уплотнитель\u00a0мусора»\u00a0✦.",
        "Ann сбрасывает карту «Бэнг!» и восстанавливает единицу энергии (теперь: 2).",
        "Ann остаётся в игре (энергия: 1).",
        "Ann делает проверку (Везучий): «Мимо!»\u00a0⚙🗑 — неудача.",
    ),
    "ja": (
        "新たなる希望でAnnさんのエネルギーが回復しました（現在3）。",
        "新たなる希望がAnnさんからBobさんに渡りました。",
        "Bobさんは先にダスト・シュート\u00a0✦を判定します。",
        "AnnさんはBANG!を捨てて、エネルギーを1回復しました（現在2）。",
        "Annさんはゲームに残ります（エネルギー1）。",
        "Annさんの幸運の判定：ミス\u00a0⚙🗑 — 失敗",
    ),
    "cs": (
        "Nová naděje: hráč Ann získává energii (teď: 3).",
        "Nová naděje přechází od hráče Ann k hráči Bob.",
        "Bob začíná sejmutím pro kartu Drtič\u00a0odpadu\u00a0✦.",
        "Ann odhazuje kartu BANG! a získává jeden bod energie (teď: 2).",
        "Ann zůstává ve hře (energie: 1).",
        "Ann „sejme“ (Šťastný): Vedle!\u00a0⚙🗑 – neúspěch.",
    ),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_new_events_of_star_wars_in_four_languages(language: str) -> None:
    tr = themed(translator(language), STARWARS)
    names = [tr.pgettext("player name", "{name}", name=n) for n in ("Ann", "Bob")]
    compactor, bang = index_of("dynamite", HEARTS, 2), index_of("bang", "D", 9)
    events = [
        {"kind": "new_hope", "seat": 0, "life": 3},
        {"kind": "new_hope_passed", "seat": 0, "to": 1},
        {"kind": "first_check", "seat": 1, "card": compactor},
        {"kind": "rebound", "seat": 0, "card": bang, "life": 2},
        {"kind": "survived", "seat": 0, "life": 1},
        {"kind": "check", "seat": 0, "reason": "lucky", "cards": [index_of("missed", SPADES, 5)], "ok": False},
    ]
    assert tuple(event_line(tr, e, names, None) for e in events) == NEW_LINES[language]


def test_rules_in_a_star_wars_chat_explain_the_star_wars_card(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def scenario_() -> Table:
        offer(monkeypatch, games.game("base"), games.game(STARWARS))
        table = Table(f"sqlite:///{tmp_path / 'rules.sqlite3'}", make_users(4, "ru"))
        await table.command(0, "rules", "Бакта-камера")  # no game here yet: found among the other game's cards
        assert table.messenger.last(GROUP).text.startswith("«Бакта-камера»: ")
        await table.command(0, "newgame")
        await table.press(0, table.lobby(), "game")
        for word in ("Бакта-камера", "Бэнг", "Везучий", "Шквал огня", ""):
            await table.command(1, "rules", word)
        return table

    table = asyncio.run(scenario_())
    tr = translator("ru")
    bacta, bang, lucky, barrage, empty = (m.text for m in table.messenger.in_chat(GROUP)[-5:])
    assert bacta.split("\n") == [
        f"«Бакта-камера»: {sw_card_help(tr, 'bacta_tank')}",
        "Так играют по правилам этого стола: стандартные.",
    ]
    assert bang.startswith(f"«Бэнг!»: {sw_card_help(tr, 'sw_bang')}")  # the Star Wars BANG!, not the base one
    assert lucky.split("\n")[:2] == [f"Везучий: {sw_ability_help(tr, 'lucky')}", "Энергия: 4."]
    assert barrage.startswith(f"Шквал огня: {sw_fate_help(tr, 'fate_barrage')}")
    assert empty.startswith("/rules объясняет всё это по названию:\n") and "«Укрытие»" in empty
    assert empty.endswith("\nНазовите карту или способность, например: /rules Укрытие")


def asked(request: dict[str, object], legal: tuple[object, ...]) -> PlayerView:
    """Returns seat 0's view of a fresh Star Wars table, asked request, with legal as its choices."""
    rules = games.game(STARWARS).ruleset
    state, _ = rules.new_game(rules.config(4, "standard"), 3)
    return dataclasses.replace(rules.view(state, 0), requests=(request,), awaiting=(0,), legal=legal)


def buttons(language: str, view: PlayerView) -> list[str]:
    """Returns the texts of the first step's buttons, as seat 0 reads them in a Star Wars game."""
    tr = themed(translator(language), STARWARS)
    return [b.text for row in keyboard(tr, view, NAMES, TOP, lambda choice: choice) for b in row]


NAMES = ["Ann", "Bob", "Cyd", "Dan"]
REBOUND_PASS = {"en": "No, thanks: keep my cards", "ru": "Нет, спасибо: оставить карты"}
FATE_FIRST = {
    "en": ("Fate effect first", "The card's effect first"),
    "cs": ("Nejdřív efekt osudu", "Nejdřív účinek karty"),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_new_requests_of_star_wars_in_four_languages(language: str) -> None:
    tr = themed(translator(language), STARWARS)
    english = themed(translator("en"), STARWARS)
    bang, compactor = index_of("bang", "D", 9), index_of("dynamite", HEARTS, 2)
    hope = next(c.index for c in CARDS if c.kind == "new_hope")
    requests = {
        "FirstCheck": ({"type": "FirstCheck", "seat": 0, "cards": [compactor, hope]}, (Pick(compactor), Pick(hope))),
        "Rebound": ({"type": "Rebound", "seat": 0}, (Answer(bang), Pass())),
        "FateOrder": (
            {"type": "FateOrder", "seat": 0, "card": bang, "effect": "fate_steal"},
            (Fate(True), Fate(False)),
        ),
        "FateSteal": (
            {"type": "FateTake", "seat": 0, "card": bang, "target": 1, "steal": True},
            (Play(bang, 1, HAND),),
        ),
        "FateDiscard": (
            {"type": "FateTake", "seat": 0, "card": bang, "target": 2, "steal": False, "reason": ""},
            (Play(bang, 2, HAND),),
        ),
        "FateHeal": ({"type": "FateHeal", "seat": 0, "card": bang}, (Play(bang, 1), Play(bang, 2))),
    }
    for kind, (request, legal) in requests.items():
        view = asked(request, legal)
        text = prompt(tr, view, NAMES, False)
        assert "{" not in text and "_" not in text, (kind, text)
        assert language == "en" or text != prompt(english, view, NAMES, False), (kind, text)  # translated
        assert buttons(language, view), kind
    first_check = buttons(language, asked(*requests["FirstCheck"]))
    assert first_check == [card_label(tr, compactor), card_label(tr, hope)]
    rebound = buttons(language, asked(*requests["Rebound"]))
    assert rebound[0] == card_label(tr, bang) and rebound[1] == pass_label(tr, asked(*requests["Rebound"]))
    if language in REBOUND_PASS:
        assert rebound[1] == REBOUND_PASS[language]
    if language in FATE_FIRST:
        assert tuple(buttons(language, asked(*requests["FateOrder"]))) == FATE_FIRST[language]
    fate_lines = [
        {"kind": "fate", "seat": 0, "card": bang, "effect": "fate_barrage"},
        {"kind": "fate_cancelled", "seat": 1, "card": bang},
        {"kind": "swap_hands", "seat": 0, "other": 1},
    ]
    for e in fate_lines:
        line = event_line(tr, e, NAMES, None)
        assert line and NAMES[e["seat"]] in line and "{" not in line and "_" not in line, e
    assert sw_fate_name(tr, "fate_barrage") in (event_line(tr, fate_lines[0], NAMES, None) or "")
