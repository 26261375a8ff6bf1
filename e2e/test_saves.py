"""Saves that never lose a game: two tabs, kept-aside copies, full storage (issue 21, findings 1-3)."""

import json

from support import wait_ready
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
