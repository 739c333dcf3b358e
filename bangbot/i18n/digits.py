"""Typed text with full-width digits, spaces and question marks (as a Japanese keyboard types them) made plain."""

from __future__ import annotations

FULL_WIDTH = str.maketrans({**{chr(0xFF10 + d): str(d) for d in range(10)}, "\u3000": " ", "？": "?", "／": "/"})


def plain_digits(text: str) -> str:
    """Returns text with full-width digits as 0–9, the ideographic space as a space, and ？ and ／ as ? and /."""
    return text.translate(FULL_WIDTH)


def half_width(text: str) -> str:
    """Returns text with every full-width ASCII form (！ to ～, digits and letters among them) as plain ASCII."""
    return "".join(chr(ord(ch) - 0xFEE0) if "\uff01" <= ch <= "\uff5e" else ch for ch in text)
