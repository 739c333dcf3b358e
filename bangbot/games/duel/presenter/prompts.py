"""What a Duel seat is asked, in words: the line above its buttons, for every kind of decision and every step."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bangbot.games.contract import STEP_ANSWER, STEP_CARD, STEP_TARGET, Step
from bangbot.games.duel.presenter.labels import ability_owner, card_label, position_label, slot_label, source_name
from bangbot.games.duel.presenter.lines import winner_line
from bangbot.games.duel.rules.data import CARDS, CHARACTER, EQUIPMENT
from bangbot.games.duel.rules.requests import (
    CHOICES,
    CardDuel,
    Choice,
    Choices,
    Decision,
    DiscardOne,
    Dodge,
    HandLimit,
    Indians,
    KeepOne,
    Lineup,
    Loot,
    Replace,
    StandIn,
    StorePick,
)
from bangbot.games.duel.rules.views import DuelView
from bangbot.games.duel.texts.help import DUEL_CHARACTER_HELP, says_always_active
from bangbot.games.duel.texts.names import duel_card_name, duel_character_name
from bangbot.i18n import Translator
from bangbot.i18n.wording import players

Asking = Callable[[Translator, DuelView, Any, Sequence[str]], str]
AS_CARD = "as_"  # an answer step that plays a card as another: 'as_bang'
RELOAD = "reload"
REUSE = "reuse"  # Play.how of a card discarded to use the action on top of the discard pile
AS_NAMES = {"bang": "colt"}  # what a card is played as, by Play.how: the card name it counts as


def played_as(tr: Translator, view: DuelView, how: str) -> str:
    """Returns what a card played another way (Play.how) counts as: Colt, or the action on top of the discard pile."""
    if how == REUSE:
        return card_label(tr, view.discard[-1]) if view.discard else source_name(tr, how)
    return duel_card_name(tr, AS_NAMES[how]) if how in AS_NAMES else source_name(tr, how)


def asked(view: DuelView) -> Decision | None:
    """Returns the decision the view's seat is asked now, or None (its own turn, or not its move)."""
    return next((r for r in view.requests if r.seat == view.seat), None)


def reason_of(r: Decision | None) -> str:
    """Returns the card or ability a named choice is for ("" for another decision, or none)."""
    return r.reason if isinstance(r, CHOICES) else ""


def hit_source(tr: Translator, r: Dodge | Indians | CardDuel) -> str:
    """Returns what a hit comes from: its card, else the ability or effect that fired it."""
    if r.card is not None:
        return card_label(tr, r.card)
    return source_name(tr, (r.rider if isinstance(r, Dodge) else "") or "partner")


def own_character(tr: Translator, r: Dodge | Indians) -> str:
    """Returns the asked seat's character a decision is about: 'Jango (attacking)'."""
    return position_label(tr, r.char or "", r.slot % 2)


def character_ability(tr: Translator, character: str) -> str:
    """Returns a Duel character's ability as /rules names it: "Pearl Hart: …", saying when it is always active."""
    text = tr.name(DUEL_CHARACTER_HELP[character])
    if CHARACTER[character].always and not says_always_active(DUEL_CHARACTER_HELP[character]):
        text = tr.pgettext(
            "sentences", "{text} {sentence}", text=text, sentence=tr.pgettext("duel-rules", "Always active.")
        )
    return tr.pgettext("rules", "{name}: {help}", name=duel_character_name(tr, character), help=text)


def lineup(tr: Translator, view: DuelView, r: Lineup, names: Sequence[str]) -> str:
    """The start: which character attacks, which covers; each character offered with its ability."""
    if r.position == 0:
        question = tr.gettext("Choose your attacking character (the one who shoots and whose cards count).")
    else:
        question = tr.gettext("Choose your covering character.")
    return "\n".join([question, *(character_ability(tr, c) for c in r.options if c in CHARACTER)])


def replace(tr: Translator, view: DuelView, r: Replace, names: Sequence[str]) -> str:
    """A character died: who steps in from the reserve."""
    if r.position == 0:
        return tr.gettext("Your attacking character is out: choose who steps in from the reserve.")
    return tr.gettext("Your covering character is out: choose who steps in from the reserve.")


def dodge(tr: Translator, view: DuelView, r: Dodge, names: Sequence[str]) -> str:
    """A hit on the seat's character: dodge it (maybe several times) or take it."""
    return tr.ngettext(
        "{source}: {name} shoots at {target}. Dodge it or take the hit.",
        "{source}: {name} shoots at {target}. Dodge it {n} times or take the hit.",
        r.need,
        source=hit_source(tr, r),
        name=names[r.by],
        target=own_character(tr, r),
    )


def indians(tr: Translator, view: DuelView, r: Indians, names: Sequence[str]) -> str:
    """Indians! or Indian Chief: a BANG! card for the character, or it loses 1 life."""
    return tr.gettext(
        "{source} from {name}: discard a BANG! card for {target}, or it loses 1 life.",
        source=hit_source(tr, r),
        name=names[r.by],
        target=own_character(tr, r),
    )


def duel(tr: Translator, view: DuelView, r: CardDuel, names: Sequence[str]) -> str:
    """Duel or Ricochet: the next card, or the attacking character loses 1 life."""
    other = r.by if r.seat == r.other else r.other
    values = {"source": hit_source(tr, r), "name": names[other]}
    if r.weapon == "missed":
        return tr.gettext(
            "{source} with {name}: discard a {missed} card, or your attacking character loses 1 life.",
            missed=duel_card_name(tr, "missed"),
            **values,
        )
    return tr.gettext("{source} with {name}: discard a BANG! card, or your attacking character loses 1 life.", **values)


def discard(tr: Translator, view: DuelView, r: DiscardOne, names: Sequence[str]) -> str:
    """A card to discard from the hand, for a card's or a character's effect."""
    if r.reason:
        return tr.gettext("{source}: discard a card from your hand.", source=source_name(tr, r.reason))
    return tr.gettext("Discard a card from your hand.")


def limit(tr: Translator, view: DuelView, r: HandLimit, names: Sequence[str]) -> str:
    """The hand limit at the end of the turn."""
    return tr.ngettext("Discard down to {n} card.", "Discard down to {n} cards.", view.hand_limit)


def store(tr: Translator, view: DuelView, r: StorePick, names: Sequence[str]) -> str:
    """A General Store pick."""
    return tr.gettext("{card}: pick one card.", card=duel_card_name(tr, "general_store"))


def option(tr: Translator, view: DuelView, r: Choices, names: Sequence[str]) -> str:
    """A named choice a card leaves to its player."""
    reason = r.reason
    if (by_ability := ability_option(tr, r)) is not None:
        return by_ability
    card = source_name(tr, reason) if reason else ""
    left = r.left if isinstance(r, Choice) and r.left is not None else 1
    if reason == "carbine":
        return tr.gettext("{card} was dodged: you may discard a card in play on an attacking character.", card=card)
    if reason == "shotgun":
        return tr.gettext("{card} was dodged: you may swap a player's attacking and covering characters.", card=card)
    if reason == "ambush":
        return tr.gettext("{card}: you may also discard a card in play on your own attacking character.", card=card)
    if reason == "cover":
        return tr.ngettext(
            "{card}: you may swap a player's attacking and covering characters ({n} swap left).",
            "{card}: you may swap a player's attacking and covering characters ({n} swaps left).",
            left,
            card=card,
        )
    if reason == "blow":
        return tr.gettext("{card}: you may discard a random card from a player's hand.", card=card)
    if reason == "union_pacific":
        return tr.ngettext(
            "{card}: which deck do you draw from? ({n} card left)",
            "{card}: which deck do you draw from? ({n} cards left)",
            left,
            card=card,
        )
    if card:
        return tr.gettext("{card}: choose one.", card=card)
    return tr.gettext("Choose one of the buttons below.")


def keep(tr: Translator, view: DuelView, r: KeepOne, names: Sequence[str]) -> str:
    """Cards drawn to keep one of them (Sundance Kid)."""
    return tr.gettext("Keep one of the cards drawn; the others go to the discard pile.")


def ability_option(tr: Translator, r: Choices) -> str | None:
    """Returns what a character's ability asks (an option whose reason is an ability), or None for another reason."""
    reason = r.reason
    owner = ability_owner(reason)
    if owner is None:
        return None
    character = duel_character_name(tr, owner)
    if isinstance(r, StandIn):
        return tr.ngettext(
            "{target} is about to lose {n} life: does {character} take the loss instead?",
            "{target} is about to lose {n} lives: does {character} take the loss instead?",
            r.amount,
            target=position_label(tr, r.char or "", r.slot % 2),
            character=character,
        )
    if isinstance(r, Loot):
        return tr.ngettext(
            "{character}: you may take {n} more card of the fallen character or from its player's hand.",
            "{character}: you may take {n} more cards of the fallen character or from its player's hand.",
            r.left,
            character=character,
        )
    if reason == "discards_own_card_draws":
        return tr.gettext(
            "{character}: which card in play on this character do you discard to draw 2 cards?", character=character
        )
    return tr.gettext("{card}: choose one.", card=character)


# What each pending decision asks, by its type.
ASKING: dict[type, Asking] = {
    Lineup: lineup,
    Replace: replace,
    Dodge: dodge,
    Indians: indians,
    CardDuel: duel,
    DiscardOne: discard,
    HandLimit: limit,
    StorePick: store,
    **dict.fromkeys(CHOICES, option),
    KeepOne: keep,
}


def request_prompt(tr: Translator, view: DuelView, r: Decision, names: Sequence[str]) -> str:
    """Returns what a decision asks; a decision this presenter does not know gets a general line."""
    asking = ASKING.get(type(r))
    return asking(tr, view, r, names) if asking is not None else tr.gettext("Make your choice with the buttons below.")


def top_prompt(tr: Translator, view: DuelView, names: Sequence[str], standin: bool) -> str:
    """Returns the line that tells a seat what it must decide now, or what it waits for."""
    assert view.seat is not None
    if view.winner:
        return winner_line(tr, view.winner)
    if standin:
        return tr.gettext("You missed two deadlines in a row, so the AI plays for you. Press “I'm back” to play again.")
    if view.seat not in view.awaiting:
        return tr.gettext("Not your move now: the group's table shows whose it is.")
    r = asked(view)
    if r is None:
        return tr.gettext("Your turn: play cards, then end the turn.")
    return request_prompt(tr, view, r, names)


def step_prompt(tr: Translator, view: DuelView, names: Sequence[str], prefix: tuple[Step, ...]) -> str:
    """Returns the header of a later step, naming what was chosen so far: 'Colt 🧨 → at whom?'."""
    first = prefix[0]
    if first.kind == STEP_ANSWER and first.value == RELOAD:
        return tr.gettext("Which card do you discard to draw a new one?")
    cards = [s for s in prefix if s.kind == STEP_CARD and isinstance(s.value, int)]
    as_card = (
        str(first.value)[len(AS_CARD) :] if first.kind == STEP_ANSWER and str(first.value).startswith(AS_CARD) else ""
    )
    counts_as = played_as(tr, view, as_card) if as_card else ""
    if not cards and as_card == REUSE:
        return tr.gettext("Which card do you discard to use {card}?", card=counts_as)
    if not cards:
        return (
            tr.gettext("Which card do you play as {card}?", card=counts_as)
            if counts_as
            else tr.gettext("Choose one of the buttons below.")
        )
    assert isinstance(cards[0].value, int)
    label = card_label(tr, cards[0].value)
    if counts_as:
        label = tr.gettext("{card} as {other}", card=label, other=counts_as)
    last = prefix[-1]
    if last.kind == STEP_TARGET and isinstance(last.value, int):
        return tr.gettext("{card} → {name}: which card?", card=label, name=slot_label(tr, view, names, last.value))
    return "\n".join([tr.gettext("{card} → at whom?", card=label), *equipment_note(tr, cards[0].value)])


def equipment_note(tr: Translator, card: int) -> list[str]:
    """Returns, for an equipment card, which of its owner's characters it works on (none for other cards)."""
    kind = CARDS[card].type
    if kind.frame != EQUIPMENT:
        return []
    if kind.always:
        return [tr.gettext("Always active: it counts on a covering character too.")]
    return [
        tr.gettext(
            "It counts only while its character attacks, or is the target of a hit; on a covering character it waits."
        )
    ]


def prompt(tr: Translator, view: DuelView, names: Sequence[str], standin: bool, prefix: tuple[Step, ...]) -> str:
    """Returns what a seat must decide now, or (at a later step) about which card; names as stored."""
    written = players(tr, names)
    if prefix and view.legal and not standin:
        return step_prompt(tr, view, written, prefix)
    return top_prompt(tr, view, written, standin)
