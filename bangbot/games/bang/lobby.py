"""What a BANG! family lobby offers beyond the rule preset: the simplified game, without the book-symbol cards."""

from __future__ import annotations

from bangbot.games.bang.rules.state import SIMPLIFIED
from bangbot.games.contract import LobbyOption
from bangbot.i18n import N_

LOBBY_OPTIONS = (
    LobbyOption(SIMPLIFIED, label=N_("Simplified game (no book-symbol cards): {answer}."), button=N_("Simplified")),
)
