"""Phase 2: which card to play next, or end the turn; each call returns one legal action."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bangbot.games.bang.ai.cardinfo import KIND, is_weapon, kind, weapon_range
from bangbot.games.bang.ai.dynamite import dynamite_gain
from bangbot.games.bang.ai.handlimit import doomed
from bangbot.games.bang.ai.situation import Situation
from bangbot.games.bang.ai.values import card_value
from bangbot.games.bang.ai.variants import ai_variant_of, never
from bangbot.games.bang.rules.abilities import UNLIMITED_BANG
from bangbot.games.bang.rules.actions import HAND, Action, EndTurn, Heal, Play
from bangbot.games.bang.rules.cards import (
    BANG,
    BARREL,
    BEER,
    CAT_BALOU,
    DUEL,
    DYNAMITE,
    GATLING,
    GENERAL_STORE,
    INDIANS,
    JAIL,
    MISSED,
    MUSTANG,
    PANIC,
    SALOON,
    SCOPE,
    STAGECOACH,
    VOLCANIC,
    WELLS_FARGO,
)
from bangbot.games.bang.rules.roles import SHERIFF
from bangbot.games.bang.rules.roster import abilities_of

# A BANG! the hand limit would take spares only a seat at least this likely a friend. Where the beliefs rate a
# seat a likely friend on thin evidence they underrate foes (seats a Deputy rated 20-40% enemies were foes 55-68%
# of the time in 300 seeded 7-player games), and the card is lost anyway.
LAST_CHANCE_SURE_FRIEND = 0.9
TAKE_AT = 0.3  # least gain worth a Panic! or Cat Balou
DUEL_AT = 0.1
VOLLEY_AT = 0.25  # least total gain worth a Gatling or Indians!
JAIL_AT = 0.3
DYNAMITE_LIFE = 4
DYNAMITE_AT = 0.1  # least expected gain worth lighting Dynamite
OWN_LIFE_COST = 0.6  # what losing one of its own lives costs a seat (more when low, more for the Sheriff)
RELIEF_VALUE = 2.0  # taking a Jail or Dynamite away from a friend
TAKE_VALUE = {BARREL: 2.5, MUSTANG: 2.0, VOLCANIC: 2.0, SCOPE: 1.2}
HAND_TAKE_VALUE = 1.2
PANIC_KEEP_BONUS = 0.5  # Panic! also gives the card to the thief
EQUIPMENT_ORDER = (BARREL, MUSTANG, SCOPE)
Step = Callable[[Situation, Sequence[Play]], Action | None]


def choose_play(sit: Situation) -> Action:
    """Returns the next phase-2 action: draw cards, equip, disarm, attack, heal, or end the turn."""
    plays = [a for a in sit.view.legal if isinstance(a, Play)]
    for step in STEPS:
        action = step(sit, plays)
        if action is not None:
            return action
    return EndTurn()


def of_kind(plays: Sequence[Play], *kinds: str) -> list[Play]:
    """Returns the plays of cards of these kinds."""
    return [a for a in plays if KIND[a.card] in kinds]


def draw_cards(sit: Situation, plays: Sequence[Play]) -> Action | None:
    """Wells Fargo and Stagecoach come first: more cards, better choices."""
    found = of_kind(plays, WELLS_FARGO) or of_kind(plays, STAGECOACH)
    return found[0] if found else None


def sid_heal(sit: Situation, plays: Sequence[Play]) -> Action | None:
    """Sid Ketchum heals when low, or with cards he would lose to the hand limit anyway."""
    heals = [a for a in sit.view.legal if isinstance(a, Heal)]
    if not heals:
        return None
    me = sit.mine
    cost = len(heals[0].cards)
    if me.life <= 2 or len(sit.view.hand) - cost >= me.life:
        return cheapest_heal(sit, heals)
    return None


def cheapest_heal(sit: Situation, heals: Sequence[Heal]) -> Heal:
    """Returns the heal that gives up the least valuable cards."""
    hand = sit.view.hand

    def cost(h: Heal) -> float:
        rest = [c for c in hand if c not in h.cards]
        return sum(card_value(sit, c, rest) for c in h.cards)

    return min(heals, key=lambda h: (cost(h), h.cards))


def equip(sit: Situation, plays: Sequence[Play]) -> Action | None:
    """Barrel, Mustang and Scope always go into play."""
    for k in EQUIPMENT_ORDER:
        found = of_kind(plays, k)
        if found:
            return found[0]
    return None


def weapon_score(sit: Situation, reach: int, volcanic: bool) -> float:
    """Returns how good a weapon of this reach is now: the gain over the seats it reaches."""
    d = sit.view.distances
    base = sum(max(sit.harm(s), 0.0) for s in sit.others() if d[s] <= reach)
    if volcanic and UNLIMITED_BANG not in abilities_of(sit.mine.character):
        shots = sit.bang_like()
        base *= 1 + 0.6 * (min(shots, 4) - 1) if shots >= 2 else 0.9
    return base + 0.01 * reach


def arm(sit: Situation, plays: Sequence[Play]) -> Action | None:
    """Equips a weapon when it reaches more enemies (or Volcanic fires more BANG!s) than the one in play."""
    weapons = [a for a in plays if is_weapon(a.card)]
    if not weapons:
        return None
    current = next((c for c in sit.mine.in_play if is_weapon(c)), None)
    now = weapon_score(sit, sit.view.reach, current is not None and kind(current) == VOLCANIC)
    best = max(weapons, key=lambda a: (weapon_score(sit, weapon_range(a.card), kind(a.card) == VOLCANIC), -a.card))
    if weapon_score(sit, weapon_range(best.card), kind(best.card) == VOLCANIC) > now + 1e-9:
        return best
    return None


def take_score(sit: Situation, a: Play) -> float:
    """Returns the gain of a Panic! or Cat Balou: disarm an enemy, or free a friend of Jail or Dynamite."""
    t, which = a.target, a.target_card
    if t is None or which is None or t == sit.me:
        return -1.0
    st = sit.stance
    panic = kind(a.card) == PANIC
    if which == HAND:
        item = HAND_TAKE_VALUE + (PANIC_KEEP_BONUS if panic else 0.0)
        return (st.enemy[t] - 1.3 * st.friend[t]) * st.weight[t] * item
    k = kind(which)
    if k in (JAIL, DYNAMITE):
        return relief_score(sit, t, which)
    item = TAKE_VALUE.get(k, 0.6 + 0.3 * weapon_range(which) if is_weapon(which) else 0.5)
    gain = (st.enemy[t] - 1.3 * st.friend[t]) * st.weight[t] * item
    if panic and k in EQUIPMENT_ORDER and k not in sit.in_play(sit.me):
        gain += PANIC_KEEP_BONUS
    return gain


def relief_score(sit: Situation, t: int, card: int) -> float:
    """Returns the gain of taking a Jail or Dynamite off seat t: worth it for a friend, unless a friend placed it."""
    st = sit.stance
    gain = (st.friend[t] * st.weight[t] - st.enemy[t]) * RELIEF_VALUE
    placed_by = sit.jailer(card) if kind(card) == JAIL else None
    if placed_by == sit.me:
        return -RELIEF_VALUE
    if placed_by is not None and sit.view.seats[placed_by].alive:
        gain -= (st.friend[placed_by] - st.enemy[placed_by]) * RELIEF_VALUE
    return gain


def take_away(sit: Situation, plays: Sequence[Play]) -> Action | None:
    """Plays Panic! or Cat Balou on the best target: an enemy's Barrel, Mustang, weapon or hand."""
    options = of_kind(plays, PANIC, CAT_BALOU)
    if not options:
        return None
    best = max(options, key=lambda a: (take_score(sit, a), kind(a.card) == PANIC, sit.tiebreak(a.target or 0), -a.card))
    return best if take_score(sit, best) >= TAKE_AT else None


def shot_card_ok(sit: Situation, a: Play) -> bool:
    """Calamity Janet keeps one card to dodge with unless the shot may kill."""
    if not sit.janet:
        return kind(a.card) == BANG
    target = a.target
    kill = target is not None and sit.view.seats[target].life <= 1
    return sit.bang_like() >= 2 or kill


def shoot(sit: Situation, plays: Sequence[Play]) -> Action | None:
    """Shoots the seat whose hit gains most, if any gains enough; a BANG! the hand limit would take goes anyway.

    Never at itself: no character gains from its own BANG! (the rulebooks' BANG! on oneself never pays).
    """
    options = [
        a for a in of_kind(plays, BANG, MISSED) if a.target not in (None, sit.view.seat) and shot_card_ok(sit, a)
    ]
    if not options:
        return None

    def score(a: Play) -> tuple[float, bool, float, int]:
        t = a.target or 0
        gain = sit.harm(t)
        value = gain * (0.3 + sit.hit_chance(t)) if gain >= sit.shoot_at else -1.0
        return (value, kind(a.card) == BANG, sit.tiebreak(t), -a.card)

    best = max(options, key=score)
    if score(best)[0] > 0:
        return best
    return last_chance_shot(sit, options)


def last_chance_shot(sit: Situation, options: Sequence[Play]) -> Play | None:
    """Fires a BANG! that phase 3 would discard at the likeliest enemy among the seats fair game for it."""
    lost = set(doomed(sit))
    shots = [a for a in options if a.card in lost and fair_game(sit, a.target or 0)]
    if not shots:
        return None
    st = sit.stance

    def lean(a: Play) -> tuple[float, float, float]:
        t = a.target or 0
        return (st.enemy[t] - st.friend[t], sit.hit_chance(t), sit.tiebreak(t))

    return max(shots, key=lean)


def fair_game(sit: Situation, t: int) -> bool:
    """Returns whether a free shot may go at seat t: not a near-certain friend, not a last blow to a spared seat."""
    st = sit.stance
    return st.friend[t] < LAST_CHANCE_SURE_FRIEND and not (st.spare[t] and sit.view.seats[t].life <= 1)


def duel_score(sit: Situation, t: int) -> float:
    """Returns the expected gain of a Duel with seat t: it loses unless it holds more BANG!s than this seat."""
    gain = sit.harm(t)
    if gain < sit.shoot_at:
        return -1.0
    mine = sit.bang_like()
    win = sit.bang_count_chance(t, mine)
    return win * gain - (1 - win) * own_life_cost(sit)


def own_life_cost(sit: Situation) -> float:
    """Returns what losing one life costs this seat."""
    cost = OWN_LIFE_COST
    if sit.mine.life <= 2:
        cost += 0.6
    if sit.view.role == SHERIFF and sit.alive_count() > 2:  # face to face, both sides lose with their last life
        cost += 0.4
    return cost


def duel(sit: Situation, plays: Sequence[Play]) -> Action | None:
    """Challenges the seat a Duel gains most against."""
    options = [a for a in of_kind(plays, DUEL) if a.target is not None]
    if not options:
        return None
    best = max(options, key=lambda a: (duel_score(sit, a.target or 0), sit.tiebreak(a.target or 0), -a.card))
    return best if duel_score(sit, best.target or 0) > DUEL_AT else None


def volley_gain(sit: Situation, indians: bool) -> float:
    """Returns the total gain of hitting every other seat with Gatling or Indians!."""
    total = 0.0
    for s in sit.others():
        chance = sit.no_bang_chance(s) + 0.1 if indians else sit.hit_chance(s, slab=sit.every_hit_needs_two())
        total += sit.harm(s) * min(chance, 1.0)
    return total


def volley_pays(sit: Situation, indians: bool) -> bool:
    """Returns whether hitting every other seat hurts enemies enough more than friends and cannot kill a spared seat."""
    if any(sit.stance.spare[s] and sit.view.seats[s].life <= 1 for s in sit.others()):
        return False
    return volley_gain(sit, indians) > VOLLEY_AT


def volley(sit: Situation, plays: Sequence[Play]) -> Action | None:
    """Plays Gatling, Indians! or a BANG! that hits every other seat (a variant's), when the volley pays."""
    is_volley = ai_variant_of(sit.view.config).volley or never
    barrages = [a for a in of_kind(plays, BANG) if is_volley(sit, a.card)]
    for found, indians in ((of_kind(plays, GATLING), False), (of_kind(plays, INDIANS), True), (barrages, False)):
        if found and volley_pays(sit, indians):
            return found[0]
    return None


def jail(sit: Situation, plays: Sequence[Play]) -> Action | None:
    """Jails the likeliest enemy that is not about to die anyway."""
    options = [a for a in of_kind(plays, JAIL) if a.target is not None]
    if not options:
        return None
    st = sit.stance

    def score(a: Play) -> float:
        t = a.target
        assert t is not None
        return (st.enemy[t] - 1.3 * st.friend[t]) * st.weight[t] * (1 + 0.1 * sit.view.seats[t].life)

    best = max(options, key=lambda a: (score(a), sit.tiebreak(a.target or 0), -a.card))
    return best if score(best) >= JAIL_AT else None


def drink(sit: Situation, plays: Sequence[Play]) -> Action | None:
    """Drinks a Beer when hurt badly or when the hand limit would waste cards; otherwise keeps it for dying."""
    beers = of_kind(plays, BEER)
    me = sit.mine
    if not beers or not sit.beer_works() or me.life >= me.max_life:
        return None
    if me.life <= me.max_life - 2 or me.life == 1 or len(sit.view.hand) > me.life:
        return beers[0]
    return None


def saloon(sit: Situation, plays: Sequence[Play]) -> Action | None:
    """Plays Saloon when this seat and its friends regain more than its enemies."""
    found = of_kind(plays, SALOON)
    me = sit.mine
    if not found or me.life >= me.max_life:
        return None
    ours, theirs = float(me.max_life - me.life), 0.0
    for s in sit.others():
        missing = sit.view.seats[s].max_life - sit.view.seats[s].life
        ours += missing * sit.stance.friend[s] * sit.stance.weight[s]
        theirs += missing * sit.stance.enemy[s] * sit.stance.weight[s]
    return found[0] if ours >= theirs or me.life <= 1 else None


def general_store(sit: Situation, plays: Sequence[Play]) -> Action | None:
    """Opens the General Store when friends at the table outweigh enemies."""
    found = of_kind(plays, GENERAL_STORE)
    if not found:
        return None
    friends = 1 + sum(sit.stance.friend[s] for s in sit.others())
    enemies = sum(sit.stance.enemy[s] for s in sit.others())
    return found[0] if friends >= enemies else None


def dynamite(sit: Situation, plays: Sequence[Play]) -> Action | None:
    """Lights Dynamite when healthy and likelier to blow up the other side than its own (never the Sheriff)."""
    found = of_kind(plays, DYNAMITE)
    if not found or sit.view.role == SHERIFF or sit.mine.life < DYNAMITE_LIFE:
        return None
    return found[0] if dynamite_gain(sit, own_life_cost(sit)) > DYNAMITE_AT else None


STEPS: tuple[Step, ...] = (
    draw_cards,
    equip,
    arm,
    take_away,
    shoot,
    duel,
    volley,
    jail,
    sid_heal,
    drink,
    saloon,
    general_store,
    dynamite,
)
