"""The Duel's actions as short texts ("play 12 @3 #40 as=bang", "answer 7", "choose wyatt_earp") and back."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from bangbot.core.errors import BadNotation
from bangbot.games.duel.rules import actions as act
from bangbot.games.duel.rules.actions import DuelAction

_CARD_WORDS: dict[str, type[act.Answer | act.Reload | act.Discard | act.Pick]] = {
    "answer": act.Answer,
    "reload": act.Reload,
    "discard": act.Discard,
    "pick": act.Pick,
}
_BARE: dict[str, DuelAction] = {"swap": act.Swap(), "pass": act.Pass(), "end": act.EndTurn()}


def to_text(action: DuelAction) -> str:
    """Returns the action's text."""
    if isinstance(action, act.Play):
        parts = [f"play {action.card}"]
        if action.target is not None:
            parts.append(f"@{action.target}")
        if action.target_card is not None:
            parts.append(f"#{action.target_card}")
        if action.how:
            parts.append(f"as={action.how}")
        return " ".join(parts)
    if isinstance(action, act.Use):
        target = f" @{action.target}" if action.target is not None else ""
        return f"use {action.card}{target}" + (f" as={action.how}" if action.how else "")
    if isinstance(action, act.Choose):
        return f"choose {action.option}"
    for word, kind in _CARD_WORDS.items():
        if isinstance(action, kind):
            return f"{word} {action.card}"
    return next(word for word, bare in _BARE.items() if bare == action)


def _int(text: str, whole: str) -> int:
    """Returns the number a token holds; raises BadNotation otherwise."""
    try:
        return int(text)
    except ValueError:
        raise BadNotation(f"not a number in {whole!r}: {text!r}") from None


def parse(text: str) -> DuelAction:
    """Returns the action a text names; raises BadNotation for a malformed one."""
    words = text.split()
    if not words:
        raise BadNotation("empty action")
    parser = _PARSERS.get(words[0])
    action = parser(words[1:], text) if parser is not None else None
    if action is None:
        raise BadNotation(f"not a Duel action: {text!r}")
    return action


def _parse_bare(action: DuelAction, rest: list[str], text: str) -> DuelAction | None:
    """Returns a word alone ('swap', 'pass', 'end')."""
    return None if rest else action


def _parse_choose(rest: list[str], text: str) -> DuelAction | None:
    """Returns 'choose OPTION'."""
    return act.Choose(rest[0]) if len(rest) == 1 else None


def _parse_card_word(
    make: type[act.Answer | act.Reload | act.Discard | act.Pick], rest: list[str], text: str
) -> DuelAction | None:
    """Returns a word of one card ('answer 7', 'discard 12', ...)."""
    return make(_int(rest[0], text)) if len(rest) == 1 else None


def _parse_card_play(head: str, rest: list[str], text: str) -> DuelAction | None:
    """Returns 'play CARD [@SLOT] [#CARD] [as=HOW]' or 'use CARD [@SLOT] [as=HOW]'."""
    if not rest:
        return None
    card = _int(rest[0], text)
    target: int | None = None
    target_card: int | None = None
    how = ""
    for token in rest[1:]:
        if token.startswith("@"):
            target = _int(token[1:], text)
        elif token.startswith("#") and head == "play":
            target_card = _int(token[1:], text)
        elif token.startswith("as="):
            how = token[3:]
        else:
            raise BadNotation(f"unknown part {token!r} in {text!r}")
    return act.Play(card, target, target_card, how) if head == "play" else act.Use(card, target, how)


# How the words after each head word are read (None: not that word's shape).
_PARSERS: dict[str, Callable[[list[str], str], DuelAction | None]] = {
    **{word: partial(_parse_bare, action) for word, action in _BARE.items()},
    "choose": _parse_choose,
    **{word: partial(_parse_card_word, make) for word, make in _CARD_WORDS.items()},
    "play": partial(_parse_card_play, "play"),
    "use": partial(_parse_card_play, "use"),
}
