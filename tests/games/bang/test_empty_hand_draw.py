"""Suzy Lafayette and «Запасливый» draw the moment their hand is empty: before the effect of the card that emptied it.

cs 004: «Nejprve si Suzy dobere z balíčku hracích karet jednu kartu, protože nemá žádnou v ruce. Poté si tuto kartu
vezme z její ruky El Gringo…»; ja 003: 「手札がなくなったら、直ちに山札から1枚のカードを引きます。」;
ru 001 («Запасливый»): «Как только вы останетесь без карт на руке, берите карту из колоды».
"""

from __future__ import annotations

from typing import Any

import pytest

from bangbot.games.bang.rules.options import PRESETS
from bangbot.games.bang.starwars.rules.data import STARWARS
from bangbot.games.bang.starwars.rules.variant import STARWARS_VARIANT
from tests.scenario_helpers import event_index, events, four_seats, kinds, legal, play, scenario, seat, seat_spec


def draws(summary: dict[str, Any], n: int) -> list[tuple[str, list[str]]]:
    """Returns seat n's draws in order: (reason, cards)."""
    return [(e["reason"], e.get("cards", [])) for e in events(summary, "draw", seat=n)]


@pytest.mark.parametrize(
    ("card", "drawn"),
    [("stagecoach", ["beer", "missed", "bang"]), ("wells_fargo", ["beer", "missed", "bang", "gatling"])],
)
def test_suzy_s_last_card_that_draws_gives_her_the_deck_s_top_card_first(card: str, drawn: list[str]) -> None:
    _, s = play(
        scenario(
            four_seats(seat_spec("suzy_lafayette", "sheriff", hand=[card]), seat_spec("willy_the_kid", "outlaw")),
            ["0: play " + card],
            deck_top=["beer:6H", "missed:2S", "bang:3C", "gatling:10H"],
        )
    )
    assert [reason for reason, _ in draws(s, 0)] == ["suzy_lafayette", card]
    assert kinds(seat(s, 0)["hand"]) == sorted(drawn)
    assert [c.split("#")[0] for c in draws(s, 0)[0][1]] == ["beer"]


def test_suzy_s_last_general_store_gives_her_the_top_card_before_the_cards_are_shown() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("suzy_lafayette", "sheriff", hand=["general_store"]), seat_spec("willy_the_kid", "outlaw")
            ),
            deck_top=["beer:6H", "missed:2S", "bang:3C", "gatling:10H", "saloon:5H"],
            script=["0: play general_store"],
        )
    )
    assert [c.split("#")[0] for c in draws(s, 0)[0][1]] == ["beer"]
    shown = events(s, "store")[0]["cards"]
    assert sorted(c.split("#")[0] for c in shown) == ["bang", "gatling", "missed", "saloon"]


def test_suzy_s_last_panic_draws_before_she_takes_the_card() -> None:
    _, s = play(
        scenario(
            four_seats(
                seat_spec("suzy_lafayette", "sheriff", hand=["panic"]),
                seat_spec("willy_the_kid", "outlaw", hand=["missed"]),
            ),
            ["0: play panic @1 hand"],
            deck_top=["beer:6H"],
        )
    )
    assert kinds(seat(s, 0)["hand"]) == ["beer", "missed"]
    assert event_index(s, "draw", seat=0, reason="suzy_lafayette") < event_index(s, "steal", seat=0)


def sw_table(provident_hand: list[str], other_hand: list[str]) -> list[dict[str, Any]]:
    """Returns a Star Wars table: «Запасливый» (a Rebel) at seat 0, Vader at seat 1."""
    return [
        seat_spec("provident", "outlaw", hand=provident_hand),
        seat_spec("fearless", "sheriff", hand=other_hand),
        seat_spec("calculating", "outlaw"),
        seat_spec("elusive", "renegade"),
    ]


def test_provident_s_last_repair_gives_one_card_and_then_two() -> None:
    # «Ремонт» is Stagecoach in this game: played as the last card it gives 1 + 2 cards.
    _, s = play(
        scenario(
            sw_table(["stagecoach"], []),
            ["0: play stagecoach"],
            ruleset=STARWARS,
            deck_top=["beer:6H", "bang:3C", "missed:2S"],
        )
    )
    assert [reason for reason, _ in draws(s, 0)] == ["provident", "stagecoach"]
    assert len(seat(s, 0)["hand"]) == 3


def test_provident_draws_during_a_duel_and_may_answer_with_the_card() -> None:
    # Rulebook 001 has no Duel exception: his last BANG! discarded in a Duel is replaced at once.
    _, s = play(
        scenario(
            sw_table(["bang"], ["duel", "bang"]),
            ["1: play duel @0", "0: answer bang"],
            ruleset=STARWARS,
            turn=1,
            deck_top=["bang:3C", "beer:6H"],
        )
    )
    assert [reason for reason, _ in draws(s, 0)] == ["provident"]
    s2 = play(
        scenario(
            sw_table(["bang"], ["duel", "bang"]),
            ["1: play duel @0", "0: answer bang", "1: answer bang"],
            ruleset=STARWARS,
            turn=1,
            deck_top=["bang:3C", "beer:6H"],
        )
    )[1]
    assert any(a.startswith("answer bang") for a in legal(s2, 0))


def test_which_games_hold_the_empty_hand_draw_until_a_duel_is_over() -> None:
    # cs 004 «Během Duelu tato schopnost nefunguje» in every base preset (no other rulebook contradicts it).
    assert all(not options.empty_hand_draws_in_duel for options in PRESETS.values())
    star_wars = STARWARS_VARIANT.options
    assert star_wars is not None and star_wars.empty_hand_draws_in_duel
