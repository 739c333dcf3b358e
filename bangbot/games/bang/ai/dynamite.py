"""Whether lighting Dynamite pays: where it is likely to explode, and whom that hurts, this seat first."""

from __future__ import annotations

from bangbot.games.bang.ai.situation import DEATH_OF_A_FRIEND, FRIEND_FACTOR, KILL_BONUS, Situation
from bangbot.games.bang.rules.options import LEFT

EXPLODES = 8 / 80  # ♠2–9 among the deck's 80 cards
LASTS = 0.8  # the chance that Dynamite is still about at the next check (not taken away, game not over)
DAMAGE = 3


def passing_order(sit: Situation) -> list[int]:
    """Returns the living seats in the order the Dynamite checks them, this seat first."""
    n = len(sit.view.seats)
    step = 1 if sit.view.config.options.dynamite_passes == LEFT else -1
    out = [sit.me]
    s = (sit.me + step) % n
    while s != sit.me:
        if sit.view.seats[s].alive:
            out.append(s)
        s = (s + step) % n
    return out


def blast_value(sit: Situation, s: int, own_life_cost: float) -> float:
    """Returns what this seat gains when the Dynamite explodes on seat s (its own seat: a loss)."""
    seat = sit.view.seats[s]
    lost = min(DAMAGE, seat.life)
    dies = seat.life <= DAMAGE
    if s == sit.me:
        return -own_life_cost * lost - (DEATH_OF_A_FRIEND if dies else 0.0)
    st = sit.stance
    value = st.weight[s] * (st.enemy[s] - FRIEND_FACTOR * st.friend[s]) * lost
    if dies:
        value += -DEATH_OF_A_FRIEND if st.spare[s] else KILL_BONUS * st.weight[s] * st.enemy[s]
    return value


def blast_chances(sit: Situation) -> list[tuple[int, float]]:
    """Returns per living seat, this seat first, the chance that the Dynamite lit now explodes on it."""
    order = passing_order(sit)
    step = (1 - EXPLODES) * LASTS
    out: list[tuple[int, float]] = []
    for j, s in enumerate(order):
        rounds = sum(step ** (j + k * len(order)) for k in range(3))  # it may go round the table again
        out.append((s, EXPLODES * rounds))
    return out


def dynamite_gain(sit: Situation, own_life_cost: float) -> float:
    """Returns the expected gain of lighting Dynamite now, or a loss when it is likelier to hit this seat's side.

    The side it hits: this seat and each seat as much as it is a friend; the other side: each seat as much as it
    is an enemy.
    """
    chances = blast_chances(sit)
    own = sum(p * (1.0 if s == sit.me else sit.stance.friend[s]) for s, p in chances)
    other = sum(p * sit.stance.enemy[s] for s, p in chances if s != sit.me)
    if other <= own:
        return -1.0
    return sum(p * blast_value(sit, s, own_life_cost) for s, p in chances)
