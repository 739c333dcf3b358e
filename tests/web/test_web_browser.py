"""The board in a real browser (Debian's chromium driven by Playwright, Telegram's script from @twa-dev/sdk): for a
base, a Star Wars and a Duel game, two seats' pages and the group's view open at once; one seat plays BANG! at the
other by taps, the other answers Missed! from its page, and every page and the group's chat show it without a
reload. Refusals: tampered or stale initData (401), a stranger to the game (403). Screenshots go to tests/artifacts.

scripts/test.sh installs chromium and the npm package; without them these tests are skipped (failed under CI)."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from bangbot.games import game as registered
from bangbot.games.bang.rules.cards import CARDS
from bangbot.games.bang.texts.glossary import card_name
from bangbot.games.duel.rules.data import type_id
from bangbot.games.duel.texts.names import duel_card_name
from bangbot.i18n import translator
from bangbot.i18n.themes import themed
from bangbot.messaging.adapter import User
from bangbot.web.app import BoardSettings
from bangbot.web.dev import LOCAL_SDK
from bangbot.web.serve import serving
from tests.duel_harness import gather_duel
from tests.service_harness import GROUP, Table
from tests.web_harness import TOKEN, init_data

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SDK = Path(os.environ.get("BANGBOT_TWA_SDK", ROOT / LOCAL_SDK))
ARTIFACTS = ROOT / "tests" / "artifacts"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
WAIT_MS = 15000
DARK = {
    "bg_color": "#17212b",
    "text_color": "#f5f5f5",
    "hint_color": "#708499",
    "secondary_bg_color": "#232e3c",
    "button_color": "#5288c1",
    "button_text_color": "#ffffff",
}
NAMES = ("Аня", "山田", "Zoë", "O'Brien <b>")


@dataclass(frozen=True)
class Case:
    """A game to open: its id and mode, the shooter's and the others' language, and the words of its cards."""

    game: str
    mode: str
    language: str
    other: str
    bang: Callable[[str], str]
    missed: Callable[[str], str]


def base_word(game: str, kind: str) -> Callable[[str], str]:
    """Returns a card kind's name in a language, in the words of a game of base BANG!'s engine."""
    return lambda lang: card_name(themed(translator(lang), game), kind)


def duel_word(kind: str) -> Callable[[str], str]:
    """Returns a Duel card's name in a language."""
    return lambda lang: duel_card_name(translator(lang), kind)


CASES = [
    Case("base", "standard", "ru", "en", base_word("base", "bang"), base_word("base", "missed")),
    Case("starwars", "standard", "ja", "cs", base_word("starwars", "bang"), base_word("starwars", "missed")),
    Case("duel", "standoff", "cs", "ru", duel_word("colt"), duel_word("missed")),
]


def needs_browser() -> None:
    """Skips (fails under CI) when chromium or Telegram's script from npm is missing."""
    missing = [str(p) for p in (Path(CHROMIUM), SDK) if not p.exists()]
    if missing:
        message = f"missing {', '.join(missing)}: scripts/test.sh installs them"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


def swap_in(hand: list[int], piles: list[list[int]], wanted: Callable[[int], bool]) -> bool:
    """Puts a wanted card in hand (swapped with the hand's first card) from the first pile that has one; returns
    False when none has."""
    if any(wanted(c) for c in hand):
        return True
    for pile in piles:
        at = next((i for i, c in enumerate(pile) if wanted(c)), None)
        if at is not None:
            pile[at], hand[0] = hand[0], pile[at]
            return True
    return False


def rig_table(state: Any, shooter: int, target: int) -> bool:
    """Deals a BANG! to the shooter and a Missed! to the target (a table of base BANG!'s engine)."""
    kind = lambda name: lambda c: CARDS[c].kind == name  # noqa: E731
    return swap_in(state.players[shooter].hand, [state.deck, state.discard], kind("bang")) and swap_in(
        state.players[target].hand, [state.deck, state.discard], kind("missed")
    )


def rig_duel(state: Any, shooter: int, target: int) -> bool:
    """Deals a Colt (the Duel's BANG!) to the shooter and a Missed! to the target, each from its own deck."""
    kind = lambda name: lambda c: type_id(c) == name  # noqa: E731
    return swap_in(state.squads[shooter].hand, [state.squads[shooter].deck], kind("colt")) and swap_in(
        state.squads[target].hand, [state.squads[target].deck], kind("missed")
    )


def table_pair(state: Any) -> tuple[int, int] | None:
    """Returns (shooter, target) of a table whose turn's owner can BANG! a neighbour who has no barrel to check."""
    rules = registered(state.config.ruleset).ruleset
    view = rules.view(state, state.turn)
    plain = lambda s: s.character not in ("jourdonnais", "slab_the_killer", "vengeful", "dangerous")  # noqa: E731
    targets = [s.seat for s in view.seats if s.seat != state.turn and 0 < view.distances[s.seat] <= 1 and plain(s)]
    shooter_ok = plain(state.players[state.turn]) and not state.players[state.turn].in_play
    ok = [t for t in targets if not state.players[t].in_play]
    return (state.turn, ok[0]) if ok and shooter_ok else None


async def open_table(tmp_path: Path, case: Case) -> Table:
    """Returns a table of the case's game in its play, the turn's owner holding BANG! and the target Missed!."""
    for seed in range(1, 40):
        users = [User(1000 + i, name, case.language if i == 0 else case.other) for i, name in enumerate(NAMES)]
        table = Table(f"sqlite:///{tmp_path / f'{case.game}-{seed}.sqlite3'}", users, seed=seed)
        if case.game == "duel":
            await gather_duel(table, case.mode, 3)
            await setup_duel(table)
        else:
            await table.command(0, "newgame")
            for user in range(1, 4):
                await table.press(user, table.lobby(), "join")
            while table.game().ruleset != case.game:  # type: ignore[union-attr]
                await table.press(0, table.lobby(), "game")
            assert not (await table.press(0, table.lobby(), "start")).alert
        if await rigged(table, case):
            return table
        table.svc.ctx.repo.close()
    raise AssertionError("no seed gave a plain BANG! at a neighbour")


async def setup_duel(table: Table) -> None:
    """Lets every player choose their characters (the first choice offered) until the Duel's play begins."""
    for _ in range(30):
        game = table.repo.game(1)
        assert game is not None and game.state_json is not None
        if json.loads(game.state_json)["phase"] != "setup":
            return
        user, message, choice = table.choices()[0]
        await table.press(user, message, choice)
    raise AssertionError("the Duel's setup did not end")


async def rigged(table: Table, case: Case) -> bool:
    """Deals the shot and its answer into the stored game (a new version); False when the table does not fit."""
    game = table.repo.game(1)
    assert game is not None and game.state_json is not None
    rules = registered(game.ruleset).ruleset
    state = rules.from_json(json.loads(game.state_json))
    if case.game == "duel":
        shooter = state.turn
        target = rules.view(state, shooter).squads[shooter].target
        if state.phase != "play" or not rig_duel(state, shooter, target):
            return False
    else:
        pair = table_pair(state)
        if pair is None or not rig_table(state, *pair):
            return False
    game.state_json = json.dumps(rules.to_json(state))
    table.repo.save(game)
    return True


def page_url(
    base: str,
    user: User,
    game: int,
    group: bool = False,
    start: str = "",
    token: str = TOKEN,
    age: float = 0.0,
    dark: bool = False,
) -> str:
    """Returns the page's address as Telegram opens it: initData and theme in the hash."""
    query = "" if start else f"?game={game}" + ("&view=group" if group else "")
    data = init_data(user, start=start, token=token, age=age)
    theme = json.dumps(DARK if dark else {})
    return (
        f"{base}{query}#tgWebAppData={quote(data)}&tgWebAppVersion=7.10&tgWebAppPlatform=tdesktop"
        f"&tgWebAppThemeParams={quote(theme)}"
    )


def seat_of(table: Table, user: User) -> int:
    """Returns the seat a user holds at game 1."""
    return next(s.position for s in table.repo.seats(1) if s.user_id == user.id)


async def tap(page: Any, text: str) -> None:
    """Taps the first button of the page's menu whose label contains text."""
    button = page.locator("#buttons button.choice", has_text=text).first
    await button.wait_for(timeout=WAIT_MS)
    await button.click()


async def shot(page: Any, name: str) -> None:
    """Saves a screenshot of a page at phone and desktop size under tests/artifacts."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for label, size in (("phone", PHONE), ("desktop", DESKTOP)):
        await page.set_viewport_size(size)
        await page.screenshot(path=str(ARTIFACTS / f"{name}-{label}.png"), full_page=True)


async def shows(page: Any, text: str) -> None:
    """Waits until the page's turn log shows text (no reload: the page is told by the server)."""
    try:
        await page.locator("#log li", has_text=text).first.wait_for(timeout=WAIT_MS)
    except Exception:
        await shot(page, "failed")
        raise AssertionError(f"{text!r} not in {await page.locator('main').inner_text()!r}") from None


async def play_case(tmp_path: Path, case: Case) -> None:
    """Plays BANG! and Missed! by taps in three open pages of one game and checks what each shows."""
    from playwright.async_api import async_playwright

    table = await open_table(tmp_path, case)
    shooter_seat = table.repo.game(1) and json.loads(table.repo.game(1).state_json)["turn"]  # type: ignore[union-attr]
    shooter = next(u for u in table.users if seat_of(table, u) == shooter_seat)
    watcher = User(6000, "Ёжик 🦔", case.other)
    stranger = User(7000, "Stranger", "en")
    table.messenger.strangers[GROUP] = {stranger.id}
    settings = BoardSettings(TOKEN, sdk_file=SDK)
    async with serving(table.svc.ctx, settings) as base, async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            pages = {}
            for key, user, kwargs in (
                ("shooter", shooter, {}),
                ("group", watcher, {"start": "g1", "dark": True}),
            ):
                context = await browser.new_context(viewport=PHONE)
                pages[key] = await context.new_page()
                await pages[key].goto(page_url(base, user, 1, **kwargs))
            for page in pages.values():
                await page.wait_for_selector("body[data-version]", timeout=WAIT_MS)
                await page.evaluate("window.keptSinceOpening = true")
            assert await pages["group"].locator("#hand .card").count() == 0  # the group's view shows no hand
            assert await pages["shooter"].locator("#hand .card").count() > 0
            await tap(pages["shooter"], case.bang(case.language))
            target_seat = await answer_target(table, case, pages, browser, base)
            assert await pages["target"].evaluate("document.body.dataset.viewer") == str(target_seat)
            missed = case.missed(case.language)
            for key in ("shooter", "group", "target"):
                await shows(pages[key], case.missed(case.language if key == "shooter" else case.other))
            for page in pages.values():  # shown by the server's nudge, not by loading the page again
                assert await page.evaluate("window.keptSinceOpening === true")
            await table.svc.idle()
            assert any(missed in text or case.missed(case.other) in text for text in table.group_texts())
            await shot(pages["shooter"], f"{case.game}-{case.language}-seat")
            await shot(pages["target"], f"{case.game}-{case.other}-seat")
            await shot(pages["group"], f"{case.game}-{case.other}-group")
            await refusals(browser, base, table, stranger)
        finally:
            await browser.close()


async def answer_target(table: Table, case: Case, pages: dict[str, Any], browser: Any, base: str) -> int:
    """Taps the BANG!'s target on the shooter's page, opens the target's page and answers Missed! there; returns
    the target's seat."""
    game = table.repo.game(1)
    assert game is not None and game.state_json is not None
    state = json.loads(game.state_json)
    shooter_seat = state["turn"]
    rules = registered(game.ruleset).ruleset
    loaded = rules.from_json(state)
    if case.game == "duel":
        target_seat = rules.view(loaded, shooter_seat).squads[shooter_seat].target
    else:
        pair = table_pair(loaded)
        assert pair is not None
        target_seat = pair[1]
    target_user = next(u for u in table.users if seat_of(table, u) == target_seat)
    context = await browser.new_context(viewport=PHONE)
    pages["target"] = await context.new_page()
    await pages["target"].goto(page_url(base, target_user, 1))
    await pages["target"].wait_for_selector("body[data-version]", timeout=WAIT_MS)
    await pages["target"].evaluate("window.keptSinceOpening = true")
    await tap(pages["shooter"], target_user.name)
    yes = themed(translator(case.language), game.ruleset).gettext("Yes")
    if await pages["shooter"].locator("#buttons button.choice", has_text=yes).count():
        await tap(pages["shooter"], yes)
    await tap(pages["target"], case.missed(case.other))
    return target_seat


async def refusals(browser: Any, base: str, table: Table, stranger: User) -> None:
    """Opens pages with tampered and stale initData (401) and a stranger's (403): each says why, and shows no board."""
    for url, status in (
        (page_url(base, table.users[0], 1, token="1:OTHER"), 401),
        (page_url(base, table.users[0], 1, age=3 * 86400), 401),
        (page_url(base, stranger, 1), 403),
    ):
        context = await browser.new_context(viewport=PHONE)
        page = await context.new_page()
        statuses: list[int] = []
        page.on("response", lambda r, seen=statuses: seen.append(r.status) if "/api/" in r.url else None)
        await page.goto(url)
        await page.wait_for_selector("#error:not([hidden])", timeout=WAIT_MS)
        assert status in statuses and await page.locator("#table .seat").count() == 0
        await context.close()


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.game)
def test_bang_and_missed_by_taps_in_open_pages(tmp_path: Path, case: Case) -> None:
    needs_browser()
    asyncio.run(play_case(tmp_path, case))
