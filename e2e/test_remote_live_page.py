"""Remote play live: two browser contexts on this machine (host candidates, behind Chromium's mDNS names)
play over the WebRTC data channel the invitation and reply set up, to a verified end; a channel cut in
mid-game falls back to links, loses nothing and goes live again by the next links, as does a reply opened
after the inviting page was closed (issue 34)."""

import json
import random
from pathlib import Path

import pytest

from conftest import block_off_origin
from engines import Firefox
from game_core.remote import unseal, verify_transcript
from support import TURN_TIMEOUT_S, wait_for_one, wait_ready, wait_until
from test_modes import click_aggressively
from test_remote import JOIN, invite, join, link_to_send, open_link


@pytest.fixture
def live_side(browser, site_url):
    """A page in its own context (its own storage), every off-origin request aborted and recorded."""
    contexts, blocked, errors = [], [], []

    def open_(url):
        context = browser.new_context()
        contexts.append(context)
        block_off_origin(context, blocked)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(url)
        wait_ready(page)
        if "#r=" in url:  # an invitation: joined once the player agrees
            page.click(JOIN)
        return page

    open_.blocked, open_.errors = blocked, errors
    yield open_
    for context in contexts:
        context.close()


def start_live(live_side, url, seat, short=False):
    """The invitation (with its offer), the reply (with its answer) opened in the creator's tab: both pages
    go live. Returns (creator, joiner)."""
    creator = live_side(url)
    invitation = invite(creator, seat, short)
    body = unseal(invitation.split("#r=")[1])
    assert body["live"].startswith("w1 a ") and len(invitation) < 2000, len(invitation)
    joiner = live_side(invitation)
    joiner.wait_for_function("document.body.getAttribute('data-remote') === '2'")
    reply = link_to_send(joiner)
    assert unseal(reply.split("#r=")[1])["live"].startswith("w1 c ") and len(reply) < 2000, len(reply)
    open_link(creator, reply)
    for page in (creator, joiner):
        page.wait_for_function("document.body.getAttribute('data-remote-mode') === 'live'", timeout=30_000)
        assert page.text_content("#remote-mode").startswith("Live")
    return creator, joiner


SETTLED = """async () => (await import("/snapshot.mjs")).started.pyodide.runPython(`
from glue.core import page
side = page.session.side
link = page.live[side.gid].link
(len(side.log) - 1) % 2 != link.parity or link.acked >= len(side.log) - 1`)"""


LOOK = """() => [!document.getElementById("remote-verdict").hidden, document.body.dataset.remote,
    document.querySelectorAll("[data-action]").length, document.body.dataset.remoteMode,
    document.getElementById("remote-send").hidden]"""


def wait_for_news(pages, seen, seconds) -> None:
    """Until one of the pages reads otherwise than `seen` (each page's LOOK, read before deciding to wait: a
    change since then counts)."""
    wait_for_one(pages, f"(was) => JSON.stringify(({LOOK})()) !== JSON.stringify(was)", seen, seconds)


def play_live(first, second, rng, moves=None) -> int:
    """Click moves in whichever page may move; every message goes over the channel (no link is ever shown).
    Stops at the verdict on both pages, or after `moves` clicks once both pages hold the same messages."""
    clicks = 0
    pages = (first, second)
    while True:
        looks = [page.evaluate(LOOK) for page in pages]  # (one call per page: the game is long)
        if all(look[0] for look in looks):
            break
        assert clicks < 2000, "the game did not end"
        assert all(look[3] == "live" and look[4] for look in looks)  # live, and nothing to send by hand
        if moves is not None and clicks >= moves and looks[0][1] == looks[1][1]:
            return clicks
        mover = next((page for page, look in zip(pages, looks) if look[2]), None)
        if mover is None:  # a message is on its way
            wait_for_news(pages, looks, seconds=60)
            continue
        click_aggressively(mover, rng)
        clicks += 1
    for page in pages:
        assert page.text_content("#remote-verdict").startswith("Verified: fair game")
        assert page.get_attribute("body", "data-over") == "1"
    return clicks


def test_a_blitzkrieg_game_is_played_live_to_a_verified_end(live_side, site_url):
    allies, axis = start_live(live_side, f"{site_url}/blitzkrieg.html", "allies")
    play_live(allies, axis, random.Random(5))
    assert allies.text_content("#remote-verdict") == axis.text_content("#remote-verdict")
    with axis.expect_download() as download:  # the signed transcript, as `python -m game_core verify` reads it
        axis.click('[data-command="remote-transcript"]')
    proved = verify_transcript(json.loads(Path(download.value.path()).read_text()))
    assert proved["ok"] is True and f"{proved['moves']} moves" in axis.text_content("#remote-verdict")
    assert live_side.blocked == [] and live_side.errors == []


def test_a_bitskrieg_game_is_played_live_to_a_verified_end(live_side, site_url):
    blue, red = start_live(live_side, f"{site_url}/bitskrieg.html", "blue", short=True)
    play_live(blue, red, random.Random(3))
    assert blue.text_content("#remote-verdict") == red.text_content("#remote-verdict")
    assert live_side.blocked == [] and live_side.errors == []


def links_until_live(first, second, rng) -> None:
    """Play and pass the links the pages show (a link whose message already came live is not opened) until
    both pages are live again."""
    for _ in range(400):
        seen = [page.evaluate(LOOK) for page in (first, second)]
        if all(page.get_attribute("body", "data-remote-mode") == "live" for page in (first, second)):
            return
        for me, you in ((first, second), (second, first)):
            link = link_to_send(me)
            if link and int(you.get_attribute("body", "data-remote")) < int(me.get_attribute("body", "data-remote")):
                open_link(you, link)
                break
            if me.locator("[data-action]").count():
                click_aggressively(me, rng)
                break
        else:  # a message or a connection is on its way
            wait_for_news((first, second), seen, seconds=TURN_TIMEOUT_S)
    raise AssertionError("the pages did not go live again")


def test_a_channel_cut_in_mid_game_falls_back_to_links_loses_nothing_and_goes_live_again(live_side, site_url):
    allies, axis = start_live(live_side, f"{site_url}/blitzkrieg.html", "allies")
    play_live(allies, axis, random.Random(4), moves=10)
    for page in (allies, axis):  # every message so far acknowledged: none is on its way
        wait_until(page, SETTLED, seconds=30)
    held = allies.get_attribute("body", "data-remote")
    axis.evaluate("""async () => (await import("/snapshot.mjs")).started.pyodide.runPython(`
from glue.core import page
for peer in page.live.values():
    peer.channel.close()`)""")
    for page in (allies, axis):
        page.wait_for_function("document.body.getAttribute('data-remote-mode') === 'links'")
        assert page.text_content("#remote-mode").startswith("By links")
        assert page.get_attribute("body", "data-remote") == held  # every message so far is on both pages
    # The Allies' page made a fresh offer: their next link carries it, the Axis' next link the answer.
    links_until_live(allies, axis, random.Random(6))
    play_live(allies, axis, random.Random(7))
    assert allies.text_content("#remote-verdict") == axis.text_content("#remote-verdict")
    assert live_side.blocked == [] and live_side.errors == []


def test_a_reply_opened_after_the_inviting_page_was_closed_goes_live_by_the_next_links(live_side, site_url):
    """The page that made the invitation (and its live offer) is closed before the reply comes: opened later
    in a fresh page, the reply cannot connect, but the creator's next link carries a fresh offer and the
    joiner's next link its answer (live.plan); from then on the game is live."""
    blue = live_side(f"{site_url}/bitskrieg.html")
    invitation = invite(blue, "blue", short=True)
    blue.goto("about:blank")  # the inviting page is closed: its connection is gone
    red = live_side(invitation)
    red.wait_for_function("document.body.getAttribute('data-remote') === '2'")
    blue.goto(link_to_send(red))  # opened later, in a fresh page
    wait_ready(blue)
    blue.wait_for_function("Number(document.body.getAttribute('data-remote')) >= 2")
    assert blue.get_attribute("body", "data-remote-mode") == "links"
    links_until_live(blue, red, random.Random(8))
    play_live(blue, red, random.Random(9), moves=6)  # moves go across live, no link shown
    assert live_side.blocked == [] and live_side.errors == []


def test_two_firefox_pages_play_live(site_url):
    """Firefox ESR to Firefox ESR (two browsers, each its own profile, driven over WebDriver BiDi): the
    invitation and the reply, pasted under "Got a code", bring both pages live, and moves go across with no
    link to send (the Firefox ESR stream of build/test.sh runs it: -k firefox)."""

    def wait(driver, source, seconds=120):
        wait_until(driver, source, seconds=seconds)

    paste = """(code) => { document.getElementById('remote-paste').value = code;
        document.querySelector('[data-command=remote-apply]').click();
        const join = document.getElementById('remote-join');  // an invitation: the player agrees
        if (join.open) join.querySelector('button[value=join]').click(); }"""
    moving = "document.querySelectorAll('[data-action]').length > 0"
    blue, red = Firefox(), Firefox()
    try:
        for driver in (blue, red):
            driver.goto(f"{site_url}/bitskrieg.html")
            wait(driver, "document.body.dataset.ready === '1'")
        blue.evaluate("""() => { document.querySelector('[data-command=new]').click();
            document.querySelector('[data-command=remote-new]').click(); }""")
        wait(blue, "document.body.dataset.remote === '1'")
        red.evaluate(paste, blue.evaluate("document.getElementById('remote-code').value"))
        wait(red, "document.body.dataset.remote === '2'")
        blue.evaluate(paste, red.evaluate("document.getElementById('remote-code').value"))
        for driver in (blue, red):
            wait(driver, "document.body.dataset.remoteMode === 'live'", seconds=60)
        clicks = 0
        for _ in range(600):  # six moves, each shown on the other page by itself
            if clicks == 6:
                break
            mover = next((driver for driver in (blue, red) if driver.evaluate(moving)), None)
            if mover is None:  # a move is on its way
                wait_for_one((blue, red), moving)
                continue
            mover.evaluate("() => document.querySelector('[data-action]').click()")
            clicks += 1
            for driver in (blue, red):
                assert driver.evaluate("document.getElementById('remote-send').hidden")  # no link to send
        assert clicks == 6
        # the last move is across too
        last = max(int(driver.evaluate("document.body.dataset.remote")) for driver in (blue, red))
        for driver in (blue, red):
            wait(driver, f"Number(document.body.dataset.remote) >= {last}", 60)
        counts = {driver.evaluate("document.body.dataset.remote") for driver in (blue, red)}
        assert len(counts) == 1 and int(counts.pop()) > 2
        for driver in (blue, red):
            assert driver.evaluate("document.body.dataset.remoteMode") == "live" and driver.errors == []
    finally:
        blue.close()
        red.close()


LIVE_PEERS = """async () => (await import("/snapshot.mjs")).started.pyodide.runPython(`
from glue.core import page
len(page.live)`)"""


def test_two_tabs_of_one_game_one_plays_and_the_other_follows_it(browser, site_url):
    """Blue has the game open in a tab; Red's links open in another tab of the same browser (as a chat app
    opens them): that tab plays, and the first says so and only follows (no link, no live offer of its own);
    a link opened in the first makes it the one that plays again. Neither says so with no move made."""
    contexts = [browser.new_context(), browser.new_context()]
    blocked = []
    for context in contexts:
        block_off_origin(context, blocked)
    first, red = (context.new_page() for context in contexts)
    for page in (first, red):
        page.goto(f"{site_url}/bitskrieg.html")
        wait_ready(page)
    invitation = invite(first, "blue", short=True)
    second = contexts[0].new_page()  # a second tab of Blue's game, opened with no move made
    second.goto(f"{site_url}/bitskrieg.html")
    wait_ready(second)
    red.goto(invitation)
    join(red)
    for page in (first, second):
        assert page.get_attribute("body", "data-remote") == "1" and page.locator("#message").is_hidden()
    second.goto(link_to_send(red))  # Red's reply opens in Blue's second tab: it plays now
    second.wait_for_function("document.body.getAttribute('data-remote') === '2'")
    first.wait_for_function("document.body.getAttribute('data-remote-mode') === 'elsewhere'")
    assert "continued in another tab" in first.text_content("#message")
    assert "Another tab of this browser plays this game" in first.text_content("#remote-mode")
    assert first.locator("#remote-send").is_hidden() and wait_until(first, f"async () => (await ({LIVE_PEERS})()) === 0", seconds=30)
    assert second.locator("#message").is_hidden() and second.get_attribute("body", "data-remote-mode") != "elsewhere"
    second.locator("[data-action]").first.click()  # Blue's first roll, in the tab that plays
    second.wait_for_function("document.body.getAttribute('data-remote') === '3'")
    first.wait_for_function("document.body.getAttribute('data-remote') === '3'")
    assert first.locator("#remote-send").is_hidden() and second.locator("#remote-send").is_visible()
    link = link_to_send(second)
    open_link(red, link)
    red.locator("[data-action]").first.click()
    red.wait_for_function("document.body.getAttribute('data-remote') === '4'")
    first.goto(link_to_send(red))  # now Red's link opens in the first tab: it plays again
    first.wait_for_function("document.body.getAttribute('data-remote') === '4'")
    second.wait_for_function("document.body.getAttribute('data-remote-mode') === 'elsewhere'")
    assert "continued in another tab" in second.text_content("#message")
    assert first.get_attribute("body", "data-remote-mode") != "elsewhere" and first.locator("[data-action]").count()
    assert second.locator("#remote-send").is_hidden()
    assert blocked == []
    for context in contexts:
        context.close()
