"""Names of BANG! The Duel and its Renegades expansion (cards, characters, modes, sides, symbols), for translation.

The Russian names are the rulebook's (rulebook 002) where it prints them; the base game's names follow
spec/duel.md. The help texts, and the marks of where each fact comes from, are in bangbot.games.duel.texts.help.
"""

from __future__ import annotations

from bangbot.i18n import NP_, Translator

DUEL_CARD_NAMES: dict[str, tuple[str, str]] = {
    "colt": NP_("card-duel", "Colt"),
    "quickdraw": NP_("card-duel", "Quickdraw"),
    "carbine": NP_("card-duel", "Carbine"),
    "peacemaker": NP_("card-duel", "Peacemaker"),
    "remington": NP_("card-duel", "Remington"),
    "schofield": NP_("card-duel", "Schofield"),
    "shotgun": NP_("card-duel", "Shotgun"),
    "winchester": NP_("card-duel", "Winchester"),
    "bank": NP_("card-duel", "Bank"),
    "rattlesnake": NP_("card-duel", "Rattlesnake"),
    "dynamite": NP_("card-duel", "Dynamite"),
    "gunbelt": NP_("card-duel", "Gunbelt"),
    "barrel": NP_("card-duel", "Barrel"),
    "hat": NP_("card-duel", "Hat"),
    "panic": NP_("card-duel", "Panic"),
    "sniper": NP_("card-duel", "Sniper Rifle"),
    "watch": NP_("card-duel", "Pocket Watch"),
    "derringer": NP_("card-duel", "Derringer"),
    "gatling": NP_("card-duel", "Gatling"),
    "indians": NP_("card-duel", "Indians!"),
    "knife": NP_("card-duel", "Knife"),
    "saloon": NP_("card-duel", "Saloon"),
    "canteen": NP_("card-duel", "Canteen"),
    "steal": NP_("card-duel", "Steal"),
    "missed": NP_("card-duel", "Missed!"),
    "duel": NP_("card-duel", "Duel"),
    "stagecoach": NP_("card-duel", "Stagecoach"),
    "beer": NP_("card-duel", "Beer"),
    "general_store": NP_("card-duel", "General Store"),
    "schoolteacher": NP_("card-duel", "Schoolteacher"),
    "return_fire": NP_("card-duel", "Return Fire"),
    "buffalo": NP_("card-duel", "Buffalo Rifle"),
    "whisky": NP_("card-duel", "Whisky"),
    "spencer": NP_("card-duel", "Spencer Rifle"),
    "chief": NP_("card-duel", "Indian Chief"),
    "double_barrel": NP_("card-duel", "Double Barrel"),
    "ambush": NP_("card-duel", "Ambush"),
    "sharps": NP_("card-duel", "Sharps Rifle"),
    "grapeshot": NP_("card-duel", "Grapeshot"),
    "companion": NP_("card-duel", "Companion"),
    "lightning": NP_("card-duel", "Lightning"),
    "dexterity": NP_("card-duel", "Dexterity"),
    "gold_pan": NP_("card-duel", "Gold Pan"),
    "partner": NP_("card-duel", "Partner"),
    "cover": NP_("card-duel", "Cover"),
    "ricochet": NP_("card-duel", "Ricochet"),
    "lucky_penny": NP_("card-duel", "Lucky Penny"),
    "sledge": NP_("card-duel", "Sledge"),
    "blow": NP_("card-duel", "Blow"),
    "whitney": NP_("card-duel", "Whitney"),
    "walker": NP_("card-duel", "Walker"),
    "trick": NP_("card-duel", "Trick"),
    "spurs": NP_("card-duel", "Spurs"),
    "union_pacific": NP_("card-duel", "Union Pacific"),
}

DUEL_CHARACTER_NAMES: dict[str, tuple[str, str]] = {
    "alan_pinkerton": NP_("character-duel", "Alan Pinkerton"),
    "annie_oakley": NP_("character-duel", "Annie Oakley"),
    "bat_masterson": NP_("character-duel", "Bat Masterson"),
    "bill_tilghman": NP_("character-duel", "Bill Tilghman"),
    "buffalo_bill": NP_("character-duel", "Buffalo Bill"),
    "lone_ranger": NP_("character-duel", "The Lone Ranger"),
    "stranger": NP_("character-duel", "The Stranger"),
    "jango": NP_("character-duel", "Jango"),
    "pat_garrett": NP_("character-duel", "Pat Garrett"),
    "tex_killer": NP_("character-duel", "Tex Killer"),
    "wild_bill": NP_("character-duel", "Wild Bill"),
    "wyatt_earp": NP_("character-duel", "Wyatt Earp"),
    "babe_leroy": NP_("character-duel", "Babe Leroy"),
    "bull_anderson": NP_("character-duel", "Bull Anderson"),
    "cattle_katie": NP_("character-duel", "Cattle Katie"),
    "daltons": NP_("character-duel", "The Daltons"),
    "jack_ransome": NP_("character-duel", "Jack Ransome"),
    "pearl_hart": NP_("character-duel", "Pearl Hart"),
    "kid_curry": NP_("character-duel", "Kid Curry"),
    "slim_poet": NP_("character-duel", "Slim Poet"),
    "sundance_kid": NP_("character-duel", "Sundance Kid"),
    "toco_ramirez": NP_("character-duel", "Toco Ramirez"),
    "tom_horn": NP_("character-duel", "Tom Horn"),
    "west_harding": NP_("character-duel", "West Harding"),
    "fortune_teller": NP_("character-duel", "The Fortune Teller"),
    "alicia": NP_("character-duel", "Alicia the Card Sharp"),
    "coquette_delou": NP_("character-duel", "Coquette Delou"),
    "marshal": NP_("character-duel", "The Marshal"),
    "hick_addams": NP_("character-duel", "Hick Addams"),
    "charlie_bassett": NP_("character-duel", "Charlie Bassett"),
    "big_jim": NP_("character-duel", "Big Jim"),
    "dutch_harry": NP_("character-duel", "Dutch Harry"),
    "big_steve": NP_("character-duel", "Big Steve"),
    "king_fisher": NP_("character-duel", "King Fisher"),
    "little_leroy": NP_("character-duel", "Little Leroy"),
    "el_chindi": NP_("character-duel", "El Chindi"),
}

DUEL_MODE_NAMES: dict[str, tuple[str, str]] = {
    "duel": NP_("duel-mode", "Law against Outlaws"),
    "third_law": NP_("duel-mode", "Third squad: Renegades against the Law"),
    "third_outlaws": NP_("duel-mode", "Third squad: Renegades against the Outlaws"),
    "reinforcements": NP_("duel-mode", "Reinforcements"),
    "standoff": NP_("duel-mode", "Mexican standoff"),
}

DUEL_SIDE_NAMES: dict[str, tuple[str, str]] = {
    "law": NP_("duel-side", "Law"),
    "outlaw": NP_("duel-side", "Outlaws"),
    "renegade": NP_("duel-side", "Renegades"),
}

DUEL_SYMBOL_NAMES: dict[str, tuple[str, str]] = {
    "barrel": NP_("duel-symbol", "barrel"),
    "horseshoe": NP_("duel-symbol", "horseshoe"),
    "snake": NP_("duel-symbol", "snake"),
    "dynamite": NP_("duel-symbol", "dynamite"),
}

DUEL_POSITION_NAMES: dict[str, tuple[str, str]] = {
    "attacker": NP_("duel-position", "attacking"),
    "cover": NP_("duel-position", "covering"),
}

# The decks a card or character comes from (core/duel/data.py DECKS).
DUEL_DECK_NAMES: dict[str, tuple[str, str]] = {
    "law": NP_("duel-deck", "Law"),
    "outlaw": NP_("duel-deck", "Outlaws"),
    "law_renegade": NP_("duel-deck", "Law renegades"),
    "outlaw_renegade": NP_("duel-deck", "Outlaw renegades"),
}

# A card's frame: red BANG! cards, brown actions, blue equipment, green resources.
DUEL_FRAME_NAMES: dict[str, tuple[str, str]] = {
    "bang": NP_("duel-frame", "BANG! card (red frame)"),
    "action": NP_("duel-frame", "action (brown frame)"),
    "equipment": NP_("duel-frame", "equipment (blue frame)"),
    "resource": NP_("duel-frame", "resource (green frame)"),
}

DUEL_GAME_NAME = NP_("game", "BANG! The Duel")


def _named(tr: Translator, table: dict[str, tuple[str, str]], id: str) -> str:
    """Returns a marked name of a table in the translator's language; the id itself when the table lacks it."""
    marked = table.get(id)
    return tr.name(marked) if marked is not None else id


def duel_card_name(tr: Translator, id: str) -> str:
    """Returns the name of a Duel card (a CardType id) in the translator's language."""
    return _named(tr, DUEL_CARD_NAMES, id)


def duel_character_name(tr: Translator, id: str) -> str:
    """Returns the name of a Duel character in the translator's language."""
    return _named(tr, DUEL_CHARACTER_NAMES, id)


def duel_mode_name(tr: Translator, id: str) -> str:
    """Returns the name of a Duel mode in the translator's language."""
    return _named(tr, DUEL_MODE_NAMES, id)


def duel_side_name(tr: Translator, id: str) -> str:
    """Returns the name of a Duel side (law, outlaw, renegade) in the translator's language."""
    return _named(tr, DUEL_SIDE_NAMES, id)


def duel_symbol_name(tr: Translator, id: str) -> str:
    """Returns the name of a check symbol in the translator's language."""
    return _named(tr, DUEL_SYMBOL_NAMES, id)


def duel_deck_name(tr: Translator, id: str) -> str:
    """Returns the name of a Duel deck (law, outlaw, law_renegade, outlaw_renegade) in the translator's language."""
    return _named(tr, DUEL_DECK_NAMES, id)


def duel_frame_name(tr: Translator, id: str) -> str:
    """Returns the name of a card frame (bang, action, equipment, resource) in the translator's language."""
    return _named(tr, DUEL_FRAME_NAMES, id)
