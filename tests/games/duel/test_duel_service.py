"""BANG! The Duel by message: whole games by presses in each mode, restarts, deadlines and stand-ins."""

from __future__ import annotations

import asyncio
import json
import random
from datetime import timedelta
from pathlib import Path

import pytest

from bangbot.games import game as registered
from bangbot.games.duel.rules.modes import MODE_IDS, MODES
from bangbot.games.duel.ruleset import DUEL
from bangbot.i18n import translator
from bangbot.messaging.press.button_data import MAX_CALLBACK_DATA, decode
from bangbot.storage.models import Game
from tests.duel_harness import DuelWatch, gather_duel
from tests.service_harness import GROUP, Table, make_users

RULES = registered(DUEL).ruleset
# How many people sit at each mode's table (the AI takes the other seats), and the language they read.
PEOPLE = {"duel": 2, "third_law": 1, "third_outlaws": 2, "reinforcements": 1, "standoff": 2}
LANGUAGE = {"duel": "en", "third_law": "ru", "third_outlaws": "ja", "reinforcements": "cs", "standoff": "en"}
DAY = timedelta(days=1, minutes=1)


def finished(table: Table) -> Game:
    """Returns the group's game, asserting it is over."""
    game = table.repo.latest_game(GROUP)
    assert game is not None and game.status == "finished" and game.state_json, "the game did not end"
    return game


def awaited_have_buttons(table: Table) -> None:
    """Asserts that every person the game waits for has a current private message with buttons to press."""
    game = table.repo.latest_game(GROUP)
    assert game is not None and game.id is not None and game.state_json
    state = RULES.from_json(json.loads(game.state_json))
    asked = RULES.awaiting(state) if game.status == "running" else ()
    for seat in table.repo.seats(game.id):
        if seat.position not in asked or seat.user_id is None:
            continue
        assert not seat.ai_controlled, "the AI moves for absent seats before the change is saved"
        message = next(
            (m for m in table.messenger.in_chat(seat.user_id) if m.ref.message_id == seat.private_message_id), None
        )
        assert message is not None and message.buttons, f"seat {seat.position} is asked but has no buttons"
        data = [decode(b.data) for row in message.buttons for b in row if b.data]
        assert data and all(d.version == seat.prompt_version and d.seat == seat.position for d in data)
        assert all(len(b.data.encode()) <= MAX_CALLBACK_DATA for row in message.buttons for b in row)


async def play_duel(table: Table, watch: DuelWatch, rng: random.Random, limit: int = 5000) -> int:
    """Presses random buttons among those delivered until nobody has any; checks every awaited seat and every text."""

    def checks() -> None:
        awaited_have_buttons(table)
        watch.check()

    return await table.play(rng, limit, check=False, after=checks)


def replays(game: Game, table: Table) -> bool:
    """Returns whether the stored action log, applied to the stored deal, gives the stored state."""
    stored = json.loads(game.state_json or "{}")
    state, _ = RULES.new_game(RULES.from_json(stored).config, game.seed or 0)
    for logged in table.repo.actions(game.id or 0):
        state, _ = RULES.apply(state, logged.seat, RULES.parse(logged.action))
    return RULES.to_json(state) == stored


@pytest.mark.parametrize("mode", MODE_IDS)
def test_a_whole_duel_by_presses_with_a_restart_in_the_middle(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: str
) -> None:
    async def scenario() -> None:
        people, tr = PEOPLE[mode], translator(LANGUAGE[mode])
        users = make_users(people, tr.language)
        table = Table(f"sqlite:///{tmp_path / 'duel.sqlite3'}", users, seed=MODE_IDS.index(mode) + 3)
        watch = DuelWatch(table, tr)
        watch.install(monkeypatch)
        await gather_duel(table, mode, people)
        game = table.repo.latest_game(GROUP)
        assert game is not None and game.status == "running" and game.preset == mode
        assert [s.is_ai for s in table.repo.seats(game.id or 0)] == [False] * people + [True] * (
            MODES[mode].players - people
        )
        awaited_have_buttons(table)
        watch.check()
        assert watch.state is not None and all(RULES.in_game(watch.state, s) for s in range(MODES[mode].players))
        rng = random.Random(mode)
        before = await play_duel(table, watch, rng, limit=25)
        # A new process over the same database goes on from the stored game.
        version = table.repo.latest_game(GROUP).version  # type: ignore[union-attr]
        table.restart()
        assert table.repo.latest_game(GROUP).version == version  # type: ignore[union-attr]
        await table.command(0, "status", private=True)
        awaited_have_buttons(table)
        after = await play_duel(table, watch, rng)
        game = finished(table)
        assert before == 25 and after > 0
        assert game.winner in {side.side for side in MODES[mode].sides}
        end = RULES.from_json(json.loads(game.state_json or "{}"))
        assert [RULES.in_game(end, s) for s in range(MODES[mode].players)].count(False) == 1
        assert len(table.messenger.answers) == table.presses
        assert replays(game, table)
        # The group was told who won, in its language; nobody got a farewell (a squad out ends the game).
        told = registered(DUEL).presenter.log_text(tr, [{"kind": "game_over", "winner": game.winner}], [], None)
        assert told and any(told in text for text in table.group_texts())
        for seat in table.repo.seats(game.id or 0)[:people]:  # each player's last message says it once
            final = [
                m for m in table.messenger.in_chat(seat.user_id or 0) if m.ref.message_id == seat.private_message_id
            ]
            assert final and final[0].text.count(told) == 1, final
        farewell = tr.gettext("You are out of the game in {title}.", title=table.title)
        for user in table.users:
            assert not any(farewell in text for text in table.messenger.all_texts(user.id))
        if tr.language != "en":  # the game spoke the players' language, not English
            assert not any("Your hand" in text for text in table.messenger.all_texts(users[0].id))
        assert any(by == "ai" for by in {a.by for a in table.repo.actions(game.id or 0)}) == (
            people < MODES[mode].players
        )

    asyncio.run(scenario())


async def press_for(table: Table, user: int, rng: random.Random) -> bool:
    """Presses one of user's buttons, if they have any; returns whether they had."""
    options = [(message, choice) for who, message, choice in table.choices() if who == user]
    if not options:
        return False
    message, choice = rng.choice(options)
    answer = await table.press(user, message, choice)
    assert not answer.alert, answer.text
    return True


@pytest.mark.parametrize("mode", MODE_IDS)
def test_an_absent_duel_player_is_moved_for_at_each_deadline_then_handed_to_the_ai(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: str
) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'late.sqlite3'}", make_users(2), seed=MODE_IDS.index(mode) + 11)
        watch = DuelWatch(table)
        watch.install(monkeypatch)
        await gather_duel(table, mode, 2)
        game = table.repo.latest_game(GROUP)
        assert game is not None and game.id is not None
        assert game.deadline_at == table.clock.now + timedelta(days=1)
        rng = random.Random(mode)
        # Player 1 answers at once; player 0 is away. The bot is down while the first deadline passes.
        while await press_for(table, 1, rng):
            pass
        assert table.choices(), "the absent player is asked"
        # A fifth of the time left: a reminder, privately and in the group.
        table.clock.advance(timedelta(hours=20))
        await table.tick()
        assert any("Reminder" in m.text for m in table.messenger.in_chat(table.users[0].id))
        assert "time is running out" in table.messenger.last(GROUP).text
        table.clock.advance(DAY - timedelta(hours=20))
        table.restart()
        waiting = RULES.from_json(json.loads(table.repo.game(game.id).state_json or "{}"))  # type: ignore[union-attr]
        await table.tick()
        moved = [a for a in table.repo.actions(game.id) if a.by == "deadline"]
        assert moved and {a.seat for a in moved} == {0}  # every decision player 0 was asked in that turn
        safe = RULES.safe_action(waiting, 0)  # taking the hit or ending the turn, else the AI's choice
        assert RULES.parse(moved[0].action) in ([safe] if safe is not None else RULES.legal_actions(waiting, 0))
        assert table.repo.seats(game.id)[0].missed_deadlines == 1
        awaited_have_buttons(table)
        watch.check()
        # A miss in a second turn hands the seat to the AI.
        while not table.repo.seats(game.id)[0].standin and not over(table):
            if not await press_for(table, 1, rng):
                table.clock.advance(DAY)
                await table.tick()
            awaited_have_buttons(table)
            watch.check()
        assert table.repo.seats(game.id)[0].standin
        handed = max(a.index for a in table.repo.actions(game.id) if a.by == "deadline")
        assert any("AI plays for them" in t for t in table.group_texts())
        message = table.private(0)
        assert message is not None and [decode(b.data).choice for row in message.buttons for b in row] == ["k"]
        # The AI plays the seat while player 1 plays on, until player 0 comes back.
        while not over(table) and not [a for a in table.repo.actions(game.id) if a.index > handed and a.seat == 0]:
            assert await press_for(table, 1, rng), "player 1 is asked while the AI plays player 0's seat"
        later = [a for a in table.repo.actions(game.id) if a.index > handed and a.seat == 0]
        assert later and all(a.by == "ai" for a in later)
        if not over(table):
            await table.press(0, table.private(0), "k")  # type: ignore[arg-type]
            seat = table.repo.seats(game.id)[0]
            assert not seat.standin and seat.missed_deadlines == 0
            awaited_have_buttons(table)
        await play_duel(table, watch, rng)
        assert finished(table).winner

    asyncio.run(scenario())


def over(table: Table) -> bool:
    """Returns whether the group's game is over."""
    game = table.repo.latest_game(GROUP)
    return game is not None and game.status == "finished"
