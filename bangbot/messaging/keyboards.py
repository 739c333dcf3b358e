"""Legal actions as buttons, one step at a time: card, then target, then which card; with a way back."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bangbot.core.actions import (
    HAND,
    Action,
    Answer,
    Discard,
    DrawDeck,
    DrawDiscard,
    DrawHand,
    EndTurn,
    Heal,
    Pass,
    Pick,
    Play,
    PutBack,
)
from bangbot.core.hints import pointless
from bangbot.core.views import PlayerView
from bangbot.i18n import Translator
from bangbot.i18n.glossary import character_name
from bangbot.i18n.wording import players
from bangbot.messaging.adapter import BACK as FIXED_BACK
from bangbot.messaging.adapter import END, Button, Keyboard
from bangbot.messaging.render import card_label, cards_label

TOP = ""
BACK = "x"
HEAL_MENU = "h"
ROW_WIDTH = 2

MakeData = Callable[[str], str]


def pass_label(tr: Translator, view: PlayerView) -> str:
    """Returns the label of Pass for what the seat is asked."""
    request = next((r for r in view.requests if r["seat"] == view.seat), None)
    kind = request["type"] if request else ""
    if kind == "Dying":
        return tr.gettext("Go out of the game")
    if kind == "DuelTurn":
        return tr.gettext("Give up the Duel (lose 1 life)")
    return tr.gettext("Take the hit (lose 1 life)")


def action_label(tr: Translator, view: PlayerView, action: Action, names: Sequence[str]) -> str:
    """Returns the text of a button that applies action at once."""
    if isinstance(action, Play):
        return card_label(tr, action.card)
    if isinstance(action, Answer | Discard | Pick):
        return card_label(tr, action.card)
    if isinstance(action, PutBack):
        return tr.gettext("Put back {card}", card=card_label(tr, action.card))
    if isinstance(action, Heal):
        return cards_label(tr, action.cards)
    if isinstance(action, Pass):
        return pass_label(tr, view)
    if isinstance(action, EndTurn):
        return tr.gettext("End the turn")
    if isinstance(action, DrawDeck):
        return tr.gettext("Draw from the deck")
    if isinstance(action, DrawDiscard):
        top = card_label(tr, view.discard[-1]) if view.discard else ""
        return tr.gettext("Take {card} from the discard pile", card=top)
    if isinstance(action, DrawHand):
        return tr.gettext("Draw from the hand of {name}", name=names[action.target])
    raise AssertionError(f"no label for {action!r}")


def rows(buttons: list[Button], width: int = ROW_WIDTH) -> Keyboard:
    """Returns buttons laid out in rows of width."""
    return tuple(tuple(buttons[i : i + width]) for i in range(0, len(buttons), width))


def parse_level(level: str) -> tuple[int | None, int | None]:
    """Returns the card and the target a step is about: 'c<card>' and 't<card>.<seat>'; (None, None) otherwise."""
    if level.startswith("c"):
        return int(level[1:]), None
    if level.startswith("t"):
        card, target = (int(x) for x in level[1:].split("."))
        return card, target
    return None, None


def keyboard(tr: Translator, view: PlayerView, names: Sequence[str], level: str, make: MakeData) -> Keyboard:
    """Returns the buttons of one step: TOP, a card's targets ('c<card>'), a target's cards ('t<card>.<seat>').

    « Back (on every later step) and the way to play nothing (on the first) are always alone in the last row.
    """
    legal = list(view.legal)
    names = players(tr, names)
    back = Button(tr.gettext("« Back"), make(BACK), fixed=FIXED_BACK)
    card, target = parse_level(level)
    if card is not None and target is None:
        return (*card_menu(tr, view, names, card, legal, make), (back,))
    if card is not None:
        picks = [
            Button(
                tr.gettext("A random card from the hand")
                if a.target_card == HAND
                else card_label(tr, a.target_card or 0),
                make(f"a{i}"),
            )
            for i, a in enumerate(legal)
            if isinstance(a, Play) and a.card == card and a.target == target and a.target_card is not None
        ]
        return (*rows(picks, 1), (Button(back.text, make(f"c{card}"), fixed=FIXED_BACK),))
    if level == HEAL_MENU:
        heals = [
            Button(action_label(tr, view, a, names), make(f"a{i}")) for i, a in enumerate(legal) if isinstance(a, Heal)
        ]
        return (*rows(heals, 1), (back,))
    return top_menu(tr, view, names, legal, make)


def reachable_choices(tr: Translator, view: PlayerView, names: Sequence[str]) -> frozenset[str]:
    """Returns the choices of the buttons of every step: the first, and each one a button of another step opens."""
    found: set[str] = set()
    levels, seen = [TOP], set()
    while levels:
        level = levels.pop()
        if level in seen:
            continue
        seen.add(level)
        for row in keyboard(tr, view, names, level, lambda choice: choice):
            for button in row:
                found.add(button.data)
                if not button.data.startswith("a") and button.data != BACK:
                    levels.append(button.data)
    return frozenset(found)


def top_menu(tr: Translator, view: PlayerView, names: Sequence[str], legal: list[Action], make: MakeData) -> Keyboard:
    """Returns the first step: one button per card or direct answer, then the heal menu, and playing nothing last."""
    cards: list[Button] = []
    heal: list[Button] = []
    ending: list[Button] = []
    opened: set[int] = set()
    for i, a in enumerate(legal):
        if isinstance(a, Play):
            if a.card in opened:
                continue
            several = sum(1 for b in legal if isinstance(b, Play) and b.card == a.card) > 1
            if several or a.target is not None or pointless(view, a.card) is not None:
                opened.add(a.card)
                cards.append(Button(card_label(tr, a.card) + " …", make(f"c{a.card}")))
            else:
                cards.append(Button(card_label(tr, a.card), make(f"a{i}")))
        elif isinstance(a, Heal):
            if not heal:
                label = tr.gettext("{name}: discard cards for 1 life", name=character_name(tr, "sid_ketchum"))
                heal.append(Button(label, make(HEAL_MENU)))
        elif isinstance(a, Pass | EndTurn):
            ending.append(Button(action_label(tr, view, a, names), make(f"a{i}"), fixed=END))
        else:
            cards.append(Button(action_label(tr, view, a, names), make(f"a{i}")))
    return rows(cards) + rows(heal, 1) + rows(ending, 1)


def card_menu(
    tr: Translator, view: PlayerView, names: Sequence[str], card: int, legal: list[Action], make: MakeData
) -> Keyboard:
    """Returns the second step for one card: its targets, or a confirmation when it would do nothing."""
    buttons: list[Button] = []
    seen_targets: set[int] = set()
    for i, a in enumerate(legal):
        if not isinstance(a, Play) or a.card != card:
            continue
        if a.target is None:
            label = tr.gettext("Play it anyway") if pointless(view, a.card) else card_label(tr, a.card)
            buttons.append(Button(label, make(f"a{i}")))
        elif a.target_card is None:
            buttons.append(Button(target_label(tr, view, names, a.target), make(f"a{i}")))
        elif a.target not in seen_targets:
            seen_targets.add(a.target)
            buttons.append(Button(target_label(tr, view, names, a.target), make(f"t{card}.{a.target}")))
    return rows(buttons)


def target_label(tr: Translator, view: PlayerView, names: Sequence[str], target: int) -> str:
    """Returns a target's button text: its name, or 'yourself'."""
    return tr.gettext("Yourself") if target == view.seat else names[target]
