"""Messenger-agnostic play: the adapter interface, the game service and its context here, the rest in rooms:

- commands: Typed commands: each one's handler, the flood gate in front of them, and their replies.
- owner: The owner's side: the /admin desk and the chats the owner banned.
- press: Button presses: button data, menu steps and confirmations, and a press checked, applied and answered.
- lobby: Lobbies: a table gathered, shown and started, and what brings a group back to the next one.
- delivery: Saved is shown: the outbox, the delivery lanes, the order of traffic and the messages they send.
- play: A stored game moved on, and its group's and players' events while it runs.
- timers: The deadline clock and what each of its ticks fires.
- records: A finished game told: its record document, its summary, the statistics.
- presenting: What a game shows people, as the platform asks its presenter for it.
"""

from __future__ import annotations

import importlib


def exported(package: str, homes: dict[str, str], name: str) -> object:
    """Returns a room's public name from the module that defines it, imported only when first asked for (a room's
    __init__ imports none of its modules, so rooms that use one another never meet half-imported)."""
    if name not in homes:
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{package}.{homes[name]}"), name)
