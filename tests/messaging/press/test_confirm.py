"""A choice that costs the last life or hurts the own side asks "Are you sure?" as one more menu step, in every game."""

from __future__ import annotations

from typing import Any

import pytest

from bangbot.console.messenger import numbered
from bangbot.games import game as registered
from bangbot.games.bang.rules.actions import Pass, Play
from bangbot.games.bang.rules.scenario import run
from bangbot.games.bang.rules.views import view
from bangbot.games.contract import BACK, TOP
from bangbot.i18n import LANGUAGES, translator
from bangbot.messaging.adapter import BACK as FIXED_BACK
from bangbot.messaging.adapter import END, Keyboard
from bangbot.messaging.press.confirm import prompt_text
from tests.duel_tables import RULES as DUEL_RULES
from tests.duel_tables import do, seat, table
from tests.scenario_helpers import four_seats, seat_spec

EN = translator("en")
NAMES = ["Ann", "Bob", "Cy", "Dee"]


def buttons(v: Any, level: str = TOP) -> dict[str, str]:
    """Returns a step's buttons as choice -> text (the choice is the button's data here)."""
    board: Keyboard = registered(v.config.ruleset).presenter.keyboard(EN, v, NAMES, level, lambda choice: choice)
    return {b.data: b.text for row in board for b in row}


def base_view(players: list[dict[str, Any]], script: list[str] = (), seat_no: int = 0, **extra: Any) -> Any:  # type: ignore[assignment]
    """Returns seat_no's view after a base scenario."""
    state, _ = run({"players": players, "script": list(script), "turn": 0, "phase": "play", **extra})
    return view(state, seat_no)


def index_of(v: Any, wanted: Any) -> int:
    """Returns the index of an action among the view's legal ones."""
    return v.legal.index(wanted)


def confirms(v: Any, index: int, level: str) -> str:
    """Checks that the action opens a confirmation whose Yes applies it and « Back goes to the first step."""
    board = registered(v.config.ruleset).presenter.keyboard(EN, v, NAMES, f"k{index}", lambda choice: choice)
    assert [[b.data for b in row] for row in board] == [[f"a{index}"], [BACK]]
    assert board[1][0].fixed == FIXED_BACK
    assert [key for key, _ in numbered(board)] == ["1", "9"], "the terminal: 1) Yes, 9) « Back"
    reachable = registered(v.config.ruleset).presenter.reachable_choices(EN, v, NAMES)
    assert {f"k{index}", f"a{index}"} <= reachable, "the service accepts both presses"
    assert f"k{index}" in buttons(v, level)
    shows = registered(v.config.ruleset).presenter
    return shows.seat_text(EN, v, NAMES, "Chat", prompt_text(shows, EN, v, NAMES, False, f"k{index}"), "")


def test_a_bang_at_oneself_asks_first() -> None:
    v = base_view(
        four_seats(seat_spec("bart_cassidy", "sheriff", hand=["bang", "beer"]), seat_spec("willy_the_kid", "outlaw"))
    )
    mine, theirs = index_of(v, Play(v.hand[0], 0)), index_of(v, Play(v.hand[0], 1))
    level = f"c{v.hand[0]}"
    assert buttons(v, level)[f"k{mine}"] == "Yourself" and f"a{theirs}" in buttons(v, level)
    assert "Are you sure? You are shooting at yourself." in confirms(v, mine, level)


@pytest.mark.parametrize(("life", "asks"), [(1, True), (2, False)])
def test_taking_the_last_hit_with_a_missed_in_hand_asks_first(life: int, asks: bool) -> None:
    v = base_view(
        four_seats(
            seat_spec("willy_the_kid", "sheriff", hand=["bang"]),
            seat_spec("bart_cassidy", "outlaw", life=life, hand=["missed"]),
        ),
        ["0: play bang @1"],
        seat_no=1,
    )
    give_up = index_of(v, Pass())
    top = registered("base").presenter.keyboard(EN, v, NAMES, TOP, lambda choice: choice)
    end = next(b for row in top for b in row if b.fixed == END)
    assert end.data == (f"k{give_up}" if asks else f"a{give_up}"), "the 0 key alone never takes the last life"
    if asks:
        assert "costs your last life" in confirms(v, give_up, TOP)


def test_going_out_while_a_beer_could_save_asks_first() -> None:
    v = base_view(
        four_seats(
            seat_spec("willy_the_kid", "sheriff", hand=["bang"]),
            seat_spec("bart_cassidy", "outlaw", life=1, hand=["beer"]),
        ),
        ["0: play bang @1"],
        seat_no=1,
    )
    assert "last life" in confirms(v, index_of(v, Pass()), TOP)


@pytest.mark.parametrize(("role", "asks"), [("deputy", True), ("outlaw", False)])
def test_jail_or_panic_on_the_sheriff_asks_a_deputy_first(role: str, asks: bool) -> None:
    players = four_seats(
        seat_spec("bart_cassidy", role, hand=["panic", "cat_balou", "bang"]),
        seat_spec("willy_the_kid", "sheriff", hand=["beer"], in_play=["barrel", "dynamite"]),
    )
    players[2]["role"] = "renegade" if role == "deputy" else "outlaw"
    players[3]["role"] = "outlaw"
    v = base_view(players)
    panic, balou = v.hand[0], v.hand[1]
    barrel, dynamite = v.seats[1].in_play
    for play in (Play(panic, 1, -1), Play(balou, 1, barrel)):
        assert (f"k{index_of(v, play)}" in buttons(v, f"t{play.card}.1")) == asks
    assert f"a{index_of(v, Play(balou, 1, dynamite))}" in buttons(v, f"t{balou}.1"), "taking his Dynamite helps"
    if asks:
        assert "Are you sure? Bob is on your side." in confirms(v, index_of(v, Play(balou, 1, barrel)), f"t{balou}.1")


def test_cat_balou_on_an_own_card_asks_first_but_not_on_an_own_dynamite() -> None:
    v = base_view(
        four_seats(
            seat_spec("bart_cassidy", "sheriff", hand=["cat_balou"], in_play=["barrel", "dynamite"]),
            seat_spec("willy_the_kid", "outlaw"),
        )
    )
    barrel, dynamite = v.seats[0].in_play
    level = f"t{v.hand[0]}.0"
    assert f"k{index_of(v, Play(v.hand[0], 0, barrel))}" in buttons(v, level)
    assert f"a{index_of(v, Play(v.hand[0], 0, dynamite))}" in buttons(v, level)


@pytest.mark.parametrize(("life", "asks"), [(1, True), (3, False)])
def test_giving_up_a_duel_at_one_life_asks_first_in_the_duel_game(life: int, asks: bool) -> None:
    state, _ = table(
        seat(f"bill_tilghman/{life}", "pat_garrett", hand=["colt"]),
        seat("west_harding", "jack_ransome", hand=["duel", "colt"]),
        turn=1,
    )
    state, _ = do(state, "1: play duel @0", asks=0)
    v = DUEL_RULES.view(state, 0)
    give_up = next(i for i, a in enumerate(v.legal) if type(a).__name__ == "Pass")
    assert (f"k{give_up}" in buttons(v)) == asks
    if asks:
        assert "costs your character its last life" in confirms(v, give_up, TOP)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_question_and_yes_is_translated(language: str) -> None:
    tr = translator(language)
    v = base_view(
        four_seats(seat_spec("bart_cassidy", "sheriff", hand=["bang", "beer"]), seat_spec("willy_the_kid", "outlaw"))
    )
    mine = index_of(v, Play(v.hand[0], 0))
    shows = registered("base").presenter
    text = shows.seat_text(tr, v, NAMES, "Chat", prompt_text(shows, tr, v, NAMES, False, f"k{mine}"), "")
    board = registered("base").presenter.keyboard(tr, v, NAMES, f"k{mine}", lambda choice: choice)
    if language != "en":
        assert "Are you sure" not in text and board[0][0].text != "Yes"


def test_giving_up_a_base_duel_at_one_life_with_a_bang_in_hand_asks_first() -> None:
    v = base_view(
        four_seats(
            seat_spec("willy_the_kid", "sheriff", hand=["duel"]),
            seat_spec("bart_cassidy", "outlaw", life=1, hand=["bang"]),
        ),
        ["0: play duel @1"],
        seat_no=1,
    )
    assert "costs your last life" in confirms(v, index_of(v, Pass()), TOP)
