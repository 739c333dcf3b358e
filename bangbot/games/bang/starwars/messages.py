"""The base game's messages as BANG! Star Wars says them: energy for life, Darth Vader, the Empire, the Rebels.

Keys are the base game's English msgids (for plurals their singular); values are marked in the context 'starwars'.
"""

from __future__ import annotations

from bangbot.i18n import NP_, npgettext

MESSAGES: dict[str, tuple[str, str]] = {
    "Life points: {n}.": NP_("starwars", "Energy: {n}."),
    "Life: {life}": NP_("starwars", "Energy: {life}"),
    "Your character: {character}. {ability}": NP_("starwars", "Your ability card: {character}. {ability}"),
    "Give up the Duel (lose 1 life)": NP_("starwars", "Give up the Duel (lose 1 energy)"),
    "Take the hit (lose 1 life)": NP_("starwars", "Take the hit (lose 1 energy)"),
    "Lose 1 life": NP_("starwars", "Lose 1 energy"),
    "{name}: discard cards for 1 life": NP_("starwars", "{name}: discard cards for 1 energy"),
    "{name}: which cards do you discard for 1 life?": NP_(
        "starwars", "{name}: which cards do you discard for 1 energy?"
    ),
    "{card} from {name}: discard a {bang} or lose 1 life.": NP_(
        "starwars", "{card} from {name}: discard a {bang} or lose 1 energy."
    ),
    "{card} with {name}: discard a {bang} or lose 1 life.": NP_(
        "starwars", "{card} with {name}: discard a {bang} or lose 1 energy."
    ),
    "Are you sure? This costs your last life, while another choice could still save you.": NP_(
        "starwars", "Are you sure? This costs your last energy, while another choice could still save you."
    ),
    "{card} at full life does nothing.": NP_("starwars", "{card} at full energy does nothing."),
    "{card} does nothing now: everyone is at full life.": NP_(
        "starwars", "{card} does nothing now: everyone is at full energy."
    ),
    "{card} goes neither on the Sheriff nor on someone already in Jail: nobody is left for it.": NP_(
        "starwars", "{card} goes neither on Darth Vader nor on someone who already has one: nobody is left for it."
    ),
    "Game over: the Sheriff wins!": NP_("starwars", "Game over: the Empire wins!"),
    "Game over: the Outlaws win!": NP_("starwars", "Game over: the Rebels win!"),
    "Game over: the Renegade wins!": NP_("starwars", "Game over: the Bounty Hunter wins!"),
    "{name} survives with 1 life.": NP_("starwars", "{name} survives with 1 energy."),
    "{name}, the Sheriff, eliminated a Deputy and discards every card.": NP_(
        "starwars", "{name}, Darth Vader, eliminated a Stormtrooper and discards every card."
    ),
    "You eliminated a Deputy: as the Sheriff, you discard every card.": NP_(
        "starwars", "You eliminated a Stormtrooper: as Darth Vader, you discard every card."
    ),
    "{name} discards {cards} to regain 1 life.": NP_("starwars", "{name} discards {cards} to regain 1 energy."),
    "Everyone regains 1 life.": NP_("starwars", "Everyone regains 1 energy."),
    "{name} regains 1 life (now: {life}).": NP_("starwars", "{name} regains 1 energy (now: {life})."),
    "You regain 1 life (now: {life}).": NP_("starwars", "You regain 1 energy (now: {life})."),
    "You regain no life (still: {life}).": NP_("starwars", "You regain no energy (still: {life})."),
    "You discard {cards} to regain 1 life.": NP_("starwars", "You discard {cards} to regain 1 energy."),
    "You survive with 1 life.": NP_("starwars", "You survive with 1 energy."),
    "You stay in {card} this turn.": NP_("starwars", "You stay frozen in {card} this turn."),
    "You escape from {card}.": NP_("starwars", "You are thawed out of {card}."),
    "{card} explodes at you!": NP_("starwars", "{card} crushes you!"),
    "{name} regains no life (still: {life}).": NP_("starwars", "{name} regains no energy (still: {life})."),
    "{name} stays in {card} this turn.": NP_("starwars", "{name} stays frozen in {card} this turn."),
    "{name} escapes from {card}.": NP_("starwars", "{name} is thawed out of {card}."),
    "{card} explodes at {name}!": NP_("starwars", "{card} crushes {name}!"),
    "Name a card or a character, for example: /rules Barrel": NP_(
        "starwars", "Name a card or an ability, for example: /rules Cover"
    ),
    "Your choice (a number above, or a command like /rules Barrel): ": NP_(
        "starwars", "Your choice (a number above, or a command like /rules Cover): "
    ),
    "BANG! in {title}": NP_("starwars", "BANG! Star Wars in {title}"),
    "BANG! in {title} — turn {number}": NP_("starwars", "BANG! Star Wars in {title} — turn {number}"),
    "I don't know a card or character called “{name}”.": NP_(
        "starwars", "I don't know a card, ability, role or fate effect called “{name}”."
    ),
}

PLURALS: dict[str, tuple[str, str, str]] = {
    "Game over: the Sheriff and the Deputy win!": npgettext(
        "starwars",
        "Game over: the Empire wins, Darth Vader and his Stormtrooper!",
        "Game over: the Empire wins, Darth Vader and his Stormtroopers!",
    ),
    "The game begins with {n} player. {name} is the Sheriff.": npgettext(
        "starwars",
        "The game begins with {n} player. {name} is Darth Vader.",
        "The game begins with {n} players. {name} is Darth Vader.",
    ),
    "You lose {n} life ({life} left).": npgettext(
        "starwars", "You lose {n} energy ({life} left).", "You lose {n} energy ({life} left)."
    ),
    "{name} loses {n} life ({life} left).": npgettext(
        "starwars", "{name} loses {n} energy ({life} left).", "{name} loses {n} energy ({life} left)."
    ),
    "You lost your last life! Regain {n} life now ({beer}) or you are out of the game.": npgettext(
        "starwars",
        "You lost your last energy! Regain {n} energy now ({beer}) or you are out of the game.",
        "You lost your last energy! Regain {n} energy now ({beer}) or you are out of the game.",
    ),
}
