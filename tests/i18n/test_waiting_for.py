"""Whom the table waits for, in each language: the reader as "you", every other number of people in its plural."""

from __future__ import annotations

import pytest

from bangbot.i18n import translator
from bangbot.i18n.wording import waiting_for

NAMES = ("Аня", "Bob", "Čeněk", "Dan")


def test_the_group_reads_every_name() -> None:
    assert waiting_for(translator("en"), NAMES, (0, 2), None) == "Waiting for: Аня and Čeněk."


def test_a_seat_not_awaited_reads_the_others() -> None:
    assert waiting_for(translator("en"), NAMES, (0,), 3) == "Waiting for: Аня."


@pytest.mark.parametrize(
    ("language", "alone", "with_two"),
    [
        ("en", "Waiting for you.", "Waiting for you and 2 more players: Аня and Čeněk."),
        ("ru", "Ждём вас.", "Ждём вас и ещё 2 игроков: Аня и Čeněk."),
        ("ja", "あなたを待っています。", "あなたとほか2人を待っています：Аня、Čeněk"),
        ("cs", "Čeká se na vás.", "Čeká se na vás a na 2 další hráče: Аня a\u00a0Čeněk."),
    ],
)
def test_the_awaited_reader_is_you(language: str, alone: str, with_two: str) -> None:
    tr = translator(language)
    assert waiting_for(tr, NAMES, (1,), 1) == alone
    assert waiting_for(tr, NAMES, (0, 1, 2), 1) == with_two


@pytest.mark.parametrize(("language", "one"), [("ru", "ещё 1 игрока"), ("cs", "na 1 dalšího hráče")])
def test_one_more_player_is_singular(language: str, one: str) -> None:
    assert one in waiting_for(translator(language), NAMES, (0, 1), 1)


@pytest.mark.parametrize(
    ("language", "count", "words"),
    [
        ("ru", 5, "ещё 5 игроков"),
        ("ru", 21, "ещё 21 игрока"),
        ("cs", 5, "na 5 dalších hráčů"),
        ("cs", 21, "na 21 dalších hráčů"),
        ("ja", 21, "ほか21人"),
        ("en", 21, "21 more players"),
    ],
)
def test_many_more_players_take_their_plural(language: str, count: int, words: str) -> None:
    names = [f"P{n}" for n in range(count + 1)]
    assert words in waiting_for(translator(language), names, range(count + 1), 0)
