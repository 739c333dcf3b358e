"""Every message kind, rendered in every language for names of each gender and counts 1, 2, 5, 21, 22, reads right."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from babel import Locale
from babel.messages.catalog import Message
from babel.messages.pofile import read_po

from bangbot.games import game as registered
from bangbot.games.bang.presenter.lines import game_over_line
from bangbot.games.bang.presenter.prompts import prompt
from bangbot.games.bang.presenter.render import event_line, log_text, private_text, table_text
from bangbot.games.bang.rules.cards import BASE_DECK, CARDS
from bangbot.games.bang.rules.engine import new_game
from bangbot.games.bang.rules.roles import DEPUTY, LAW, OUTLAWS, RENEGADE_SIDE, roles_for
from bangbot.games.bang.rules.state import GameConfig
from bangbot.games.bang.rules.views import PlayerView, view
from bangbot.games.duel.presenter.lines import event_line as duel_event_line
from bangbot.i18n import LANGUAGES, Translator, catalog_path, translator
from bangbot.i18n.themes import themed
from bangbot.i18n.wording import duration, join_list, player
from bangbot.messaging.delivery.sender import group_reminder, notice_text, private_reminder
from bangbot.messaging.lobby.view import lobby_text
from bangbot.messaging.play.departure import return_text
from bangbot.storage.models import Game, Seat

REPO = Path(__file__).resolve().parents[2]
COUNTS = (1, 2, 5, 21, 22)
# Women's and men's names of each language, so that a template agreeing with one gender shows up.
NAMES = ("Anna", "Петя", "Jana", "花子", "Саша", "Petr", "Peter")
CARD_KINDS = ("bang", "missed", "barrel", "jail", "dynamite", "panic", "beer", "general_store")


def card_of(kind: str, nth: int = 0) -> int:
    """Returns the index of the nth card of a kind in the base deck."""
    return [i for i, c in enumerate(BASE_DECK) if c.kind == kind][nth]


def sample_events(n: int) -> list[dict[str, Any]]:
    """Returns one public event of every kind the log shows (and the silent ones), with count n where it has one."""
    bang, missed, barrel, beer = card_of("bang"), card_of("missed"), card_of("barrel"), card_of("beer")
    cards = [bang, missed, barrel]
    return [
        {"kind": "start", "players": n, "sheriff": 1},
        {"kind": "turn", "number": n, "seat": 0},
        {"kind": "draw", "seat": 0, "cards": cards},
        {"kind": "draw", "seat": 1, "count": n, "reason": "phase1"},
        {"kind": "draw", "seat": 1, "count": n, "reason": "bart_cassidy"},
        {"kind": "draw", "seat": 1, "cards": cards, "reason": "suzy_lafayette"},
        {"kind": "draw", "seat": 1, "count": n, "reason": "reward"},
        {"kind": "check", "seat": 2, "reason": "barrel", "cards": [beer], "ok": True},
        {"kind": "check", "seat": 2, "reason": "jourdonnais", "cards": [bang, beer], "ok": False},
        {"kind": "play", "seat": 0, "card": bang},
        {"kind": "play", "seat": 0, "card": bang, "target": 1},
        {"kind": "play", "seat": 0, "card": card_of("panic"), "target": 1, "target_card": -1},
        {"kind": "play", "seat": 0, "card": card_of("panic"), "target": 1, "target_card": barrel},
        {"kind": "answer", "seat": 1, "card": missed},
        {"kind": "answered", "seat": 1},
        {"kind": "dodged", "seat": 1},
        {"kind": "hurt", "seat": 3, "amount": n, "life": n},
        {"kind": "saved", "seat": 3},
        {"kind": "eliminated", "seat": 3, "role": "outlaw"},
        {"kind": "vulture", "seat": 4, "from": 3, "count": n},
        {"kind": "discard_all", "seat": 3, "cards": cards},
        {"kind": "penalty", "seat": 0},
        {"kind": "steal", "seat": 0, "from": 1, "card": barrel},
        {"kind": "steal", "seat": 0, "from": 1},
        {"kind": "steal", "seat": 0, "from": 1, "reason": "el_gringo"},
        {"kind": "steal", "seat": 0, "from": 1, "card": barrel, "reason": "jesse_jones"},
        {"kind": "discarded", "seat": 1, "card": barrel},
        {"kind": "replaced", "seat": 1, "card": card_of("volcanic")},
        {"kind": "store", "cards": cards},
        {"kind": "pick", "seat": 5, "card": beer},
        {"kind": "put_back", "seat": 5, "card": bang},
        {"kind": "put_back", "seat": 5},
        {"kind": "look", "seat": 5, "cards": cards},
        {"kind": "reveal", "seat": 6, "card": beer},
        {"kind": "take_discard", "seat": 6, "card": beer},
        {"kind": "take_discard", "seat": 6, "card": beer, "reason": "pedro_ramirez"},
        {"kind": "heal", "seat": 6, "cards": [bang, missed]},
        {"kind": "life", "seat": 6, "life": n, "gained": 1},
        {"kind": "life", "seat": 6, "life": n, "gained": 0},
        {"kind": "saloon"},
        {"kind": "reshuffle"},
        {"kind": "dynamite_passed", "seat": 2, "to": 3},
        {"kind": "exploded", "seat": 3},
        {"kind": "jail", "seat": 4, "free": True},
        {"kind": "jail", "seat": 4, "free": False},
        {"kind": "discard", "seat": 4, "card": bang},
        {"kind": "auto", "seat": 4, "action": "end"},
        {"kind": "end_play", "seat": 4},
        {"kind": "game_over", "winner": LAW, "roles": list(roles_for(7))},
    ]


SILENT = {"answered", "end_play"}  # events the log deliberately leaves out
STARWARS = "starwars"


def starwars_events(n: int) -> list[dict[str, Any]]:
    """Returns one public event of every kind only BANG! Star Wars has, and checks for its abilities and cards."""
    bang, beer, hope = card_of("bang"), card_of("beer"), next(c.index for c in CARDS if c.kind == "new_hope")
    return [
        {"kind": "new_hope", "seat": 0, "life": n},
        {"kind": "new_hope_passed", "seat": 0, "to": 1},
        {"kind": "first_check", "seat": 1, "card": card_of("dynamite")},
        {"kind": "rebound", "seat": 2, "card": bang, "life": n},
        {"kind": "survived", "seat": 3, "life": 1},
        {"kind": "fate", "seat": 4, "card": bang, "effect": "fate_draw"},
        {"kind": "fate_cancelled", "seat": 4, "card": card_of("missed")},
        {"kind": "swap_hands", "seat": 5, "other": 6},
        {"kind": "repeat", "seat": 1, "card": card_of("stagecoach"), "with": bang},
        {"kind": "fate_heal", "seat": 2, "target": 3, "life": n},
        {"kind": "strikes_back", "seat": 1, "at": 0, "reason": "vengeful"},
        {"kind": "draw", "seat": 1, "count": n, "reason": "fate_draw"},
        {"kind": "check", "seat": 2, "reason": "lucky", "cards": [beer, hope], "ok": True},
        {"kind": "check", "seat": 2, "reason": "dangerous", "cards": [bang], "ok": True},
        {"kind": "check", "seat": 2, "reason": "new_hope", "cards": [card_of("duel")], "ok": False},
        {"kind": "check", "seat": 2, "reason": "barrel", "cards": [card_of("missed", 5)], "ok": False},
    ]


def starwars_requests(n: int) -> list[dict[str, Any]]:
    """Returns one pending decision of every kind only BANG! Star Wars asks, for seat 0."""
    bang, hope = card_of("bang"), card_of("dynamite")
    return [
        {"type": "FirstCheck", "seat": 0, "cards": [bang, hope]},
        {"type": "Rebound", "seat": 0},
        {"type": "FateOrder", "seat": 0, "card": bang, "effect": "fate_steal"},
        {"type": "FateTake", "seat": 0, "card": bang, "target": n % 4 + 1, "steal": True, "reason": ""},
        {"type": "FateTake", "seat": 0, "card": bang, "target": 2, "steal": False, "reason": ""},
        {"type": "FateHeal", "seat": 0, "card": card_of("beer")},
        {"type": "FateTake", "seat": 0, "card": card_of("panic"), "target": 1, "steal": True, "reason": "panic"},
        {"type": "Repeat", "seat": 0, "card": card_of("stagecoach"), "target": None},
        {"type": "Dying", "seat": 0, "needed": n},
        {"type": "IndiansRespond", "seat": 0, "attacker": 3},
    ]


def fresh_state(players: int, game: str = "base") -> Any:
    """Returns a freshly dealt table of a game."""
    if game == STARWARS:
        rules = registered(STARWARS).ruleset
        return rules.new_game(rules.config(players, "standard"), players)[0]
    return new_game(GameConfig.with_preset(players), seed=players)[0]


def table_view(players: int, game: str = "base") -> PlayerView:
    """Returns a real spectator's view of a fresh table, its first seats given life, cards in play and a role."""
    v = view(fresh_state(players, game), None)
    seats = list(v.seats)
    seats[0] = dataclasses.replace(seats[0], in_play=(card_of("barrel"), card_of("volcanic"), card_of("scope")))
    seats[1] = dataclasses.replace(seats[1], alive=False, life=0, role="renegade")
    seats[2] = dataclasses.replace(seats[2], hand_count=21, role="sheriff")
    return dataclasses.replace(v, seats=tuple(seats), awaiting=tuple(range(players)))


def player_view(
    players: int, request: dict[str, Any] | None, winner: str | None = None, game: str = "base"
) -> PlayerView:
    """Returns seat 0's view of a fresh table, asked the given request (None: its turn)."""
    v = view(fresh_state(players, game), 0)
    requests = (request,) if request else ()
    return dataclasses.replace(v, requests=requests, awaiting=(0,), winner=winner, phase="play")


def sample_requests(n: int) -> list[dict[str, Any]]:
    """Returns one pending decision of every kind a prompt words, for seat 0, with count n where it has one."""
    cards = [card_of("bang"), card_of("beer")]
    return [
        {"type": "Respond", "seat": 0, "attacker": 1, "source": "bang", "needed": n},
        {"type": "Respond", "seat": 0, "attacker": 2, "source": "gatling", "needed": n},
        {"type": "IndiansRespond", "seat": 0, "attacker": 3},
        {"type": "DuelTurn", "seat": 0, "opponent": 4},
        {"type": "Dying", "seat": 0, "needed": n},
        {"type": "StorePick", "seat": 0},
        {"type": "KitChoice", "seat": 0, "cards": cards},
        {"type": "PhaseOneChoice", "seat": 0, "step": 1},
        {"type": "PhaseOneChoice", "seat": 0, "step": 2},
    ]


def lobby_game(n: int, ai: int, seconds: int) -> tuple[Game, list[Seat]]:
    """Returns a lobby with n people (names repeat past seven) and ai AI seats."""
    now = datetime(2026, 11, 21, tzinfo=UTC)
    game = Game(
        id=1, chat_id=-1, chat_title="Dodge", creator_id=1, created_at=now, updated_at=now, ai_seats=ai,
        deadline_seconds=seconds,
    )  # fmt: skip
    seats = [Seat(game_id=1, position=i, user_id=i + 1, name=NAMES[i % len(NAMES)]) for i in range(n)]
    return game, seats


def rendered(tr: Translator) -> Iterator[tuple[str, str]]:
    """Yields (what, text) for every message kind, for every count, as the reader of tr sees it, in both games."""
    yield from rendered_base(tr)
    yield from rendered_starwars(themed(tr, STARWARS))


def rendered_starwars(tr: Translator) -> Iterator[tuple[str, str]]:
    """Yields (what, text) for every message a game of BANG! Star Wars words in its own way."""
    names = list(NAMES)
    written = [player(tr, x) for x in names]
    for n in COUNTS:
        for e in [*sample_events(n), *starwars_events(n)]:
            line = event_line(tr, e, written, None)
            if line:
                yield f"starwars event {e['kind']} n={n}", line
        for request in [*sample_requests(n), *starwars_requests(n)]:
            asked = player_view(5, request, game=STARWARS)
            yield f"starwars prompt {request['type']} n={n}", prompt(tr, asked, names, False)
        game, seats = lobby_game(min(n, 7), n, 3600)
        game.ruleset = STARWARS
        yield f"starwars lobby n={n}", lobby_text(tr, game, seats)
    for players in range(4, 8):
        yield f"starwars status {players}", table_text(tr, table_view(players, STARWARS), names, "Dodge")
        me = player_view(players, None, game=STARWARS)
        yield f"starwars private {players}", private_text(tr, me, names, "Dodge", prompt(tr, me, names, False), "")
        for side in (LAW, OUTLAWS, RENEGADE_SIDE):
            yield f"starwars winner line {side} {players}", game_over_line(tr, side, roles_for(players).count(DEPUTY))


def rendered_base(tr: Translator) -> Iterator[tuple[str, str]]:
    """Yields (what, text) for every message kind of the base game, for every count, as the reader of tr sees it."""
    names = list(NAMES)
    for n in COUNTS:
        for e in sample_events(n):
            line = event_line(tr, e, [player(tr, x) for x in names], None)
            if e["kind"] not in SILENT and not (e["kind"] == "auto" and e["action"] != "end"):
                assert line, f"no line for {e}"
            if line:
                yield f"event {e['kind']} n={n}", line
        yield f"log n={n}", log_text(tr, sample_events(n), names, None)
        for request in sample_requests(n):
            yield f"prompt {request['type']} n={n}", prompt(tr, player_view(5, request), names, False)
        game, seats = lobby_game(min(n, 7), n, n * 3600 + 1800)
        yield f"lobby n={n}", lobby_text(tr, game, seats)
        for seconds in (n * 60, n * 3600 + n * 60 + 59, n * 86400, n * 86400 + 12 * 3600):
            yield f"private reminder {seconds}s", private_reminder(tr, "Dodge", seconds)
            yield f"group reminder {seconds}s", group_reminder(tr, [player(tr, x) for x in names[:3]], seconds)
            yield f"duration {seconds}s", duration(tr, seconds)
    yield "reminder under a minute", private_reminder(tr, "Dodge", 59)
    yield "lobby of one", lobby_text(tr, *lobby_game(1, 0, 86400))
    for kind in ("standin", "left", "unreachable"):
        for seat in range(len(names)):
            yield f"notice {kind} {seat}", notice_text(tr, kind, {"seat": seat}, names)
    yield "return after leaving", return_text(tr, "Dodge")
    for players in range(4, 8):
        yield f"status {players}", table_text(tr, table_view(players), names, "Dodge")
        me = player_view(players, None)
        yield f"private {players}", private_text(tr, me, names, "Dodge", prompt(tr, me, names, False), "")
        for side in (LAW, OUTLAWS, RENEGADE_SIDE):
            yield f"winner {side} {players}", prompt(tr, player_view(players, None, side), names, False)
            yield f"winner line {side} {players}", game_over_line(tr, side, roles_for(players).count(DEPUTY))
    for standin in (True, False):
        yield f"prompt standin={standin}", prompt(tr, player_view(5, None), names, standin)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_has_its_placeholders_filled(language: str) -> None:
    tr = translator(language)
    texts = list(rendered(tr))
    assert len(texts) > 300
    for what, text in texts:
        assert text.strip(), what
        assert "{" not in text and "}" not in text, (what, text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_lists_are_the_readers_lists(language: str) -> None:
    tr = translator(language)
    three = join_list(tr, ["A", "B", "C"])
    assert three == {"en": "A, B, and C", "ru": "A, B и C", "ja": "A、B、C", "cs": "A, B a\xa0C"}[language]
    lobby = lobby_text(tr, *lobby_game(3, 0, 3600))
    assert join_list(tr, [player(tr, x) for x in NAMES[:3]]) in lobby


def test_japanese_reads_as_japanese() -> None:
    tr = translator("ja")
    names = glossary_strings("ja")
    for what, text in rendered(tr):
        own = strip(text, names)
        assert ", " not in own, (what, text)
        bad = set(re.sub(r"BANG!", "", own)) & set("!?:(),")
        assert not bad, (what, text, bad)
        for name in NAMES:  # さん after every player name, never twice
            assert text.count(name) == text.count(name + "さん"), (what, text)
            assert name + "さんさん" not in text, (what, text)
    assert duration(tr, 36 * 3600) == "1日12時間"


@pytest.mark.parametrize("language", ["ru", "cs"])
def test_plural_forms_fit_every_count(language: str) -> None:
    tr = translator(language)
    words = PLURAL_WORDS[language]
    locale = Locale.parse(language)
    for n in COUNTS:
        category = locale.plural_form(n)
        hand = table_view(4).seats[2].hand_count
        checks = {
            "duration days": duration(tr, n * 86400),
            "duration hours": duration(tr, n * 3600),
            "duration minutes": duration(tr, n * 60),
            "card": tr.ngettext("{n} card", "{n} cards", n),
            "draws": event_line(tr, {"kind": "draw", "seat": 0, "count": n, "reason": "phase1"}, NAMES, None) or "",
            "hurt": event_line(tr, {"kind": "hurt", "seat": 0, "amount": n, "life": 3}, NAMES, None) or "",
            "players": lobby_text(tr, *lobby_game(n, 0, 60)),
        }
        for what, text in checks.items():
            expected = words[what][category].format(n=n)
            assert expected in text, (n, category, what, text)
        assert words["card"][Locale.parse(language).plural_form(hand)].format(n=hand) in table_text(
            tr, table_view(4), NAMES, "Dodge"
        )


PLURAL_WORDS: dict[str, dict[str, dict[str, str]]] = {
    "ru": {
        "duration days": {"one": "{n} день", "few": "{n} дня", "many": "{n} дней"},
        "duration hours": {"one": "{n} час", "few": "{n} часа", "many": "{n} часов"},
        "duration minutes": {"one": "{n} минута", "few": "{n} минуты", "many": "{n} минут"},
        "card": {"one": "{n} карта", "few": "{n} карты", "many": "{n} карт"},
        "draws": {"one": "{n} карту.", "few": "{n} карты.", "many": "{n} карт."},
        "hurt": {"one": "{n} единицу ", "few": "{n} единицы ", "many": "{n} единиц "},
        "players": {"one": "{n} игрок:", "few": "{n} игрока:", "many": "{n} игроков:"},
    },
    "cs": {
        "duration days": {"one": "{n} den", "few": "{n} dny", "other": "{n} dní"},
        "duration hours": {"one": "{n} hodina", "few": "{n} hodiny", "other": "{n} hodin"},
        "duration minutes": {"one": "{n} minuta", "few": "{n} minuty", "other": "{n} minut"},
        "card": {"one": "{n} karta", "few": "{n} karty", "other": "{n} karet"},
        "draws": {"one": "{n} kartu.", "few": "{n} karty.", "other": "{n} karet."},
        "hurt": {"one": "{n} život ", "few": "{n} životy ", "other": "{n} životů "},
        "players": {"one": "{n} hráč:", "few": "{n} hráči:", "other": "{n} hráčů:"},
    },
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_durations_are_exact_and_never_overstate(language: str) -> None:
    tr = translator(language)
    one_and_a_half = duration(tr, 36 * 3600)
    assert one_and_a_half == join_units(tr, [("{n} day", "{n} days", 1), ("{n} hour", "{n} hours", 12)])
    almost_two_hours = duration(tr, 2 * 3600 - 1)
    assert almost_two_hours == join_units(tr, [("{n} hour", "{n} hours", 1), ("{n} minute", "{n} minutes", 59)])
    assert duration(tr, 59) == tr.gettext("less than a minute") == duration(tr, -5)
    assert duration(tr, 7 * 86400) == tr.ngettext("{n} day", "{n} days", 7)
    if language == "en":
        assert one_and_a_half == "1 day 12 hours"
        assert private_reminder(tr, "Dodge", 4 * 3600 + 47 * 60 + 59).endswith("Time left: 4 hours 47 minutes.")


def join_units(tr: Translator, units: list[tuple[str, str, int]]) -> str:
    """Returns the units as the reader's language writes them side by side (no space between them in Japanese)."""
    sep = "" if tr.language == "ja" else " "
    return sep.join(tr.ngettext(one, many, n) for one, many, n in units)


@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_the_law_names_deputies_only_when_there_are_some(players: int) -> None:
    deputies = roles_for(players).count(DEPUTY)
    line = game_over_line(translator("en"), LAW, deputies)
    expected = {0: "the Sheriff wins!", 1: "the Sheriff and the Deputy win!", 2: "the Sheriff and the Deputies win!"}
    assert line == "Game over: " + expected[deputies]
    event = {"kind": "game_over", "winner": LAW, "roles": list(roles_for(players))}
    assert event_line(translator("en"), event, NAMES, None) == line
    for language, deputy in (("ru", "помощник"), ("ja", "保安官助手"), ("cs", "pomocní")):
        assert (deputy in game_over_line(translator(language), LAW, deputies)) == (deputies > 0)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_keeps_one_line_per_player(language: str) -> None:
    tr = translator(language)
    for players in range(4, 8):
        text = table_text(tr, table_view(players), NAMES, "Dodge")
        lines = text.split("\n")
        assert len(lines) == 1 + players + 2, text  # the title, the seats, the deck, who is awaited
        for seat, line in zip(range(players), lines[1:], strict=False):
            assert player(tr, NAMES[seat]) in line


def every_event_kind() -> set[str]:
    """Returns the kind of every event the rules core emits."""
    source = "\n".join(p.read_text() for p in (REPO / "bangbot" / "games" / "bang" / "rules").glob("*.py"))
    return set(re.findall(r'Event\(\s*"(\w+)"', source))


def test_the_samples_cover_every_event_kind() -> None:
    kinds = every_event_kind()
    assert {"play", "hurt", "game_over"} <= kinds
    assert kinds <= {e["kind"] for e in [*sample_events(1), *starwars_events(1)]}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_star_wars_event_and_request_has_its_own_words(language: str) -> None:
    tr = themed(translator(language), STARWARS)
    for e in starwars_events(2):
        line = event_line(tr, e, NAMES, None)
        assert line and "_" not in line, e  # no id shows through
    for request in starwars_requests(2):
        text = prompt(tr, player_view(5, request, game=STARWARS), NAMES, False)
        assert text != prompt(tr, player_view(5, None, game=STARWARS), NAMES, False), request
        assert "_" not in text, request


@pytest.mark.parametrize("language", ["ru", "cs"])
def test_star_wars_energy_fits_every_count(language: str) -> None:
    tr = themed(translator(language), STARWARS)
    words = {
        "ru": {"one": "{n} единицу энергии", "few": "{n} единицы энергии", "many": "{n} единиц энергии"},
        "cs": {"one": "{n} bod energie", "few": "{n} body energie", "other": "{n} bodů energie"},
    }[language]
    for n in COUNTS:
        category = Locale.parse(language).plural_form(n)
        line = event_line(tr, {"kind": "hurt", "seat": 0, "amount": n, "life": 3}, NAMES, None) or ""
        assert words[category].format(n=n) in line, (n, line)


# Verbs (stems) after which a card's name would need a case its nominative does not have.
VERB_STEMS = {
    "ru": (
        "игра", "сыгра", "выбира", "выбер", "забира", "забер", "бер", "взя", "сбрасыва", "сброс", "возвраща", "верн",
        "показыва", "покаж", "отвеча", "получа", "получ", "клад", "полож", "теря", "отда", "тян", "вытян", "стреля",
    ),
    "cs": (
        "hraj", "hrá", "zahraj", "ber", "bere", "vezm", "vzí", "vzi", "odhaz", "odhoď", "vrac", "vrát", "dobír",
        "ukazuj", "ukaž", "vybír", "vyber", "dostáv", "získ", "polož", "přijm", "stříl",
    ),
}  # fmt: skip
CARD_PLACEHOLDERS = ("card", "cards", "bang", "missed", "beer")


def catalog_messages(language: str) -> list[Message]:
    """Returns the catalog entries of the message templates (not the glossary's names and help texts)."""
    with catalog_path(language).open("rb") as f:
        catalog = read_po(f, locale=language)
    return [m for m in catalog if m.id and not all(is_glossary(location) for location, _ in m.locations)]


def is_glossary(location: str) -> bool:
    """Returns whether a catalog location is a file of names and help texts (base game, Star Wars, the Duel)."""
    return location.startswith(GLOSSARY_FILES)


GLOSSARY_FILES = (
    "bangbot/games/bang/texts/glossary.py",
    "bangbot/games/bang/starwars/names.py",
    "bangbot/games/duel/texts/names.py",
    "bangbot/games/duel/texts/help.py",
)


def strings_of(m: Message) -> list[str]:
    """Returns every translated form of an entry."""
    return [m.string] if isinstance(m.string, str) else list(m.string)


@pytest.mark.parametrize("language", ["ru", "cs"])
def test_no_card_name_right_after_a_verb(language: str) -> None:
    pattern = re.compile(r"(\w+)\s+(?:(?:si|se)\s+)?\{(" + "|".join(CARD_PLACEHOLDERS) + r")\}")
    for m in catalog_messages(language):
        for text in strings_of(m):
            for word, _ in pattern.findall(text):
                assert not word.lower().startswith(VERB_STEMS[language]), (m.id, text)


GENDERED = {
    "ru": (" он ", " она ", "этого игрока", "этой игрок"),
    "cs": (" on ", " ona ", "tohoto hráče", "této hráčky"),
}


@pytest.mark.parametrize("language", ["ru", "cs"])
def test_templates_about_a_player_do_not_assume_a_gender(language: str) -> None:
    past = re.compile(r"\{(name|other|target)\} (?:se |si )?\w+(?:л|ла|ли|l|la|li)\b")
    for m in catalog_messages(language):
        for text in strings_of(m):
            if "{name}" in text or "{names}" in text:
                assert not any(word in f" {text} " for word in GENDERED[language]), (m.id, text)
                assert not past.search(text), (m.id, text)


def test_japanese_templates_use_full_width_punctuation() -> None:
    for m in catalog_messages("ja"):
        for text in strings_of(m):
            own = re.sub(r"\{\w+\}|[a-z+]+://\S*|/\w+|BANG!|Draw!", "", text)  # terms keep their !, URLs their :
            assert not set(own) & set("!?:()~"), (m.id, text)
            assert ", " not in own, (m.id, text)


def test_czech_keeps_one_register() -> None:
    informal = re.compile(r"\b(ahoj|čau|máš|jsi|tvoje?|tvůj|tebe|ti|tě|napiš|vyber|zahraj|stiskni)\b", re.IGNORECASE)
    for m in catalog_messages("cs"):
        for text in strings_of(m):
            assert not informal.search(text), (m.id, text)


def glossary_strings(language: str) -> list[str]:
    """Returns the glossary's names and help texts in a language, longest first."""
    with catalog_path(language).open("rb") as f:
        catalog = read_po(f, locale=language)
    found = [
        s
        for m in catalog
        if m.id and all(is_glossary(location) for location, _ in m.locations)
        for s in strings_of(m)
        if s
    ]
    return sorted(found, key=len, reverse=True)


def strip(text: str, names: list[str]) -> str:
    """Returns text without the given names (a card label glues a name's words with no-break spaces)."""
    for name in names:
        text = text.replace(name, "").replace(name.replace(" ", "\u00a0"), "")
    return text


DUEL_PLURAL_WORDS: dict[str, dict[str, dict[str, str]]] = {
    "ru": {
        "draw": {"one": "{n} карту.", "few": "{n} карты.", "many": "{n} карт."},
        "hurt": {"one": "{n} единицу ", "few": "{n} единицы ", "many": "{n} единиц "},
    },
    "cs": {
        "draw": {"one": "{n} kartu.", "few": "{n} karty.", "other": "{n} karet."},
        "hurt": {"one": "{n} život ", "few": "{n} životy ", "other": "{n} životů "},
    },
}


@pytest.mark.parametrize("language", ["ru", "cs"])
def test_the_duels_lines_fit_every_count_and_either_gender(language: str) -> None:
    tr = translator(language)
    names = [player(tr, n) for n in NAMES[:3]]  # a woman, a man, a woman: the words never depend on who it is
    for n in COUNTS:
        category = Locale.parse(language).plural_form(n)
        for seat in range(3):
            lines = {
                "draw": duel_event_line(tr, {"kind": "draw", "seat": seat, "count": n}, names, None) or "",
                "hurt": duel_event_line(
                    tr, {"kind": "hurt", "slot": seat * 2, "character": "jango", "amount": n, "life": 1}, names, None
                )
                or "",
            }
            for what, line in lines.items():
                assert DUEL_PLURAL_WORDS[language][what][category].format(n=n) in line, (n, what, line)
                assert names[seat] in line, (what, line)
