"""The real bot process over HTTP against the local Bot API emulator: a whole game in a group, with a restart."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from bangbot.games.bang.presenter.labels import card_label
from bangbot.games.bang.rules.cards import BASE_DECK
from bangbot.games.bang.rules.notation import parse
from bangbot.games.bang.rules.replay import replay
from bangbot.games.bang.rules.serialize import config_from_json
from bangbot.i18n import translator
from bangbot.messaging.press.button_data import JOIN_PAYLOAD, decode
from bangbot.messaging.press.step_menu import ABOUT
from bangbot.storage.db import open_engine
from bangbot.storage.models import FINISHED
from bangbot.storage.repository import Repository
from tools.process import BotProcess
from tools.telegram import ApiCall, BotApiEmulator, MessageView

FAST_GROUP_RATE = (300, 60.0)  # the long game runs with a larger group budget; test_group_flood_limit keeps 20/60


@pytest.fixture
def emulator() -> Iterator[BotApiEmulator]:
    """Yields a running Bot API emulator whose group flood limit matches the bot's faster test rate."""
    with BotApiEmulator(flood_model="bucket", group_limit=FAST_GROUP_RATE) as running:
        yield running
        assert running.internal_errors == []


Option = tuple[int, int, str]  # (user, message id, callback data) of a button a player can press


def settled_buttons(emulator: BotApiEmulator, repo: Repository, game_id: int) -> tuple[list[Option]] | None:
    """Returns (the buttons the players can press now,) once the chats show what storage says, else None.

    Settled means: everything the game's saved changes must show went out (its outbox is empty; the bot deletes a
    row once its messages, the group's queued edits included, were sent), and every player's private message, the
    one storage names, carries the prompt version storage holds for the seat, so no button pressed next is stale. This
    is the state the next press needs, whatever the machine's load; a quiet moment would not prove it.
    """
    game = repo.game(game_id)
    if game is None or repo.outbox(game_id):
        return None
    options: list[Option] = []
    for seat in repo.seats(game_id):
        if seat.user_id is None:
            continue
        if seat.private_message_id is None:
            return None
        try:
            shown = emulator.message(seat.user_id, seat.private_message_id)
        except KeyError:
            return None
        if shown.deleted:
            return None
        for row in shown.buttons:
            for _, data in row:
                if data.startswith("http"):
                    continue
                button = decode(data)
                if button.version != seat.prompt_version:
                    return None
                if button.choice != "x" and not button.choice.startswith(ABOUT):  # ❓ only answers, moves nothing
                    options.append((seat.user_id, shown.message_id, data))
    return (options,)


def test_a_whole_game_in_a_group_over_http_with_a_restart(emulator: BotApiEmulator, tmp_path: Path) -> None:
    users = [
        emulator.add_user("Anna", language_code="en"),
        emulator.add_user("Boris", language_code="ru"),
        emulator.add_user("Chie", language_code="ja"),
        emulator.add_user("Dana", language_code="cs"),
    ]
    group = emulator.add_group("Saloon", members=users, admins=[users[0]])
    database, bot, repo = started_bot(emulator, tmp_path)
    try:
        # Command menus for groups and private chats, in every language.
        scopes = {key for key in emulator.commands}
        assert {("all_group_chats", ""), ("all_private_chats", ""), ("all_group_chats", "ru")} <= scopes
        assert ("newgame", "Собрать игроков на партию «Бэнг!»") in emulator.commands[("all_group_chats", "ru")]
        # /newgame in private explains where games live.
        emulator.user_starts_bot(users[0])
        emulator.user_sends(users[0], users[0], "/newgame")
        emulator.wait_for_message(users[0], "group")
        # The lobby: Join is a deep link into the private chat.
        emulator.user_sends(users[0], group, "/newgame")
        lobby = emulator.wait_for_message(group, "gathering")
        join = lobby.button("Join")
        link, _, payload = join.partition("?start=")
        assert link == f"https://t.me/{emulator.bot_username}" and payload == join_payload(repo)
        for user in users[1:]:
            emulator.user_starts_bot(user, payload)
        emulator.wait_until(lambda: "4 players" in emulator.message(group, lobby.message_id).text, what="4 players")
        start = emulator.user_presses(
            users[0], group, lobby.message_id, emulator.message(group, lobby.message_id).button("Start")
        )
        assert not emulator.wait_for_answer(start).show_alert
        # Each player gets their role in private, in their own language, naming the game.
        for user, word in zip(users, ("Your role", "Ваша роль", "あなたの役割", "Vaše role"), strict=True):
            assert "Saloon" in emulator.wait_for_message(user, word).text  # the answer may come before it
        # Play by pressing buttons only; restart the bot in the middle. Each press waits for its answer and for
        # everything it changed to be shown (not for a quiet moment).
        presses = press_to_the_end(emulator, repo, random.Random(4), restart_at=30, bot=bot)
        assert presses > 30
        game = repo.game(1)
        assert game is not None and game.status == FINISHED, "the game ran to its end"
        # Group edits wait for the group's budget; the last ones still arrive.
        emulator.wait_for_message(group, "Game over")
        group_texts = [text for texts in emulator.history(group).values() for text in texts]
        assert emulator.unanswered() == []
        # The players who had to act were mentioned with links, and Telegram never had to slow the bot down.
        group_calls = [c for c in emulator.calls if str(c.params.get("chat_id")) == str(group)]
        assert any("tg://user?id=" in str(c.params.get("text", "")) for c in group_calls)
        assert not [c for c in emulator.calls if c.error_code == 429]
        assert_no_hidden_cards(database, group_texts)
    finally:
        if bot.process is not None and bot.process.poll() is None:
            bot.stop()


def started_bot(emulator: BotApiEmulator, tmp_path: Path) -> tuple[str, BotProcess, Repository]:
    """Starts the bot on a fresh SQLite file with the tests' faster group budget; returns its URL, process, storage."""
    database = f"sqlite:///{tmp_path / 'bot.sqlite3'}"
    bot = BotProcess(emulator, database, tmp_path / "bot.log", group_rate="{}/{}".format(*FAST_GROUP_RATE))
    bot.start()
    return database, bot, Repository(open_engine(database))


def press_to_the_end(
    emulator: BotApiEmulator, repo: Repository, rng: random.Random, restart_at: int = 0, bot: BotProcess | None = None
) -> int:
    """Presses random current buttons of game 1 until none is left (restarting the bot once, at restart_at presses).

    Each press waits for its answer and for the chats to show what storage says; returns the number of presses.
    """
    presses = 0
    while presses < 2000:
        [options] = emulator.wait_until(lambda: settled_buttons(emulator, repo, 1), what="the game to settle")
        if not options:
            break
        user, message_id, data = rng.choice(options)
        query = emulator.user_presses(user, user, message_id, data)
        answer = emulator.wait_for_answer(query)
        assert not answer.show_alert, answer.text
        presses += 1
        if presses == restart_at and bot is not None:
            bot.stop()
            bot.start()
    return presses


def join_payload(repo: Repository, game_id: int = 1) -> str:
    """Returns the /start payload of a lobby's join link, with the lobby's secret token."""
    game = repo.game(game_id)
    assert game is not None and game.join_token
    return f"{JOIN_PAYLOAD}{game.join_token}"


def settled_lobby(emulator: BotApiEmulator, repo: Repository, group: int) -> MessageView | None:
    """Returns the lobby message once it shows the stored lobby (buttons of its version, nothing left to send)."""
    game = repo.game(1)
    if game is None or game.lobby_message_id is None or repo.outbox(1):
        return None
    shown = emulator.message(group, game.lobby_message_id)
    versions = {decode(d).version for row in shown.buttons for _, d in row if not d.startswith("http")}
    return shown if versions == {game.version} else None


def press_in_lobby(emulator: BotApiEmulator, repo: Repository, group: int, user: int, label: str) -> None:
    """Presses a button of the settled lobby as user and asserts that the press was accepted."""
    lobby = emulator.wait_until(lambda: settled_lobby(emulator, repo, group), what="the lobby to settle")
    answer = emulator.wait_for_answer(emulator.user_presses(user, group, lobby.message_id, lobby.button(label)))
    assert not answer.show_alert, answer.text


def test_a_whole_star_wars_game_over_http(emulator: BotApiEmulator, tmp_path: Path) -> None:
    users = [emulator.add_user(name, language_code=lang) for name, lang in (("Leia", "ru"), ("Han", "en"))]
    group = emulator.add_group("Cantina", members=users, admins=[users[0]])
    _, bot, repo = started_bot(emulator, tmp_path)
    try:
        for user in users:
            emulator.user_starts_bot(user)
        emulator.user_sends(users[0], group, "/newgame")
        lobby = emulator.wait_for_message(group, "Собираем")
        emulator.user_starts_bot(users[1], join_payload(repo))
        # A press on a lobby older than the join would be stale: the creator presses once Han is in.
        emulator.wait_until(lambda: len(repo.seats(1)) == 2, what="Han to join")
        # A lobby edit may reach the group after the press's answer: each press waits for the lobby to settle.
        press_in_lobby(emulator, repo, group, users[0], "Игра")
        emulator.wait_until(lambda: "Звёздные" in emulator.message(group, lobby.message_id).text, what="Star Wars")
        for label in ("🤖 +", "🤖 +", "Начать игру"):
            press_in_lobby(emulator, repo, group, users[0], label)
        assert press_to_the_end(emulator, repo, random.Random(7)) > 3
        game = repo.game(1)
        assert game is not None and game.status == FINISHED and game.ruleset == "starwars"
        texts = [text for chat in (group, *users) for texts in emulator.history(chat).values() for text in texts]
        assert any("Дарт Вейдер" in t for t in texts) and any("Darth Vader" in t for t in texts)
        assert not [t for t in texts if any(suit in t for suit in "♥♦♣♠")]
    finally:
        if bot.process is not None and bot.process.poll() is None:
            bot.stop()


def assert_no_hidden_cards(database: str, texts: list[str]) -> None:
    """Checks that the group never saw a card that no public event of the game named."""
    repo = Repository(open_engine(database))
    game = repo.game(1)
    assert game is not None and game.state_json is not None
    stored = json.loads(game.state_json)
    public: set[int] = set()
    from bangbot.games.bang.rules.engine import apply_in_place, new_game

    config = config_from_json(stored["config"])
    state, events = new_game(config, game.seed or 0)
    seen = [e.for_seat(None) for e in events]
    for row in repo.actions(1):
        seen += [e.for_seat(None) for e in apply_in_place(state, row.seat, parse(row.action))]
    for e in seen:
        for key in ("card", "cards", "target_card", "chosen"):
            value = e.get(key)
            if isinstance(value, int) and value >= 0:
                public.add(value)
            elif isinstance(value, list):
                public.update(value)
    assert (
        json.dumps(replay(config, game.seed or 0, [(a.seat, parse(a.action)) for a in repo.actions(1)]).players[0].hand)
        is not None
    )
    tr = translator("en")
    labels: dict[str, set[int]] = {}
    for i in range(len(BASE_DECK)):
        labels.setdefault(card_label(tr, i), set()).add(i)
    for text in texts:
        hidden = [label for label, cards in labels.items() if label in text and not cards & public]
        assert not hidden, f"the group saw cards that were never public: {hidden}"
        assert "Your role" not in text and "Hand:" not in text


def test_group_flood_limit_is_never_exceeded(tmp_path: Path) -> None:
    """With Telegram's own limit (20 a minute into a group), a busy lobby never draws a 429.

    The emulator counts every request into the group (edits too) when it arrives, as Telegram does, in a strict
    sliding window, on the monotonic clock the bot's limiter also reads; so neither the machine's load nor the
    requests' latency can make a well-behaved bot look guilty, and 21 requests landing within 60 s always fail.
    """
    with BotApiEmulator(flood_model="window", group_limit=(20, 60.0), flood_counts_edits=True) as emulator:
        users = [emulator.add_user(f"P{i}", started=True) for i in range(7)]
        group = emulator.add_group("Busy", members=users, admins=[users[0]])
        database = f"sqlite:///{tmp_path / 'flood.sqlite3'}"
        # Every edit on its own (no merging window), so that the presses use up the group's budget quickly.
        bot = BotProcess(emulator, database, tmp_path / "bot.log", BANGBOT_GROUP_MERGE_SECONDS="0")
        bot.start()
        repo = Repository(open_engine(database))
        try:
            emulator.user_sends(users[0], group, "/newgame")
            lobby = emulator.wait_for_message(group, "gathering")

            def group_calls() -> list[ApiCall]:  # what goes into the group (asking for the bot's rights does not)
                return [
                    c
                    for c in emulator.calls
                    if str(c.params.get("chat_id")) == str(group) and c.method != "getChatMember"
                ]

            presses = accepted = 0

            def press() -> None:
                nonlocal presses, accepted
                current = emulator.message(group, lobby.message_id).button("Simplified")
                # The lobby's edit may land between reading the button and pressing it: the press is of what was seen,
                # and a lobby not yet edited after the last press shows a stale button, which is refused.
                query = emulator.user_presses(users[0], group, lobby.message_id, current, check=False)
                answer = emulator.wait_for_answer(query)
                assert not answer.show_alert or answer.text == "This choice is no longer current."
                presses += 1
                accepted += not answer.show_alert

            # Quick settings changes, each one an edit of the lobby in the group, until the group's budget of 20
            # requests (the lobby's message and the edits that were not merged) is used up; then five more.
            while len(group_calls()) < 20:
                assert presses < 3000, "the lobby's edits never used up the group's budget"
                press()
            for _ in range(5):
                press()
            # The last edit waits for the budget; the lobby's outbox row is deleted once it was sent.
            final = "Simplified game (no book-symbol cards): {}.".format("yes" if accepted % 2 else "no")
            emulator.wait_until(lambda: not repo.outbox(1), what="the last edit")
            assert final in emulator.message(group, lobby.message_id).text
            calls = group_calls()
            assert not [c for c in emulator.calls if c.error_code == 429]
            # Counted on arrival, no 60-second window [t, t + 60) holds more than 20 requests into the group.
            arrivals = sorted(c.received for c in calls)
            closest = min(arrivals[i + 20] - arrivals[i] for i in range(len(arrivals) - 20))
            assert closest >= 60.0, f"21 requests into the group arrived within {closest:.3f} s"
            # At most one edit per accepted press (the lobby's message aside), and the lobby shows the final setting.
            assert len(calls) <= accepted + 1
            # Answers never waited for the group's budget: the five presses after it ran out were answered before
            # it let the 21st request through (60 s after the lobby's message), like every press before them.
            answered = [c.received for c in emulator.calls_to("answerCallbackQuery")]
            assert len(answered) == presses
            assert max(answered) < arrivals[20], (
                f"presses answered {max(answered) - arrivals[0]:.1f} s after the group's first request, which "
                f"waited for its 21st ({arrivals[20] - arrivals[0]:.1f} s)"
            )
        finally:
            bot.stop()
