"""Audits notifications: every seat that becomes awaited must get a new private message with live buttons."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from bangbot.bench.messenger import CollectingMessenger
from bangbot.games import game as registered
from bangbot.storage.repository import Repository


@dataclass
class NotifyAudit:
    """Compares, after each step of the games it follows, who is awaited with who got a new private message."""

    messenger: CollectingMessenger
    transitions: int = 0
    notified: int = 0
    missed: list[tuple[int, int]] = field(default_factory=list)  # (game id, user id) awaited without a notification
    many_live: list[int] = field(default_factory=list)  # users seen with more than one message that has buttons
    _awaited: dict[int, set[int]] = field(default_factory=dict)
    _marks: dict[int, int] = field(default_factory=dict)

    def check(self, repo: Repository, game_id: int) -> None:
        """Counts the game's people who became awaited since the last check, and which of them were notified."""
        awaited = awaited_users(repo, game_id)
        before = self._awaited.get(game_id, set())
        for user in awaited - before:
            self.transitions += 1
            if self.sent_since(user, self._marks.get(user, 0)):
                self.notified += 1
            else:
                self.missed.append((game_id, user))
        for user in awaited | before:
            if len([m for m in self.messenger.in_chat(user) if m.buttons]) > 1:
                self.many_live.append(user)
            self._marks[user] = self.newest_id()
        self._awaited[game_id] = awaited

    def sent_since(self, user: int, mark: int) -> bool:
        """Returns whether a message with live buttons was sent to the user after the message numbered mark."""
        return any(m.ref.message_id > mark and m.buttons for m in self.messenger.in_chat(user))

    def newest_id(self) -> int:
        """Returns the number of the newest message the messenger sent anywhere (0 before any)."""
        return self.messenger.messages[-1].ref.message_id if self.messenger.messages else 0

    @property
    def share(self) -> float:
        """Returns the share of awaited transitions that came with a notification (1.0 when there were none)."""
        return self.notified / self.transitions if self.transitions else 1.0


def awaited_users(repo: Repository, game_id: int) -> set[int]:
    """Returns the people (not the AI playing for them) a stored game waits for now."""
    game = repo.game(game_id)
    if game is None or game.state_json is None:
        return set()
    rules = registered(game.ruleset).ruleset
    state = rules.from_json(json.loads(game.state_json))
    if rules.winner(state) is not None:
        return set()
    asked = rules.awaiting(state)
    return {
        s.user_id for s in repo.seats(game_id) if s.user_id is not None and not s.ai_controlled and s.position in asked
    }
