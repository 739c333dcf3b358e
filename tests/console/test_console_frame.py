"""The terminal's frame and what it prints again: wrapping by display width, lines an edit added, prompts."""

from __future__ import annotations

import asyncio
import re

from bangbot.console.frame import frame, text_width, wrap
from bangbot.console.messenger import ConsoleMessenger, added_lines, with_owners
from bangbot.games.bang.presenter.labels import card_label as base_label
from bangbot.games.bang.rules.cards import BASE_DECK
from bangbot.games.duel.presenter.labels import card_label as duel_label
from bangbot.games.duel.rules.data import CARDS as DUEL_CARDS
from bangbot.i18n import LANGUAGES, translator
from bangbot.i18n.themes import themed
from bangbot.i18n.wording import GLUE
from bangbot.messaging.adapter import Button


def test_wide_characters_count_twice_and_lines_wrap_within_the_width() -> None:
    assert text_width("BANG!") == 5 and text_width("バン！") == 6
    line = "あなたの番です：カードを出してから、ターンを終えてください。" * 2
    parts = wrap(line, 20)
    assert len(parts) > 3 and all(text_width(p) <= 20 for p in parts)
    assert "".join(p.strip() for p in parts) == line


def test_wrapping_breaks_at_spaces_and_indents_what_follows() -> None:
    assert wrap("Hand: BANG! J♦, Barrel Q♠, Volcanic 10♠", 20) == ["Hand: BANG! J♦,", "  Barrel Q♠,", "  Volcanic 10♠"]
    assert wrap("short", 20) == ["short"]
    assert wrap("x" * 25, 10) == ["x" * 10, "  " + "x" * 8, "  " + "x" * 7]


def test_a_frame_keeps_every_line_inside_its_width() -> None:
    text = frame("private chat", ["a" * 50, "ミス！" * 12], 24)
    lines = text.splitlines()
    assert lines[0] == "┌─ private chat" and lines[-1] == "└─"
    assert all(line.startswith("│ ") and text_width(line) <= 24 for line in lines[1:-1])


def test_an_edit_shows_only_the_lines_it_added() -> None:
    before = ["Turn 2: Player.", "Player draws 2 cards.", "", "Your move: Player"]
    after = ["Turn 2: Player.", "Player draws 2 cards.", "Player plays Barrel.", "", "Your move: Player"]
    assert added_lines(before, after) == ["Player plays Barrel."]
    assert added_lines(after, after) == []


def test_a_prompt_prints_the_message_in_full_once_then_its_changes_question_and_choices() -> None:
    messenger = ConsoleMessenger(group=-1, user_id=1)
    buttons = ((Button("BANG! J♦", "a0"),), (Button("End the turn", "a1"),))
    text = "Your role: Outlaw.\nLife: 4/4\nHand: BANG! J♦\n\nYour turn."
    ref = asyncio.run(messenger.send(1, text, buttons))
    assert messenger.take() == []  # a private message with buttons waits for the prompt
    assert messenger.prompt(ref).lines == [*text.splitlines(), "", "1) BANG! J♦", "2) End the turn"]
    asyncio.run(messenger.edit(ref, text.replace("4/4", "3/4"), buttons))
    assert messenger.prompt(ref).lines == ["Life: 3/4", "", "Your turn.", "", "1) BANG! J♦", "2) End the turn"]
    assert messenger.prompt(ref).lines == ["Your turn.", "", "1) BANG! J♦", "2) End the turn"]


def test_a_changed_line_is_shown_under_the_headings_it_belongs_to() -> None:
    lines = [
        "Hand: BANG! J♦",
        "Distance to each player:",
        "  🤖 1 — in range (1)",
        "  🤖 2 — out of range (3)",
        "",
        "  Ann (Outlaws)",
        "   ⚔ Pearl Hart: 3/3",
        "   reserve: 2",
        "▶ 🤖 1 (Law)",
        "   reserve: 1",
    ]
    assert with_owners(lines, [0, 3]) == ["Hand: BANG! J♦", "Distance to each player:", "  🤖 2 — out of range (3)"]
    assert with_owners(lines, [7, 9]) == ["  Ann (Outlaws)", "   reserve: 2", "▶ 🤖 1 (Law)", "   reserve: 1"]


def test_a_choice_keeps_its_number_in_any_question_of_its_turn() -> None:
    messenger = ConsoleMessenger(group=-1, user_id=1)
    card = lambda button: ((), button.text)  # noqa: E731 (what the terminal's game tells: the card a button picks)
    cards = [Button(name, f"a{i}") for i, name in enumerate(("Barrel Q♠", "Missed! 2♠", "Missed! 3♠", "Beer 8♥"))]
    ref = asyncio.run(messenger.send(1, "Hand\n\nDiscard down to 2 cards.", tuple((b,) for b in cards)))
    assert messenger.prompt(ref, card).lines[-4:] == ["1) Barrel Q♠", "2) Missed! 2♠", "3) Missed! 3♠", "4) Beer 8♥"]
    asyncio.run(messenger.edit(ref, "Hand\n\nDiscard down to 2 cards.", tuple((b,) for b in cards[1:])))
    again = messenger.prompt(ref, card)
    assert again.known and again.lines[-3:] == ["2) Missed! 2♠", "3) Missed! 3♠", "4) Beer 8♥"]
    asyncio.run(messenger.edit(ref, "Hand\n\nYour turn.", tuple((b,) for b in (cards[2], cards[0], cards[3]))))
    other = messenger.prompt(ref, card)  # another question: the cards keep their numbers, the one back too
    assert not other.known and other.lines[-3:] == ["3) Missed! 3♠", "1) Barrel Q♠", "4) Beer 8♥"]
    drawn = Button("Beer 9♥", "a4")
    asyncio.run(messenger.edit(ref, "Hand\n\nYour turn.", tuple((b,) for b in (cards[2], cards[3], drawn))))
    # A card new to the turn takes no number a card shown in it had.
    assert messenger.prompt(ref, card).lines[-3:] == ["3) Missed! 3♠", "4) Beer 8♥", "5) Beer 9♥"]
    turn = messenger.prompt(ref, card, epoch=2)  # a new turn: numbered from 1 again
    assert turn.lines[-3:] == ["1) Missed! 3♠", "2) Beer 8♥", "3) Beer 9♥"]


def every_card_label() -> set[tuple[str, str]]:
    """Returns each card label of every game in every language that carries marks, with its marks (suit, symbols)."""
    out: set[tuple[str, str]] = set()
    for language in LANGUAGES:
        tr = translator(language)
        for game, labels in (("base", base_label), ("starwars", base_label), ("duel", duel_label)):
            reader = themed(tr, game)
            count = len(DUEL_CARDS) if game == "duel" else len(BASE_DECK)
            for index in range(count):
                label = labels(reader, index)
                if GLUE in label:
                    out.add((label, re.split(r"[ (（]", label.split(GLUE, 1)[1])[0]))  # up to a fate effect
    return out


def test_a_card_and_its_suit_or_symbols_never_part_at_a_lines_end() -> None:
    labels = every_card_label()
    assert {"BANG!\u00a0Q♥", "«Бэнг!»\u00a0Q♥"} <= {label for label, _ in labels}  # a no-break space, every language
    assert any(text_width(label) > len(label) for label, _ in labels)  # Japanese names, two columns a character
    assert any("🛢" in marks for _, marks in labels)  # the Duel's check symbols, Star Wars' too
    for label, marks in labels:
        glued = label[label.index(GLUE) - 1 : label.index(GLUE) + 1 + len(marks)]
        for prefix in ("Ann plays ", "太郎さんが"):
            for k in range(0, 12, 3):
                line = prefix * (k // 3 + 1) + label + " — " + "あ" * k
                for width in range(text_width(label) + 2, 43, 4):  # a label wider than a line has to be cut
                    parts = wrap(line, width)
                    assert any(glued in part for part in parts), (line, width, parts)
