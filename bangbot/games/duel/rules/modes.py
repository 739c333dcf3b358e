"""The Duel's modes as data: who plays, in which order, with which decks, characters and starting hands."""

from __future__ import annotations

from dataclasses import dataclass

from bangbot.games.duel.rules.data import LAW, LAW_RENEGADE, OUTLAW, OUTLAW_RENEGADE, RENEGADE

DUEL = "duel"
THIRD_LAW = "third_law"
THIRD_OUTLAWS = "third_outlaws"
REINFORCEMENTS = "reinforcements"
STANDOFF = "standoff"


@dataclass(frozen=True, slots=True)
class Side:
    """One squad of a mode: its side, its decks (cards and characters), starting hand and characters drawn."""

    side: str
    decks: tuple[str, ...]
    start_hand: int
    characters: int  # characters drawn at the start
    target: str = ""  # in the standoff: the side this one must eliminate


@dataclass(frozen=True, slots=True)
class Mode:
    """A mode: the squads in turn order (the first plays first)."""

    id: str
    sides: tuple[Side, ...]

    @property
    def players(self) -> int:
        """Returns the number of seats of the mode."""
        return len(self.sides)


_RENEGADE_DECKS = (LAW_RENEGADE, OUTLAW_RENEGADE)
MODES: dict[str, Mode] = {
    m.id: m
    for m in (
        # The base Duel (reconstructed): Law 4 cards and first, Outlaws 5 (the second player's extra card assumed).
        Mode(DUEL, (Side(LAW, (LAW,), 4, 4), Side(OUTLAW, (OUTLAW,), 5, 4))),
        Mode(THIRD_LAW, (Side(LAW, (LAW,), 4, 4), Side(RENEGADE, _RENEGADE_DECKS, 5, 4))),
        Mode(THIRD_OUTLAWS, (Side(OUTLAW, (OUTLAW,), 5, 4), Side(RENEGADE, _RENEGADE_DECKS, 4, 4))),
        Mode(REINFORCEMENTS, (Side(LAW, (LAW, LAW_RENEGADE), 4, 4), Side(OUTLAW, (OUTLAW, OUTLAW_RENEGADE), 5, 4))),
        Mode(
            STANDOFF,
            (
                Side(OUTLAW, (OUTLAW,), 4, 3, target=LAW),
                Side(LAW, (LAW,), 4, 3, target=RENEGADE),
                Side(RENEGADE, _RENEGADE_DECKS, 5, 3, target=OUTLAW),
            ),
        ),
    )
}
MODE_IDS: tuple[str, ...] = tuple(MODES)
