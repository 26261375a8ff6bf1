"""Saves that never lose a game: two tabs, kept-aside copies, full storage (issue 21, findings 1-3); a game
carried to another browser by a save code, a save file or a link, in Chromium, Firefox ESR and WebKit
(issue 48, F1 and F3)."""

import json

from support import wait_ready, wait_until
from test_embed_anywhere import engine  # noqa: F401 (a fixture: Firefox ESR, then WebKit)
from test_engines import wait_ready as engine_ready
from test_platform import GAME, make_moves, open_game

AUTOSAVE = f"blitzbox:{GAME}:autosave"
KEPT = f"blitzbox:{GAME}:kept:"


def moves_in_log(page) -> int:
    return page.locator("#log li").count()


def wait_moves(page, count, timeout=10_000) -> None:
    page.wait_for_function(f"document.querySelectorAll('#log li').length === {count}", timeout=timeout)


def stored(page) -> dict:
    return page.evaluate("Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]))")


def kept(page) -> dict:
    return {key: value for key, value in stored(page).items() if key.startswith(KEPT)}


def newer_save(version: int) -> str:
    return json.dumps({"format": "blitzbox-session", "version": version, "game": GAME, "record": {"moves": version}})


def test_a_tab_follows_the_game_another_tab_continued(page, context, site_url, off_origin):
    """A plays 2, B opens, A plays 3 more, B plays 1: nobody's moves are lost (B had overwritten A's)."""
    open_game(page, site_url)
    make_moves(page, 2)
    other = context.new_page()
    other.goto(f"{site_url}/{GAME}.html")
    wait_ready(other)
    assert moves_in_log(other) == 2
    make_moves(page, 3)
    wait_moves(other, 5)
    assert "continued in another tab" in other.inner_text("#message")
    make_moves(other, 1)
    wait_moves(page, 6)
    third = context.new_page()
    third.goto(f"{site_url}/{GAME}.html")
    wait_ready(third)
    assert moves_in_log(third) == 6
    assert kept(third) == {}, "one game, continued: nothing to keep aside"
    assert off_origin == []


def test_two_tabs_that_fork_a_game_keep_both(page, context, site_url, off_origin):
    open_game(page, site_url)
    make_moves(page, 3)
    other = context.new_page()
    other.goto(f"{site_url}/{GAME}.html")
    wait_ready(other)
    other.click('nav [data-command="new"]')  # B starts another game and plays it
    other.click('#new-game [data-command="start"]')
    page.wait_for_function("document.getElementById('message').textContent.includes('different game')")
    make_moves(other, 2)
    forked = other.evaluate(f"localStorage.getItem('{AUTOSAVE}')")
    make_moves(page, 1)  # A plays on its own line: B's fork must survive
    assert "kept aside" in page.inner_text("#message")
    copies = list(kept(page).values())  # B's fork, and A's game as B's New game kept it aside
    assert forked in copies and len(copies) == 2
    assert moves_in_log(page) == 4 and page.evaluate(f"localStorage.getItem('{AUTOSAVE}')") != forked
    assert off_origin == []


def test_every_kept_copy_has_its_own_key_and_the_saves_list_offers_it(page, site_url, off_origin):
    open_game(page, site_url)
    first, second = newer_save(98), newer_save(99)
    for text in (first, second):
        page.evaluate("([key, text]) => localStorage.setItem(key, text)", [AUTOSAVE, text])
        page.reload()
        wait_ready(page)
        message = page.inner_text("#message")
        assert "could not be resumed" in message and "kept aside" in message
        # "reload to update" is only true while the save stays where an updated page looks for it
        assert page.evaluate(f"localStorage.getItem('{AUTOSAVE}')") == text
    assert sorted(kept(page).values()) == sorted([first, second])
    page.click('[data-command="saves"]')
    rows = page.locator("#slot-list li", has_text=", kept ")
    assert rows.count() == 2
    for label in ("Open", "Export", "Delete"):
        assert rows.first.get_by_role("button", name=label).count() == 1
    page.click('#saves [data-command="close-dialog"]')
    make_moves(page, 1)  # the new game's first move takes the autosave; the copies stay
    assert page.evaluate(f"localStorage.getItem('{AUTOSAVE}')") not in (first, second)
    assert sorted(kept(page).values()) == sorted([first, second])
    page.click('[data-command="saves"]')
    page.locator("#slot-list li", has_text=", kept ").first.get_by_role("button", name="Delete").click()
    assert len(kept(page)) == 1
    assert off_origin == []


def test_with_storage_full_an_unreadable_save_stays_where_it_is(page, site_url, off_origin):
    open_game(page, site_url)
    unreadable = newer_save(97)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [AUTOSAVE, unreadable])
    page.evaluate("""() => {
        let n = 0;
        for (let size = 1 << 20; size >= 1; size >>= 1) {
            const chunk = 'x'.repeat(size);
            try { for (;;) localStorage.setItem('filler' + n++, chunk); } catch (e) {}
        }
    }""")
    page.reload()
    wait_ready(page)
    message = page.inner_text("#message")
    assert "could not be resumed" in message and "stays" in message and "no room to keep a copy" in message
    page.evaluate("() => { for (const key of Object.keys(localStorage)) if (key.startsWith('filler')) "
                  "{ localStorage.removeItem(key); break; } }")  # room for a small save again
    make_moves(page, 2)  # with room again the unreadable save goes aside first, then this game is saved
    assert unreadable in kept(page).values() and page.evaluate(f"localStorage.getItem('{AUTOSAVE}')") != unreadable
    assert off_origin == []


def test_a_new_game_keeps_the_game_in_progress_aside_with_an_undo(page, site_url, off_origin):
    open_game(page, site_url)
    make_moves(page, 3)
    page.click('nav [data-command="new"]')
    page.click('#new-game [data-command="start"]')
    assert "New game: your game in progress was kept aside" in page.inner_text("#message")
    assert moves_in_log(page) == 0 and len(kept(page)) == 1
    page.click('#message [data-command="undo-keep"]')
    assert moves_in_log(page) == 3 and "earlier game is back" in page.inner_text("#message")
    assert off_origin == []


# -- a game carried to another browser (issue 48 F1, F3) -----------------------------------------------------
def export_code(page) -> str:
    """Saves -> "Show a save code": the code shown."""
    page.click('[data-command="saves"]')
    page.click('[data-command="export-code"]')
    code = page.input_value("#code-out")
    page.click('#saves [data-command="close-dialog"]')
    return code


def paste(page, text) -> str:
    """Saves -> Import, the text pasted: what the page says it is, before anything is replaced."""
    page.click('[data-command="saves"]')
    page.fill("#code-in", text)
    return page.inner_text("#code-what")


def autosaved(page) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem('{AUTOSAVE}')"))


def test_a_save_code_carries_the_game_to_play_on_in_a_fresh_browser(page, browser, site_url, off_origin):
    """Two moves here, "Show a save code", then a fresh browser profile with its own game in progress: the
    code says what it is and what it will keep aside, loads as a game to play on (not a replay), survives a
    reload, and the Undo brings that browser's own game back."""
    open_game(page, site_url)
    make_moves(page, 2)
    code = export_code(page)
    record = autosaved(page)["record"]

    other = browser.new_context().new_page()
    open_game(other, site_url)
    make_moves(other, 1)
    mine = autosaved(other)
    said = paste(other, code)
    assert said == ("This save code holds a game of Blitzkrieg! in progress, 2 moves: it plays on here. Your game "
                    "in progress here (1 move) will be kept aside in Saves, with an Undo."), said
    assert autosaved(other) == mine, "nothing is replaced before Load it"
    other.click('[data-command="import-code"]')
    assert not other.locator("#replay-bar").is_visible(), "the save code opened only as a replay"
    assert other.locator("#log li").count() == 2 and autosaved(other)["record"] == record
    message = other.inner_text("#message")
    assert "Loaded the save code" in message and "Import: your game in progress was kept aside" in message
    make_moves(other, 1)  # a game to go on playing
    assert other.locator("#log li").count() == 3
    other.reload()
    wait_ready(other)
    assert other.locator("#log li").count() == 3, "after a reload that browser's own game came back"
    assert autosaved(other)["record"]["actions"][:2] == record["actions"]
    other.context.close()
    assert off_origin == []


def test_the_undo_of_an_import_brings_the_browser_s_own_game_back(page, browser, site_url, off_origin):
    open_game(page, site_url)
    make_moves(page, 2)
    save_file = page.evaluate(f"localStorage.getItem('{AUTOSAVE}')")
    other = browser.new_context().new_page()
    open_game(other, site_url)
    make_moves(other, 1)
    mine = autosaved(other)["record"]
    assert paste(other, save_file).startswith("This save file holds a game of Blitzkrieg! in progress, 2 moves")
    other.click('[data-command="import-code"]')
    assert other.locator("#log li").count() == 2
    other.click('#message [data-command="undo-keep"]')
    assert other.locator("#log li").count() == 1 and "earlier game is back" in other.inner_text("#message")
    assert autosaved(other)["record"] == mine
    other.context.close()
    assert off_origin == []


def test_import_and_the_address_bar_take_the_move_link_and_any_part_of_it(page, browser, site_url, off_origin):
    """"Move this game to another device" gives a link: the whole link, its #g= part and the code in it are
    each taken by Import, and the link by the address bar, as the game to play on."""
    open_game(page, site_url)
    make_moves(page, 3)
    page.click('[data-command="share"]')
    link = page.locator("#share-choices textarea").nth(1).input_value()  # the second choice: move this game
    page.click('#share [data-command="close-dialog"]')
    assert "#g=bb1." in link
    record = autosaved(page)["record"]
    other = browser.new_context().new_page()
    open_game(other, site_url)
    for text, form in [(link, "link"), (link[link.index("#"):], "part of a link"), (link.split("#g=")[1], "save code")]:
        assert paste(other, text).startswith(f"This {form} holds a game of Blitzkrieg! in progress, 3 moves")
        other.click('[data-command="import-code"]')
        assert not other.locator("#replay-bar").is_visible() and autosaved(other)["record"] == record
    fresh = browser.new_context().new_page()
    fresh.goto(link)
    wait_ready(fresh)
    assert not fresh.locator("#replay-bar").is_visible() and fresh.locator("#log li").count() == 3
    assert "#g=" not in fresh.url, "a reload would open the link again over the game played on since"
    make_moves(fresh, 1)
    assert fresh.locator("#log li").count() == 4
    fresh.goto("about:blank")
    fresh.goto(link.replace("#g=", "#"))  # the code written straight after the "#"
    wait_ready(fresh)
    assert fresh.locator("#log li").count() == 3 and "kept aside" in fresh.inner_text("#message")
    other.context.close()
    fresh.context.close()
    assert off_origin == []


# The same round trip from Chromium into Firefox ESR and WebKit (e2e/engines.py, the `engine` fixture of
# test_embed_anywhere.py), each its own profile.
PASTE = """(text) => { const box = document.getElementById('code-in'); box.value = text;
  box.dispatchEvent(new Event('input', {bubbles: true})); return document.getElementById('code-what').textContent; }"""


def test_in_firefox_and_webkit_a_save_code_from_chromium_plays_on(engine, page, site_url):
    open_game(page, site_url)
    make_moves(page, 2)
    code = export_code(page)
    engine.goto(f"{site_url}/{GAME}.html")
    engine_ready(engine)
    engine.evaluate("document.querySelector('nav [data-command=\"saves\"]').click()")
    said = engine.evaluate(PASTE, code)
    assert said.startswith("This save code holds a game of Blitzkrieg! in progress, 2 moves: it plays on here."), said
    assert engine.click(engine.pick("document.querySelector('[data-command=\"import-code\"]')"))
    wait_until(engine, "document.querySelectorAll('#log li').length === 2")
    assert engine.evaluate("document.getElementById('replay-bar').hidden"), "it opened only as a replay"
    stored = json.loads(engine.evaluate(f"localStorage.getItem('{AUTOSAVE}')"))
    assert stored["record"] == autosaved(page)["record"]
