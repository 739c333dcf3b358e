"""Flood control in front of every command: a bucket per person and per group, and a group's repeats answered once.

Buckets are moving windows of the `limits` library, kept in this process's memory. A person over their bucket is
told once per window (privately), then not answered until the bucket has room again. In a group, a command whose
answer is the same for everyone (ANSWERED_ONCE) is answered in the group once per window; a repeat within the window,
or one past the group's bucket, is answered privately, so the group's flood limit stays for the game's own messages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from bangbot.messaging.adapter import Command

ANSWERED_ONCE = frozenset({"help", "rules", "newgame", "status"})  # a group's repeat within the window: privately


class Verdict(Enum):
    """What the gate lets a command do."""

    ANSWER = "answer"  # handled as it came
    PRIVATELY = "privately"  # a group's repeat (or past the group's bucket): answered in the person's private chat
    WARN = "warn"  # the person is over their bucket: one short private line, the command is not handled
    DROP = "drop"  # over their bucket and told already: silence


@dataclass(frozen=True)
class FloodLimits:
    """The buckets' sizes, in the `limits` notation ("10/minute")."""

    per_user: str = "10/minute"  # a person's commands in any chat
    per_chat: str = "6/minute"  # a group's answers in the group to ANSWERED_ONCE commands
    repeat: str = "1/minute"  # the same command (and words) answered in one group
    warning: str = "1/minute"  # "too fast" lines to one person


@dataclass
class FloodGate:
    """Decides, before any handler, whether and where a command is answered."""

    limits: FloodLimits = field(default_factory=FloodLimits)
    limiter: MovingWindowRateLimiter = field(default_factory=lambda: MovingWindowRateLimiter(MemoryStorage()))

    def __post_init__(self) -> None:
        self.items: dict[str, RateLimitItem] = {
            name: parse(getattr(self.limits, name)) for name in ("per_user", "per_chat", "repeat", "warning")
        }

    def _hit(self, bucket: str, *key: object) -> bool:
        """Takes one from a bucket's key; returns False when it was empty."""
        return self.limiter.hit(self.items[bucket], bucket, *map(str, key))

    def admit(self, cmd: Command, name: str) -> Verdict:
        """Counts a command (its name without the slash) and returns what may be done with it."""
        if not self._hit("per_user", cmd.user.id):
            return Verdict.WARN if self._hit("warning", cmd.user.id) else Verdict.DROP
        if cmd.private or name not in ANSWERED_ONCE:
            return Verdict.ANSWER
        words = " ".join(cmd.args.casefold().split())
        if self._hit("repeat", cmd.chat_id, cmd.thread, name, words) and self._hit("per_chat", cmd.chat_id):
            return Verdict.ANSWER
        return Verdict.PRIVATELY
