"""The Duel's actions as short texts ("play 12 @3 #40 as=bang", "answer 7", "choose wyatt_earp") and back."""

from __future__ import annotations

from bangbot.core.duel.actions import (
    Answer,
    Choose,
    Discard,
    DuelAction,
    EndTurn,
    Pass,
    Pick,
    Play,
    Reload,
    Swap,
    Use,
)
from bangbot.core.errors import BadNotation

_CARD_WORDS: dict[str, type[Answer | Reload | Discard | Pick]] = {
    "answer": Answer,
    "reload": Reload,
    "discard": Discard,
    "pick": Pick,
}
_BARE: dict[str, DuelAction] = {"swap": Swap(), "pass": Pass(), "end": EndTurn()}


def to_text(action: DuelAction) -> str:
    """Returns the action's text."""
    if isinstance(action, Play):
        parts = [f"play {action.card}"]
        if action.target is not None:
            parts.append(f"@{action.target}")
        if action.target_card is not None:
            parts.append(f"#{action.target_card}")
        if action.how:
            parts.append(f"as={action.how}")
        return " ".join(parts)
    if isinstance(action, Use):
        target = f" @{action.target}" if action.target is not None else ""
        return f"use {action.card}{target}" + (f" as={action.how}" if action.how else "")
    if isinstance(action, Choose):
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
    head, rest = words[0], words[1:]
    if head in _BARE and not rest:
        return _BARE[head]
    if head == "choose" and len(rest) == 1:
        return Choose(rest[0])
    if head in _CARD_WORDS and len(rest) == 1:
        return _CARD_WORDS[head](_int(rest[0], text))
    if head in ("play", "use") and rest:
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
        return Play(card, target, target_card, how) if head == "play" else Use(card, target, how)
    raise BadNotation(f"not a Duel action: {text!r}")
