"""Names and help texts of roles, cards, characters and game words, marked for translation."""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from bangbot import games
from bangbot.games.bang.rules.options import RuleOptions
from bangbot.games.bang.texts.rulehelp import details
from bangbot.games.declaration import TopicTables
from bangbot.i18n import LANGUAGES, NP_, Translator, translator
from bangbot.i18n.theme import themed_name

# The English source strings. Ids are the keys of bangbot.core (cards.py, characters.py, roles.py);
# each language's names come from its own rulebook, see spec/glossary.md.

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
        "Weapons do not extend this reach; only Scope and Mustang change the distance.",
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

CARD = "card"
CHARACTER = "character"
STANDARD_OPTIONS = RuleOptions()


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
    return _with_details(tr, "card_help", CARD_HELP, kind, options)


def is_character(tr: Translator, id: str) -> bool:
    """Returns whether id names a character (of the base game or of the translator's theme)."""
    return id in CHARACTER_NAMES or (tr.theme is not None and id in tr.theme.characters)


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


def game_name(tr: Translator, ruleset_id: str) -> str:
    """Returns the name of a game (a ruleset id) in the translator's language; a themed game's from its theme."""
    if tr.theme is not None and tr.theme.id == ruleset_id:
        return tr.name(tr.theme.game)
    try:
        return tr.name(games.game(ruleset_id).name)
    except KeyError:
        return ruleset_id


def term(tr: Translator, key: str) -> str:
    """Returns a game word (a key of GAME_WORDS) in the translator's language, as its theme says it."""
    return themed_name(tr, "terms", key) or _translate(tr, GAME_WORDS, key)


_GLOSS = re.compile(r"^(?P<name>.*?)\s*[(（](?P<gloss>[^()（）]*)[)）]\s*$")
_MIN_PREFIX = 3


def normalize_name(text: str) -> str:
    """Returns text folded for name matching: lower case, no accents, quotes, punctuation or spaces."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if ch.isalnum() and not unicodedata.combining(ch))


def _variants(name: str) -> list[str]:
    """Returns the normalized forms of a name: whole, for 'Barile(樽)' each part too, after a colon the rest."""
    forms = [name]
    match = _GLOSS.match(name)
    if match:
        forms += [match["name"], match["gloss"]]
    _, colon, subtitle = name.replace("：", ":").partition(":")
    if colon:  # 'Third squad: Renegades against the Law' is also found by what sets it apart
        forms.append(subtitle)
    return [n for n in map(normalize_name, forms) if n]


def topic_tables() -> dict[str, TopicTables]:
    """Returns what /rules can explain, per game (a ruleset id), in the registry's order."""
    return {g.id: g.rules.topics for g in games.GAMES}


def late_rulesets() -> set[str]:
    """Returns the games whose names never shadow another game's at that game's table (searched there last)."""
    return {g.id for g in games.GAMES if g.rules.late}


def search_order(ruleset: str) -> tuple[str, ...]:
    """Returns the rulesets to search for a table playing ruleset: its own first, then the others."""
    tables = topic_tables()
    return (ruleset, *(name for name in tables if name != ruleset)) if ruleset in tables else tuple(tables)


def _index_of(tr: Translator, ruleset: str) -> dict[str, tuple[str, str]]:
    """Returns normalized name -> (kind, id) for the names of one translator in one ruleset."""
    index: dict[str, tuple[str, str]] = {}
    for what, table in topic_tables()[ruleset]:
        for id_, marked in table.items():
            for form in _variants(tr.name(marked)):
                index.setdefault(form, (what, id_))
    return index


@cache
def _global_index(ruleset: str) -> dict[str, tuple[str, str]]:
    """Returns normalized name or id -> (kind, id) over every language's names and the ids of one ruleset."""
    index: dict[str, tuple[str, str]] = {}
    for what, table in topic_tables()[ruleset]:
        for id_ in table:
            index.setdefault(normalize_name(id_), (what, id_))
    for what, readings in games.game(ruleset).rules.readings:
        for id_, forms in readings.items():
            for form in forms:
                index.setdefault(normalize_name(form), (what, id_))
    for language in LANGUAGES:
        for form, found in _index_of(translator(language), ruleset).items():
            index.setdefault(form, found)
    return index


def _search(tr: Translator, key: str, order: tuple[str, ...]) -> tuple[tuple[str, str] | None, bool]:
    """Returns (the topic found in these rulesets, whether any name matched even if unclearly)."""
    for name in order:
        found = _index_of(tr, name).get(key) or _global_index(name).get(key)
        if found is not None:
            return found, True
    candidates = _prefixed(key, order)
    return (candidates[0] if len(candidates) == 1 else None), bool(candidates)


def _prefixed(key: str, order: tuple[str, ...]) -> list[tuple[str, str]]:
    """Returns the topics of the first of these rulesets with a name that starts with key (none for a short key)."""
    if len(key) < _MIN_PREFIX:
        return []
    for name in order:
        candidates = {hit: None for form, hit in _global_index(name).items() if form.startswith(key)}
        if candidates:
            return list(candidates)
    return []


def _topic_name(tr: Translator, topic: tuple[str, str]) -> str:
    """Returns a topic's name in the translator's language, from the first ruleset table that has it."""
    what, id_ = topic
    for tables in topic_tables().values():
        for kind, table in tables:
            if kind == what and id_ in table:
                return tr.name(table[id_])
    return id_


def unclear(tr: Translator, text: str, ruleset: str = games.DEFAULT) -> list[str]:
    """Returns the names of the topics a name typed could mean when lookup finds it unclear (empty otherwise)."""
    key = normalize_name(text)
    if not key or lookup(tr, text, ruleset) is not None:
        return []
    order = search_order(ruleset)
    late = late_rulesets()
    early = tuple(name for name in order if name == ruleset or name not in late)
    for part in (early, tuple(name for name in order if name not in early)):
        candidates = _prefixed(key, part)
        if candidates:
            return [_topic_name(tr, topic) for topic in candidates] if len(candidates) > 1 else []
    return []


def lookup(tr: Translator, text: str, ruleset: str = games.DEFAULT) -> tuple[str, str] | None:
    """Returns (kind, id) for a name in any language or an id, the table's ruleset searched first; None if unclear.

    A late ruleset (see late_rulesets) is searched only at its own table, or when no other ruleset matches at all.
    """
    key = normalize_name(text)
    if not key:
        return None
    order = search_order(ruleset)
    late = late_rulesets()
    early = tuple(name for name in order if name == ruleset or name not in late)
    found, matched = _search(tr, key, early)
    if matched:
        return found
    return _search(tr, key, tuple(name for name in order if name not in early))[0]
