"""A stable, readable text for every action, e.g. 'play bang#12 @2', and its parser."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial

from bangbot.core.errors import BadNotation
from bangbot.games.bang.rules import actions as act
from bangbot.games.bang.rules.actions import HAND, Action
from bangbot.games.bang.rules.cards import CARDS, parse_suit_rank
from bangbot.games.bang.rules.plugins import load_declarations

_SINGLE_CARD: dict[str, type[act.Answer | act.Discard | act.PutBack | act.Pick]] = {
    "answer": act.Answer,
    "discard": act.Discard,
    "putback": act.PutBack,
    "pick": act.Pick,
}


def card_ref(index: int) -> str:
    """Returns a card's reference, e.g. 'bang#12'."""
    return CARDS[index].ref


def to_text(action: Action) -> str:
    """Returns the canonical text of an action."""
    if type(action) is act.Pass:  # what settling answers by itself most often, asked first
        return "pass"
    if isinstance(action, act.Play):
        parts = ["play", card_ref(action.card)]
        if action.target is not None:
            parts.append(f"@{action.target}")
        if action.target_card is not None:
            parts.append("hand" if action.target_card == HAND else card_ref(action.target_card))
        return " ".join(parts)
    if isinstance(action, (act.Answer, act.Discard, act.PutBack, act.Pick)):
        verb = next(v for v, cls in _SINGLE_CARD.items() if isinstance(action, cls))
        return f"{verb} {card_ref(action.card)}"
    if isinstance(action, act.Heal):
        return "heal " + " ".join(card_ref(c) for c in action.cards)
    if isinstance(action, act.DrawHand):
        return f"draw @{action.target}"
    if isinstance(action, act.DrawDeck):
        return "draw deck"
    if isinstance(action, act.DrawDiscard):
        return "draw discard"
    if isinstance(action, act.Pass):
        return "pass"
    if isinstance(action, act.EndTurn):
        return "end"
    if isinstance(action, act.VariantAction):
        return action.text()
    raise AssertionError(f"no notation for {action!r}")


def parse_card(token: str) -> int:
    """Returns the card index of an exact reference 'kind#index'; raises BadNotation otherwise."""
    kind, _, number = token.partition("#")
    if not number.isdigit() or int(number) >= len(CARDS) or CARDS[int(number)].kind != kind:
        raise BadNotation(f"not a card reference: {token!r}")
    return int(number)


def parse_seat(token: str) -> int:
    """Returns the seat of a token '@N'; raises BadNotation otherwise."""
    if not token.startswith("@") or not token[1:].isdigit():
        raise BadNotation(f"not a seat: {token!r}")
    return int(token[1:])


def parse(text: str) -> Action:
    """Returns the action written in canonical notation; raises BadNotation for anything else."""
    words = text.split()
    if not words:
        raise BadNotation("empty action")
    if words[0] not in PARSERS:
        load_declarations()  # a variant's verb: its package registers it
    parser = PARSERS.get(words[0])
    action = parser(words[1:]) if parser is not None else None
    if action is None:
        raise BadNotation(f"not an action: {text!r}")
    return action


def _parse_play(args: list[str]) -> Action | None:
    """Returns 'play CARD [@SEAT [CARD|hand]]'."""
    if not 1 <= len(args) <= 3:
        return None
    target = parse_seat(args[1]) if len(args) > 1 else None
    which = None
    if len(args) == 3:
        which = HAND if args[2] == "hand" else parse_card(args[2])
    return act.Play(parse_card(args[0]), target, which)


def _parse_single(make: Callable[[int], Action], args: list[str]) -> Action | None:
    """Returns a verb of one card ('answer CARD', 'discard CARD', ...)."""
    return make(parse_card(args[0])) if len(args) == 1 else None


def _parse_heal(args: list[str]) -> Action | None:
    """Returns 'heal CARD...'."""
    return act.Heal(tuple(parse_card(a) for a in args)) if args else None


def _parse_draw(args: list[str]) -> Action | None:
    """Returns 'draw deck', 'draw discard' or 'draw @SEAT'."""
    if len(args) != 1:
        return None
    if args[0] == "deck":
        return act.DrawDeck()
    if args[0] == "discard":
        return act.DrawDiscard()
    return act.DrawHand(parse_seat(args[0]))


def _parse_bare(action: Action, args: list[str]) -> Action | None:
    """Returns a verb alone ('pass', 'end')."""
    return None if args else action


# How the words after each verb are read (None: not that verb's shape).
PARSERS: dict[str, Callable[[list[str]], Action | None]] = {
    "play": _parse_play,
    **{verb: partial(_parse_single, make) for verb, make in _SINGLE_CARD.items()},
    "heal": _parse_heal,
    "draw": _parse_draw,
    "pass": partial(_parse_bare, act.Pass()),
    "end": partial(_parse_bare, act.EndTurn()),
}


def register_words(parsers: Mapping[str, Callable[[list[str]], Action | None]]) -> None:
    """Adds a variant's verbs to PARSERS; raises ValueError for a verb already read another way."""
    for verb, parser in parsers.items():
        if PARSERS.setdefault(verb, parser) is not parser:
            raise ValueError(f"two actions are written {verb!r}")


def _token_matches(pattern: str, token: str) -> bool:
    """Returns whether a loose token ('bang', 'bang:QH', 'bang#12', '@2') names the exact token."""
    if pattern == token:
        return True
    kind, sep, number = token.partition("#")
    if not sep:
        return False
    if pattern == kind:
        return True
    p_kind, colon, code = pattern.partition(":")
    if not colon or p_kind != kind:
        return False
    try:
        suit, rank = parse_suit_rank(code)
    except ValueError:
        return False
    c = CARDS[int(number)]
    return (c.suit, c.rank) == (suit, rank)


def match(text: str, legal: Sequence[Action]) -> Action:
    """Returns the first legal action a loose text names, where a card may be just its kind."""
    words = text.split()
    if words[:1] == ["heal"]:
        words = ["heal", *sorted(words[1:])]
    for action in legal:
        tokens = to_text(action).split()
        if tokens[:1] == ["heal"]:
            tokens = ["heal", *sorted(tokens[1:])]
        if len(tokens) == len(words) and all(_token_matches(w, t) for w, t in zip(words, tokens, strict=True)):
            return action
    raise BadNotation(f"{text!r} is not legal now; legal: {[to_text(a) for a in legal]}")
