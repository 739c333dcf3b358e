"""The Duel's legal actions as buttons, one step at a time (card, as BANG!, target character, target card)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, partial
from typing import Any

from bangbot.games.contract import STEP_ANSWER, STEP_CARD, STEP_TARGET, STEP_TARGET_CARD, TOP, MakeData, Step
from bangbot.games.duel.presenter.labels import ability_owner, card_label, fighter_at, slot_label
from bangbot.games.duel.presenter.prompts import AS_CARD, RELOAD, REUSE, asked, played_as, reason_of
from bangbot.games.duel.rules.actions import Choose, Pass, Play, Use
from bangbot.games.duel.rules.data import CARDS, CHARACTER
from bangbot.games.duel.rules.requests import CardDuel, Decision, Dodge, Indians, options_of
from bangbot.games.duel.rules.views import DuelView
from bangbot.games.duel.texts.names import duel_character_name
from bangbot.i18n import Translator
from bangbot.i18n.wording import players
from bangbot.messaging.adapter import BACK as FIXED_BACK
from bangbot.messaging.adapter import END, Keyboard
from bangbot.messaging.presenting.life_bar import life_bar
from bangbot.messaging.press.confirm import with_confirmations
from bangbot.messaging.press.step_menu import (
    ABOUT,
    ENDING,
    PRESS,
    Entry,
    Menu,
    Option,
    branches,
    opens,
    parent,
    paths,
    pressed,
    render,
    rows,
)
from bangbot.messaging.press.step_menu import walk_choices as walk

NONE = "none"  # the option that declines a card's choice
HAND = -1  # a target card that means a random card from the hand


def pass_label(tr: Translator, r: Decision | None) -> str:
    """Returns the label of Pass for what the seat is asked: take the hit, lose the life, give up the duel."""
    if isinstance(r, Indians):
        return tr.gettext("Lose 1 life")
    if isinstance(r, CardDuel):
        return tr.gettext("Give up (your attacking character loses 1 life)")
    if isinstance(r, Dodge):
        return tr.gettext("Take the hit (lose 1 life)")
    return tr.gettext("Decline")


def holder_slot(view: DuelView, card: int) -> int | None:
    """Returns the slot of the character that has a card in play, or None."""
    return next((f.slot for q in view.squads for f in q.fighters if card in f.equipment or card in f.resources), None)


SEAT_REASONS = ("shotgun", "cover", "blow", "union_pacific")  # options that name a player (seat), not a card


def none_label(tr: Translator, reason: str) -> str:
    """Returns the text of declining a card's or an ability's choice."""
    if reason in ("shotgun", "cover"):
        return tr.gettext("No swap")
    if reason in ("carbine", "ambush", "blow"):
        return tr.gettext("Discard nothing")
    if reason == "loots_the_dead":
        return tr.gettext("Take nothing more")
    return tr.gettext("Decline")


def seat_option_label(tr: Translator, view: DuelView, reason: str, seat: int, names: Sequence[str]) -> str:
    """Returns an option that names a player: whose characters swap, whose hand loses a card, whose deck."""
    if reason in ("shotgun", "cover"):
        return tr.gettext("Swap the characters of {name}", name=names[seat])
    if reason == "blow":
        return tr.gettext("A random card from the hand of {name}", name=names[seat])
    return tr.gettext("Your own deck") if seat == view.seat else tr.gettext("The deck of {name}", name=names[seat])


def option_label(tr: Translator, view: DuelView, r: Decision | None, value: str, names: Sequence[str]) -> str:
    """Returns a named choice's button text: a character, an ability, a card, a player or a deck, or declining."""
    reason = reason_of(r)
    if value in CHARACTER:
        life = CHARACTER[value].life
        return tr.ngettext(
            "{character}: {n} life", "{character}: {n} lives", life, character=duel_character_name(tr, value)
        )
    if value == NONE:
        return none_label(tr, reason)
    if (owner := ability_owner(value)) is not None:
        return tr.gettext("Use the ability of {character}", character=duel_character_name(tr, owner))
    if value.isdigit() and reason in SEAT_REASONS and int(value) < len(view.squads):
        return seat_option_label(tr, view, reason, int(value), names)
    if value.isdigit() and int(value) < len(CARDS):
        card = card_label(tr, int(value))
        slot = holder_slot(view, int(value))
        return (
            card
            if slot is None
            else tr.gettext("{card} at {target}", card=card, target=slot_label(tr, view, names, slot))
        )
    # A decision of a kind this presenter does not know numbers its options as they come.
    options = options_of(r) or tuple(a.option for a in view.legal if isinstance(a, Choose))
    return tr.gettext("Option {n}", n=options.index(value) + 1 if value in options else 1)


def answer_label(tr: Translator, view: DuelView, value: str, names: Sequence[str]) -> str:
    """Returns the text of a step that is no card and no target: an answer, an option, or a way to play a card."""
    r = asked(view)
    if value == "end":
        return tr.gettext("End the turn")
    if value == "pass":
        return pass_label(tr, r)
    if value == "swap":
        return tr.gettext("Swap your attacking and covering characters")
    if value == RELOAD:
        return tr.gettext("Reload: discard a card, draw a new one")
    if value == "no_target":
        return tr.gettext("Play it with no card on an attacking character")
    if value == AS_CARD + REUSE:
        return tr.gettext("Discard a card to use {card}", card=played_as(tr, view, REUSE))
    if value.startswith(AS_CARD):
        return tr.gettext("Play a card as {card}", card=played_as(tr, view, value[len(AS_CARD) :]))
    return option_label(tr, view, r, value, names)


def step_label(tr: Translator, view: DuelView, step: Step, group: list[Option], names: Sequence[str]) -> str:
    """Returns the text of the button that picks one step (shared by the actions of group)."""
    value = step.value
    if step.kind == STEP_CARD and isinstance(value, int):
        if all(isinstance(a, Use) for _, a, _ in group):
            return tr.gettext("Use {card}", card=card_label(tr, value))
        return card_label(tr, value)
    if step.kind == STEP_TARGET and isinstance(value, int):
        target, f = slot_label(tr, view, names, value), fighter_at(view, value)
        return (
            target
            if f is None
            else tr.gettext("{target}, {life}", target=target, life=life_bar(tr, f.life, f.max_life))
        )
    if step.kind == STEP_TARGET_CARD and isinstance(value, int):
        return tr.gettext("A random card from the hand") if value == HAND else card_label(tr, value)
    return answer_label(tr, view, str(value), names)


def ended_label(tr: Translator, view: DuelView, action: Any, names: Sequence[str]) -> str:
    """Returns the text of an action whose steps end where others go on (a card played with no target)."""
    if isinstance(action, Pass):
        return pass_label(tr, asked(view))
    if isinstance(action, Choose):
        return option_label(tr, view, asked(view), action.option, names)
    if isinstance(action, Play):
        return tr.gettext("Play it with no target")
    return tr.gettext("Choose this")


def keyboard(tr: Translator, view: DuelView, names: Sequence[str], level: str, make: MakeData) -> Keyboard:
    """Returns the buttons of one step of a seat's choice: TOP, or a later step ('s<action>.<depth>').

    The steps are the ruleset's (Ruleset.steps): a button opens the next step while several actions share the steps
    pressed so far, and applies the action ('a<index>') once it is the only one. « Back (on every later step) and
    the ways to play nothing (on the first) are alone in the last rows. A risky choice opens its confirmation step
    ('k<index>', see confirm.py).
    """
    return render(menu(tr, view, names, level), make)


def menu(tr: Translator, view: DuelView, names: Sequence[str], level: str) -> Menu:
    """Returns the entries of one step (see keyboard), their texts not yet written."""
    return with_confirmations(step_entries, tr, view, names, level)


def step_entries(tr: Translator, view: DuelView, names: Sequence[str], level: str) -> Menu:
    """Returns the entries of one step but a confirmation (see keyboard)."""
    written = cache(lambda: players(tr, names))
    options = paths(view)
    prefix = pressed(options, level)
    ended, groups = branches(options, prefix)
    picks = [Entry(f"{PRESS}{i}", partial(ended_text, tr, view, a, written)) for i, a, _ in ended]
    cards: list[Entry] = []
    answers: list[Entry] = []
    ending: list[Entry] = []
    for group in groups:
        i, _, path = group[0]
        step = path[len(prefix)]
        label = partial(step_text, tr, view, step, group, written)
        if len(group) == 1 and len(path) == len(prefix) + 1:
            if not prefix and step.kind == STEP_ANSWER and step.value in ENDING:
                ending.append(Entry(f"{PRESS}{i}", label, fixed=END))
                continue
            entry = Entry(f"{PRESS}{i}", label)
        else:
            entry = Entry(opens(i, len(prefix) + 1), partial(more, label))
        (cards if step.kind == STEP_CARD and not prefix else answers).append(entry)
    if not prefix:
        return rows(cards) + rows(answers, 1) + rows(ending, 1)
    back = Entry(parent(options, prefix), lambda: tr.gettext("« Back"), fixed=FIXED_BACK)
    return (*rows(picks + cards + answers, 1), *about_row(tr, prefix), (back,))


Written = Callable[[], Sequence[str]]  # the seats' names as buttons write them, written when first asked for


def ended_text(tr: Translator, view: DuelView, action: Any, written: Written) -> str:
    """Returns ended_label's text, the names written now."""
    return ended_label(tr, view, action, written())


def step_text(tr: Translator, view: DuelView, step: Step, group: list[Option], written: Written) -> str:
    """Returns step_label's text, the names written now."""
    return step_label(tr, view, step, group, written())


def more(label: Callable[[], str]) -> str:
    """Returns the text of a button that opens a further step: its label and an ellipsis."""
    return f"{label()} …"


def about_row(tr: Translator, prefix: tuple[Step, ...]) -> Menu:
    """Returns the ❓ row of a card's step (the step after its card was pressed): its text, changing nothing."""
    last = prefix[-1] if prefix else None
    if last is None or last.kind != STEP_CARD or not isinstance(last.value, int):
        return ()
    card = last.value
    return ((Entry(f"{ABOUT}{card}", lambda: tr.gettext("❓ {card}", card=card_label(tr, card))),),)


def reachable_choices(tr: Translator, view: DuelView, names: Sequence[str]) -> frozenset[str]:
    """Returns the choices of the buttons of every step a seat can reach; no button's text is written."""
    return walk(lambda level: menu(tr, view, names, level), TOP)


def level_steps(view: DuelView, level: str) -> tuple[Step, ...]:
    """Returns the steps a level stands for (none for the first step or a level no longer current)."""
    return pressed(paths(view), level)
