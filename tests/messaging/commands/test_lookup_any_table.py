"""Looking things up at any table: a word of a name finds it in any case, a card another game names is explained as
this table plays it, and Panic!'s note names everything that changes a distance."""

from __future__ import annotations

import pytest

from bangbot.games.bang.rules.abilities import HARD_TO_REACH, SEES_NEARER
from bangbot.games.bang.rules.cards import MUSTANG, SCOPE
from bangbot.games.bang.texts.glossary import CHARACTER_ABILITIES, CHARACTER_NAMES, card_help, card_name, character_name
from bangbot.i18n import LANGUAGES, translator
from bangbot.i18n.explain import explain, preset_rules
from bangbot.i18n.glossary import lookup
from bangbot.i18n.theme import spoken
from bangbot.i18n.themes import themed
from bangbot.messaging.commands.rules import as_played_here

STAR_WARS = "starwars"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("query", ["вейдер", "ВЕЙДЕР", "Вейдер", "vader", "Darth Vader"])
def test_a_word_of_a_name_finds_it_in_any_case(language: str, query: str) -> None:
    assert lookup(translator(language), query, STAR_WARS) == ("role", "vader")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("query", ["Бочка", "Barrel", "Barel", "樽"])
def test_a_card_another_game_names_is_explained_as_this_table_plays_it(language: str, query: str) -> None:
    tr = translator(language)
    game_tr = themed(tr, STAR_WARS)
    found = lookup(tr, query, STAR_WARS)
    assert found is not None
    text = explain(tr, as_played_here(game_tr, found), preset_rules("standard", STAR_WARS))
    assert text.startswith(card_name(game_tr, "barrel")), text  # the card the table plays: Cover
    assert as_played_here(themed(tr, "base"), found) == found


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", ["base", STAR_WARS])
def test_panics_note_names_every_card_and_character_that_changes_a_distance(language: str, game: str) -> None:
    tr = themed(translator(language), game)
    help_text = card_help(tr, "panic")
    characters = spoken(tr).characters if spoken(tr) is not None else CHARACTER_NAMES
    changers = [c for c in characters if CHARACTER_ABILITIES[c] & {HARD_TO_REACH, SEES_NEARER}]
    assert len(changers) == 2  # Paul Regret and Rose Doolan; Elusive and Fearless
    for name in [card_name(tr, SCOPE), card_name(tr, MUSTANG), *(character_name(tr, c) for c in changers)]:
        assert name in help_text, (name, help_text)
