"""The Duel's cards and characters as one table each: decks, symbols, frames, life, and which facts are assumed.

The base game's cards and characters are reconstructed (no base rulebook is held; see spec/duel.md); the
expansion's deck split, check symbols and characters' life are assumed (rulebook 002 lost them in extraction).
A correction to a card's copies or symbols touches this table only.
"""

from __future__ import annotations

from dataclasses import dataclass

# Sides (a player's squad) and the decks a card or character comes from.
LAW = "law"
OUTLAW = "outlaw"
RENEGADE = "renegade"
LAW_RENEGADE = "law_renegade"
OUTLAW_RENEGADE = "outlaw_renegade"
DECKS = (LAW, OUTLAW, LAW_RENEGADE, OUTLAW_RENEGADE)

# Card frames: red BANG! cards, brown actions, blue equipment, green resources.
BANG = "bang"
ACTION = "action"
EQUIPMENT = "equipment"
RESOURCE = "resource"

# The four corner symbols a check looks at.
BARREL = "barrel"
HORSESHOE = "horseshoe"
SNAKE = "snake"
DYNAMITE = "dynamite"
_SYMBOL_LETTERS = {"B": BARREL, "H": HORSESHOE, "S": SNAKE, "D": DYNAMITE}

# Where a fact comes from, shown in the help.
RECONSTRUCTED = "reconstructed"  # the base Duel, from a public transcription
ASSUMED = "assumed"  # lost from rulebook 002's text: chosen here
PRINTED = "printed"  # rulebook 002 says it


@dataclass(frozen=True, slots=True)
class CardType:
    """One card name: its frame, whether it is always active, whether it bears the reload symbol."""

    id: str
    frame: str
    always: bool = False
    reload: bool = False


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card: its type, the deck it belongs to and its check symbol."""

    type: CardType
    deck: str
    symbol: str


@dataclass(frozen=True, slots=True)
class Character:
    """One character card: its side's deck, life points, its ability (an id the rules ask for) and if always active."""

    id: str
    deck: str
    life: int
    ability: str
    always: bool = False
    source: str = RECONSTRUCTED


# (type, copies per deck as check-symbol letters).  Base decks: reconstructed; renegade decks: assumed.
_T = CardType
_ROWS: tuple[tuple[CardType, dict[str, str]], ...] = (
    (_T("colt", BANG), {LAW: "D", OUTLAW: "DDDDD"}),
    (_T("quickdraw", BANG), {LAW: "BH"}),
    (_T("carbine", BANG), {LAW: "HH", OUTLAW: "B"}),
    (_T("peacemaker", BANG), {LAW: "HH"}),
    (_T("remington", BANG), {OUTLAW: "SB"}),
    (_T("schofield", BANG), {OUTLAW: "BB"}),
    (_T("shotgun", BANG), {LAW: "DD", OUTLAW: "HH"}),
    (_T("winchester", BANG), {LAW: "HH"}),
    (_T("bank", EQUIPMENT), {LAW: "B"}),
    (_T("rattlesnake", EQUIPMENT, always=True), {OUTLAW: "S"}),
    (_T("dynamite", EQUIPMENT, always=True), {OUTLAW: "B"}),
    (_T("gunbelt", EQUIPMENT), {LAW: "D", OUTLAW: "S"}),
    (_T("barrel", EQUIPMENT), {LAW: "S", OUTLAW: "S"}),
    (_T("hat", EQUIPMENT), {LAW: "H", OUTLAW: "H"}),
    (_T("panic", EQUIPMENT, always=True, reload=True), {LAW: "B"}),
    (_T("sniper", EQUIPMENT, reload=True), {LAW: "H", OUTLAW: "H"}),
    (_T("watch", EQUIPMENT, reload=True), {OUTLAW: "HH"}),
    (_T("derringer", ACTION), {LAW: "HHHS"}),
    (_T("gatling", ACTION), {LAW: "B"}),
    (_T("indians", ACTION), {LAW: "H", OUTLAW: "H"}),
    (_T("knife", ACTION), {OUTLAW: "HHS"}),
    (_T("saloon", ACTION), {LAW: "B"}),
    (_T("canteen", ACTION, reload=True), {LAW: "BBBB", OUTLAW: "B"}),
    (_T("steal", ACTION), {OUTLAW: "BHHH"}),
    (_T("missed", ACTION), {LAW: "BSSSS", OUTLAW: "HBSSSSS"}),
    (_T("duel", ACTION), {LAW: "D", OUTLAW: "H"}),
    (_T("stagecoach", ACTION), {LAW: "BB", OUTLAW: "B"}),
    (_T("beer", ACTION), {OUTLAW: "B"}),
    (_T("general_store", ACTION), {LAW: "S", OUTLAW: "H"}),
    (_T("schoolteacher", ACTION), {LAW: "HH"}),
    (_T("return_fire", ACTION), {LAW: "H"}),
    # The Renegades expansion (rulebook 002): names and effects printed, frames partly, split and symbols assumed.
    (_T("buffalo", RESOURCE), {LAW_RENEGADE: "HB"}),
    (_T("whisky", RESOURCE), {LAW_RENEGADE: "B", OUTLAW_RENEGADE: "S"}),
    (_T("spencer", BANG), {LAW_RENEGADE: "DH"}),
    (_T("chief", ACTION), {OUTLAW_RENEGADE: "H"}),
    (_T("double_barrel", RESOURCE), {OUTLAW_RENEGADE: "BD"}),
    (_T("ambush", ACTION), {OUTLAW_RENEGADE: "HS"}),
    (_T("sharps", BANG), {LAW_RENEGADE: "BD"}),
    (_T("grapeshot", RESOURCE), {OUTLAW_RENEGADE: "D"}),
    (_T("companion", ACTION), {LAW_RENEGADE: "SH", OUTLAW_RENEGADE: "SB"}),
    (_T("lightning", BANG), {OUTLAW_RENEGADE: "DH"}),
    (_T("dexterity", RESOURCE), {LAW_RENEGADE: "S", OUTLAW_RENEGADE: "S"}),
    (_T("gold_pan", RESOURCE), {OUTLAW_RENEGADE: "B"}),
    (_T("partner", EQUIPMENT), {LAW_RENEGADE: "H"}),
    (_T("cover", ACTION), {LAW_RENEGADE: "BS"}),
    (_T("ricochet", ACTION), {OUTLAW_RENEGADE: "S"}),
    (_T("lucky_penny", RESOURCE), {LAW_RENEGADE: "H"}),
    (_T("sledge", RESOURCE), {OUTLAW_RENEGADE: "H"}),
    (_T("blow", ACTION), {OUTLAW_RENEGADE: "BS"}),
    (_T("whitney", BANG), {LAW_RENEGADE: "DB"}),
    (_T("walker", BANG), {OUTLAW_RENEGADE: "DS"}),
    (_T("trick", ACTION), {LAW_RENEGADE: "SS"}),
    (_T("spurs", EQUIPMENT), {LAW_RENEGADE: "B"}),
    (_T("union_pacific", ACTION), {LAW_RENEGADE: "H", OUTLAW_RENEGADE: "D"}),
)

CARD_TYPES: dict[str, CardType] = {t.id: t for t, _ in _ROWS}
CARDS: tuple[Card, ...] = tuple(
    Card(t, deck, _SYMBOL_LETTERS[letter]) for t, split in _ROWS for deck in DECKS for letter in split.get(deck, "")
)
EXPANSION_CARDS: frozenset[str] = frozenset(
    t.id for t, split in _ROWS if LAW_RENEGADE in split or OUTLAW_RENEGADE in split
)

_C = Character
CHARACTERS: tuple[Character, ...] = (
    _C("alan_pinkerton", LAW, 4, "hurt_hits_back"),
    _C("annie_oakley", LAW, 4, "bang_as_missed"),
    _C("bat_masterson", LAW, 4, "checks_twice", always=True),
    _C("bill_tilghman", LAW, 5, "draws_on_any_death"),
    _C("buffalo_bill", LAW, 4, "takes_hurt_for_partner", always=True),
    _C("lone_ranger", LAW, 5, "hurt_draws"),
    _C("stranger", LAW, 4, "extra_bang", always=True),
    _C("jango", LAW, 3, "draws_when_attacker_moves"),
    _C("pat_garrett", LAW, 5, "second_draw_horseshoe"),
    _C("tex_killer", LAW, 4, "dodge_costs_card"),
    _C("wild_bill", LAW, 5, "robbed_hits_back"),
    _C("wyatt_earp", LAW, 4, "dodged_draws"),
    _C("babe_leroy", OUTLAW, 4, "empty_hand_draws"),
    _C("bull_anderson", OUTLAW, 5, "loots_the_dead"),
    _C("cattle_katie", OUTLAW, 4, "discards_own_card_draws"),
    _C("daltons", OUTLAW, 3, "draws_three"),
    _C("jack_ransome", OUTLAW, 4, "plays_anywhere"),
    _C("pearl_hart", OUTLAW, 3, "reuses_discard_action"),
    _C("kid_curry", OUTLAW, 4, "check_dodges_and_shoots"),
    _C("slim_poet", OUTLAW, 4, "hurt_discards_random"),
    _C("sundance_kid", OUTLAW, 4, "swaps_a_card", always=True),
    _C("toco_ramirez", OUTLAW, 4, "any_card_as_bang"),
    _C("tom_horn", OUTLAW, 4, "enters_hits_cover"),
    _C("west_harding", OUTLAW, 4, "unlimited_bangs"),
    # Renegades (rulebook 002 prints the abilities; life is assumed).
    _C("fortune_teller", LAW_RENEGADE, 4, "equipment_as_bang_or_missed", source=ASSUMED),
    _C("alicia", LAW_RENEGADE, 4, "draws_equipment", source=ASSUMED),
    _C("coquette_delou", LAW_RENEGADE, 4, "fresh_resource", source=ASSUMED),
    _C("marshal", LAW_RENEGADE, 4, "enters_draws_three", source=ASSUMED),
    _C("hick_addams", LAW_RENEGADE, 4, "robbed_draws", source=ASSUMED),
    _C("charlie_bassett", LAW_RENEGADE, 4, "resource_draws", source=ASSUMED),
    _C("big_jim", OUTLAW_RENEGADE, 4, "swaps_both", source=ASSUMED),
    _C("dutch_harry", OUTLAW_RENEGADE, 4, "filters_draws", always=True, source=ASSUMED),
    _C("big_steve", OUTLAW_RENEGADE, 4, "hand_limit_six", source=ASSUMED),
    _C("king_fisher", OUTLAW_RENEGADE, 4, "resource_in_draws", source=ASSUMED),
    _C("little_leroy", OUTLAW_RENEGADE, 4, "resource_twice", source=ASSUMED),
    _C("el_chindi", OUTLAW_RENEGADE, 4, "ignores_actions", source=ASSUMED),
)
CHARACTER: dict[str, Character] = {c.id: c for c in CHARACTERS}

# The facts this table chose where no rulebook here prints them, for the help (ids of cards and characters).
ASSUMPTIONS: tuple[str, ...] = (
    "renegade_deck_split",  # which renegade deck holds how many copies of each expansion card
    "renegade_symbols",  # the check symbols of the expansion's cards
    "renegade_life",  # the renegades' life points (4 each)
    "resource_frames",  # which expansion cards are resources (green) rather than actions
    "hit_cards",  # a "hit card" (Indians!, Duel) is a red BANG! card, or a card its owner may play as one
    "check_deck",  # a check reveals the top card of the checking player's own deck (the common deck when empty)
    "doctor_schultz",  # named by rulebook 002 among the base characters but not in the transcription: left out
    "base_start_hands",  # the base Duel: the Law (first) starts with 4 cards, the Outlaws with 5
    "start_checks_own",  # start-of-turn cards (Dynamite, Rattlesnake, Panic) act on the turn player's characters
    "reserve_takes_place",  # a reserve character takes the dead one's place (attacking or covering)
    "whisky_check",  # Whisky's lost check symbol: a horseshoe heals 2
    "dexterity_missed",  # Dexterity's lost symbol: a Missed! (it dodges from play, then draws), as Lucky Penny
    "sledge_hit",  # Sledge is a hit (BANG! symbol lost), but not one of the three resources that answer a Duel
    "spurs_every_hit",  # Spurs' lost symbol read as BANG!: no hit of any kind reaches the character (Sharps does)
    "resources_on_attacker",  # resources count as equipment: used from the attacker (or the targeted cover)
    "fortune_draws_at_once",  # the Fortune Teller draws right after discarding, before her hit is answered
    "big_jim_as_attacker",  # Big Jim's ability counts when he is the attacker after the swap
    "blow_any_hand",  # Blow's hand discard may pick any player's hand, the own too (standoff: own or target's)
    "cover_first_swap",  # Cover's first swap is compulsory (the card's point); the second may be declined
    "el_chindi_swaps",  # El Chindi ignores another's Canteen or Cover on his player while in play in either place
    "hick_forced",  # Hick Addams draws for Peacemaker's and Tex Killer's forced discards; not for answers given
    "leroy_same_target",  # Little Leroy's repeated hit resource aims at the same character again
    "alicia_whole_phase",  # Alicia's take replaces the whole draw phase: no Bank card either
    "trick_played_as_bang",  # Trick also takes a card played as a BANG! (Companion, Annie Oakley's Missed!)
    "same_equipment_per_character",  # a same-named equipment card replaces the old one on the same character only
    "sniper_hits",  # the Sniper rifle lets Knife and Derringer aim at the cover too, not only BANG! cards
    "derringer_hit",  # Derringer is a hit any hand card dodges (Barrel, Hat, abilities work: rulebook 002's Partner)
    "derringer_icon",  # the Derringer icon rulebook 002 says "always works" in the standoff is lost: no extra effect
    "marker_moves",  # Watch and Jango draw when the opponent moves its own marker (swap, Panic, own card, a death)
    "forced_discard_robs",  # Peacemaker's, Tex Killer's and Slim Poet's discards count as robbing (Wild Bill)
    "buffalo_bill_whole_loss",  # Buffalo Bill takes a whole life loss, only if he keeps at least one life
    "bull_anderson_after_draw",  # Bull Anderson picks after the dead's cards are discarded and its owner drew two
    "pearl_hart_top",  # the action Pearl Hart uses stays on top of the discard pile, her discarded card under it
    "sundance_standoff_deck",  # in the standoff Sundance Kid's second card comes from his own target's deck
    "tom_horn_lineup",  # Tom Horn chosen as the attacker at the lineup does not fire: he did not become it
    "jack_ransome_equipment",  # Jack Ransome's "cards onto any character" are equipment and resources
    "bat_masterson_best",  # Bat Masterson's choice of two checked cards is made for him: the favourable one
)


def card(index: int) -> Card:
    """Returns the physical card with this index."""
    return CARDS[index]


def type_id(index: int) -> str:
    """Returns the name id of the physical card with this index."""
    return CARDS[index].type.id


def cards_of(deck: str) -> list[int]:
    """Returns the indexes of every card of one deck, in table order (a new list each call)."""
    return list(_CARDS_OF[deck])


def characters_of(deck: str) -> list[str]:
    """Returns the ids of the characters of one deck, in table order (a new list each call)."""
    return list(_CHARACTERS_OF[deck])


_CARDS_OF: dict[str, tuple[int, ...]] = {d: tuple(i for i, c in enumerate(CARDS) if c.deck == d) for d in DECKS}
_CHARACTERS_OF: dict[str, tuple[str, ...]] = {d: tuple(c.id for c in CHARACTERS if c.deck == d) for d in DECKS}
