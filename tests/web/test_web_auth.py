"""Telegram's initData is trusted only as Telegram signs it, and a session token only as the board signed it."""

from __future__ import annotations

import time
from urllib.parse import parse_qsl, urlencode

import pytest

from bangbot.messaging.adapter import User
from bangbot.web.auth import (
    InvalidInitData,
    InvalidSession,
    issue_session,
    open_session,
    session_key,
    verify_init_data,
)
from tests.web_harness import TOKEN, init_data

ANN = User(7, "Анна 山田 <b>", "ru")


def test_signed_init_data_is_read_with_its_user() -> None:
    fields = verify_init_data(init_data(ANN, start="g12"), TOKEN)
    assert fields["user"]["id"] == 7 and fields["user"]["first_name"] == "Анна 山田 <b>"
    assert fields["start_param"] == "g12"


def test_a_known_signature_is_accepted() -> None:
    # Worked out by hand from the definition: secret = HMAC_SHA256("WebAppData", token), hash = HMAC(secret, lines)
    import hashlib
    import hmac

    lines = 'auth_date=1700000000\nuser={"id":1}'
    secret = hmac.new(b"WebAppData", b"1:X", hashlib.sha256).digest()
    digest = hmac.new(secret, lines.encode(), hashlib.sha256).hexdigest()
    data = urlencode({"user": '{"id":1}', "auth_date": "1700000000", "hash": digest})
    assert verify_init_data(data, "1:X", now=1700000001)["user"] == {"id": 1}


@pytest.mark.parametrize(
    "change",
    [
        lambda f: f.update(user=f["user"].replace('"id":7', '"id":8')),
        lambda f: f.update(hash="0" * 64),
        lambda f: f.pop("hash"),
        lambda f: f.update(extra="1"),
    ],
)
def test_tampered_init_data_is_refused(change: object) -> None:
    fields = dict(parse_qsl(init_data(ANN)))
    change(fields)  # type: ignore[operator]
    with pytest.raises(InvalidInitData):
        verify_init_data(urlencode(fields), TOKEN)


def test_init_data_of_another_bot_stale_or_from_the_future_is_refused() -> None:
    with pytest.raises(InvalidInitData):
        verify_init_data(init_data(ANN), "999:OTHER")
    with pytest.raises(InvalidInitData):
        verify_init_data(init_data(ANN, age=86400 + 5), TOKEN)
    with pytest.raises(InvalidInitData):
        verify_init_data(init_data(ANN, age=-3600), TOKEN)
    with pytest.raises(InvalidInitData):
        verify_init_data(init_data(ANN) + "&user=x", TOKEN)  # a field given twice
    assert verify_init_data(init_data(ANN, age=86400 - 60), TOKEN)["user"]["id"] == 7


def test_a_session_names_its_user_until_it_expires_and_cannot_be_forged() -> None:
    key = session_key(TOKEN)
    token = issue_session(key, 7, "ru")
    assert open_session(key, token) == (7, "ru")
    with pytest.raises(InvalidSession):
        open_session(session_key("999:OTHER"), token)
    mac = token.partition(".")[2]
    forged = issue_session(key, 8, "ru").partition(".")[0] + "." + mac
    with pytest.raises(InvalidSession):
        open_session(key, forged)
    with pytest.raises(InvalidSession):
        open_session(key, token, now=time.time() + 7200)
    with pytest.raises(InvalidSession):
        open_session(key, "garbage")
