"""/rules explains a card or character as the table's rules play it; help is built from the rule options."""

from __future__ import annotations

import asyncio
from dataclasses import fields, replace
from pathlib import Path

import pytest

from bangbot import games
from bangbot.games.bang.presenter.render import private_text
from bangbot.games.bang.rules.options import PRESETS, RuleOptions
from bangbot.games.bang.rules.scenario import run
from bangbot.games.bang.rules.views import view
from bangbot.games.bang.texts.glossary import CARD_NAMES, card_help, character_help
from bangbot.games.bang.texts.rulehelp import DETAILS
from bangbot.i18n import LANGUAGES, NP_, translator
from bangbot.i18n.explain import explain, preset_rules
from bangbot.i18n.glossary import CARD, CHARACTER, _global_index, lookup, search_order
from tests.offered import offer
from tests.scenario_helpers import scenario, seat_spec
from tests.service_harness import GROUP, Table, make_users

STANDARD, JA = PRESETS["standard"], PRESETS["ja"]
CHARACTER_IDS = ("sid_ketchum", "pedro_ramirez", "el_gringo", "kit_carlson", "willy_the_kid")


def helps(language: str, options: RuleOptions) -> dict[str, str]:
    """Returns every card's and character's help in a language under options."""
    tr = translator(language)
    out = {k: card_help(tr, k, options) for k in CARD_NAMES}
    out.update({c: character_help(tr, c, options) for c in CHARACTER_IDS})
    return out


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_option_changes_exactly_the_help_that_depends_on_it(language: str) -> None:
    standard = helps(language, STANDARD)
    changed_by: dict[str, set[str]] = {}
    for option in fields(RuleOptions):
        if option.name == "life_overrides":
            continue
        one = replace(STANDARD, **{option.name: getattr(JA, option.name)})
        changed_by[option.name] = {k for k, text in helps(language, one).items() if text != standard[k]}
    assert changed_by == {
        "jail_free_suits": {"jail"},
        "jail_skips_discard_phase": {"jail"},
        "dynamite_passes": {"dynamite"},
        "sid_ketchum_cost": {"sid_ketchum"},
        "pedro_second_from_discard": {"pedro_ramirez"},
        "el_gringo_takes": {"el_gringo"},
        "empty_hand_draws_in_duel": set(),  # the same in both presets (cs's Duel exception); Star Wars differs
        "bang_on_oneself": {"bang"},
    }
    assert set(DETAILS) == {"bang", "jail", "dynamite", "sid_ketchum", "pedro_ramirez", "el_gringo"}


def test_the_english_help_says_what_each_preset_plays() -> None:
    en = translator("en")
    assert "shows ♥," in card_help(en, "jail", STANDARD) and "whole turn" in card_help(en, "jail", STANDARD)
    assert "♥ or ♦" in card_help(en, "jail", JA) and "phase 3" in card_help(en, "jail", JA)
    assert "on your left" in card_help(en, "dynamite", STANDARD)
    assert "on your right" in card_help(en, "dynamite", JA)
    assert "costs him 2 cards" in character_help(en, "sid_ketchum", STANDARD)
    assert "costs him 3 cards" in character_help(en, "sid_ketchum", JA)
    assert "second card from the discard pile" in character_help(en, "pedro_ramirez", JA)
    assert "per hit" in character_help(en, "el_gringo", JA)
    assert "for each life point" in character_help(en, "el_gringo", STANDARD)
    assert explain(en, (CHARACTER, "kit_carlson"), preset_rules("ja")).splitlines()[1:] == [
        "Life points: 3.",
        "This is how the table's rules play it: Japanese first edition.",
    ]
    assert "Life points: 4." in explain(en, (CHARACTER, "kit_carlson"), preset_rules("standard"))


def test_suits_are_listed_the_way_each_language_lists() -> None:
    expected = {"ru": "♥ или ♦", "ja": "♥または♦", "cs": "♥ nebo ♦"}
    for language, suits in expected.items():
        assert suits in card_help(translator(language), "jail", JA)
    assert "。 " not in card_help(translator("ja"), "jail", JA)  # Japanese sentences follow without a space


def test_a_private_message_tells_the_character_as_the_game_plays_it() -> None:
    players = [seat_spec("sid_ketchum", "sheriff")] + [seat_spec("bart_cassidy", r) for r in ("outlaw", "outlaw")]
    players.append(seat_spec("paul_regret", "renegade"))
    names = ["Ann", "Bob", "Cyd", "Dan"]
    for preset, cards in (("standard", "2 cards"), ("ja", "3 cards")):
        state, _ = run(scenario(players, preset=preset, seed=1))
        text = private_text(translator("en"), view(state, 0), names, "Dodge City", "", "")
        assert f"costs him {cards}" in text


def test_a_ruleset_is_searched_first(monkeypatch: pytest.MonkeyPatch) -> None:
    en = translator("en")
    duel = {"duel_barrel": NP_("card", "Barrel")}
    real = games.game("duel")
    fake = replace(real, rules=replace(real.rules, topics=((CARD, duel),)))
    offer(monkeypatch, *(fake if g is real else g for g in games.GAMES))
    _global_index.cache_clear()  # the real Duel's names may be cached already
    try:
        assert search_order("duel")[:2] == ("duel", "base")
        assert search_order("base")[0] == "base" and "duel" in search_order("base")
        assert lookup(en, "Barrel", "duel") == (CARD, "duel_barrel")
        assert lookup(en, "Barrel") == (CARD, "barrel")
        assert lookup(en, "Mustang", "duel") == (CARD, "mustang")  # not in the Duel: found in the base game
        assert lookup(en, "Barr", "duel") == (CARD, "duel_barrel")
    finally:
        _global_index.cache_clear()


def test_rules_follow_the_lobby_the_game_and_then_the_chat_default(tmp_path: Path) -> None:
    async def scenario_() -> None:
        table = Table(f"sqlite:///{tmp_path / 'r.sqlite3'}", make_users(4), seed=5)
        await table.command(0, "rules", "Jail")
        standard = table.messenger.last(GROUP).text
        assert "shows ♥," in standard and standard.endswith("This is how the table's rules play it: standard.")
        await table.command(0, "newgame")
        await table.press(0, table.lobby(), "preset")
        await table.command(1, "rules", "Jail")
        lobby = table.messenger.last(GROUP).text
        assert (
            "♥ or ♦" in lobby
            and "phase 3" in lobby
            and lobby.endswith("This is how the table's rules play it: Japanese first edition.")
        )
        for user in (1, 2, 3):
            await table.press(user, table.lobby(), "join")
        assert not (await table.press(0, table.lobby(), "start")).alert
        # In the running game, in private: by the game's rules.
        await table.command(2, "rules", "Sid Ketchum", private=True)
        sid = table.messenger.last(table.users[2].id).text
        assert "costs him 3 cards" in sid and "Life points: 4." in sid
        await table.command(2, "rules", "El Gringo", private=True)
        assert "Life points: 4." in table.messenger.last(table.users[2].id).text
        # No game running any more: the chat's default is the preset its lobby last used.
        table.messenger.admins[GROUP] = {table.users[0].id}
        await table.command(0, "cancel")
        await table.command(3, "rules", "Dynamite")
        assert "on your right" in table.messenger.last(GROUP).text
        # A private chat without a running game explains the standard rules.
        await table.command(3, "rules", "Dynamite", private=True)
        assert "on your left" in table.messenger.last(table.users[3].id).text
        # The next lobby starts from the chat's default.
        await table.command(0, "newgame")
        game = table.game()
        assert game is not None and game.preset == "ja"

    asyncio.run(scenario_())


def test_rules_in_russian_by_the_japanese_preset(tmp_path: Path) -> None:
    async def scenario_() -> None:
        table = Table(f"sqlite:///{tmp_path / 'ru.sqlite3'}", make_users(2, "ru-RU"))
        await table.command(0, "newgame")
        await table.press(0, table.lobby(), "preset")
        await table.command(1, "rules", "Тюрьма")
        text = table.messenger.last(GROUP).text
        assert text.startswith("«Тюрьма»: ") and "♥ или ♦" in text and "фаз 1 и 2" in text
        assert text.endswith("Так играют по правилам этого стола: первое японское издание.")

    asyncio.run(scenario_())
