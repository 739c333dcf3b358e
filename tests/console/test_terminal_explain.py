"""`?3` and `/rules 3` explain the card behind a terminal choice; full-width digits count as digits."""

from __future__ import annotations

from bangbot.i18n.digits import plain_digits
from bangbot.messaging.lobby.actions import parse_duration
from tests.console.test_terminal import answers, bangbot

PROMPTS = {"ru": "Ваш выбор (", "ja": "番号を選んでください（"}


def answers_in(language: str, out: str) -> list[str]:
    """Returns what the terminal printed after each prompt in a language, in order."""
    return out.split(PROMPTS[language])


GAME = ("--players", "4", "--seed", "3")  # root's first question: Indians!, 1) BANG! J♦, 0) Lose 1 life


def test_question_mark_and_rules_with_a_number_explain_the_card_behind_a_choice() -> None:
    segments = answers(bangbot("?1\n/rules 1\n", *GAME).stdout)
    for shown in segments[1:3]:
        assert "BANG!: Shoot one player within the range of your weapon" in shown
        assert "This is how the table's rules play it: standard." in shown
        assert "1) BANG!\u00a0J♦" in shown  # the question is asked again, unanswered
    assert "Lose 1 life" in segments[2]


def test_a_choice_without_a_card_or_a_number_not_offered_gets_a_clear_answer_and_changes_nothing() -> None:
    segments = answers(bangbot("?0\n?7\n", *GAME).stdout)
    assert "Choice 0 plays no card I can explain; /rules <name> explains a card by its name." in segments[1]
    assert "Type one of the numbers above." in segments[2]
    assert "1) BANG!\u00a0J♦" in segments[2] and "0) Lose 1 life" in segments[2]


def test_full_width_question_mark_and_digits_explain_in_russian() -> None:
    segments = answers_in("ru", bangbot("？１\n/rules ０\n", *GAME, "--lang", "ru").stdout)
    assert "«Бэнг!»: Выстрел в игрока в пределах дистанции атаки вашего оружия" in segments[1]
    assert "Так играют по правилам этого стола: стандартные." in segments[1]
    assert "Вариант 0 не разыгрывает карту, которую я могу объяснить" in segments[2]


def test_full_width_digits_choose_in_japanese() -> None:
    typed = answers_in("ja", bangbot("？１\n１\n", *GAME, "--lang", "ja").stdout)
    plain = answers_in("ja", bangbot("?1\n1\n", *GAME, "--lang", "ja").stdout)
    assert "BANG!" in typed[1] and "：" in typed[1]
    assert typed[1] == plain[1]  # the same explanation
    assert typed[2] == plain[2]  # the same move: the full-width １ chose BANG! J♦
    assert "上に表示された番号のどれかを入力してください。" not in typed[2]
    assert "┌─ グループチャット" in typed[2]  # the move was made and shown to the table


def test_full_width_digits_and_spaces_are_plain() -> None:
    assert plain_digits("？１\u3000２　５") == "?1 2 5"
    assert plain_digits("/ｒules") == "/ｒules"  # only digits, spaces, ? and / are changed


def test_a_deadline_typed_with_full_width_digits_is_read() -> None:
    assert parse_duration("１h") == 3600
    assert parse_duration("９０ｍ") == 5400
    assert parse_duration("１ｘ") is None


def test_the_card_step_explains_its_card_by_its_button_and_by_question_mark() -> None:
    # 1: BANG! J♦ against Indians!; 4: BANG! 7♣ opens its targets, where 10) is its ❓ button (a number no choice of
    # the turn had).
    segments = answers(bangbot("1\n4\n10\n?10\n", *GAME).stdout)
    assert "10) ❓ BANG!\u00a07♣" in segments[2] and "9) « Back" in segments[2]
    assert "⚠ BANG!: Shoot one player" in segments[3] and "…" in segments[3]  # the alert, cut to 200 characters
    assert "BANG!\u00a07♣ → at whom?" in segments[3]  # nothing was played: the same step again
    assert "This is how the table's rules play it: standard." in segments[4]


def test_the_card_step_explains_its_card_in_russian() -> None:
    segments = answers_in("ru", bangbot("1\n4\n?10\n", *GAME, "--lang", "ru").stdout)
    assert "10) ❓ «Бэнг!»\u00a07♣" in segments[2]
    assert "«Бэнг!»: Выстрел в игрока" in segments[3]


# root picks 1) Jango, then 2) Tex Killer (the cover's choices keep their numbers); then 5) Quickdraw Ω … (no choice
# of the turn shares a number)
DUEL = ("--game", "duel", "--mode", "duel", "--seed", "3")


def test_a_duel_choice_explains_its_character_and_its_card() -> None:
    segments = answers(bangbot("?1\n1\n2\n?5\n5\n?14\n", *DUEL).stdout)
    assert "Jango: Each time an opponent moves their own attacking marker" in segments[1]
    assert "Life points: 3.\n" in segments[1] and "Mode: Law against Outlaws." in segments[1]
    assert "1) Jango: 3 lives" in segments[1]  # the question is asked again, unanswered
    assert "Quickdraw: One hit on the target for every card it has in play" in segments[4]
    assert "Mode: Law against Outlaws." in segments[4] and "5) Quickdraw\u00a0Ω …" in segments[4]
    assert "14) ❓ Quickdraw\u00a0Ω" in segments[5] and "9) « Back" in segments[5]
    assert "Quickdraw: One hit on the target" in segments[6]  # the target plays Quickdraw


def test_a_duel_card_step_explains_its_card_in_russian() -> None:
    segments = answers_in("ru", bangbot("1\n2\n5\n14\n", *DUEL, "--lang", "ru").stdout)
    assert "14) ❓ «Град\u00a0пуль»\u00a0Ω" in segments[3]
    assert "⚠ «Град пуль»: По одному попаданию в цель" in segments[4] and "…" in segments[4]  # the alert, cut
    assert "«Град\u00a0пуль»\u00a0Ω → на кого?" in segments[4]  # nothing was played: the same step again
