"""Rule options where the rulebooks differ, and one preset per rulebook."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from bangbot.games.bang.rules.cards import DIAMONDS, HEARTS
from bangbot.games.bang.rules.characters import EL_GRINGO, KIT_CARLSON
from bangbot.games.bang.rules.roster import printed_life

LEFT = "left"
RIGHT = "right"
PER_LIFE = "per_life"
PER_HIT = "per_hit"


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """Every point on which the base-game rulebooks differ (spec/editions.md)."""

    jail_free_suits: tuple[str, ...] = (HEARTS,)
    jail_skips_discard_phase: bool = True
    dynamite_passes: str = LEFT
    sid_ketchum_cost: int = 2
    pedro_second_from_discard: bool = False
    el_gringo_takes: str = PER_LIFE
    life_overrides: tuple[tuple[str, int], ...] = field(default=())
    empty_hand_draws_in_duel: bool = False  # Suzy Lafayette waits until a Duel is over (cs); Star Wars' does not
    bang_on_oneself: bool = True  # cs «smíte karty s tímto efektem hrát i na sebe»; the ja rulebook is silent

    def life(self, character: str) -> int:
        """Returns a character's printed life points under these options."""
        overrides = dict(self.life_overrides)
        return overrides[character] if character in overrides else printed_life(character)

    def to_json(self) -> dict[str, Any]:
        """Returns the options as a JSON-ready dict."""
        data = asdict(self)
        data["jail_free_suits"] = list(self.jail_free_suits)
        data["life_overrides"] = {k: v for k, v in self.life_overrides}
        return data

    @staticmethod
    def from_json(data: dict[str, Any]) -> RuleOptions:
        """Returns options read back from to_json's output."""
        return RuleOptions(
            jail_free_suits=tuple(data["jail_free_suits"]),
            jail_skips_discard_phase=bool(data["jail_skips_discard_phase"]),
            dynamite_passes=str(data["dynamite_passes"]),
            sid_ketchum_cost=int(data["sid_ketchum_cost"]),
            pedro_second_from_discard=bool(data["pedro_second_from_discard"]),
            el_gringo_takes=str(data["el_gringo_takes"]),
            life_overrides=tuple(sorted(data["life_overrides"].items())),
            empty_hand_draws_in_duel=bool(data.get("empty_hand_draws_in_duel", False)),
            bang_on_oneself=bool(data.get("bang_on_oneself", False)),
        )


STANDARD = "standard"

PRESETS: dict[str, RuleOptions] = {
    STANDARD: RuleOptions(),
    "ja": RuleOptions(
        jail_free_suits=(HEARTS, DIAMONDS),
        jail_skips_discard_phase=False,
        dynamite_passes=RIGHT,
        sid_ketchum_cost=3,
        pedro_second_from_discard=True,
        el_gringo_takes=PER_HIT,
        life_overrides=((EL_GRINGO, 4), (KIT_CARLSON, 3)),
        bang_on_oneself=False,
    ),
}


def preset(name: str) -> RuleOptions:
    """Returns the options of a named preset; raises ValueError for an unknown name."""
    if name not in PRESETS:
        raise ValueError(f"unknown rule preset {name!r}; known: {', '.join(PRESETS)}")
    return PRESETS[name]
