"""Remote play in two browsers with separate storage: a Bitskrieg game played to the end by passing the links
the pages show, verified on both; a tampered or misdirected link refused with nothing changed."""

import json
import random

import pytest

from conftest import block_off_origin
from game_core import games
from game_core.remote import Remote, unseal
from support import wait_ready
from test_modes import click_aggressively


@pytest.fixture
def blocked():
    return []


@pytest.fixture
def open_side(browser, site_url, blocked):
    """A new browser (its own context, so its own localStorage) with every off-origin request aborted."""
    contexts, errors = [], []

    def open_(url=f"{site_url}/bitskrieg.html"):
        context = browser.new_context()
        contexts.append(context)
        block_off_origin(context, blocked)
        context.add_init_script("delete window.RTCPeerConnection")  # links only (live: test_remote_live_page.py)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(url)
        wait_ready(page)
        if "#r=" in url:  # an invitation: joined once the player agrees, and the reply is made
            join(page)
        return page

    open_.errors = errors
    yield open_
    for context in contexts:
        context.close()


JOIN = '#remote-join button[value="join"]'  # the join dialog's consent


def join(page) -> None:
    """Agree in the join dialog an invitation opened; wait until the reply is made."""
    page.click(JOIN)
    page.wait_for_function("document.body.getAttribute('data-remote') === '2'")


def invite(page, seat="blue", short=False) -> str:
    page.click('[data-command="new"]')
    if short:  # no rebuilds: the game ends sooner (and the invitation carries the rules chosen)
        page.check("#opt-handicapping")
        page.fill("#opt-rebuilds_blue", "0")
        page.fill("#opt-rebuilds_red", "0")
    page.select_option("#remote-seat", seat)
    page.click('[data-command="remote-new"]')
    page.wait_for_function("document.body.getAttribute('data-remote') === '1'")
    return page.input_value("#remote-link")


def link_to_send(page):
    return page.input_value("#remote-link") if page.locator("#remote-send").is_visible() else None


def stored_side(page) -> list:
    return page.evaluate("Object.keys(localStorage).filter(k => k.includes(':remote:')).map(k => localStorage[k])")


def open_link(page, link, reload=False) -> None:
    """Open a link as a player would: in the tab already showing the game (the fragment changes), or in a
    fresh page load; wait until the message is applied (the page has one message more)."""
    before = page.get_attribute("body", "data-remote")
    if reload:
        page.goto("about:blank")
        page.goto(link)
        wait_ready(page)
    else:
        page.goto(link)
    page.wait_for_function(f"document.body.getAttribute('data-remote') !== {before!r}", timeout=30_000)


def play_to_the_end(first, second, rng) -> None:
    """Both browsers play (clicking any data-action) and pass each other the links they show until both
    show the verdict; now and then a link is opened in a fresh load, so the side is resumed from storage."""
    delivered, sent = {first.input_value("#remote-link")}, 0
    while not all(page.locator("#remote-verdict").is_visible() for page in (first, second)):
        assert sent < 1000, "the game did not end"
        for me, you in ((first, second), (second, first)):
            link = link_to_send(me)
            if link and link not in delivered:
                assert me.locator("[data-action]").count() == 0  # nothing to click while waiting
                open_link(you, link, reload=sent == 3)
                delivered.add(link)
                sent += 1
                break
            if me.locator("[data-action]").count():
                assert you.locator("[data-action]").count() == 0  # only the seat to move has choices
                click_aggressively(me, rng)
                break
        else:
            raise AssertionError("neither browser can move nor has a link to send")
    for page in (first, second):
        assert page.text_content("#remote-verdict").startswith("Verified: fair game")
        assert page.get_attribute("body", "data-over") == "1"
        assert page.locator("#message").is_hidden()
    assert first.text_content("#remote-verdict") == second.text_content("#remote-verdict")


def test_a_remote_bitskrieg_game_is_played_to_the_end_by_links_and_verified_on_both(open_side, blocked):
    blue = open_side()
    invitation = invite(blue, short=True)
    assert "#r=bbr2." in invitation and blue.locator("#remote-wait").is_visible()
    assert blue.text_content("#remote-mode") == "By links: this browser cannot connect live (it has no WebRTC)."
    assert blue.input_value("#remote-code") == invitation.split("#r=")[1]
    assert "Red" in blue.text_content("#remote-send-title")
    red = open_side(invitation)  # joins as Red
    assert "You joined" in red.text_content("#remote-send-title")
    assert json.loads(stored_side(red)[0])["options"]["rebuilds_red"] == 0  # the rules travel in the invitation
    play_to_the_end(blue, red, random.Random(3))
    blue.click('[data-command="saves"]')
    assert "Remote game against Red (you are Blue)" in blue.text_content("#slot-list")
    blue.click('#saves [data-command="close-dialog"]')
    # Once another game is open, Saves describes the stored side by replaying it: once, not at every opening.
    blue.click('[data-command="new"]')
    blue.click('#new-game [data-command="start"]')
    blue.evaluate("""async () => (await import("/snapshot.mjs")).started.pyodide.runPython(`
from game_core.remote import Remote
Remote.replays, load = 0, Remote.from_dict.__func__
def counted(cls, data):
    cls.replays += 1
    return load(cls, data)
Remote.from_dict = classmethod(counted)`)""")
    for _ in range(2):
        blue.click('[data-command="saves"]')
        assert "Remote game against Red (you are Blue), " in blue.text_content("#slot-list")
        assert "(open now)" not in blue.text_content("#slot-list")
        blue.click('#saves [data-command="close-dialog"]')
    assert blue.evaluate("""async () => (await import("/snapshot.mjs")).started.pyodide.runPython(
        "from game_core.remote import Remote; Remote.replays")""") == 1
    assert blocked == [] and open_side.errors == []


def test_a_remote_blitzkrieg_game_is_played_to_the_end_by_links_and_verified_on_both(open_side, blocked, site_url):
    allies = open_side(f"{site_url}/blitzkrieg.html")
    allies.click('[data-command="new"]')
    allies.check("#opt-partisans")
    allies.select_option("#remote-seat", "allies")
    allies.click('[data-command="remote-new"]')
    allies.wait_for_function("document.body.getAttribute('data-remote') === '1'")
    invitation = allies.input_value("#remote-link")
    axis = open_side(invitation)  # joins as the Axis, who moves first once the Allies reveal their chance
    assert not axis.locator("[data-action]").count() and axis.locator("#remote-send").is_visible()
    stored = json.loads(stored_side(axis)[0])
    assert stored["options"]["partisans"] and stored["options"]["remote"] and len(stored["deck"]) == 17
    play_to_the_end(allies, axis, random.Random(5))
    log = axis.text_content("#log")
    assert "Research:" in log or "special weapon" in log
    assert blocked == [] and open_side.errors == []


def test_a_tampered_link_is_refused_and_changes_nothing(open_side, blocked):
    blue = open_side()
    invitation = invite(blue)
    red = open_side(invitation)
    open_link(blue, link_to_send(red))  # Red's answer: Blue rolls first
    words = red.text_content("#remote-mode").split('"')[1]  # both pages show the same words (issue 47, N7)
    assert len(words.split()) == 4 and f'"{words}"' in blue.text_content("#remote-mode")
    blue.locator("[data-action]").first.click()
    link = link_to_send(blue)
    base, code = link.split("#r=")
    middle = len(code) // 2
    tampered = code[:middle] + ("A" if code[middle] != "A" else "B") + code[middle + 1:]
    side, log, count = stored_side(red), red.inner_html("#log"), red.get_attribute("body", "data-remote")
    red.goto(f"{base}#r={tampered}")
    red.wait_for_selector("#message:not([hidden])")
    assert "Nothing was changed" in red.text_content("#message")
    assert red.get_attribute("#message", "role") == "alert"
    assert (stored_side(red), red.inner_html("#log"), red.get_attribute("body", "data-remote")) == (side, log, count)
    open_link(red, link)  # the real one still applies
    assert "Blue rolls" in red.text_content("#log")
    blue.goto(link)  # a player opening their own message is told so
    blue.wait_for_selector("#message:not([hidden])")
    assert "your own message" in blue.text_content("#message")
    red.goto(invitation)  # the invitation again: the same game, resumed
    red.wait_for_selector("#message:not([hidden])")
    assert "already opened" in red.text_content("#message")
    assert blocked == [] and open_side.errors == []


def test_remote_play_is_offered_only_where_the_game_supports_it(open_side, site_url):
    for name, offered in (("blitzkrieg-nippon", True), ("blitzed", False), ("fall-blau", False)):
        page = open_side(f"{site_url}/{name}.html")
        page.click('[data-command="new"]')
        assert page.locator("#new-game-fields p").count() and page.locator("#remote-new").count() == offered, name
        assert page.locator("#opt-remote").count() == 0  # set by remote play, never asked
        if offered:  # the choice at the foot of the form is announced at its top
            page.click('[data-command="remote-jump"]')
            page.wait_for_function("document.activeElement.id === 'remote-seat'")
            assert page.locator("#remote-seat").is_visible()


def test_an_invitation_shows_its_terms_and_joins_only_when_accepted(browser, open_side, blocked, site_url):
    """The join dialog (a page dialog, not the browser's confirm) names the game, the seats and each option in
    words; Escape or "Do not join" changes nothing; the keyboard alone can join."""
    blue = open_side()
    invitation = invite(blue, short=True)
    context = browser.new_context()
    block_off_origin(context, blocked)
    red = context.new_page()
    asked = []  # the browser's own dialogs (confirm): none
    red.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    red.goto(invitation)
    wait_ready(red)
    dialog = red.get_by_role("dialog", name="Join this remote game of Bitskrieg?")
    dialog.wait_for()
    shown = dialog.inner_text()
    assert "You play Red, your friend Blue." in shown and "Handicapping: on" in shown and "Blue rebuilds: 0" in shown
    assert "claimed to have lost" in shown
    assert red.evaluate("document.activeElement.closest('dialog')?.id") == "remote-join"  # the keys are in it
    red.keyboard.press("Escape")
    red.wait_for_selector("#message:not([hidden])")
    assert "You did not join" in red.inner_text("#message") and dialog.is_hidden()
    assert red.evaluate("Object.keys(localStorage).filter(k => k.includes(':remote'))") == []
    red.goto("about:blank")
    red.goto(invitation)
    wait_ready(red)
    dialog.wait_for()
    red.keyboard.press("Enter")  # the focused "Join the game"
    red.wait_for_function("document.body.getAttribute('data-remote') === '2'")
    assert link_to_send(red) and red.evaluate("Object.keys(localStorage).filter(k => k.includes(':remote:'))")
    send = red.locator('[data-command="remote-send"]')  # no share sheet here: the button copies, and says so
    assert send.inner_text() == "Copy the link" and 'press "Copy the link"' in red.inner_text("#board")
    context.close()
    assert blocked == [] and asked == []


def test_the_invitation_takes_its_deadline_and_send_opens_the_share_sheet(open_side):
    blue = open_side()
    blue.click('[data-command="new"]')
    blue.fill("#remote-deadline", "0")
    blue.click('[data-command="remote-new"]')
    blue.wait_for_selector("#message:not([hidden])")
    assert "1 to 720 hours" in blue.text_content("#message") and blue.get_attribute("body", "data-remote") == ""
    blue.fill("#remote-deadline", "6")
    blue.click('[data-command="remote-new"]')
    blue.wait_for_function("document.body.getAttribute('data-remote') === '1'")
    link = blue.input_value("#remote-link")
    assert unseal(link.split("#r=")[1])["deadline"] == 6
    # a phone's share sheet (set inside a function: Playwright calls a function the expression evaluates to)
    blue.evaluate("() => { navigator.share = async (data) => { window.shared = data; }; }")
    blue.click('[data-command="remote-send"]')
    blue.wait_for_function("window.shared !== undefined")
    assert blue.evaluate("window.shared.url") == link


def test_a_link_opened_in_a_messengers_browser_says_so_and_offers_its_code(browser, site_url):
    game = games.get("bitskrieg")
    _, invitation = Remote.create(game, {}, "blue")
    _, reply = Remote.accept(invitation)
    context = browser.new_context(user_agent="Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 "
                                             "Chrome/120 Mobile Safari/537.36 Instagram 310.0")
    page = context.new_page()
    page.goto(f"{site_url}/bitskrieg.html#r={reply}")
    wait_ready(page)
    assert "Instagram's built-in browser, which does not hold your game" in page.text_content("#message")
    assert page.input_value("#message textarea") == reply
    assert page.evaluate("Object.keys(localStorage).filter(k => k.includes(':remote'))") == []
    context.close()


def test_a_side_that_withholds_its_reveal_past_the_deadline_is_claimed_against_on_the_other_page(open_side, blocked):
    """Red joins and sends its reply; Blue never answers with the reveal it owes (the set-up's chance). Once the
    agreed deadline (48 hours) has passed on Red's clock, Red's page shows its claim (not a proof: issue 47),
    with the transcript."""
    blue = open_side()
    invitation = invite(blue, short=True)
    red = open_side(invitation)
    assert link_to_send(red)  # the reply Blue never opens
    red.context.add_init_script("{ const real = Date.now; Date.now = () => real() + 49 * 3600 * 1000; }")
    red.reload()
    wait_ready(red)
    red.wait_for_function("document.getElementById('remote').innerText.includes('agreed have passed')", timeout=30_000)
    shown = red.inner_text("#remote")
    assert "Blue owes the chance of the set-up since" in shown and "a claim, not a proof" in shown
    assert red.locator('[data-command="remote-transcript"]').is_visible()
    assert blocked == []


def withheld_final(game, deadline: int):
    """A game played to its end in this process, as two browsers would by links, until the first final
    reveal: (its sender, the side that received and checked it). Played again until that sender won."""
    while True:
        rng = random.Random()
        creator, code = Remote.create(game, None, game.seats[0], deadline)
        joiner, code = Remote.accept(code)
        while "final" not in unseal(code):
            receiver = joiner if unseal(code)["from"] == creator.seat else creator
            code = receiver.receive(code)
            while code is None:
                mover = joiner if creator.waiting else creator
                code = mover.act(rng.choice(mover.state.legal_actions()))
        sender = creator if unseal(code)["from"] == creator.seat else joiner
        if sender.state.winner == sender.seat:
            receiver = joiner if sender is creator else creator
            receiver.receive(code)  # the loser checks the winner's reveal, and never sends its own (returned here)
            return sender, receiver


def test_a_loser_that_withholds_its_final_reveal_is_claimed_against_on_the_winners_page(open_side, blocked, site_url):
    """The loser of a finished Blitzkrieg! game gets the winner's final reveal and goes silent: once the agreed
    deadline (1 hour) has passed on the winner's clock, the winner's page shows its claim."""
    game = games.get("blitzkrieg")
    winner, loser = withheld_final(game, deadline=1)
    assert winner.final_sent and winner.waiting and loser.their["final"] is not None and winner.their["final"] is None
    page = open_side(f"{site_url}/blitzkrieg.html")  # the winner's browser, holding its side as it left it
    page.evaluate("([key, side, open]) => { localStorage.setItem(key, side); localStorage.setItem(open, key.split(':').pop()); }",
                  [f"blitzbox:blitzkrieg:remote:{winner.gid}", json.dumps(winner.to_dict()), "blitzbox:blitzkrieg:remote-open"])
    page.reload()
    wait_ready(page)
    shown = page.inner_text("#remote")  # not yet due: what is owed, and since when
    assert "agreed have passed" not in shown and f"{game.seat_name(loser.seat)} owes their final reveal since" in shown
    page.context.add_init_script("{ const real = Date.now; Date.now = () => real() + 2 * 3600 * 1000; }")
    page.reload()
    wait_ready(page)
    page.wait_for_function("document.getElementById('remote').innerText.includes('agreed have passed')", timeout=30_000)
    assert f"{game.seat_name(loser.seat)} owes their final reveal since" in page.inner_text("#remote")
    assert page.get_attribute("body", "data-over") == "1"
    assert page.locator('[data-command="remote-transcript"]').is_visible()
    assert blocked == [] and open_side.errors == []
