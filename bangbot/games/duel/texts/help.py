"""Help texts of BANG! The Duel: each card, character and mode as this engine plays it, and where each fact comes from.

The base game is reconstructed (its rulebook is not held, spec/duel.md follows a public transcription); the
Renegades expansion's effects are printed in rulebook 002, but its deck split, check symbols, some frames and the
renegades' life are assumed. The marks below say so; core/duel/data.py records which is which.
"""

from __future__ import annotations

from bangbot.i18n import NP_

Marked = tuple[str, str]

DUEL_CARD_HELP: dict[str, Marked] = {
    "colt": NP_("card-help-duel", "A hit on an opponent's attacking character."),
    "quickdraw": NP_(
        "card-help-duel",
        "One hit on the target for every card it has in play (equipment and resources); each is dodged on its own.",
    ),
    "carbine": NP_(
        "card-help-duel", "A hit. If it is dodged, you may still discard one card in play on any attacking character."
    ),
    "peacemaker": NP_(
        "card-help-duel", "A hit. If it is dodged, the target's player discards a card of their choice from the hand."
    ),
    "remington": NP_("card-help-duel", "A hit. If it is dodged, you draw a card."),
    "schofield": NP_("card-help-duel", "A hit. If it is dodged, your attacking character regains 1 life point."),
    "shotgun": NP_(
        "card-help-duel",
        "A hit. If it is dodged, you may swap the attacking and covering characters of any one player.",
    ),
    "winchester": NP_(
        "card-help-duel", "A hit that may aim at an opponent's covering character instead of the attacking one."
    ),
    "bank": NP_("card-help-duel", "While its character is attacking, you draw one card more in your draw phase."),
    "rattlesnake": NP_(
        "card-help-duel",
        "Always active. At the start of its holder's turn a check: a snake costs that character 1 life point.",
    ),
    "dynamite": NP_(
        "card-help-duel",
        "Always active; it goes on your own covering character. At the start of its holder's turn a check: "
        "a dynamite costs that character 3 life points and the card is discarded; otherwise it moves on to the next "
        "player's covering character (the attacking one when it is alone).",
    ),
    "gunbelt": NP_(
        "card-help-duel", "While its character is attacking, you may play any number of BANG! cards a turn."
    ),
    "barrel": NP_(
        "card-help-duel",
        "When its player's character is hit: a check, and a barrel dodges the hit (from the attacking character "
        "it protects the covering one too). Useless against Sharps Rifle and Whitney.",
    ),
    "hat": NP_(
        "card-help-duel",
        "Discard it from play to dodge a hit on its character (from the attacking character, on the covering one "
        "too). In a Ricochet it counts as a Missed!.",
    ),
    "panic": NP_(
        "card-help-duel",
        "Always active. At the start of its player's turn, that player's attacking and covering characters swap.",
    ),
    "sniper": NP_(
        "card-help-duel",
        "While its character is attacking, every hit you aim (BANG! cards, Knife, Derringer, resources that hit) "
        "may aim at an opponent's covering character.",
    ),
    "watch": NP_(
        "card-help-duel",
        "While its character is attacking, you draw a card each time an opponent moves their own attacking "
        "marker: a swap, Panic, their own card, a death (in the Mexican standoff: only your target).",
    ),
    "derringer": NP_(
        "card-help-duel",
        "A hit on an opponent's attacking character that any card from the hand dodges; a Barrel or a Hat "
        "helps as usual.",
    ),
    "gatling": NP_("card-help-duel", "A hit on every character in play except your own attacking one."),
    "indians": NP_(
        "card-help-duel",
        "Every character in play except your attacking one: its player discards a BANG! card (or a card they may "
        "play as one) or the character loses 1 life point.",
    ),
    "knife": NP_(
        "card-help-duel",
        "A hit on an opponent's attacking character. It is not a BANG! card, so it does not count towards the one "
        "per turn.",
    ),
    "saloon": NP_(
        "card-help-duel",
        "Any attacking character, or your own covering one, now has exactly 3 life points (never more than printed).",
    ),
    "canteen": NP_("card-help-duel", "Swap the attacking and covering characters of any one player."),
    "steal": NP_(
        "card-help-duel",
        "Take a random card from an opponent's hand, or discard a card in play on any attacking character or on "
        "your own covering one.",
    ),
    "missed": NP_("card-help-duel", "Dodges one hit on your character."),
    "duel": NP_(
        "card-help-duel",
        "You and the target player discard BANG! cards in turn, the target first; the first who does not loses 1 "
        "life point on their attacking character.",
    ),
    "stagecoach": NP_("card-help-duel", "Draw three cards, then discard one."),
    "beer": NP_("card-help-duel", "Your attacking and covering characters regain 1 life point each."),
    "general_store": NP_(
        "card-help-duel",
        "Two cards from each player's deck (the common deck when a deck is empty) are laid out; the players take "
        "one at a time, you first, until none is left.",
    ),
    "schoolteacher": NP_(
        "card-help-duel",
        "Take a card in play (equipment or resource) on any attacking character, or on your own covering one, "
        "into your hand.",
    ),
    "return_fire": NP_(
        "card-help-duel",
        "Dodges a hit like Missed!, and your opponent's attacking character becomes the target of a hit (in the "
        "Mexican standoff: your target's, whoever shot).",
    ),
    "buffalo": NP_(
        "card-help-duel",
        "Use it from a later turn: draw a card at once, and an opponent's attacking or covering character is the "
        "target of a hit. Against Indians!, Indian Chief or a Duel it may be discarded as a BANG! card, even the "
        "turn it came in.",
    ),
    "whisky": NP_(
        "card-help-duel",
        "Use it from a later turn: a check, and your attacking character regains 2 life points on a horseshoe, "
        "1 otherwise.",
    ),
    "spencer": NP_(
        "card-help-duel",
        "A hit that costs a character with 4 or more life points 2 of them instead of 1; one dodge still cancels it.",
    ),
    "chief": NP_(
        "card-help-duel",
        "For each of the target player's characters in play, that player discards a BANG! card or the character "
        "loses 1 life point.",
    ),
    "double_barrel": NP_(
        "card-help-duel",
        "Use it from a later turn: a hit on an opponent's attacking character; if it is dodged, their other "
        "character is the target of a second hit. Against Indians!, Indian Chief or a Duel it may be discarded "
        "as a BANG! card.",
    ),
    "ambush": NP_(
        "card-help-duel",
        "Discard a card in play on any attacking character, and/or one in play on your own attacking character.",
    ),
    "sharps": NP_(
        "card-help-duel",
        "A hit that ignores the target's ability and its cards in play, Spurs too: only a Missed!, Return Fire, "
        "Trick or Companion from the hand dodges it.",
    ),
    "grapeshot": NP_(
        "card-help-duel",
        "Use it from a later turn: a hit; if it is not dodged, the target player's attacking and covering "
        "characters lose 1 life point each. Against Indians!, Indian Chief or a Duel it may be discarded as a "
        "BANG! card.",
    ),
    "companion": NP_(
        "card-help-duel",
        "Play it as a BANG! card, or answer a hit with it as a Missed!; it counts as a BANG! card against "
        "Indians! and in a Duel, but not as a Missed! in a Ricochet.",
    ),
    "lightning": NP_("card-help-duel", "A hit, and you may play one more BANG! card this turn."),
    "dexterity": NP_(
        "card-help-duel",
        "Use it from a later turn to draw a card; or, once it has waited a turn, discard it as a Hat to dodge a "
        "hit, or as a Missed! in a Ricochet, and draw a card.",
    ),
    "gold_pan": NP_(
        "card-help-duel",
        "Use it from a later turn: take the top card of the discard pile into your hand, and only then discard "
        "the Gold Pan.",
    ),
    "partner": NP_(
        "card-help-duel",
        "Each time its character becomes the attacking one, the opponent's attacking character is shot as by a "
        "Derringer: its player discards any card or it loses 1 life point.",
    ),
    "cover": NP_(
        "card-help-duel",
        "Swap the attacking and covering characters of one or two players, in the order you choose (the same player "
        "twice is allowed).",
    ),
    "ricochet": NP_(
        "card-help-duel",
        "Like a Duel, with Missed! cards: the target first, then you, in turn; whoever does not discard one "
        "loses 1 life point on their attacking character. A Hat, Lucky Penny or Dexterity in play counts too; no "
        "other card or ability does.",
    ),
    "lucky_penny": NP_(
        "card-help-duel",
        "Use it from a later turn to draw a card; or, once it has waited a turn, discard it as a Hat to dodge a "
        "hit, or as a Missed! in a Ricochet, and draw a card at once.",
    ),
    "sledge": NP_(
        "card-help-duel",
        "Use it from a later turn: draw a card first, then an opponent's attacking character is the target of a hit.",
    ),
    "blow": NP_(
        "card-help-duel",
        "Discard a card in play on any attacking character, and/or a random card from any player's hand, yours "
        "too (in the Mexican standoff: only yours or your target's, for both).",
    ),
    "whitney": NP_(
        "card-help-duel",
        "A hit that only a Missed! card dodges: no Barrel, Hat, resource or ability helps against it.",
    ),
    "walker": NP_("card-help-duel", "A hit. If it is dodged, the Walker comes back into your hand."),
    "trick": NP_(
        "card-help-duel",
        "Dodges a hit like Missed!; if the hit came from a BANG! card or a card played as one, you take that "
        "card into your hand (a Walker goes back to its owner instead).",
    ),
    "spurs": NP_(
        "card-help-duel",
        "While its player holds no cards, no hit of any kind reaches its character except a Sharps Rifle's "
        "(Indians!, a Duel and the like still reach it).",
    ),
    "union_pacific": NP_(
        "card-help-duel",
        "Draw two cards in all, each from your own deck or your opponent's (the common deck when one is empty; "
        "in the Mexican standoff: your target's).",
    ),
}

DUEL_CHARACTER_HELP: dict[str, Marked] = {
    "alan_pinkerton": NP_(
        "character-help-duel",
        "Each time an opponent makes him, or your covering character while he attacks, lose life, that "
        "opponent's attacking character is the target of a hit.",
    ),
    "annie_oakley": NP_(
        "character-help-duel",
        "She may answer a hit with a BANG! card as with a Missed!, and play Missed! cards as BANG! cards.",
    ),
    "bat_masterson": NP_(
        "character-help-duel",
        "Always active: each of your checks shows two cards and you take the one you prefer.",
    ),
    "bill_tilghman": NP_("character-help-duel", "Whenever any character dies, you draw two cards."),
    "buffalo_bill": NP_(
        "character-help-duel",
        "Always active: he may take a life point loss of your other character in play upon himself, except his last.",
    ),
    "lone_ranger": NP_(
        "character-help-duel",
        "Each time another player makes him, or your covering character while he attacks, lose life, you draw a card.",
    ),
    "stranger": NP_("character-help-duel", "Always active: you may play one more BANG! card each turn."),
    "jango": NP_(
        "character-help-duel",
        "Each time an opponent moves their own attacking marker (a swap, Panic, their own card, a death), you "
        "draw a card.",
    ),
    "pat_garrett": NP_(
        "character-help-duel",
        "In your draw phase you show the second card; if it bears a horseshoe, you draw one more from the "
        "opponent's deck.",
    ),
    "tex_killer": NP_(
        "character-help-duel",
        "When a BANG! card he played is dodged, its target's player also discards a card from the hand.",
    ),
    "wild_bill": NP_(
        "character-help-duel",
        "When another player takes or discards your cards, that player's attacking character is the target of a hit.",
    ),
    "wyatt_earp": NP_("character-help-duel", "Each time an opponent dodges his hit, you draw a card."),
    "babe_leroy": NP_("character-help-duel", "Once per turn, when your hand is empty, you may draw two cards."),
    "bull_anderson": NP_(
        "character-help-duel",
        "When a character dies, you take up to two cards: ones it had in play and/or random ones from its "
        "player's hand.",
    ),
    "cattle_katie": NP_(
        "character-help-duel",
        "Once per turn she may discard a card in play on herself (not an always-active one) to draw two cards.",
    ),
    "daltons": NP_("character-help-duel", "You draw three cards instead of two in your draw phase."),
    "jack_ransome": NP_("character-help-duel", "You may put your equipment and resources on any character in play."),
    "pearl_hart": NP_(
        "character-help-duel",
        "Once per turn, discard a card to use the action card on top of the discard pile as if you played it.",
    ),
    "kid_curry": NP_(
        "character-help-duel",
        "When he, or your covering character while he attacks, is hit: a check from the shooter's deck; a barrel "
        "dodges the hit and his own hit goes at the shooter's attacking character.",
    ),
    "slim_poet": NP_(
        "character-help-duel",
        "Each time another player makes him lose life, or makes the covering character lose life while he attacks, "
        "that player discards a random card from their hand.",
    ),
    "sundance_kid": NP_(
        "character-help-duel",
        "Always active: once per turn, discard a card to draw two, one from each deck, and keep one of them.",
    ),
    "toco_ramirez": NP_("character-help-duel", "You may play any card from your hand as a BANG! card."),
    "tom_horn": NP_(
        "character-help-duel",
        "Each time he becomes the attacking character, the opponent's covering character is the target of a hit.",
    ),
    "west_harding": NP_("character-help-duel", "You may play any number of BANG! cards each turn."),
    "fortune_teller": NP_(
        "character-help-duel",
        "She may discard one of her cards in play (not an always-active one) as a BANG! card or as a Missed!, then "
        "draw a card; a fresh resource may be discarded so too.",
    ),
    "alicia": NP_(
        "character-help-duel",
        "Instead of her draw phase, you may take into your hand one card in play (equipment or resource) on any "
        "attacking character.",
    ),
    "coquette_delou": NP_(
        "character-help-duel",
        "Once per turn you may use one of her resources in the very turn it came into play.",
    ),
    "marshal": NP_(
        "character-help-duel",
        "When he comes into play, draw three cards in all, each from any deck you choose after seeing the one before.",
    ),
    "hick_addams": NP_(
        "character-help-duel",
        "Whenever another player makes you discard a card from your hand or one in play on him, you draw a card.",
    ),
    "charlie_bassett": NP_("character-help-duel", "Once per turn, after you use a resource, you draw a card."),
    "big_jim": NP_(
        "character-help-duel",
        "When a swap of your attacking and covering characters makes him your attacking character, you may swap an "
        "opponent's two characters too (in the Mexican standoff: only your target's).",
    ),
    "dutch_harry": NP_(
        "character-help-duel",
        "Always active: for each card you draw you may look at the top card and either take it or discard it and "
        "take the next one.",
    ),
    "big_steve": NP_(
        "character-help-duel", "At the end of your turn you may keep up to six cards, whatever your life points."
    ),
    "king_fisher": NP_(
        "character-help-duel",
        "Whenever a character gets its first resource of a turn into play, you draw a card.",
    ),
    "little_leroy": NP_(
        "character-help-duel",
        "Once per turn, when you use one of her resources, you may discard a card from your hand to apply its "
        "effect a second time.",
    ),
    "el_chindi": NP_(
        "character-help-duel",
        "While you hold at least one card, he ignores action cards played by other players (not BANG! cards, "
        "resources or Annie Oakley's shots).",
    ),
}

DUEL_MODE_HELP: dict[str, Marked] = {
    "duel": NP_(
        "duel-mode-help",
        "Two players: the Law (4 starting cards, plays first) against the Outlaws (5 starting cards). Each has a "
        "40-card deck and 12 characters, of which 4 are drawn and 2 are in play. You win when your opponent's last "
        "character dies.",
    ),
    "third_law": NP_(
        "duel-mode-help",
        "Two players: every card and character of the Renegades expansion forms a third squad against the Law. The "
        "Law takes 4 starting cards and plays first, the Renegades take 5. You win when your opponent's last "
        "character dies.",
    ),
    "third_outlaws": NP_(
        "duel-mode-help",
        "Two players: every card and character of the Renegades expansion forms a third squad against the Outlaws. "
        "The Outlaws take 5 starting cards and play first, the Renegades take 4. You win when your opponent's last "
        "character dies.",
    ),
    "reinforcements": NP_(
        "duel-mode-help",
        "Two players: the Law against the Outlaws, reinforced: the law renegades' cards and characters are "
        "shuffled into the Law's, the outlaw renegades' into the Outlaws'. You win when your opponent's last "
        "character dies.",
    ),
    "standoff": NP_(
        "duel-mode-help",
        "Three players with three characters each, two in play. The Law must eliminate the Renegades, the "
        "Renegades the Outlaws, the Outlaws the Law. The Outlaws play first (4 starting cards), then the Law "
        "(4), then the Renegades (5). The game ends as soon as a player's last character dies: whoever had that "
        "player as the target wins. Gatling and Indians! reach everyone. Pocket Watch, Duel, Derringer, "
        "Grapeshot, Ricochet, Partner, Indian Chief, Union Pacific, Blow, Return Fire, Big Jim, Kid Curry, "
        "Jango, Alan Pinkerton, Pat Garrett, Wyatt Earp and Tom Horn act on your target only; every other card "
        "and ability may reach either other player.",
    ),
}

# The turn's rules, shown by /rules without a name at a Duel table (the mode's help follows them).
DUEL_RULES_SUMMARY: tuple[Marked, ...] = (
    NP_(
        "duel-rules-summary",
        "Each player has an attacking character, who is shot at, and a covering character behind it; "
        "only the attacking character's ability and cards count, except always-active ones and a covering "
        "character that is itself the target. Once per turn you may swap the two.",
    ),
    NP_(
        "duel-rules-summary",
        "Your turn: draw two cards from your own deck (from the common deck once yours is empty), play cards, then "
        "discard down to your attacking character's life points (you keep 2 when it has 1).",
    ),
    NP_(
        "duel-rules-summary",
        "One BANG! card (red frame) per turn, aimed at an opponent's attacking character. Equipment and resources "
        "go on your own covering character or on an opponent's attacking one; a resource can be used only from "
        "the turn after it came into play.",
    ),
    NP_(
        "duel-rules-summary",
        "A hit is dodged with a Missed!, a Hat or a Barrel's check. A check reveals the top card of your deck and "
        "looks at its symbol: barrel, horseshoe, snake or dynamite.",
    ),
    NP_(
        "duel-rules-summary",
        "Reload symbol: once any player has a single character left, a card bearing it may be discarded from the "
        "hand to draw a new one.",
    ),
    NP_(
        "duel-rules-summary",
        "A character that dies discards its cards in play, its player draws two cards and a reserve character "
        "takes its place.",
    ),
)

# Where a fact comes from, as the help marks it (core/duel/data.py: RECONSTRUCTED, ASSUMED, PRINTED).
DUEL_SOURCE_NOTES: dict[str, Marked] = {
    "reconstructed": NP_(
        "duel-source",
        "This detail is not printed in a rulebook we have: the effect, copies and symbols follow a public list of "
        "the base Duel's cards.",
    ),
    "card_printed": NP_("duel-source", "The effect is printed in the Renegades rulebook."),
    "card_split_assumed": NP_(
        "duel-source",
        "This detail is not printed in the rulebook; the game assumes which deck holds how many copies, and their "
        "check symbols.",
    ),
    "card_frame_assumed": NP_(
        "duel-source", "This detail is not printed in the rulebook; the game assumes that it is a resource."
    ),
    "character_reconstructed": NP_(
        "duel-source",
        "This detail is not printed in a rulebook we have: the ability and life points follow a public list of the "
        "base Duel's cards.",
    ),
    "character_printed": NP_("duel-source", "The ability is printed in the Renegades rulebook."),
    "character_life_assumed": NP_(
        "duel-source", "This detail is not printed in the rulebook; the game assumes the life points."
    ),
    "mode_reconstructed": NP_(
        "duel-source",
        "This detail is not printed in a rulebook we have: the game follows a public summary of the base Duel and "
        "assumes the second player's fifth starting card.",
    ),
    "mode_printed": NP_("duel-source", "This mode is printed in the Renegades rulebook."),
    "see_assumptions": NP_("duel-source", "Every fact chosen where no rulebook speaks: /rules assumptions"),
}

# One sentence per key of core/duel/data.py ASSUMPTIONS, for /rules assumptions.
DUEL_ASSUMPTION_NOTES: dict[str, Marked] = {
    "renegade_deck_split": NP_(
        "duel-assumption", "Which renegade deck holds how many copies of each expansion card is assumed."
    ),
    "renegade_symbols": NP_("duel-assumption", "The check symbols of the expansion's cards are assumed."),
    "renegade_life": NP_("duel-assumption", "Every renegade character has 4 life points (assumed)."),
    "resource_frames": NP_(
        "duel-assumption",
        "{cards}: taken to be resources (green frame); the rulebook names only the other resources as such.",
    ),
    "hit_cards": NP_(
        "duel-assumption",
        "Against Indians! and in a Duel, a \u201chit card\u201d is a red BANG! card or a card its owner may play "
        "as one.",
    ),
    "check_deck": NP_(
        "duel-assumption",
        "A check reveals the top card of the checking player's own deck (of the common deck once it is empty).",
    ),
    "doctor_schultz": NP_(
        "duel-assumption",
        "Doctor Schultz, named by the Renegades rulebook among the base characters, is missing from the "
        "transcription and left out.",
    ),
    "base_start_hands": NP_(
        "duel-assumption", "In the base Duel the Law, who plays first, starts with 4 cards and the Outlaws with 5."
    ),
    "start_checks_own": NP_(
        "duel-assumption",
        "Dynamite, Rattlesnake and Panic act at the start of the turn of the player whose character carries them.",
    ),
    "reserve_takes_place": NP_(
        "duel-assumption",
        "A reserve character takes the dead character's place: attacking if the attacker died, else covering.",
    ),
    "same_equipment_per_character": NP_(
        "duel-assumption", "A card of the same name replaces the old one only on the same character."
    ),
    "sniper_hits": NP_(
        "duel-assumption",
        "The Sniper Rifle lets every aimed hit (Knife, Derringer, resources that hit) aim at a covering "
        "character too, not only BANG! cards.",
    ),
    "derringer_hit": NP_(
        "duel-assumption",
        "Derringer is a hit that any card from the hand dodges, and Barrel, Hat and abilities work against it, "
        "as the rulebook's Partner reads it.",
    ),
    "derringer_icon": NP_(
        "duel-assumption",
        "The Derringer's icon that \u201calways works\u201d in the Mexican standoff is lost from the rulebook's text "
        "and adds nothing.",
    ),
    "marker_moves": NP_(
        "duel-assumption",
        "Pocket Watch and Jango draw when an opponent moves their own marker (their swap, Panic, their own card, a "
        "new attacker after a death), not when you moved it for them.",
    ),
    "forced_discard_robs": NP_(
        "duel-assumption",
        "A discard forced by Peacemaker, Tex Killer or Slim Poet counts as taking the player's cards (Wild Bill "
        "answers it).",
    ),
    "buffalo_bill_whole_loss": NP_(
        "duel-assumption",
        "Buffalo Bill takes a whole life loss for his partner, and only if he keeps at least one life point.",
    ),
    "bull_anderson_after_draw": NP_(
        "duel-assumption",
        "Bull Anderson picks once the dead character's cards are discarded and its player has drawn two.",
    ),
    "pearl_hart_top": NP_(
        "duel-assumption",
        "The action card Pearl Hart uses stays on top of the discard pile, the card she discarded under it.",
    ),
    "sundance_standoff_deck": NP_(
        "duel-assumption", "In the Mexican standoff, Sundance Kid's second card comes from his target's deck."
    ),
    "tom_horn_lineup": NP_(
        "duel-assumption",
        "Tom Horn chosen as the first attacking character does not fire: he did not become the attacker.",
    ),
    "jack_ransome_equipment": NP_(
        "duel-assumption", "The cards Jack Ransome may play onto any character are equipment and resources."
    ),
    "bat_masterson_best": NP_(
        "duel-assumption", "Of Bat Masterson's two checked cards, the favourable one is taken for him."
    ),
    "whisky_check": NP_(
        "duel-assumption",
        "Whisky's check symbol is lost from the rulebook's text: a horseshoe heals 2 life points, any other symbol 1.",
    ),
    "dexterity_missed": NP_(
        "duel-assumption",
        "Dexterity's lost symbol is taken to be a Missed!: from play it dodges a hit, then its player draws "
        "a card, as Lucky Penny does.",
    ),
    "sledge_hit": NP_(
        "duel-assumption",
        "Sledge is a hit (its symbol is lost), but not one of the three resources that may answer a Duel or Indians!.",
    ),
    "spurs_every_hit": NP_(
        "duel-assumption",
        "Spurs' lost symbol is read as BANG!: while its player's hand is empty, no hit of any kind reaches "
        "their character (the Sharps Rifle still does).",
    ),
    "resources_on_attacker": NP_(
        "duel-assumption",
        "Resources count as equipment: they are used from the attacking character, or from a covering "
        "character that is the target.",
    ),
    "fortune_draws_at_once": NP_(
        "duel-assumption",
        "The Fortune Teller draws her card right after discarding, before her hit is answered.",
    ),
    "big_jim_as_attacker": NP_(
        "duel-assumption",
        "Big Jim's ability counts when he is the attacking character after the swap.",
    ),
    "blow_any_hand": NP_(
        "duel-assumption",
        "Blow's hand discard may pick any player's hand, your own too (in the Mexican standoff: your own or "
        "your target's).",
    ),
    "cover_first_swap": NP_(
        "duel-assumption",
        "Cover's first swap is compulsory, being what the card is played for; the second may be declined.",
    ),
    "el_chindi_swaps": NP_(
        "duel-assumption",
        "El Chindi ignores another player's Canteen or Cover on his squad, whichever place he holds.",
    ),
    "hick_forced": NP_(
        "duel-assumption",
        "Hick Addams draws for discards another player forces (Peacemaker, Tex Killer, Slim Poet), not for "
        "cards given to answer an attack.",
    ),
    "leroy_same_target": NP_(
        "duel-assumption",
        "When Little Leroy repeats a hit resource, the hit aims at the same character again.",
    ),
    "alicia_whole_phase": NP_(
        "duel-assumption",
        "Alicia's card taken replaces the whole draw phase: no Bank card either.",
    ),
    "trick_played_as_bang": NP_(
        "duel-assumption",
        "Trick also takes a card played as a BANG! (Companion, Annie Oakley's Missed!).",
    ),
}

DUEL_TOPIC_NAMES: dict[str, Marked] = {"assumptions": NP_("duel-topic", "Assumptions")}


def says_always_active(help: Marked) -> bool:
    """Returns whether a card's or character's help itself opens with "Always active", which then is not repeated."""
    return help[1].startswith("Always active")
