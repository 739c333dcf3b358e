"""Legal actions as buttons, one step at a time: card, then target, then which card; with a way back."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cached_property

from bangbot.games.bang.presenter.labels import card_label, cards_label
from bangbot.games.bang.rules import actions as act
from bangbot.games.bang.rules.actions import HAND, Action
from bangbot.games.bang.rules.hints import own_turn_to_play, pointless
from bangbot.games.bang.rules.views import PlayerView
from bangbot.games.bang.texts.glossary import character_name, role_name
from bangbot.games.contract import BACK, STEP_ANSWER, STEP_CARD, STEP_TARGET, TOP, MakeData, Step
from bangbot.i18n import Translator
from bangbot.i18n.theme import extension
from bangbot.i18n.wording import players
from bangbot.messaging.adapter import BACK as FIXED_BACK
from bangbot.messaging.adapter import END, Keyboard
from bangbot.messaging.presenting.life_bar import life_bar
from bangbot.messaging.press.confirm import with_confirmations
from bangbot.messaging.press.step_menu import (
    ABOUT,
    ENDING,
    Entry,
    Menu,
    Option,
    number,
    paths,
    render,
    rows,
    walk_choices,
)

HEAL_MENU = "h"


def pass_label(tr: Translator, view: PlayerView) -> str:
    """Returns the label of Pass for what the seat is asked."""
    request = next((r for r in view.requests if r["seat"] == view.seat), None)
    kind = request["type"] if request else ""
    if kind == "Dying":
        return tr.gettext("Go out of the game")
    if kind == "DuelTurn":
        return tr.gettext("Give up the Duel (lose 1 life)")
    if kind == "IndiansRespond":
        return tr.gettext("Lose 1 life")
    if (themed := extension(tr, "passes").get(kind)) is not None:
        return str(themed(tr))
    return tr.gettext("Take the hit (lose 1 life)")


def action_label(tr: Translator, view: PlayerView, action: Action, names: Sequence[str]) -> str:
    """Returns the text of a button that applies action at once."""
    if isinstance(action, act.Play):
        return card_label(tr, action.card)
    if isinstance(action, act.Answer | act.Discard | act.Pick):
        return card_label(tr, action.card)
    if isinstance(action, act.PutBack):
        return tr.gettext("Put back {card}", card=card_label(tr, action.card))
    if isinstance(action, act.Heal):
        return cards_label(tr, action.cards)
    if isinstance(action, act.Pass):
        return pass_label(tr, view)
    if isinstance(action, act.EndTurn):
        return tr.gettext("End the turn")
    if isinstance(action, act.DrawDeck):
        return tr.gettext("Draw from the deck")
    if isinstance(action, act.DrawDiscard):
        top = card_label(tr, view.discard[-1]) if view.discard else ""
        return tr.gettext("Take {card} from the discard pile", card=top)
    if isinstance(action, act.DrawHand):
        seat = view.seats[action.target]
        return tr.gettext(
            "Draw from the hand of {name} ({character}, {hand})",
            name=names[action.target],
            character=character_name(tr, seat.character),
            hand=tr.ngettext("{n} card", "{n} cards", seat.hand_count),
        )
    if (themed := extension(tr, "actions").get(type(action).__name__)) is not None:
        return str(themed(tr, action))
    raise AssertionError(f"no label for {action!r}")


def parse_level(level: str) -> tuple[int | None, int | None]:
    """Returns the card and the target a step is about: 'c<card>' and 't<card>.<seat>'; (None, None) otherwise."""
    if level.startswith("c"):
        return int(level[1:]), None
    if level.startswith("t"):
        card, target = (int(x) for x in level[1:].split("."))
        return card, target
    return None, None


def opened_steps(choice: str) -> tuple[Step, ...] | None:
    """Returns the steps a choice of this menu's own stands for: a card's step ('c<card>'), a target's
    ('t<card>.<seat>'), the heal step; None for any other choice."""
    card, target = parse_level(choice) if choice[:1] in "ct" and choice[1:].replace(".", "").isdigit() else (None, None)
    if card is None:
        return (HEAL,) if choice == HEAL_MENU else None
    return (Step(STEP_CARD, card),) if target is None else (Step(STEP_CARD, card), Step(STEP_TARGET, target))


def keyboard(tr: Translator, view: PlayerView, names: Sequence[str], level: str, make: MakeData) -> Keyboard:
    """Returns the buttons of one step: TOP, a card's targets ('c<card>'), a target's cards ('t<card>.<seat>').

    The steps come from the game's ruleset (Ruleset.steps): a button opens the next step while several actions
    share the steps pressed so far. « Back (on every later step) and the way to play nothing (on the first) are
    always alone in the last row. A risky choice opens its confirmation step ('k<index>', see confirm.py).
    """
    return render(menu(tr, view, names, level), make)


def menu(tr: Translator, view: PlayerView, names: Sequence[str], level: str) -> Menu:
    """Returns the entries of one step (see keyboard), their texts not yet written."""
    return with_confirmations(step_entries, tr, view, names, level)


def step_entries(tr: Translator, view: PlayerView, names: Sequence[str], level: str) -> Menu:
    """Returns the entries of one step but a confirmation (see keyboard)."""
    said = Said(tr, view, names)
    back = Entry(BACK, lambda: tr.gettext("« Back"), fixed=FIXED_BACK)
    options = paths(view)
    card, target = parse_level(level)
    if card is not None and target is None:
        about = Entry(f"{ABOUT}{card}", lambda: tr.gettext("❓ {card}", card=card_label(tr, card)))
        return (*card_menu(said, card, options), (about,), (back,))
    if card is not None and target is not None:
        picks = [
            Entry(f"a{i}", said.random_card if path[2].value == HAND else said.card(number(path[2])))
            for i, _, path in options
            if path[:2] == (Step(STEP_CARD, card), Step(STEP_TARGET, target)) and len(path) == 3
        ]
        return (*rows(picks, 1), (replace(back, choice=f"c{card}"),))
    if level == HEAL_MENU:
        heals = [Entry(f"a{i}", said.action(a)) for i, a, path in options if path[0] == HEAL]
        return (*rows(heals, 1), (back,))
    return top_menu(said, options)


class Said:
    """The texts of one seat's buttons, each written only when asked for (a step shown, not a step walked)."""

    def __init__(self, tr: Translator, view: PlayerView, names: Sequence[str]) -> None:
        self.tr = tr
        self.view = view
        self.raw_names = names

    @cached_property
    def names(self) -> Sequence[str]:
        """Returns the seats' names as buttons write them."""
        return players(self.tr, self.raw_names)

    def action(self, action: Action) -> Callable[[], str]:
        """Returns the text of a button that applies action at once."""
        return lambda: action_label(self.tr, self.view, action, self.names)

    def card(self, card: int, more: str = "") -> Callable[[], str]:
        """Returns a card's text (followed by more)."""
        return lambda: card_label(self.tr, card) + more

    def random_card(self) -> str:
        """Returns the text of a random card from a hand."""
        return self.tr.gettext("A random card from the hand")

    def target(self, target: int, whole: bool = False) -> Callable[[], str]:
        """Returns a target's text (see target_label)."""
        return lambda: target_label(self.tr, self.view, self.names, target, whole)


HEAL = Step(STEP_ANSWER, "heal")


def reachable_choices(tr: Translator, view: PlayerView, names: Sequence[str]) -> frozenset[str]:
    """Returns the choices of the buttons of every step: the first, and each one a button of another step opens.

    Only the step tree is walked: no button's text is written.
    """
    return walk_choices(lambda level: menu(tr, view, names, level), TOP)


def top_menu(said: Said, options: list[Option]) -> Menu:
    """Returns the first step: one button per card or direct answer, then the heal menu, and playing nothing last."""
    view, tr = said.view, said.tr
    cards: list[Entry] = []
    heal: list[Entry] = []
    ending: list[Entry] = []
    opened: set[Step] = set()
    for i, a, path in options:
        first = path[0]
        if first.kind == STEP_CARD:
            if first in opened:
                continue
            shared = sum(1 for _, _, other in options if other[0] == first) > 1
            odd = own_turn_to_play(view) and pointless(view, number(first)) is not None
            if shared or len(path) > 1 or odd:
                opened.add(first)
                cards.append(Entry(f"c{first.value}", said.card(number(first), " …")))
            else:
                cards.append(Entry(f"a{i}", said.action(a)))
        elif first == HEAL:
            if not heal:
                heal.append(Entry(HEAL_MENU, lambda: heal_label(tr, view)))
        elif first.value in ENDING:
            ending.append(Entry(f"a{i}", said.action(a), fixed=END))
        else:
            cards.append(Entry(f"a{i}", said.action(a)))
    return rows(cards) + rows(heal, 1) + rows(ending, 1)


def heal_label(tr: Translator, view: PlayerView) -> str:
    """Returns the text of the step that discards cards for a life."""
    assert view.seat is not None
    own = character_name(tr, view.seats[view.seat].character)
    return tr.gettext("{name}: discard cards for 1 life", name=own)


def card_menu(said: Said, card: int, options: list[Option]) -> Menu:
    """Returns the second step for one card: its targets, or a confirmation when it would do nothing."""
    view, tr = said.view, said.tr
    entries: list[Entry] = []
    seen_targets: set[int] = set()
    for i, a, path in options:
        if path[0] != Step(STEP_CARD, card):
            continue
        if len(path) == 1:
            odd = own_turn_to_play(view) and pointless(view, card) is not None
            entries.append(Entry(f"a{i}", (lambda: tr.gettext("Play it anyway")) if odd else said.action(a)))
            continue
        target = number(path[1])
        if len(path) == 2:
            entries.append(Entry(f"a{i}", said.target(target, whole=True)))
        elif target not in seen_targets:
            seen_targets.add(target)
            entries.append(Entry(f"t{card}.{target}", said.target(target)))
    return rows(entries, 1)


def target_label(tr: Translator, view: PlayerView, names: Sequence[str], target: int, whole: bool = False) -> str:
    """Returns a target's button text: who, character, any known role, life and distance; or oneself.

    'Annie: Vulture Sam [Sheriff], ♥♥♥♥♡ 4/5, distance 1'. One's own seat reads 'Yourself' when the card aims at
    the player (whole: a BANG! on oneself) and 'Your own card' when a card of one's own is chosen next.
    """
    if target == view.seat:
        return tr.gettext("Yourself") if whole else tr.gettext("Your own card")
    seat = view.seats[target]
    character = character_name(tr, seat.character)
    if seat.role:
        character = tr.gettext("{character} [{role}]", character=character, role=role_name(tr, seat.role))
    life = life_bar(tr, seat.life, seat.max_life)
    return tr.gettext(
        "{name}: {character}, {life}, distance {distance}",
        name=names[target],
        character=character,
        life=life,
        distance=view.distances[target],
    )
