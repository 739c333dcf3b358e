"""Names and help texts of the BANG! family's roles, cards, characters and game words, marked for translation.

Ids are the keys of the family's rules (cards.py, characters.py, roles.py); each language's names come from its own
rulebook, see spec/glossary.md. A themed game (Star Wars) names them its own way through its theme.
"""

from __future__ import annotations

from bangbot.games.bang.rules.abilities import HARD_TO_REACH, SEES_NEARER
from bangbot.games.bang.rules.cards import MUSTANG, PANIC, SCOPE
from bangbot.games.bang.rules.options import RuleOptions
from bangbot.games.bang.rules.roster import CHARACTER_ABILITIES, abilities_of
from bangbot.games.bang.texts.rulehelp import details
from bangbot.i18n import NP_, Translator
from bangbot.i18n.theme import spoken, themed_name
from bangbot.i18n.wording import join_list

ROLE_NAMES: dict[str, tuple[str, str]] = {
    "sheriff": NP_("role", "Sheriff"),
    "deputy": NP_("role", "Deputy"),
    "outlaw": NP_("role", "Outlaw"),
    "renegade": NP_("role", "Renegade"),
}


ROLE_GOALS: dict[str, tuple[str, str]] = {
    "sheriff": NP_("role-goal", "Eliminate all the Outlaws and the Renegade while staying alive yourself."),
    "deputy": NP_(
        "role-goal",
        "Keep the Sheriff alive: you win with him once all the Outlaws and the Renegade are eliminated, "
        "even if you have fallen yourself.",
    ),
    "outlaw": NP_(
        "role-goal",
        "Eliminate the Sheriff: then all the Outlaws win, even those already eliminated, "
        "unless the Renegade is the only one left alive.",
    ),
    "renegade": NP_("role-goal", "Be the last one alive: get rid of everybody else, and of the Sheriff last of all."),
}


# The 22 card kinds of the base deck, plus the Colt .45 printed on every board.
CARD_NAMES: dict[str, tuple[str, str]] = {
    "bang": NP_("card", "BANG!"),
    "missed": NP_("card", "Missed!"),
    "beer": NP_("card", "Beer"),
    "saloon": NP_("card", "Saloon"),
    "stagecoach": NP_("card", "Stagecoach"),
    "wells_fargo": NP_("card", "Wells Fargo"),
    "general_store": NP_("card", "General Store"),
    "panic": NP_("card", "Panic!"),
    "cat_balou": NP_("card", "Cat Balou"),
    "gatling": NP_("card", "Gatling"),
    "indians": NP_("card", "Indians!"),
    "duel": NP_("card", "Duel"),
    "barrel": NP_("card", "Barrel"),
    "scope": NP_("card", "Scope"),
    "mustang": NP_("card", "Mustang"),
    "jail": NP_("card", "Jail"),
    "dynamite": NP_("card", "Dynamite"),
    "volcanic": NP_("card", "Volcanic"),
    "schofield": NP_("card", "Schofield"),
    "remington": NP_("card", "Remington"),
    "rev_carabine": NP_("card", "Rev. Carabine"),
    "winchester": NP_("card", "Winchester"),
    "colt45": NP_("card", "Colt .45"),
}


CARD_HELP: dict[str, tuple[str, str]] = {
    "bang": NP_(
        "card-help",
        "Shoot one player within the range of your weapon: they lose 1 life point unless they cancel the shot "
        "with Missed! or a Barrel. Only one BANG! per turn, unless your weapon or character allows more.",
    ),
    "missed": NP_(
        "card-help",
        "Cancels one shot aimed at you (a BANG! or anything that works like one), even outside your turn. "
        "It is no help against Indians! or in a Duel.",
    ),
    "beer": NP_(
        "card-help",
        "Regain 1 life point, never above your starting life. Outside your turn you may drink it only when a hit "
        "would take your last life point, and it does nothing once only two players are left.",
    ),
    "saloon": NP_(
        "card-help",
        "Every player still in the game regains 1 life point, up to their maximum. It can be played only in your "
        "own turn, so it never saves you from a lethal hit.",
    ),
    "stagecoach": NP_("card-help", "Draw 2 cards from the deck."),
    "wells_fargo": NP_("card-help", "Draw 3 cards from the deck."),
    "general_store": NP_(
        "card-help",
        "Turn up one card from the deck for each player still in the game. Starting with you and going clockwise, "
        "everyone takes one of them into their hand.",
    ),
    "panic": NP_(
        "card-help",
        "Take a card from a player at distance 1: a random one from their hand or one they have in play. "
        "Weapons do not extend this reach.",
    ),
    "cat_balou": NP_(
        "card-help",
        "Make any player, at any distance, discard a card: a random one from their hand or one of their cards "
        "in play that you choose.",
    ),
    "gatling": NP_(
        "card-help",
        "Shoots at every other player at once; each of them may answer with Missed! or a Barrel. "
        "It is not a BANG! card, so it does not use up your one BANG! of the turn.",
    ),
    "indians": NP_(
        "card-help",
        "Every other player must discard a BANG! card or lose 1 life point. Missed! and Barrel are no help here.",
    ),
    "duel": NP_(
        "card-help",
        "Challenge any player, at any distance. Starting with them, you take turns discarding a BANG! card; "
        "the first who cannot loses 1 life point. BANG! cards discarded in a Duel do not count as your BANG! "
        "of the turn.",
    ),
    "barrel": NP_(
        "card-help",
        'Stays in play. Whenever you are shot at, a check ("draw!") is made for you: a heart cancels the shot '
        "just like a Missed!.",
    ),
    "scope": NP_(
        "card-help",
        "Stays in play: you see every other player 1 closer than usual, though never closer than 1. "
        "They still see you at the normal distance.",
    ),
    "mustang": NP_(
        "card-help",
        "Stays in play: every other player sees you 1 further away than usual. Your own distances to them "
        "do not change.",
    ),
    "jail": NP_(
        "card-help",
        "Put it in front of any player except the Sheriff. At the start of their turn they make a check, "
        "and either way the Jail is then discarded.",
    ),
    "dynamite": NP_(
        "card-help",
        "Put it in front of yourself. At the start of your next turn make a check: ♠2–9 makes it explode and you "
        "lose 3 life points. It is checked before Jail, and nobody is rewarded or punished for the players it "
        "eliminates.",
    ),
    "volcanic": NP_(
        "card-help",
        "A weapon with range 1. While it is in play you may play any number of BANG! cards in your turn.",
    ),
    "schofield": NP_(
        "card-help",
        "A weapon with range 2: your BANG! reaches players up to distance 2. It replaces the weapon you had.",
    ),
    "remington": NP_(
        "card-help",
        "A weapon with range 3: your BANG! reaches players up to distance 3. It replaces the weapon you had.",
    ),
    "rev_carabine": NP_(
        "card-help",
        "A weapon with range 4: your BANG! reaches players up to distance 4. It replaces the weapon you had.",
    ),
    "winchester": NP_(
        "card-help",
        "A weapon with range 5: your BANG! reaches players up to distance 5. It replaces the weapon you had.",
    ),
    "colt45": NP_(
        "card-help",
        "The weapon everybody starts with, range 1, printed on the board. It counts whenever you have no weapon "
        "card in play, and it can never be lost.",
    ),
}


CHARACTER_NAMES: dict[str, tuple[str, str]] = {
    "bart_cassidy": NP_("character", "Bart Cassidy"),
    "black_jack": NP_("character", "Black Jack"),
    "calamity_janet": NP_("character", "Calamity Janet"),
    "el_gringo": NP_("character", "El Gringo"),
    "jesse_jones": NP_("character", "Jesse Jones"),
    "jourdonnais": NP_("character", "Jourdonnais"),
    "kit_carlson": NP_("character", "Kit Carlson"),
    "lucky_duke": NP_("character", "Lucky Duke"),
    "paul_regret": NP_("character", "Paul Regret"),
    "pedro_ramirez": NP_("character", "Pedro Ramirez"),
    "rose_doolan": NP_("character", "Rose Doolan"),
    "sid_ketchum": NP_("character", "Sid Ketchum"),
    "slab_the_killer": NP_("character", "Slab the Killer"),
    "suzy_lafayette": NP_("character", "Suzy Lafayette"),
    "vulture_sam": NP_("character", "Vulture Sam"),
    "willy_the_kid": NP_("character", "Willy the Kid"),
}


CHARACTER_HELP: dict[str, tuple[str, str]] = {
    "bart_cassidy": NP_(
        "character-help",
        "Each time he loses a life point he at once draws a card from the deck (not on the hit that eliminates him).",
    ),
    "black_jack": NP_(
        "character-help",
        "In phase 1 he shows the second card he draws; if it is a heart or a diamond, he draws one more card.",
    ),
    "calamity_janet": NP_(
        "character-help",
        "She can use BANG! cards as Missed! and Missed! cards as BANG!. A Missed! played as a BANG! still counts "
        "as her one BANG! of the turn.",
    ),
    "el_gringo": NP_(
        "character-help",
        "When another player makes him lose life, he takes random cards from that player's hand. "
        "Dynamite and the hit that eliminates him give him nothing.",
    ),
    "jesse_jones": NP_(
        "character-help",
        "In phase 1 he may take his first card at random from another player's hand instead of from the deck; "
        "the second comes from the deck.",
    ),
    "jourdonnais": NP_(
        "character-help",
        "He always has a built-in Barrel: when he is shot at, a check is made for him, and a heart cancels "
        "the shot. With a real Barrel in play as well he gets two checks.",
    ),
    "kit_carlson": NP_(
        "character-help",
        "In phase 1 he looks at the top three cards of the deck, keeps two and puts the third back on top face down.",
    ),
    "lucky_duke": NP_(
        "character-help",
        "Whenever he has to make a check he turns up two cards and picks the one that counts; both are then discarded.",
    ),
    "paul_regret": NP_(
        "character-help",
        "Other players see him 1 further away, as if he always rode a Mustang; a real Mustang adds 1 more.",
    ),
    "pedro_ramirez": NP_(
        "character-help",
        "In phase 1 he may take his first card from the top of the discard pile instead of the deck.",
    ),
    "rose_doolan": NP_(
        "character-help",
        "She sees every other player 1 closer, as if she always had a Scope; a real Scope takes off 1 more.",
    ),
    "sid_ketchum": NP_(
        "character-help",
        "At any time, even to survive a lethal hit, he may discard cards from his hand to regain life points, "
        "as often as his hand allows.",
    ),
    "slab_the_killer": NP_(
        "character-help",
        "Cancelling his BANG! takes two Missed! effects; a successful Barrel check counts as one of them.",
    ),
    "suzy_lafayette": NP_(
        "character-help",
        "As soon as her hand is empty she draws a card from the deck (in a Duel, only once it is over).",
    ),
    "vulture_sam": NP_(
        "character-help",
        "Whenever another player is eliminated, he takes all of that player's cards, from the hand and from play, "
        "into his hand.",
    ),
    "willy_the_kid": NP_(
        "character-help",
        "He is not limited to one BANG! per turn: he may play as many as he likes.",
    ),
}


GAME_WORDS: dict[str, tuple[str, str]] = {
    "life": NP_("term", "life point"),
    "hand_limit": NP_("term", "hand limit"),
    "check": NP_("term", "draw!"),
    "distance": NP_("term", "distance"),
    "range": NP_("term", "range"),
    "deck": NP_("term", "deck"),
    "discard_pile": NP_("term", "discard pile"),
    "phase_draw": NP_("term", "draw"),
    "phase_play": NP_("term", "play"),
    "phase_discard": NP_("term", "discard"),
    "eliminated": NP_("term", "eliminated"),
}


STANDARD_OPTIONS = RuleOptions()


DISTANCE_ABILITIES = frozenset({HARD_TO_REACH, SEES_NEARER})  # who changes a distance by being who they are
__all__ = ["CHARACTER_ABILITIES"]  # every character's ability atoms (the roster's), as the help reads them


def _translate(tr: Translator, table: dict[str, tuple[str, str]], key: str) -> str:
    """Returns the translation of table[key], or the key itself when the table has no such key."""
    marked = table.get(key)
    return tr.name(marked) if marked is not None else key


def card_name(tr: Translator, kind: str) -> str:
    """Returns the name of a card kind (or 'colt45') in the translator's language, as its theme names it."""
    return themed_name(tr, "cards", kind) or _translate(tr, CARD_NAMES, kind)


def _with_details(
    tr: Translator, theme_table: str, table: dict[str, tuple[str, str]], key: str, options: RuleOptions
) -> str:
    """Returns the theme's help for key if it has one, else table[key]'s followed by its option-dependent sentences."""
    themed = themed_name(tr, theme_table, key)
    if themed is not None:
        return themed
    text = _translate(tr, table, key)
    for sentence in details(tr, key, options):
        text = tr.pgettext("sentences", "{text} {sentence}", text=text, sentence=sentence)
    return text


def card_help(tr: Translator, kind: str, options: RuleOptions = STANDARD_OPTIONS) -> str:
    """Returns the short explanation of a card kind in the translator's language, as the options play it."""
    text = _with_details(tr, "card_help", CARD_HELP, kind, options)
    if kind == PANIC:
        text = tr.pgettext("sentences", "{text} {sentence}", text=text, sentence=distance_note(tr))
    return text


def distance_note(tr: Translator) -> str:
    """Returns the sentence naming every card and character of the translator's game that changes a distance."""
    theme = spoken(tr)
    characters = theme.characters if theme is not None else CHARACTER_NAMES
    changers = [card_name(tr, SCOPE), card_name(tr, MUSTANG)] + [
        character_name(tr, c) for c in characters if abilities_of(c) & DISTANCE_ABILITIES
    ]
    return tr.pgettext("rule-detail", "Only {names} change the distance.", names=join_list(tr, changers))


def is_character(tr: Translator, id: str) -> bool:
    """Returns whether id names a character (of the base game or of the translator's theme)."""
    theme = spoken(tr)
    return id in CHARACTER_NAMES or (theme is not None and id in theme.characters)


def character_name(tr: Translator, id: str) -> str:
    """Returns the name of a character in the translator's language, as its theme names it."""
    return themed_name(tr, "characters", id) or _translate(tr, CHARACTER_NAMES, id)


def character_help(tr: Translator, id: str, options: RuleOptions = STANDARD_OPTIONS) -> str:
    """Returns the ability of a character in the translator's language, as the options play it."""
    return _with_details(tr, "character_help", CHARACTER_HELP, id, options)


def role_name(tr: Translator, id: str) -> str:
    """Returns the name of a role in the translator's language, as its theme names it."""
    return themed_name(tr, "roles", id) or _translate(tr, ROLE_NAMES, id)


def role_goal(tr: Translator, id: str) -> str:
    """Returns what a role must do to win, in the translator's language, as its theme says it."""
    return themed_name(tr, "role_goals", id) or _translate(tr, ROLE_GOALS, id)


def term(tr: Translator, key: str) -> str:
    """Returns a game word (a key of GAME_WORDS) in the translator's language, as its theme says it."""
    return themed_name(tr, "terms", key) or _translate(tr, GAME_WORDS, key)
