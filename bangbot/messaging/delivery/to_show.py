"""What a saved change must show that storage alone cannot rebuild: its turn logs, notices and each seat's news."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bangbot.core.events import Event
from bangbot.messaging.lru import LruCache

RECENT_LINES = 6
LOBBY_SHOW = "show"
LOBBY_CANCELLED = "cancelled"
LOBBY_EXPIRED = "expired"
PAYLOADS_KEPT = (
    256  # outbox payloads decoded (messaging.delivery.outbox, hold, ahead): a row's lanes share one decoding
)
MAINTENANCE = "maintenance"  # the group notice the owner sends before maintenance (messaging.owner.desk)


@dataclass
class Showing:
    """The outbox payload of one change; the table and the private buttons are rendered from the stored state.

    out holds the public data of each elimination, whose player gets a private message; pin asks to pin the table;
    cancelled_by names the person who cancelled the running game (empty for any other change); absence says the game
    paused, resumed or was given up because the bot left its group (see messaging.play.bot_absent); offer shows the
    group's waiting line again with its buttons to let the AI play now (see messaging.play.replace_now), and nothing
    privately. gone says a seat that was in the game is out of it now (the kept table shows it at once, as the log
    does). first names the seat whose press made the change (-1: none). in_turn says the change went on with the turn
    the group's log shows, and the game goes on: its group part edits that log alone unless other fields ask for more.
    """

    log: list[list[dict[str, Any]]] = field(default_factory=list)
    notices: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    recent: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    remind: bool = False
    lobby: str = ""
    out: list[dict[str, Any]] = field(default_factory=list)
    pin: bool = False
    cancelled_by: str = ""
    absence: str = ""
    offer: bool = False
    first: int = -1  # the seat whose press made the change: its message is shown first, ahead of other traffic
    in_turn: bool = False  # no new turn began and nobody won: the change only adds to the current turn's log
    gone: bool = False  # someone went out of the game

    @property
    def plain(self) -> bool:
        """Returns whether the change only goes on with the game: no notice, reminder, lobby, elimination, pin,
        cancellation, absence or offer."""
        extras = (self.notices, self.remind, self.lobby, self.out, self.gone, self.pin, self.cancelled_by, self.absence)
        return not self.offer and not any(extras)

    @property
    def edits_only(self) -> bool:
        """Returns whether the group's part of the change is one edit of the current turn's log (and of nothing else):
        a plain change (see plain) that begins no turn."""
        return self.plain and self.in_turn and len(self.log) <= 1

    def to_json(self) -> str:
        """Returns the payload as a JSON text."""
        return json.dumps(
            {
                "log": self.log,
                "notices": [[kind, data] for kind, data in self.notices],
                "recent": {str(seat): events for seat, events in self.recent.items()},
                "remind": self.remind,
                "lobby": self.lobby,
                "out": self.out,
                "pin": self.pin,
                "cancelled_by": self.cancelled_by,
                "absence": self.absence,
                "offer": self.offer,
                "first": self.first,
                "in_turn": self.in_turn,
                "gone": self.gone,
            },
            separators=(",", ":"),
        )

    @staticmethod
    def from_json(text: str) -> Showing:
        """Reads a payload written by to_json (missing fields take their defaults)."""
        data = json.loads(text or "{}")
        return Showing(
            log=data.get("log", []),
            notices=[(kind, values) for kind, values in data.get("notices", [])],
            recent={int(seat): events for seat, events in data.get("recent", {}).items()},
            remind=bool(data.get("remind", False)),
            lobby=str(data.get("lobby", "")),
            out=list(data.get("out", [])),
            pin=bool(data.get("pin", False)),
            cancelled_by=str(data.get("cancelled_by", "")),
            absence=str(data.get("absence", "")),
            offer=bool(data.get("offer", False)),
            first=int(data.get("first", -1)),
            in_turn=bool(data.get("in_turn", False)),
            gone=bool(data.get("gone", False)),
        )


def decoded(payload: str) -> Showing:
    """Returns an outbox payload's Showing, decoded once for every lane that reads the row (its readers never change
    it)."""
    found = _DECODED.get(payload)
    if found is None:
        found = Showing.from_json(payload)
        _DECODED.put(payload, found)
    return found


_DECODED: LruCache[str, Showing] = LruCache(PAYLOADS_KEPT)


def recent_of(events: list[Event], seats: int) -> dict[int, list[dict[str, Any]]]:
    """Returns, per seat, the last few events addressed to it as it may see them."""
    out: dict[int, list[dict[str, Any]]] = {}
    for seat in range(seats):
        own = [e.for_seat(seat) for e in events if seat in e.to]
        if own:
            out[seat] = own[-RECENT_LINES:]
    return out
