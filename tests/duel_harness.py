"""BANG! The Duel through the game service: a lobby in a mode, and a watch on what each reader may know."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import pytest

from bangbot.core.events import Event
from bangbot.games import game as registered
from bangbot.games.duel.presenter.prompts import AS_NAMES
from bangbot.games.duel.rules.data import type_id
from bangbot.games.duel.rules.state import DuelState
from bangbot.games.duel.ruleset import DUEL
from bangbot.games.duel.texts.help import DUEL_CHARACTER_HELP
from bangbot.games.duel.texts.names import (
    DUEL_CARD_NAMES,
    DUEL_CHARACTER_NAMES,
    DUEL_MODE_NAMES,
    DUEL_POSITION_NAMES,
    DUEL_SIDE_NAMES,
    DUEL_SYMBOL_NAMES,
    duel_card_name,
    duel_character_name,
)
from bangbot.i18n import Translator, translator
from bangbot.i18n.glossary import game_name
from bangbot.i18n.wording import GLUE
from bangbot.messaging.lobby import actions as lobby
from bangbot.messaging.press.button_data import decode
from tests.offered import with_hooks
from tests.service_harness import GROUP, Table

EN = translator("en")
CARD, CHARACTER = "card", "character"
CARD_KEYS = ("card", "cards", "target_card", "replaced")
CHARACTER_KEYS = ("character", "attacker", "characters", "options")


async def gather_duel(table: Table, mode: str, people: int) -> None:
    """Opens a lobby of the Duel in mode; people join, AI players fill the other seats; the creator starts it."""
    await table.command(0, "newgame")
    while table.game().ruleset != DUEL:  # type: ignore[union-attr]
        assert not (await table.press(0, table.lobby(), "game")).alert
    while table.game().preset != mode:  # type: ignore[union-attr]
        choice = next(c for c in lobby_choices(table) if c.startswith(lobby.MODE))
        assert not (await table.press(0, table.lobby(), choice)).alert
    for user in range(1, people):
        assert not (await table.press(user, table.lobby(), "join")).alert
    for _ in range(registered(DUEL).mode_seats(mode) - people):  # type: ignore[attr-defined]
        assert not (await table.press(0, table.lobby(), "ai+")).alert
    answer = await table.press(0, table.lobby(), "start")
    assert not answer.alert, answer.text


def lobby_choices(table: Table) -> list[str]:
    """Returns the choices of the lobby's buttons."""
    return [decode(b.data).choice for row in table.lobby().buttons for b in row if b.data]


Thing = tuple[str, str]  # ("card", a card kind) or ("character", a character id): something a text may name


def card_kinds(cards: Iterable[object]) -> set[Thing]:
    """Returns the kinds of the physical cards among cards (indexes; anything else is left out)."""
    return {(CARD, type_id(c)) for c in cards if isinstance(c, int) and c >= 0}


def characters(ids: Iterable[object]) -> set[Thing]:
    """Returns the characters among ids (strings; anything else is left out)."""
    return {(CHARACTER, c) for c in ids if isinstance(c, str)}


def named_by(data: dict[str, Any]) -> set[Thing]:
    """Returns the cards and characters an event, as a reader sees it, names."""
    out: set[Thing] = set()
    for key in CARD_KEYS:
        value = data.get(key)
        out |= card_kinds(value if isinstance(value, list) else [value])
    for key in CHARACTER_KEYS:
        value = data.get(key)
        out |= characters(value if isinstance(value, list) else [value])
    if data.get("how") == "bang":  # a card played as a Colt names the Colt, not a Colt card
        out.add((CARD, "colt"))
    # A card kind named as a rule ("answers Indians!" to an Indian Chief) names no card of anyone's.
    out |= {(CARD, v) for v in data.values() if isinstance(v, str) and v in DUEL_CARD_NAMES}
    return out


def face_up(state: DuelState) -> set[Thing]:
    """Returns what lies face up: characters in play or fallen, their cards, the discard pile."""
    out = card_kinds(state.discard)
    for squad in state.squads:
        out |= characters(squad.dead)
        for f in squad.fighters:
            out |= characters([f.character]) | card_kinds(f.in_play())
    return out


def own(state: DuelState, seat: int) -> set[Thing]:
    """Returns what a seat holds unseen by others: its hand and its reserve."""
    squad = state.squads[seat]
    return card_kinds(squad.hand) | characters(squad.reserve)


def hidden(state: DuelState) -> set[Thing]:
    """Returns every card and character nobody sees now: hands, reserves, decks."""
    out = card_kinds(state.common)
    for squad in state.squads:
        out |= own(state, squad.seat) | card_kinds(squad.deck)
    return out


def vocabulary(tr: Translator) -> list[str]:
    """Returns every name a Duel text in tr's language may contain, longest first (one may hold another)."""
    tables = (
        DUEL_CARD_NAMES,
        DUEL_CHARACTER_NAMES,
        DUEL_MODE_NAMES,
        DUEL_SIDE_NAMES,
        DUEL_SYMBOL_NAMES,
        DUEL_POSITION_NAMES,
    )
    words = {tr.name(marked) for table in tables for marked in table.values()} | {game_name(tr, DUEL)}
    return sorted(words, key=len, reverse=True)


def unglued(text: str) -> str:
    """Returns text with the no-break spaces that glue a name's words read as plain spaces."""
    return text.replace(GLUE, " ")


def mentions(text: str, name: str, words: Iterable[str]) -> bool:
    """Returns whether text names name by itself, not as part of a longer name ("Double Barrel"), glued or not."""
    text = unglued(text)
    for longer in words:
        if name in longer and longer != name:
            text = text.replace(longer, "")
    if not name.isascii():  # Japanese writes no spaces between words
        return name in text
    return re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", text) is not None


@dataclass
class DuelWatch:
    """Follows every Duel move the service makes: what the group and each seat may know, and the texts they got.

    check() looks at the texts shown since its last call: the group's name nothing hidden that was never public,
    a player's private chat names nothing held by another seat that this player never saw.
    """

    table: Table
    tr: Translator = EN
    public: set[Thing] = field(default_factory=set)
    known: dict[int, set[Thing]] = field(default_factory=dict)
    state: DuelState | None = None
    seen: dict[int, int] = field(default_factory=dict)

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Wraps the Duel ruleset's deal and moves so the watch sees each state and its events."""
        rules = registered(DUEL).ruleset
        real_apply, real_new_game = rules.apply, rules.new_game

        def apply(*args: Any) -> Any:
            state, events = real_apply(*args)
            self.follow(state, events)
            return state, events

        def new_game(*args: Any) -> Any:
            state, events = real_new_game(*args)
            self.follow(state, events)
            return state, events

        with_hooks(monkeypatch, DUEL, apply=apply, new_game=new_game)

    def follow(self, state: DuelState, events: list[Event]) -> None:
        """Adds what the group and each seat learned from a move."""
        self.state = state
        self.public |= face_up(state)
        for e in events:
            self.public |= named_by(e.for_seat(None))
        for squad in state.squads:
            known = self.known.setdefault(squad.seat, set())
            known |= own(state, squad.seat)
            for e in events:
                known |= named_by(e.for_seat(squad.seat))

    def check(self) -> None:
        """Asserts that no text shown since the last check names what its reader may not know."""
        if self.state is None:
            return
        secret = hidden(self.state) - self.public
        self._check_chat(GROUP, secret)
        game = self.table.repo.latest_game(GROUP)
        assert game is not None and game.id is not None
        for seat in self.table.repo.seats(game.id):
            if seat.user_id is not None:
                self._check_chat(seat.user_id, secret - self.known.get(seat.position, set()))

    def name(self, thing: Thing) -> str:
        """Returns a card kind's or a character's name in the watch's language."""
        kind, ident = thing
        return duel_card_name(self.tr, ident) if kind == CARD else duel_character_name(self.tr, ident)

    def _check_chat(self, chat_id: int, secret: set[Thing]) -> None:
        """Asserts that the chat's texts since the last check name nothing in secret."""
        texts = self.table.messenger.all_texts(chat_id)
        start, self.seen[chat_id] = self.seen.get(chat_id, 0), len(texts)
        words = vocabulary(self.tr)
        names = {self.name(thing) for thing in secret}
        helps = [self.tr.name(marked) for marked in DUEL_CHARACTER_HELP.values()]  # abilities name cards in general
        # and so do the steps of playing a card as another by an ability ("Companion as Colt → at whom?")
        helps += [f" as {duel_card_name(self.tr, kind)}" for kind in AS_NAMES.values()]
        for text in map(unglued, texts[start:]):
            for ability in helps:
                text = text.replace(ability, "")
            leaked = sorted(name for name in names if mentions(text, name, words))
            assert not leaked, f"chat {chat_id} was shown {leaked}, which it may not know: {text}"
