"""No key costs a game: the terminal on a real pseudo-terminal drops what was typed ahead, pauses after a turn that
ended by itself, takes several discards at once and keeps a choice's number while the same question is asked."""

from __future__ import annotations

import random
import re

from tests.terminal_session import PROMPT, TerminalSession

TYPED_AHEAD = "What you typed before this question appeared was not used."
TURN_OVER = "The turn ended by itself. Press Enter to let the AI players go on"
OUT = "You are out of the game."
WIDE = {"COLUMNS": "200"}  # no line is wrapped: a frame's lines are the message's
CHOICE = re.compile(r"^│ (\d+)\) (.*)$", re.M)


def last_choices(text: str) -> dict[tuple[str, int], str]:
    """Returns the choices of the last prompt printed: (label, how many equal labels came before) -> number."""
    out: dict[tuple[str, int], str] = {}
    for number, label in CHOICE.findall(text[text.rindex("┌─") :]):
        out[label, sum(1 for seen, _ in out if seen == label)] = number
    return out


def test_a_line_typed_before_the_question_appeared_is_dropped_and_the_player_is_told() -> None:
    game = TerminalSession("--players", "4", "--seed", "3", "--name", "Ann", tty=True, env=WIDE)
    assert game.wait_for(PROMPT) == PROMPT  # Indians!: 1) answer with BANG! J♦, 0) take the hit
    game.type("1", "0")  # the "0" meant to end a turn arrives before the next question
    assert game.wait_for(PROMPT) == PROMPT
    code, out, err = game.finish()
    assert code == 0 and err == ""
    after = out[out.index("Ann answers with BANG!\u00a0J♦.") :]
    assert "Your turn: play cards, then end the turn." in after
    assert TYPED_AHEAD in after
    assert after.index(TYPED_AHEAD) < after.index(PROMPT)
    assert "Discard down to" not in after  # the "0" did not end the turn (5 cards at 4 life would be discarded)


def test_a_turn_that_ends_by_itself_waits_for_enter_before_the_ai_players_move() -> None:
    for seed in range(3, 30):  # a seed where a turn of Ann ends by itself before she is out of the game
        game = TerminalSession("--players", "4", "--seed", str(seed), "--name", "Ann", tty=True, env=WIDE)
        if turn_ends_by_itself(game):
            break
        game.finish()
    else:
        raise AssertionError("no turn of Ann ended by itself")
    shown = game.text
    assert "Ann has nothing more to play." in shown[shown.rindex("Ann plays") :]
    game.type("")
    assert game.wait_for(PROMPT, TURN_OVER) != ""
    code, out, err = game.finish()
    assert code == 0 and err == ""
    assert len(out) > len(shown)  # Enter let the game go on


def turn_ends_by_itself(game: TerminalSession) -> bool:
    """Plays cards, now and then takes the hit or ends the turn, until a turn of Ann ends by itself (True) or the
    game asks no more (False); fails if the AI players moved on after such a turn without a pause."""
    rng = random.Random(len(game.text))
    for _ in range(300):
        mark = len(game.text)
        seen = game.wait_for(PROMPT, TURN_OVER)
        if seen == TURN_OVER:
            return True
        if seen != PROMPT or OUT in game.text[mark:]:
            return False
        new = game.text[mark:]
        over = new.find("Ann has nothing more to play.")  # then she is asked only to discard down to her life
        assert over < 0 or "Turn " not in new[over:], "the AI players moved without a pause"
        shown = [number for number, _ in CHOICE.findall(game.text[game.text.rindex("┌─") :])]
        game.type(shown[-1] if rng.random() < 0.3 else shown[0])  # a card keeps its number in its turn: 1 may be gone
    game.wait_for(PROMPT, TURN_OVER)  # the last choice was taken: Ctrl-D typed ahead of its question would be dropped
    return False


def test_several_discards_typed_at_once_and_numbers_that_stay_with_their_cards() -> None:
    game = TerminalSession("--game", "duel", "--mode", "standoff", "--seed", "4", "--name", "Ann", tty=True, env=WIDE)
    for keys in ("1", "2", "0"):  # the attacker, the cover, then end the first turn with six cards in hand
        assert game.wait_for(PROMPT) == PROMPT
        game.type(keys)
    assert game.wait_for(PROMPT) == PROMPT
    first = last_choices(game.text)
    assert len(first) == 6 and "Discard down to 3 cards." in game.text[game.text.rindex("┌─") :]
    game.type(min(first.values(), key=int))  # the turn's first choices took the low numbers
    assert game.wait_for(PROMPT) == PROMPT
    second = last_choices(game.text)
    assert len(second) == 5 and all(first[label] == number for label, number in second.items())
    game.type(" ".join(sorted(second.values(), key=int)[:2]))  # two more at once: down to three cards
    assert game.wait_for(PROMPT) == PROMPT
    code, out, err = game.finish()
    assert code == 0 and err == ""
    assert out.count("Ann discards ") == 3
    assert "Turn 2: " in out and "Type one of the numbers above." not in out
