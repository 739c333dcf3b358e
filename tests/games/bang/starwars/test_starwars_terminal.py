"""BANG! Star Wars in the terminal: `bangbot --game starwars` plays a whole game against the AI in its own words."""

from __future__ import annotations

import re

from tests.console.test_terminal import bangbot

SUITS = re.compile("[♥♦♣♠]")


def test_the_terminal_plays_a_whole_star_wars_game_in_russian() -> None:
    result = bangbot("1\n0\n" * 3000, "--game", "starwars", "--players", "5", "--seed", "8", "--lang", "ru")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Дарт Вейдер" in out and "энерги" in out
    assert not SUITS.search(out), SUITS.search(out)
    assert "Шериф" not in out and "«Пиво»" not in out and "«Бэнг!»" in out


def test_the_terminal_refuses_a_game_it_does_not_offer() -> None:
    result = bangbot("", "--game", "monopoly")
    assert result.returncode == 2 and "invalid choice" in result.stderr


def test_the_terminal_speaks_star_wars_in_help_rules_prompt_and_titles() -> None:
    result = bangbot(
        "/help\n/rules Дарт Вейдер\n", "--game", "starwars", "--players", "4", "--seed", "4", "--lang", "ru"
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "За этим столом: «Бэнг! Звёздные войны»" in out and "✦\u00a0Альянс" in out  # /help describes the game
    assert "Дарт Вейдер: Выведите из игры всех повстанцев" in out  # /rules finds a role
    assert "например /rules Укрытие" in out and "/rules Бочка" not in out
    assert "«Бэнг! Звёздные войны» — терминал" in out
    assert "Символы проверки: ✦\u00a0Альянс, ⚙\u00a0Империя и 🗑\u00a0Уплотнитель." in out
