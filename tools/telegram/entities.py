"""Formatted text: ports of tdlib's parse_html, parse_markdown and parse_markdown_v2 to message entities."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from tools.telegram.model import _utf16_len
from tools.telegram.values import _EMOJI_LINK_RE, _USER_LINK_RE, _WS

_Ent = tuple[str, int, int, str]  # tdlib entity type, UTF-16 offset, UTF-16 length, argument
_SPACE_BYTES = frozenset(b" \t\r\n\x00\x0b\x0c")
_HTML_TAGS = frozenset(
    {
        "a",
        "b",
        "strong",
        "i",
        "em",
        "s",
        "strike",
        "del",
        "u",
        "ins",
        "tg-spoiler",
        "tg-emoji",
        "span",
        "pre",
        "code",
        "blockquote",
    }
)
_ENTITY_PRIORITY = {
    "BlockQuote": 0,
    "ExpandableBlockQuote": 0,
    "PreCode": 10,
    "Pre": 11,
    "Code": 20,
    "TextUrl": 49,
    "MentionName": 49,
    "Bold": 90,
    "Italic": 91,
    "Underline": 92,
    "Strikethrough": 93,
    "Spoiler": 94,
    "CustomEmoji": 99,
}
_API_ENTITY_TYPE = {
    "Bold": "bold",
    "Italic": "italic",
    "Underline": "underline",
    "Strikethrough": "strikethrough",
    "Spoiler": "spoiler",
    "Code": "code",
    "Pre": "pre",
    "PreCode": "pre",
    "TextUrl": "text_link",
    "MentionName": "text_mention",
    "BlockQuote": "blockquote",
    "ExpandableBlockQuote": "expandable_blockquote",
    "CustomEmoji": "custom_emoji",
}
_BLOCKQUOTE_EXPANDABLE_RE = re.compile(rb"[ \t\r\n]+expandable[ \t\r\n]*(?=>)", re.IGNORECASE)


class _ParseError(Exception):
    """A formatting error, answered as "Bad Request: can't parse entities: <message>"."""


def _checked_link(url: str) -> str:
    """Returns url as Telegram would keep it for a text link, or "" when it is not a usable link."""
    url = url.strip()
    if not url or any(ch.isspace() for ch in url):
        return ""
    lowered = url.lower()
    if lowered.startswith(("tg:", "ton:")):
        return url
    if "://" not in url:
        url = "http://" + url
    parts = urlsplit(url)
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        return ""
    return url


def _link_entity(url: str, offset: int, length: int) -> _Ent | None:
    """Returns the entity for a link to url: a user mention for tg://user?id=N, a text link, or None."""
    user = _USER_LINK_RE.match(url.strip())
    if user:
        return ("MentionName", offset, length, user.group(1))
    checked = _checked_link(url)
    return ("TextUrl", offset, length, checked) if checked else None


def _decode_html_entity(data: bytes, pos: int) -> tuple[int, int] | None:
    """Decodes the HTML character reference at data[pos] ("&"); returns (code point, next position) or None."""
    n = len(data)

    def at(k: int) -> int:
        return data[k] if k < n else 0

    end = pos + 1
    code = 0
    if at(pos + 1) == ord("#"):
        end += 1
        if at(pos + 2) == ord("x"):
            end += 1
            while chr(at(end)) in "0123456789abcdefABCDEF" and at(end) != 0:
                code = code * 16 + int(chr(at(end)), 16)
                end += 1
        else:
            while ord("0") <= at(end) <= ord("9"):
                code = code * 10 + at(end) - ord("0")
                end += 1
        if code == 0 or code >= 0x10FFFF or end - pos >= 10:
            return None
    else:
        while chr(at(end)).isascii() and chr(at(end)).isalpha():
            end += 1
        named = {b"lt": "<", b"gt": ">", b"amp": "&", b"quot": '"'}.get(data[pos + 1 : end])
        if named is None:
            return None
        code = ord(named)
    if at(end) == ord(";"):
        end += 1
    return code, end


def _count_utf16(byte: int) -> int:
    """Returns how many UTF-16 code units a UTF-8 byte starts (0 for continuation bytes)."""
    if byte & 0xC0 == 0x80:
        return 0
    return 2 if byte >= 0xF0 else 1


def _parse_html(text: str) -> tuple[str, list[_Ent]]:
    """Parses Telegram HTML into plain text and entities, with tdlib's error messages."""
    data = text.encode("utf-8", "replace")
    n = len(data)

    def at(k: int) -> int:
        return data[k] if k < n else 0

    out = bytearray()
    entities: list[_Ent] = []
    nested: list[tuple[str, str, int, int]] = []
    utf16 = 0
    i = 0
    while i < n:
        c = data[i]
        if c == ord("&"):
            decoded = _decode_html_entity(data, i)
            if decoded is not None:
                code, i = decoded
                if 0xD800 <= code <= 0xDFFF:
                    raise _ParseError(
                        "Text contains invalid Unicode characters after decoding HTML entities, check for unmatched "
                        "surrogate code units"
                    )
                utf16 += 2 if code > 0xFFFF else 1
                out += chr(code).encode("utf-8")
                continue
        if c != ord("<"):
            utf16 += _count_utf16(c)
            out.append(c)
            i += 1
            continue
        begin = i
        i += 1
        if at(i) != ord("/"):
            while at(i) not in _SPACE_BYTES and at(i) != ord(">"):
                i += 1
            if at(i) == 0:
                raise _ParseError(f"Unclosed start tag at byte offset {begin}")
            tag = data[begin + 1 : i].decode("utf-8", "replace").lower()
            if tag not in _HTML_TAGS:
                raise _ParseError(f'Unsupported start tag "{tag}" at byte offset {begin}')
            argument = ""
            if tag == "blockquote":
                expandable = _BLOCKQUOTE_EXPANDABLE_RE.match(data, i)
                if expandable:
                    argument = "expandable"
                    i = expandable.end()
            while at(i) != ord(">"):
                while at(i) != 0 and at(i) in _SPACE_BYTES:
                    i += 1
                if at(i) == ord(">"):
                    break
                attribute_begin = i
                while at(i) not in _SPACE_BYTES and at(i) != ord("="):
                    i += 1
                attribute = data[attribute_begin:i]
                if not attribute:
                    raise _ParseError(f'Empty attribute name in the tag "{tag}" at byte offset {begin}')
                while at(i) != 0 and at(i) in _SPACE_BYTES:
                    i += 1
                if at(i) != ord("="):
                    raise _ParseError(
                        f'Expected equal sign in declaration of an attribute of the tag "{tag}" at byte offset {begin}'
                    )
                i += 1
                while at(i) != 0 and at(i) in _SPACE_BYTES:
                    i += 1
                if at(i) == 0:
                    raise _ParseError(f'Unclosed start tag "{tag}" at byte offset {begin}')
                if at(i) not in (ord("'"), ord('"')):
                    token_begin = i
                    while (chr(at(i)).isascii() and chr(at(i)).isalnum()) or at(i) in (ord("."), ord("-")):
                        i += 1
                    value = data[token_begin:i].decode("ascii").lower()
                    if at(i) not in _SPACE_BYTES and at(i) != ord(">"):
                        raise _ParseError(f"Unexpected end of name token at byte offset {token_begin}")
                else:
                    quote = at(i)
                    i += 1
                    buffer = bytearray()
                    while at(i) != quote and at(i) != 0:
                        if at(i) == ord("&"):
                            decoded = _decode_html_entity(data, i)
                            if decoded is not None:
                                code, i = decoded
                                buffer += chr(code).encode("utf-8", "surrogatepass")
                                continue
                        buffer.append(at(i))
                        i += 1
                    if at(i) == quote:
                        i += 1
                    value = buffer.decode("utf-8", "replace")
                if at(i) == 0:
                    raise _ParseError(f"Unclosed start tag at byte offset {begin}")
                if tag == "a" and attribute == b"href":
                    argument = value
                elif tag == "code" and attribute == b"class" and value.startswith("language-"):
                    argument = value[9:]
                elif tag == "span" and attribute == b"class" and value.startswith("tg-"):
                    argument = value[3:]
                elif tag == "tg-emoji" and attribute == b"emoji-id":
                    argument = value
            if tag == "span" and argument != "spoiler":
                raise _ParseError(f'Tag "span" must have class "tg-spoiler" at byte offset {begin}')
            nested.append((tag, argument, utf16, len(out)))
            i += 1
            continue
        if not nested:
            raise _ParseError(f"Unexpected end tag at byte offset {begin}")
        while at(i) not in _SPACE_BYTES and at(i) != ord(">"):
            i += 1
        end_tag = data[begin + 2 : i].decode("utf-8", "replace").lower()
        while at(i) != 0 and at(i) in _SPACE_BYTES:
            i += 1
        if at(i) != ord(">"):
            raise _ParseError(f"Unclosed end tag at byte offset {begin}")
        tag, argument, offset, out_pos = nested[-1]
        if end_tag and end_tag != tag:
            raise _ParseError(f'Unmatched end tag at byte offset {begin}, expected "</{tag}>", found "</{end_tag}>"')
        if utf16 > offset:
            length = utf16 - offset
            if tag in ("i", "em"):
                entities.append(("Italic", offset, length, ""))
            elif tag in ("b", "strong"):
                entities.append(("Bold", offset, length, ""))
            elif tag in ("s", "strike", "del"):
                entities.append(("Strikethrough", offset, length, ""))
            elif tag in ("u", "ins"):
                entities.append(("Underline", offset, length, ""))
            elif tag in ("tg-spoiler", "span"):
                entities.append(("Spoiler", offset, length, ""))
            elif tag == "tg-emoji":
                if not argument.isdigit() or int(argument) == 0:
                    raise _ParseError("Invalid custom emoji identifier specified")
                entities.append(("CustomEmoji", offset, length, argument))
            elif tag == "a":
                url = argument or out[out_pos:].decode("utf-8", "replace")
                link = _link_entity(url, offset, length)
                if link is not None:
                    entities.append(link)
            elif tag == "pre":
                last = entities[-1] if entities else None
                if last and last[0] == "Code" and last[1:3] == (offset, length) and last[3]:
                    entities[-1] = ("PreCode", offset, length, last[3])
                else:
                    entities.append(("Pre", offset, length, ""))
            elif tag == "code":
                last = entities[-1] if entities else None
                if last and last[0] == "Pre" and last[1:3] == (offset, length) and argument:
                    entities[-1] = ("PreCode", offset, length, argument)
                else:
                    entities.append(("Code", offset, length, argument))
            else:
                kind = "ExpandableBlockQuote" if argument == "expandable" else "BlockQuote"
                entities.append((kind, offset, length, ""))
        nested.pop()
        i += 1
    if nested:
        raise _ParseError(f"Can't find end tag corresponding to start tag {nested[-1][0]}")
    entities = [(kind, off, ln, "" if kind == "Code" else arg) for kind, off, ln, arg in entities]
    return out.decode("utf-8", "replace"), entities


def _parse_markdown(text: str) -> tuple[str, list[_Ent]]:
    """Parses legacy Telegram Markdown into plain text and entities, with tdlib's error messages."""
    data = text.encode("utf-8", "replace")
    n = len(data)

    def at(k: int) -> int:
        return data[k] if k < n else 0

    out = bytearray()
    entities: list[_Ent] = []
    utf16 = 0
    i = 0
    while i < n:
        c = data[i]
        if c == ord("\\") and at(i + 1) in b"_*`[":
            out.append(data[i + 1])
            utf16 += 1
            i += 2
            continue
        if c not in b"_*`[":
            utf16 += _count_utf16(c)
            out.append(c)
            i += 1
            continue
        begin = i
        end_character = ord("]") if c == ord("[") else c
        is_pre = False
        language = ""
        i += 1
        if c == ord("`") and at(i) == ord("`") and at(i + 1) == ord("`"):
            i += 2
            is_pre = True
            language_end = i
            while at(language_end) not in _SPACE_BYTES and at(language_end) != ord("`"):
                language_end += 1
            if i != language_end and language_end < n and at(language_end) != ord("`"):
                language = data[i:language_end].decode("utf-8", "replace")
                i = language_end
            if at(i) in (ord("\n"), ord("\r")):
                if at(i + 1) in (ord("\n"), ord("\r")) and at(i) != at(i + 1):
                    i += 2
                else:
                    i += 1
        entity_offset = utf16
        while i < n and (
            data[i] != end_character or (is_pre and not (at(i + 1) == ord("`") and at(i + 2) == ord("`")))
        ):
            utf16 += _count_utf16(data[i])
            out.append(data[i])
            i += 1
        if i == n:
            raise _ParseError(f"Can't find end of the entity starting at byte offset {begin}")
        if entity_offset != utf16:
            length = utf16 - entity_offset
            if c == ord("_"):
                entities.append(("Italic", entity_offset, length, ""))
            elif c == ord("*"):
                entities.append(("Bold", entity_offset, length, ""))
            elif c == ord("["):
                if at(i + 1) != ord("("):
                    url = data[begin + 1 : i].decode("utf-8", "replace")
                else:
                    i += 2
                    url_begin = i
                    while i < n and data[i] != ord(")"):
                        i += 1
                    url = data[url_begin:i].decode("utf-8", "replace")
                link = _link_entity(url, entity_offset, length)
                if link is not None:
                    entities.append(link)
            elif is_pre:
                entities.append(("PreCode" if language else "Pre", entity_offset, length, language))
            else:
                entities.append(("Code", entity_offset, length, ""))
        if is_pre:
            i += 2
        i += 1
    return out.decode("utf-8", "replace"), entities


def _parse_markdown_v2(text: str) -> tuple[str, list[_Ent]]:
    """Parses Telegram MarkdownV2 into plain text and entities, with tdlib's error messages."""
    data = text.encode("utf-8", "replace")
    n = len(data)

    def at(k: int) -> int:
        return data[k] if k < n else 0

    def reserved_error(ch: int) -> _ParseError:
        return _ParseError(f"Character '{chr(ch)}' is reserved and must be escaped with the preceding '\\'")

    out = bytearray()
    entities: list[_Ent] = []
    nested: list[tuple[str, str, int, int, int]] = []  # type, argument, utf16 offset, byte offset, out position
    have_blockquote = False
    utf16 = 0
    i = 0
    while i < n:
        c = data[i]
        if c == ord("\\") and 0 < at(i + 1) <= 126:
            i += 1
            utf16 += 1
            out.append(data[i])
            i += 1
            continue
        reserved = b"_*[]()~`>#+-=|{}.!\n"
        if nested and nested[-1][0] in ("Code", "Pre", "PreCode"):
            reserved = b"`"
        if c not in reserved:
            utf16 += _count_utf16(c)
            out.append(c)
            i += 1
            continue
        is_end = False
        if nested:
            top = nested[-1][0]
            if have_blockquote and c == ord("\n") and (i + 1 == n or at(i + 1) != ord(">")):
                is_end = True
            elif top == "Bold":
                is_end = c == ord("*")
            elif top == "Italic":
                is_end = c == ord("_") and at(i + 1) != ord("_")
            elif top == "Code":
                is_end = c == ord("`")
            elif top in ("Pre", "PreCode"):
                is_end = c == ord("`") and at(i + 1) == ord("`") and at(i + 2) == ord("`")
            elif top in ("TextUrl", "CustomEmoji"):
                is_end = c == ord("]")
            elif top == "Underline":
                is_end = c == ord("_") and at(i + 1) == ord("_")
            elif top == "Strikethrough":
                is_end = c == ord("~")
            elif top == "Spoiler":
                is_end = c == ord("|") and at(i + 1) == ord("|")
        if not is_end:
            kind: str | None
            argument = ""
            byte_offset = i
            if c == ord("_"):
                if at(i + 1) == ord("_"):
                    kind = "Underline"
                    i += 1
                else:
                    kind = "Italic"
            elif c == ord("*"):
                kind = "Bold"
            elif c == ord("~"):
                kind = "Strikethrough"
            elif c == ord("|"):
                if at(i + 1) != ord("|"):
                    raise reserved_error(c)
                i += 1
                kind = "Spoiler"
            elif c == ord("["):
                kind = "TextUrl"
            elif c == ord("`"):
                if at(i + 1) == ord("`") and at(i + 2) == ord("`"):
                    i += 3
                    kind = "Pre"
                    language_end = i
                    while at(language_end) not in _SPACE_BYTES and at(language_end) != ord("`"):
                        language_end += 1
                    if i != language_end and language_end < n and at(language_end) != ord("`"):
                        kind = "PreCode"
                        argument = data[i:language_end].decode("utf-8", "replace")
                        i = language_end
                    if at(i) in (ord("\n"), ord("\r")):
                        if at(i + 1) in (ord("\n"), ord("\r")) and at(i) != at(i + 1):
                            i += 2
                        else:
                            i += 1
                    i -= 1
                else:
                    kind = "Code"
            elif c == ord("!"):
                if at(i + 1) != ord("["):
                    raise reserved_error(c)
                i += 1
                kind = "CustomEmoji"
            elif c == ord("\n"):
                utf16 += 1
                out.append(c)
                kind = None
                if i + 1 < n and at(i + 1) == ord(">"):
                    i += 1
                    if not have_blockquote:
                        kind = "BlockQuote"
                        have_blockquote = True
            elif c == ord(">") and i == 0:
                kind = "BlockQuote"
                have_blockquote = True
            else:
                raise reserved_error(c)
            if kind is not None:
                nested.append((kind, argument, utf16, byte_offset, len(out)))
            i += 1
            continue
        kind, argument, offset, byte_offset, out_pos = nested[-1]
        if c == ord("\n") and kind != "BlockQuote":
            raise _ParseError(f"Can't find end of {kind} entity at byte offset {byte_offset}")
        skip = utf16 == offset
        entity: _Ent | None = None
        if kind in ("Underline", "Spoiler"):
            i += 1
        elif kind in ("Pre", "PreCode"):
            i += 2
        elif kind in ("TextUrl", "CustomEmoji"):
            if at(i + 1) != ord("("):
                if kind == "CustomEmoji":
                    raise _ParseError("Custom emoji entity must contain a tg://emoji URL")
                url = out[out_pos:].decode("utf-8", "replace")
            else:
                i += 2
                url_begin = i
                url_bytes = bytearray()
                while i < n and data[i] != ord(")"):
                    if data[i] == ord("\\") and 0 < at(i + 1) <= 126:
                        url_bytes.append(data[i + 1])
                        i += 2
                        continue
                    url_bytes.append(data[i])
                    i += 1
                if at(i) != ord(")"):
                    what = "a custom emoji URL" if kind == "CustomEmoji" else "a URL"
                    raise _ParseError(f"Can't find end of {what} at byte offset {url_begin}")
                url = url_bytes.decode("utf-8", "replace")
            if kind == "CustomEmoji":
                emoji = _EMOJI_LINK_RE.match(url)
                if not emoji or int(emoji.group(1)) == 0:
                    raise _ParseError("Invalid custom emoji identifier specified")
                entity = ("CustomEmoji", offset, utf16 - offset, emoji.group(1))
            else:
                entity = _link_entity(url, offset, utf16 - offset)
                skip = skip or entity is None
        elif kind == "BlockQuote":
            have_blockquote = False
            out.append(c)
            utf16 += 1
        if not skip:
            entities.append(entity or (kind, offset, utf16 - offset, argument))
        nested.pop()
        i += 1
    if have_blockquote and nested and nested[-1][0] == "BlockQuote":
        _, _, offset, _, _ = nested.pop()
        if utf16 != offset:
            entities.append(("BlockQuote", offset, utf16 - offset, ""))
    if nested:
        raise _ParseError(f"Can't find end of {nested[-1][0]} entity at byte offset {nested[-1][3]}")
    return out.decode("utf-8", "replace"), entities


def _trim(text: str, entities: list[_Ent]) -> tuple[str, list[_Ent]]:
    """Strips leading and trailing whitespace as Telegram does, moving and clipping entities to match."""
    left = text.lstrip(_WS)
    lead = _utf16_len(text[: len(text) - len(left)])
    core = left.rstrip(_WS)
    total = _utf16_len(core)
    kept: list[_Ent] = []
    for kind, offset, length, argument in entities:
        start = max(offset - lead, 0)
        end = min(offset + length - lead, total)
        if end > start:
            kept.append((kind, start, end - start, argument))
    return core, kept
