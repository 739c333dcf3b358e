"""Bot API request parameters: decoding form, query and JSON bodies, and typed reads of each one."""

from __future__ import annotations

import contextlib
import email.parser
import email.policy
import json
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qsl

from tools.telegram.model import _bad
from tools.telegram.values import _INT_PARAMS, _JSON_PARAMS, UploadedFile


class _Params:
    """Bot API request parameters as sent: strings from forms/queries, native values from JSON bodies."""

    def __init__(self, raw: Mapping[str, Any]) -> None:
        """Wraps the raw parameter mapping."""
        self.raw = dict(raw)

    def has(self, name: str) -> bool:
        """Returns whether the parameter is present and not empty."""
        return self.raw.get(name) not in (None, "")

    def text(self, name: str) -> str | None:
        """Returns the parameter as a string (numbers and booleans rendered as Telegram would read them)."""
        value = self.raw.get(name)
        if value is None:
            return None
        if isinstance(value, str):
            return value
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, int | float):
            return str(value)
        return json.dumps(value)

    def integer(self, name: str, default: int | None = None) -> int | None:
        """Returns the parameter as an integer, default when absent; 400 when it is not a number."""
        value = self.raw.get(name)
        if value is None or value == "":
            return default
        if isinstance(value, bool):
            return int(value)
        if isinstance(value, int):
            return value
        if isinstance(value, float):
            return int(value)
        try:
            return int(str(value).strip())
        except ValueError:
            try:
                return int(float(str(value).strip()))
            except ValueError:
                raise _bad(f'field "{name}" must be of type Integer') from None

    def flag(self, name: str) -> bool:
        """Returns the parameter as a boolean ("true"/"1" are true)."""
        value = self.raw.get(name)
        if isinstance(value, bool):
            return value
        if isinstance(value, int | float):
            return bool(value)
        return isinstance(value, str) and value.strip().lower() in ("true", "1")

    def obj(self, name: str, error: str | None = None) -> Any:
        """Returns the parameter decoded from JSON (or as sent in a JSON body); 400 with error when malformed."""
        value = self.raw.get(name)
        if value is None or value == "":
            return None
        if isinstance(value, str):
            try:
                return json.loads(value)
            except ValueError:
                raise _bad(error or f"can't parse {name} JSON object") from None
        return value


def _decode_params(query: str, headers: Mapping[str, str], body: bytes) -> dict[str, Any]:
    """Returns the parameters of a request from its query string and its form, multipart or JSON body."""
    raw: dict[str, Any] = dict(parse_qsl(query, keep_blank_values=True))
    if not body:
        return raw
    ctype = headers.get("content-type", "")
    mime = ctype.split(";")[0].strip().lower()
    if mime == "application/json":
        decoded = json.loads(body.decode("utf-8"))
        if not isinstance(decoded, dict):
            raise ValueError("a JSON request body must be an object")
        raw.update(decoded)
    elif mime == "multipart/form-data":
        message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
            b"Content-Type: " + ctype.encode("latin-1") + b"\r\n\r\n" + body
        )
        for part in message.iter_parts():
            name = part.get_param("name", header="content-disposition")
            if not isinstance(name, str):
                continue
            payload = part.get_payload(decode=True)
            data = payload if isinstance(payload, bytes) else b""
            filename = part.get_filename()
            if filename is not None:
                raw[name] = UploadedFile(filename, data)
            else:
                raw[name] = data.decode(part.get_content_charset() or "utf-8")
    else:
        raw.update(parse_qsl(body.decode("utf-8"), keep_blank_values=True))
    return raw


def _record_params(raw: Mapping[str, Any]) -> dict[str, Any]:
    """Returns parameters for ApiCall records: JSON-valued fields decoded, integer fields as int when possible."""
    out: dict[str, Any] = {}
    for key, value in raw.items():
        if isinstance(value, str) and key in _JSON_PARAMS:
            with contextlib.suppress(ValueError):
                value = json.loads(value)
        elif isinstance(value, str) and key in _INT_PARAMS:
            with contextlib.suppress(ValueError):
                value = int(value)
        elif isinstance(value, UploadedFile):
            value = f"<file {value.filename}: {len(value.data)} bytes>"
        out[key] = value
    return out
