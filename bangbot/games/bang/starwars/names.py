"""Names and help texts of BANG! Star Wars (cards, roles, abilities, fate effects, symbols), marked for translation."""

from __future__ import annotations

from bangbot.games.bang.texts.glossary import _translate
from bangbot.i18n import NP_, Translator
from bangbot.i18n.glossary import CARD, CHARACTER

# The English source strings; ids are the ones the Star Wars ruleset uses. The Russian names are the rulebook's
# (rulebook 001, spec/star-wars.md); what the rulebook does not print is marked "assumed" in the help texts.

SW_CARD_NAMES: dict[str, tuple[str, str]] = {
    "sw_bang": NP_("card-starwars", "BANG!"),
    "sw_missed": NP_("card-starwars", "Missed!"),
    "bacta_tank": NP_("card-starwars", "Bacta Tank"),
    "respite": NP_("card-starwars", "Respite"),
    "repair": NP_("card-starwars", "Repair"),
    "new_hope": NP_("card-starwars", "A New Hope"),
    "unexpected_encounter": NP_("card-starwars", "Unexpected Encounter"),
    "deception": NP_("card-starwars", "Deception"),
    "ambush": NP_("card-starwars", "Ambush"),
    "atat_attack": NP_("card-starwars", "AT-AT Attack"),
    "jawas": NP_("card-starwars", "Jawas"),
    "sw_duel": NP_("card-starwars", "Duel"),
    "cover": NP_("card-starwars", "Cover"),
    "droid": NP_("card-starwars", "Droid"),
    "speeder_bike": NP_("card-starwars", "Speeder Bike"),
    "carbonite": NP_("card-starwars", "Carbonite"),
    "trash_compactor": NP_("card-starwars", "Trash Compactor"),
    "lightsaber": NP_("card-starwars", "Lightsaber"),
    "ion_blaster": NP_("card-starwars", "Ion Blaster"),
    "bowcaster": NP_("card-starwars", "Bowcaster"),
    "dlt19": NP_("card-starwars", "DLT-19"),
    "a280": NP_("card-starwars", "A280"),
    "e11": NP_("card-starwars", "E-11 blaster rifle"),
}

SW_CARD_HELP: dict[str, tuple[str, str]] = {
    "sw_bang": NP_(
        "card-help-starwars",
        "Shoot one player within the range of your weapon: they lose 1 energy unless they cancel the hit with "
        "a Missed! effect or Cover. Only one BANG! per turn, unless you have a Lightsaber. "
        "Some copies also carry a fate effect.",
    ),
    "sw_missed": NP_(
        "card-help-starwars",
        "Cancels one hit aimed at you by a BANG! or an AT-AT Attack, even outside your turn. It is no help "
        "against Jawas or in a Duel. Some copies also carry a fate effect.",
    ),
    "bacta_tank": NP_(
        "card-help-starwars",
        "Regain 1 energy, never above your starting energy. Outside your turn you may play it only right after "
        "losing your last energy, and several then bring you back to 1 at most. With only two players left it "
        "gives no energy, yet you may still play it, even right after losing your last energy, for its fate effect.",
    ),
    "respite": NP_(
        "card-help-starwars",
        "Every player still in the game regains 1 energy, up to their maximum. "
        "It cannot save a player who has just lost their last energy.",
    ),
    "repair": NP_("card-help-starwars", "Draw 2 cards from the deck. Some copies also carry a fate effect."),
    "new_hope": NP_(
        "card-help-starwars",
        "Put it in front of yourself. At the start of your next turn make a check: the Alliance symbol gives you 2 "
        "energy and the card is discarded, otherwise pass it to the player on your left. This detail is not printed in "
        "the rulebook; the game assumes that it replaces Wells Fargo and which symbol it needs.",
    ),
    "unexpected_encounter": NP_(
        "card-help-starwars",
        "Turn up one card from the deck for each player still in the game. Starting with you and going clockwise, "
        "everyone takes one of them into their hand.",
    ),
    "deception": NP_(
        "card-help-starwars",
        "Take a card from a player at distance 1: a random one from their hand or one you choose from their play "
        "area. Weapons do not extend this reach.",
    ),
    "ambush": NP_(
        "card-help-starwars",
        "Make any player, at any distance, discard a card: a random one from their hand or one you choose "
        "from their play area.",
    ),
    "atat_attack": NP_(
        "card-help-starwars",
        "Every other player takes a hit, which each may cancel with a Missed! effect. It is not a BANG! card, "
        "so it does not use up your one BANG! of the turn.",
    ),
    "jawas": NP_(
        "card-help-starwars",
        "Every other player discards a BANG! card or loses 1 energy; Missed! and Cover are no help. "
        "Nobody is rewarded for a Rebel the Jawas eliminate.",
    ),
    "sw_duel": NP_(
        "card-help-starwars",
        "Challenge any player, at any distance. Starting with them, you take turns discarding a BANG! card; the "
        "first who cannot or will not loses 1 energy. Discarded BANG! cards are not played: they trigger no fate "
        "effect and are not your BANG! of the turn.",
    ),
    "cover": NP_(
        "card-help-starwars",
        "Stays in play. Whenever you are hit you may make a check: the Alliance symbol cancels the hit like a Missed!. "
        "This detail is not printed in the rulebook; the game assumes which symbol it needs.",
    ),
    "droid": NP_(
        "card-help-starwars",
        "Stays in play: you see every other player 1 closer than usual, though never closer than 1. "
        "They still see you at the normal distance.",
    ),
    "speeder_bike": NP_(
        "card-help-starwars",
        "Stays in play: every other player sees you 1 further away than usual. "
        "Your own distances to them do not change.",
    ),
    "carbonite": NP_(
        "card-help-starwars",
        "Put it in front of any player except Darth Vader. At the start of their turn, after their other checks, they "
        "make a check: the Alliance symbol frees them, anything else costs them the turn; either way it is discarded. "
        "This detail is not printed in the rulebook; the game assumes which symbol frees them.",
    ),
    "trash_compactor": NP_(
        "card-help-starwars",
        "Put it in front of yourself. At the start of your next turn make a check: the compactor symbol makes you lose "
        "3 energy and the card is discarded, otherwise pass it to the player on your left. This detail is not printed "
        "in the rulebook; the game assumes which cards show the symbol.",
    ),
    "lightsaber": NP_(
        "card-help-starwars",
        "A weapon with range 1. While it is in play you may play any number of BANG! cards in your turn.",
    ),
    "ion_blaster": NP_(
        "card-help-starwars",
        "A weapon with range 2; it replaces the weapon you had. This detail is not printed in the rulebook; the game "
        "assumes the range.",
    ),
    "bowcaster": NP_(
        "card-help-starwars",
        "A weapon with range 3; it replaces the weapon you had. This detail is not printed in the rulebook; the game "
        "assumes the range.",
    ),
    "dlt19": NP_(
        "card-help-starwars",
        "A weapon with range 4; it replaces the weapon you had. This detail is not printed in the rulebook; the game "
        "assumes the range.",
    ),
    "a280": NP_(
        "card-help-starwars",
        "A weapon with range 5; it replaces the weapon you had. This detail is not printed in the rulebook; the game "
        "assumes the range.",
    ),
    "e11": NP_(
        "card-help-starwars",
        "The rifle everybody starts with, range 1, printed on the board. It counts whenever you have no weapon "
        "card in play, and it can never be lost.",
    ),
}

SW_ROLE_NAMES: dict[str, tuple[str, str]] = {
    "vader": NP_("role-starwars", "Darth Vader"),
    "stormtrooper": NP_("role-starwars", "Stormtrooper"),
    "rebel": NP_("role-starwars", "Rebel"),
    "bounty_hunter": NP_("role-starwars", "Bounty Hunter"),
}

SW_ROLE_GOALS: dict[str, tuple[str, str]] = {
    "vader": NP_(
        "role-goal-starwars",
        "Eliminate all the Rebels and the Bounty Hunter: then the Empire wins, you and your Stormtroopers.",
    ),
    "stormtrooper": NP_(
        "role-goal-starwars",
        "Protect Darth Vader at any cost: you win with him once all the Rebels and the Bounty Hunter are "
        "eliminated, even if you have fallen yourself. Never reveal your card, not even to Vader.",
    ),
    "rebel": NP_(
        "role-goal-starwars",
        "Eliminate Darth Vader: then all the Rebels win, even those already eliminated, "
        "unless the Bounty Hunter is the only one left.",
    ),
    "bounty_hunter": NP_(
        "role-goal-starwars",
        "Be the last one standing: get rid of everybody else, and of Darth Vader last of all.",
    ),
}

SW_ABILITY_NAMES: dict[str, tuple[str, str]] = {
    "fearless": NP_("ability-starwars", "Fearless"),
    "lucky": NP_("ability-starwars", "Lucky"),
    "hardy": NP_("ability-starwars", "Hardy"),
    "seasoned": NP_("ability-starwars", "Seasoned"),
    "provident": NP_("ability-starwars", "Provident"),
    "inventive": NP_("ability-starwars", "Inventive"),
    "sharpshooter": NP_("ability-starwars", "Sharpshooter"),
    "vengeful": NP_("ability-starwars", "Vengeful"),
    "persistent": NP_("ability-starwars", "Persistent"),
    "resourceful": NP_("ability-starwars", "Resourceful"),
    "unflappable": NP_("ability-starwars", "Unflappable"),
    "elusive": NP_("ability-starwars", "Elusive"),
    "dangerous": NP_("ability-starwars", "Dangerous"),
    "nimble": NP_("ability-starwars", "Nimble"),
    "calculating": NP_("ability-starwars", "Calculating"),
    "furious": NP_("ability-starwars", "Furious"),
}

SW_ABILITY_HELP: dict[str, tuple[str, str]] = {
    "fearless": NP_(
        "ability-help-starwars",
        "You see every other player 1 closer than usual, 2 closer with a Droid, though never closer than 1.",
    ),
    "lucky": NP_(
        "ability-help-starwars",
        "Each time you are hit you may make a check: the Alliance symbol cancels the hit. With Cover you get a second "
        "check, and a Missed! may still follow. This detail is not printed in the rulebook; the game assumes which "
        "symbol it needs.",
    ),
    "hardy": NP_(
        "ability-help-starwars",
        "At any time, even to survive a lethal hit, discard 2 cards from your hand to regain 1 energy, "
        "as often as your hand allows, never above your starting energy.",
    ),
    "seasoned": NP_(
        "ability-help-starwars",
        "Once per turn you may discard a BANG! card to apply again the effect of the red-framed card you have "
        "just played, a BANG! included. Each effect is repeated only once, and fate effects never.",
    ),
    "provident": NP_("ability-help-starwars", "As soon as your hand is empty, draw a card from the deck."),
    "inventive": NP_(
        "ability-help-starwars",
        "You may play BANG! cards as Missed! and Missed! cards as BANG!, without their fate effects. A Missed! "
        "played as a BANG! counts as your BANG! of the turn unless you have a Lightsaber.",
    ),
    "sharpshooter": NP_(
        "ability-help-starwars",
        "Cancelling your hits, fate effects included, takes two Missed! effects; a successful check of Cover "
        "or of the Lucky ability counts as one.",
    ),
    "vengeful": NP_(
        "ability-help-starwars",
        "Whoever chooses to take a card from you or to make you discard one (from your hand or from play) first "
        "becomes the target of a BANG! effect. Automatic effects, like the Jawas, do not trigger it.",
    ),
    "persistent": NP_(
        "ability-help-starwars",
        "In phase 1 either draw 2 cards from the deck or take 1 random card from any player's hand.",
    ),
    "resourceful": NP_(
        "ability-help-starwars",
        "In phase 1, if you have no blue-framed card in play, draw 2 more cards.",
    ),
    "unflappable": NP_("ability-help-starwars", "Each time you lose 1 energy, draw a card from the deck."),
    "elusive": NP_(
        "ability-help-starwars",
        "Every other player sees you 1 further away than usual, 2 further with a Speeder Bike.",
    ),
    "dangerous": NP_(
        "ability-help-starwars",
        "When you lose your last energy, make a check: a card without the Empire symbol keeps you in the game with 1 "
        "energy and a card drawn, one success needed per energy lost. After a failed check you may not play a Bacta "
        "Tank. This detail is not printed in the rulebook; the game assumes which symbol it looks for.",
    ),
    "nimble": NP_(
        "ability-help-starwars",
        "Whenever another player plays a Bacta Tank, you may discard any card from your hand to regain 1 energy too.",
    ),
    "calculating": NP_(
        "ability-help-starwars",
        "Whenever you make a check you turn up two cards and choose the one that counts; both are then discarded.",
    ),
    "furious": NP_(
        "ability-help-starwars",
        "In phase 1 draw 1 card, plus 1 more for each energy you are missing.",
    ),
}

# Starting energy printed on each ability card (spec/star-wars.md); Darth Vader gets 1 more.
SW_ABILITY_ENERGY: dict[str, int] = {
    "fearless": 4,
    "lucky": 4,
    "hardy": 4,
    "seasoned": 4,
    "provident": 4,
    "inventive": 4,
    "sharpshooter": 4,
    "vengeful": 4,
    "persistent": 4,
    "resourceful": 5,
    "unflappable": 4,
    "elusive": 3,
    "dangerous": 3,
    "nimble": 4,
    "calculating": 4,
    "furious": 4,
}

SW_FATE_NAMES: dict[str, tuple[str, str]] = {
    "fate_draw": NP_("fate-starwars", "Draw a card"),
    "fate_discard_all": NP_("fate-starwars", "Everyone discards"),
    "fate_steal": NP_("fate-starwars", "Steal a card"),
    "fate_barrage": NP_("fate-starwars", "Barrage"),
    "fate_counter_hit": NP_("fate-starwars", "Counter-hit"),
    "fate_swap_hands": NP_("fate-starwars", "Swap hands"),
    "fate_heal_other": NP_("fate-starwars", "Heal another"),
}

SW_FATE_HELP: dict[str, tuple[str, str]] = {
    "fate_draw": NP_(
        "fate-help-starwars",
        "Draw a card from the deck. On some BANG!, Missed!, Bacta Tank and Repair cards. This detail is not printed in "
        "the rulebook; the game assumes which copies carry it.",
    ),
    "fate_discard_all": NP_(
        "fate-help-starwars",
        "Every other player discards a card: a random one from their hand or one you choose from their play area. On "
        "some BANG! cards. This detail is not printed in the rulebook; the game assumes which copies carry it.",
    ),
    "fate_steal": NP_(
        "fate-help-starwars",
        "Take a card from the player you shoot at: from their hand or from their play area. On some BANG! cards. This "
        "detail is not printed in the rulebook; the game assumes which copies carry it.",
    ),
    "fate_barrage": NP_(
        "fate-help-starwars",
        "Instead of the BANG!, every other player takes a hit, which each may cancel with a Missed! effect. "
        "It is played without a target, whatever the distances. On some BANG! cards. This detail is not printed in "
        "the rulebook; the game assumes which copies carry it.",
    ),
    "fate_counter_hit": NP_(
        "fate-help-starwars",
        "The player who attacked you loses 1 energy; this is not a BANG! play. On some Missed! cards. This detail is "
        "not printed in the rulebook; the game assumes which copies carry it.",
    ),
    "fate_swap_hands": NP_(
        "fate-help-starwars",
        "Swap your whole hand with the hand of the player whose attack you cancel; against an AT-AT Attack, whoever "
        "played their Missed! first swaps first. On some Missed! cards. This detail is not printed in the rulebook; the"
        " game assumes which copies carry it.",
    ),
    "fate_heal_other": NP_(
        "fate-help-starwars",
        "Another player of your choice regains 1 energy, except when only two players are left. On some Bacta Tank "
        "cards. This detail is not printed in the rulebook; the game assumes which copies carry it.",
    ),
}

# The check symbols, shown instead of suits: Alliance on the former hearts, Empire on the former spades, the
# compactor on spades 2-9. Assumed: the rulebook lost their pictures (spec/star-wars.md).
SW_SYMBOL_NAMES: dict[str, tuple[str, str]] = {
    "alliance": NP_("symbol-starwars", "Alliance"),
    "empire": NP_("symbol-starwars", "Empire"),
    "compactor": NP_("symbol-starwars", "Compactor"),
}

SW_SYMBOL_GLYPHS: dict[str, str] = {
    "alliance": "✦",
    "empire": "⚙",
    "compactor": "🗑",
}

SW_TERMS: dict[str, tuple[str, str]] = {
    "energy": NP_("term-starwars", "energy"),
    "face_your_destiny": NP_("term-starwars", "Face your destiny"),
    "game_starwars": NP_("term-starwars", "BANG! Star Wars"),
}

# The topics /rules explains at a Star Wars table besides its cards, abilities and fate effects.
SW_TOPIC_NAMES: dict[str, tuple[str, str]] = {"assumptions": NP_("topic-starwars", "Assumptions")}

FATE = "fate"
NOTES = "notes-starwars"
ROLE = "role"
TERM = "term"

# The game's own words /rules explains, with what they mean.
SW_RULES_TERMS: dict[str, tuple[str, str]] = {"face_your_destiny": SW_TERMS["face_your_destiny"]}
SW_TERM_HELP: dict[str, tuple[str, str]] = {
    "face_your_destiny": NP_(
        "term-help-starwars",
        "Some copies of BANG!, Missed!, Bacta Tank and Repair carry a second effect, their fate effect. Play such a "
        "card with 2 energy or less and both effects happen, in the order you choose. A card discarded without being "
        "played never brings its fate effect.",
    ),
}

# What /rules looks up in a Star Wars game: cards, abilities (the characters of this edition), fate effects, roles,
# the game's own terms and notes.
SW_TABLES: tuple[tuple[str, dict[str, tuple[str, str]]], ...] = (
    (CARD, SW_CARD_NAMES),
    (CHARACTER, SW_ABILITY_NAMES),
    (FATE, SW_FATE_NAMES),
    (NOTES, SW_TOPIC_NAMES),
    (ROLE, SW_ROLE_NAMES),
    (TERM, SW_RULES_TERMS),
)


def sw_card_name(tr: Translator, id: str) -> str:
    """Returns the name of a Star Wars card (or 'e11') in the translator's language."""
    return _translate(tr, SW_CARD_NAMES, id)


def sw_card_help(tr: Translator, id: str) -> str:
    """Returns the short explanation of a Star Wars card in the translator's language."""
    return _translate(tr, SW_CARD_HELP, id)


def sw_ability_name(tr: Translator, id: str) -> str:
    """Returns the name of a Star Wars ability in the translator's language."""
    return _translate(tr, SW_ABILITY_NAMES, id)


def sw_ability_help(tr: Translator, id: str) -> str:
    """Returns what a Star Wars ability does, in the translator's language."""
    return _translate(tr, SW_ABILITY_HELP, id)


def sw_role_name(tr: Translator, id: str) -> str:
    """Returns the name of a Star Wars role in the translator's language."""
    return _translate(tr, SW_ROLE_NAMES, id)


def sw_role_goal(tr: Translator, id: str) -> str:
    """Returns what a Star Wars role must do to win, in the translator's language."""
    return _translate(tr, SW_ROLE_GOALS, id)


def sw_fate_name(tr: Translator, id: str) -> str:
    """Returns the name of a fate effect in the translator's language."""
    return _translate(tr, SW_FATE_NAMES, id)


def sw_fate_help(tr: Translator, id: str) -> str:
    """Returns what a fate effect does, in the translator's language."""
    return _translate(tr, SW_FATE_HELP, id)


def sw_symbol_name(tr: Translator, id: str) -> str:
    """Returns the name of a check symbol (a key of SW_SYMBOL_NAMES) in the translator's language."""
    return _translate(tr, SW_SYMBOL_NAMES, id)


def sw_term(tr: Translator, key: str) -> str:
    """Returns a Star Wars game word (a key of SW_TERMS) in the translator's language."""
    return _translate(tr, SW_TERMS, key)
