"""What one seat wants from every other: whom to hurt, whom to spare, and how much each counts."""

from __future__ import annotations

from dataclasses import dataclass

from bangbot.games.bang.ai.beliefs import RoleOdds
from bangbot.games.bang.ai.tuning import LAW_AT_RENEGADE, PLAIN, Tuning
from bangbot.games.bang.rules.roles import DEPUTY, OUTLAW, RENEGADE, SHERIFF
from bangbot.games.bang.rules.views import PlayerView

SHERIFF_WEIGHT = 2.0
SPARE_FRIEND = 0.4  # do not deal the last blow to a seat at least this likely a friend
DEPUTY_SPARE = 0.15  # a Deputy spares a seat as likely a Deputy as before any evidence (1 in 5 at seven seats)
SHERIFF_SPARE = 0.1  # the Sheriff, who loses every card for killing a Deputy, spares any seat without evidence
SHERIFF_SPARE_END = 0.2  # with no Outlaw left the Sheriff kills only a seat at least 4 to 1 the Renegade
DEPUTY_SPARE_END = 0.45  # a Deputy, who loses no cards for it, ends the game on the likelier Renegade


@dataclass(frozen=True, slots=True)
class Stance:
    """Per seat: how much it is an enemy and a friend (0..1), how much it counts, and whether to spare its life."""

    enemy: tuple[float, ...]
    friend: tuple[float, ...]
    weight: tuple[float, ...]
    spare: tuple[bool, ...]


def stance_of(view: PlayerView, odds: RoleOdds, tuning: Tuning = PLAIN) -> Stance:
    """Returns the stance of view's seat for its role (the law, the outlaws or the Renegade), played with tuning."""
    n = len(view.seats)
    enemy, friend, weight, spare = [0.0] * n, [0.0] * n, [1.0] * n, [False] * n
    for s in view.seats:
        if not s.alive or s.seat == view.seat:
            continue
        e, f, w, keep = _towards(view, odds, s.seat, tuning)
        enemy[s.seat], friend[s.seat], weight[s.seat], spare[s.seat] = e, f, w, keep
    return Stance(tuple(enemy), tuple(friend), tuple(weight), tuple(spare))


def _towards(view: PlayerView, odds: RoleOdds, s: int, tuning: Tuning) -> tuple[float, float, float, bool]:
    """Returns (enemy, friend, weight, spare) towards seat s."""
    p_dep, p_out, p_ren = odds.p(s, DEPUTY), odds.p(s, OUTLAW), odds.p(s, RENEGADE)
    is_sheriff = odds.p(s, SHERIFF) == 1.0
    outlaws_left = odds.alive[OUTLAW]
    if view.role in (SHERIFF, DEPUTY):
        if is_sheriff:
            return 0.0, 1.0, SHERIFF_WEIGHT, True
        as_enemy, as_friend = (LAW_AT_RENEGADE, 0.0) if view.role == SHERIFF else tuning.deputy_by_renegade
        if not outlaws_left:
            as_enemy, as_friend = 1.0, 0.0
        if view.role == SHERIFF:
            spare_at = SHERIFF_SPARE if outlaws_left else SHERIFF_SPARE_END
            # the Sheriff pays every card for a dead Deputy: he finishes off only seats that struck at him
            unproven = not odds.struck_leader[s] and outlaws_left > 0
        else:
            spare_at = DEPUTY_SPARE if outlaws_left else DEPUTY_SPARE_END
            unproven = False
        weight = 1.0 if outlaws_left else 1.0 + p_ren  # with no Outlaw left, the Renegade's death ends the game
        return p_out + as_enemy * p_ren, p_dep + as_friend * p_ren, weight, p_dep >= spare_at or unproven
    if view.role == OUTLAW:
        if is_sheriff:
            return 1.0, 0.0, SHERIFF_WEIGHT, False
        return p_dep + 0.5 * p_ren, p_out, 1.0, p_out >= SPARE_FRIEND
    at_law = tuning.renegade_at_law_with(odds.alive[DEPUTY])
    return _renegade_towards(view, odds, s, is_sheriff, (p_dep, p_out), at_law)


def _renegade_towards(
    view: PlayerView, odds: RoleOdds, s: int, is_sheriff: bool, p: tuple[float, float], at_law: float
) -> tuple[float, float, float, bool]:
    """The Renegade sides with the law while outlaws are many, then turns on the Deputies, the Sheriff last.

    p is (the chance s is a Deputy, an Outlaw); at_law is how much a Deputy counts as an enemy while the law is the
    stronger side.
    """
    p_dep, p_out = p
    outlaws_left, deputies_left = odds.alive[OUTLAW], odds.alive[DEPUTY]
    if is_sheriff:
        if outlaws_left == 0 and deputies_left == 0:
            return 1.0, 0.0, SHERIFF_WEIGHT, False
        low = view.seats[s].life <= 2
        if outlaws_left == 0:
            return 0.3, 0.0, 1.0, True
        return 0.0, 1.0, SHERIFF_WEIGHT if low else 1.0, True
    if outlaws_left == 0:
        return 1.0, 0.0, 1.0, False
    return p_out + (at_law if deputies_left + 1 > outlaws_left else 0.0) * p_dep, 0.0, 1.0, False
