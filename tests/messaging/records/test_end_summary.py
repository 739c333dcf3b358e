"""The end of a game: the group gets a summary per player after the final table, in every game and language."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bangbot.games import game as registered
from bangbot.games.bang.rules.roles import side_of
from bangbot.games.duel.ruleset import DUEL
from bangbot.games.duel.texts.names import duel_character_name
from bangbot.i18n import Translator
from bangbot.i18n.wording import join_list, player
from bangbot.messaging.lobby.options import table_choices
from bangbot.messaging.records.outcome import replay_game
from bangbot.storage.models import Game
from tests.duel_harness import gather_duel
from tests.messaging.records.test_records import finished_game, synchronously
from tests.service_harness import GROUP, Table, make_users

TITLE = "The game, player by player:"
CARD_ACTIONS = ("play", "use", "answer")  # the Duel's "use": a card in play; a "play" may also only pick a target


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """Returns a fresh SQLite database's URL."""
    return f"sqlite:///{tmp_path / 'bang.sqlite3'}"


@dataclass
class Expected:
    """One seat's facts, counted here from the action log and the events, apart from the code that sums them up."""

    won: bool
    out_turn: int | None = None
    out_by: int | None = None
    own_turns: int = 0
    cards: int = 0
    victims: list[int] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    fallen: list[tuple[int, str]] = field(default_factory=list)


def expected_facts(table: Table, game: Game) -> list[Expected]:
    """Returns every seat's facts: the winners from game_over, who went out in which turn and whose doing it was
    (base: the eliminated event's killer; the Duel: whose turn it was), the own turns, and the cards played as the
    action log shows them: an action that plays, uses or answers with a card the seat held."""
    assert game.id is not None
    seats = table.repo.seats(game.id)
    actions = table.repo.actions(game.id)
    replayed = replay_game(game, seats, actions)
    [over] = [e.data for e in replayed.events if e.kind == "game_over"]
    if game.ruleset == DUEL:
        sides = [squad.side for squad in replayed.state.squads]
        facts = [Expected(side == over["winner"]) for side in sides]
    else:
        facts = [Expected(side_of(p.role) == over["winner"]) for p in replayed.state.players]
    turn, owner = 0, -1
    for e in replayed.events:
        data = e.data
        if e.kind == "turn":
            turn, owner = data["number"], data["seat"]
            facts[owner].own_turns += 1
        elif e.kind == "eliminated":
            killer = data["killer"] if data["killer"] != data["seat"] else None
            facts[data["seat"]].out_turn, facts[data["seat"]].out_by = turn, killer
            if killer is not None:
                facts[killer].victims.append(data["seat"])
        elif e.kind == "squad_out":
            facts[data["seat"]].out_turn = turn
            facts[data["seat"]].out_by = owner if owner != data["seat"] else None
        elif e.kind == "died":
            facts[data["seat"]].lost.append(data["character"])
            if owner != data["seat"]:
                facts[owner].fallen.append((data["seat"], data["character"]))
    rules = registered(game.ruleset).ruleset
    state = rules.new_game(rules.config(len(seats), game.preset, table_choices(game)), game.seed or 0)[0]
    for a in actions:  # a card played: the action names a card the seat held (in hand or in play) before it
        card = a.action.split()[1].split("#")[-1] if a.action.split()[0] in CARD_ACTIONS else ""
        facts[a.seat].cards += card.isdigit() and int(card) in held(state, a.seat)
        state = rules.apply(state, a.seat, rules.parse(a.action))[0]
    assert turn == replayed.state.turn_number and over["winner"] == replayed.state.winner
    return facts


def held(state: Any, seat: int) -> set[int]:
    """Returns the cards a seat holds: in its hand and in play (the Duel: its characters' equipment and resources)."""
    if hasattr(state, "squads"):
        squad = state.squads[seat]
        return {*squad.hand, *(c for f in squad.fighters for c in (*f.equipment, *f.resources))}
    return {*state.players[seat].hand, *state.players[seat].in_play}


def expected_block(tr: Translator, game: Game, names: list[str], facts: Expected, last_turn: int) -> list[str]:
    """Returns the detail lines a seat's block must show, worded here from the facts."""
    duel = game.ruleset == DUEL
    if facts.out_turn is None:
        out = tr.gettext("In the game to the end")
    elif facts.out_by is None:
        out = tr.gettext("Out of the game in turn {number}", number=facts.out_turn)
    elif duel:
        out = tr.gettext(
            "Out of the game in turn {number}, {name}'s turn",
            number=facts.out_turn,
            name=player(tr, names[facts.out_by]),
        )
    else:
        out = tr.gettext(
            "Eliminated by {name} in turn {number}", number=facts.out_turn, name=player(tr, names[facts.out_by])
        )
    lines = [out]
    if facts.lost:
        lost = join_list(tr, (duel_character_name(tr, c) for c in facts.lost))
        lines.append(
            tr.ngettext(
                "Character lost: {characters}", "Characters lost: {characters}", len(facts.lost), characters=lost
            )
        )
    if facts.fallen:
        fallen = join_list(
            tr,
            (
                tr.gettext("{character} of {owner}", character=duel_character_name(tr, c), owner=player(tr, names[s]))
                for s, c in facts.fallen
            ),
        )
        lines.append(
            tr.ngettext("Took out: {characters}", "Took out: {characters}", len(facts.fallen), characters=fallen)
        )
    if facts.victims:
        victims = join_list(tr, (player(tr, names[s]) for s in facts.victims))
        lines.append(
            tr.ngettext(
                "Took out of the game: {names}", "Took out of the game: {names}", len(facts.victims), names=victims
            )
        )
    survived = last_turn if facts.out_turn is None else facts.out_turn - 1
    counts = [
        tr.ngettext("{n} turn survived", "{n} turns survived", survived),
        tr.ngettext("{n} own turn", "{n} own turns", facts.own_turns),
        tr.ngettext("{n} card played", "{n} cards played", facts.cards),
    ]
    return [*lines, join_list(tr, counts)]


def check_summary(table: Table, game: Game) -> str:
    """Checks the group's summary against the facts counted here; returns it."""
    assert game.id is not None
    tr = table.svc.ctx.tr_chat(GROUP, game=game.ruleset)
    names = [s.name for s in table.repo.seats(game.id)]
    facts = expected_facts(table, game)
    # After the final table and the last log: a new message (an edit notifies nobody), then the record.
    summary = table.messenger.last(GROUP)
    [record] = table.messenger.documents_in(GROUP)
    assert summary.history == [summary.text] and summary.text.startswith(tr.gettext(TITLE))
    assert game.log_message_id is not None and game.table_message_id is not None
    assert max(game.log_message_id, game.table_message_id) < summary.ref.message_id < record.ref.message_id
    blocks = summary.text.split("\n\n")[1:]
    assert len(blocks) == len(names) == len(facts)
    last_turn = replay_game(game, table.repo.seats(game.id), table.repo.actions(game.id)).state.turn_number
    for seat, (block, fact) in enumerate(zip(blocks, facts, strict=True)):
        header, *details = block.splitlines()
        assert header.startswith("🏆 ") == fact.won
        assert header.removeprefix("🏆 ").startswith(player(tr, names[seat]))
        assert all(duel_character_name(tr, c) in header for c in fact.lost)  # the Duel: who came into play
        assert [d.strip() for d in details] == expected_block(tr, game, names, fact, last_turn), block
    assert any(f.won for f in facts) and not all(f.won for f in facts)
    return summary.text


async def played_to_the_end(url: str, ruleset: str, mode: str, language: str, seed: int) -> tuple[Table, Game]:
    """Returns a table whose game (one person, AI players in the other seats) was played to its end."""
    table = Table(url, make_users(1, language))
    if ruleset == DUEL:
        await gather_duel(table, mode, 1)
    else:
        await table.command(0, "newgame")
        while table.game().ruleset != ruleset:  # type: ignore[union-attr]
            assert not (await table.press(0, table.lobby(), "game")).alert
        for _ in range(4):
            assert not (await table.press(0, table.lobby(), "ai+")).alert
        assert not (await table.press(0, table.lobby(), "start")).alert
    await table.play(random.Random(seed), check=False)
    return table, finished_game(table)


GAMES = [
    ("base", "standard", "en", 3),
    ("base", "standard", "cs", 5),
    ("starwars", "standard", "ru", 6),
    (DUEL, "duel", "ja", 2),
    (DUEL, "third_law", "cs", 4),
    (DUEL, "third_outlaws", "en", 5),
    (DUEL, "reinforcements", "ru", 6),
    (DUEL, "standoff", "ja", 2),
]


@pytest.mark.parametrize(("ruleset", "mode", "language", "seed"), GAMES)
@synchronously
async def test_the_group_gets_a_summary_per_player_at_the_end(
    ruleset: str, mode: str, language: str, seed: int, db_url: str
) -> None:
    table, game = await played_to_the_end(db_url, ruleset, mode, language, seed)
    check_summary(table, game)
    # A restart sends nothing again.
    before = len(table.messenger.in_chat(GROUP))
    table.restart()
    await table.svc.start()
    await table.svc.idle()
    assert len(table.messenger.in_chat(GROUP)) == before and len(table.messenger.documents_in(GROUP)) == 1
