"""Hostile input never stops a page: deep nesting, bad percent-encoding, huge and damaged values, in the
address, in Import and in storage (issue 21, findings 4 and 5, and the fuzz of both)."""

import base64
import json
import random
import zlib

import pytest

from game_core import games
from game_core.remote import Remote
from support import wait_ready
from test_platform import GAME, HOTSEAT, make_moves, open_game

DEEP_CODE = "bb1." + base64.urlsafe_b64encode(zlib.compress(b"[" * 50_000 + b"]" * 50_000, 9)).decode().rstrip("=")
UNCLEAR = ("Traceback", "JsException", "Expecting", "line 1 column", "Pyodide", "could not start")


def assert_ready_and_clear(page) -> str:
    wait_ready(page)
    message = page.inner_text("#message") + page.inner_text("#status")
    assert not any(word in message for word in UNCLEAR), message
    return page.inner_text("#message")


def test_a_deeply_nested_share_link_is_refused_and_the_page_plays(page, site_url, off_origin, page_errors):
    assert len(DEEP_CODE) < 200
    open_game(page, site_url)
    page.goto("about:blank")  # a new load, not a jump within the page
    page.goto(f"{site_url}/{GAME}.html#g={DEEP_CODE}")
    assert "nested far too deeply" in assert_ready_and_clear(page)
    make_moves(page, 1)
    assert page.locator("#log li").count() == 1
    assert off_origin == [] and page_errors == []


def test_deep_or_broken_imports_are_refused_in_plain_words(page, site_url, off_origin, page_errors):
    open_game(page, site_url)
    make_moves(page, 1)
    page.click('[data-command="saves"]')
    for text, reason in [(DEEP_CODE, "nested far too deeply"), ("[" * 60_000 + "]" * 60_000, "nested far too deeply"),
                         ('{"format": "blitzbox-session", "version": 1,,}', "not valid JSON"),
                         ('{"seed": 1,,}', "not valid JSON (it was cut short")]:
        page.fill("#code-in", text)
        page.click('[data-command="import-code"]')
        message = page.inner_text("#message")
        assert reason in message and "Nothing was changed" in message, message
    page.click('#saves [data-command="close-dialog"]')
    make_moves(page, 1)
    assert page.locator("#log li").count() == 2
    assert off_origin == [] and page_errors == []


def test_a_deep_autosave_does_not_break_the_page_and_is_kept(page, site_url, off_origin):
    open_game(page, site_url)
    deep = "[" * 50_000 + "]" * 50_000
    page.evaluate("(text) => localStorage.setItem('blitzbox:%s:autosave', text)" % GAME, deep)
    page.reload()
    assert "could not be resumed" in assert_ready_and_clear(page)
    assert page.evaluate(f"localStorage.getItem('blitzbox:{GAME}:autosave')") == deep
    assert off_origin == []


@pytest.mark.parametrize("fragment", ["#g=%E0%A4%A", "#g=%", "#g=%%%25"])
def test_a_malformed_percent_in_the_address_does_not_stop_start_up(fragment, page, site_url, off_origin):
    open_game(page, site_url)
    page.goto("about:blank")
    page.goto(f"{site_url}/{GAME}.html{fragment}")
    assert "could not be opened" in assert_ready_and_clear(page)
    make_moves(page, 1)
    assert page.locator("#log li").count() == 1
    assert off_origin == []


def test_a_damaged_setting_does_not_stall_the_bot(page, site_url, off_origin):
    page.goto(f"{site_url}/{GAME}.html")
    wait_ready(page)
    page.evaluate(f"""localStorage.setItem('blitzbox:settings', '{{"speed": [], "theme": {{"a": 1}}}}');
                      localStorage.removeItem('blitzbox:{GAME}:setup'); localStorage.removeItem('blitzbox:{GAME}:autosave')""")
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "data-theme") == "system"
    for moves in range(1, 6):  # the human's move (a few new games keep the turn for a second step); then the bot's
        page.locator("#board [data-action]").first.click()
        page.wait_for_function(f"document.querySelectorAll('#log li').length >= {moves}")
        page.wait_for_function(f"""document.querySelectorAll('#log li').length > {moves}
                                   || document.querySelector('#board [data-action]')""", timeout=30_000)
        if page.locator("#log li").count() > moves:
            break
    else:
        raise AssertionError("the bot never moved")
    assert off_origin == []


# -- the fuzz -------------------------------------------------------------------------------------
def real_save(page) -> str:
    return page.evaluate(f"localStorage.getItem('blitzbox:{GAME}:autosave')")


def damaged_values(rng: random.Random, save: str) -> list:
    """Every kind of damage a stored value or an address can carry, in a seeded order."""
    cut = rng.randrange(1, len(save))
    values = [
        "[" * 50_000 + "]" * 50_000, "{" * 3000, save[:cut], save[:cut] + "\x00\x01",
        save.replace('"version":1', '"version":7'), save.replace('"actions":[', '"actions":[[],'),
        '<img src=x onerror="window.pwned=true">', "null", "true", "[]", '"text"', "1e999", "",
        json.dumps({"format": "blitzbox-session", "version": 1, "game": GAME, "record": "x" * 10}),
        "x" * 600_000, '{"format": "blitzbox-session", "version": 1, "game": "' + "é" * 1000 + '"}',
        json.dumps({"speed": [], "theme": ["dark"]}), "".join(chr(rng.randrange(1, 0x2FFF)) for _ in range(300)),
    ]
    rng.shuffle(values)
    return values


def site_keys() -> list:
    """Every key the site writes (a game page's own, its embed's, the shared ones)."""
    keys = ["blitzbox:settings", "blitzbox:history"]
    for prefix in (f"blitzbox:{GAME}", f"blitzbox:{GAME}:embed"):
        keys += [f"{prefix}:{name}" for name in ("autosave", "setup", "tips-seen", "kept:2026-01-01 10:00:00")]
    return keys + [f"blitzbox:{GAME}:slot:my game"]


def test_fuzz_damaged_values_in_every_storage_key(page, site_url, off_origin, page_errors):
    open_game(page, site_url)
    make_moves(page, 3)
    save = real_save(page)
    rng = random.Random(21)
    baseline = {key: save for key in site_keys()}
    baseline.update({"blitzbox:settings": '{"speed": "fast"}', f"blitzbox:{GAME}:setup": HOTSEAT,
                     f"blitzbox:{GAME}:embed:setup": HOTSEAT, "blitzbox:history": "[]",
                     f"blitzbox:{GAME}:tips-seen": "1", f"blitzbox:{GAME}:embed:tips-seen": "1"})
    page.evaluate("window.pwned = false")
    for value in damaged_values(rng, save):
        key = rng.choice(site_keys())
        page.evaluate("""([baseline, key, value]) => {
            localStorage.clear();
            for (const [k, v] of Object.entries(baseline)) localStorage.setItem(k, v);
            localStorage.setItem(key, value);
        }""", [baseline, key, value])
        embed = ":embed:" in key
        page.goto(f"{site_url}/{'embed/' if embed else ''}{GAME}.html")
        if embed:
            page.click("#play-button")
        message = assert_ready_and_clear(page)
        if not embed:  # the Saves list reads the slots and kept copies
            page.click('[data-command="saves"]')
            page.click('#saves [data-command="close-dialog"]')
        if key.endswith(":autosave") and value != save:
            assert "could not be resumed" in message or message == "", (key, value[:80], message)
        after = page.evaluate("Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]))")
        for other, text in {**baseline, key: value}.items():
            if other != key or value:  # an empty value is no save at all
                kept_aside = other == key and text in [v for k, v in after.items() if ":kept" in k]
                assert after.get(other) == text or kept_aside, f"{other} changed after damaging {key} with {value[:60]!r}"
        assert page.evaluate("window.pwned") is not True
    assert off_origin == [] and page_errors == []


def test_fuzz_share_fragments(page, site_url, off_origin, page_errors):
    open_game(page, site_url)
    make_moves(page, 2)
    before = page.evaluate("Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]))")
    rng = random.Random(2121)
    good = DEEP_CODE  # any bb1 code, to mangle
    fragments = [f"g={DEEP_CODE}", "g=%", "g=%E0%A4%A", "g=%ZZ", "g=bb1." + "A" * 300_000, "g=" + "%25" * 20_000,
                 f"g={good[:40]}", "g=bb9.abc", "g=<script>window.pwned=true</script>", "g=bb1.%00%0A",
                 "g=" + "".join(rng.choice("%=#?+/bb1.AZaz09_-") for _ in range(400)),
                 "g=bb1." + base64.urlsafe_b64encode(zlib.compress(b'{"a":' * 40 + b"1" + b"}" * 40)).decode()]
    rng.shuffle(fragments)
    page.evaluate("window.pwned = false")
    for fragment in fragments:
        page.goto("about:blank")
        page.goto(f"{site_url}/{GAME}.html#{fragment}")
        message = assert_ready_and_clear(page)
        assert "could not be opened" in message, (fragment[:60], message)
        after = page.evaluate("Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]))")
        assert after == before, f"storage changed after #{fragment[:60]}"
        assert page.evaluate("window.pwned") is not True
    assert off_origin == [] and page_errors == []


# -- the address: every value bounded and checked (issue 31) ---------------------------------------
@pytest.mark.parametrize("query, named", [("?seed=%C2%B2", "the seed '²'"), ("?seed=" + "9" * 5000, "at most 18 digits"),
                                          ("?bot=godlike&seat=Allies", "there is no bot 'godlike'")])
def test_an_embed_address_that_cannot_be_used_is_named_and_the_game_plays(query, named, page, site_url,
                                                                         off_origin, page_errors):
    page.goto(f"{site_url}/embed/{GAME}.html{query}")
    page.click("#play-button")
    message = assert_ready_and_clear(page)
    assert named in message and "the game plays without it" in message, message
    page.locator("[data-action]").first.click()
    page.wait_for_function("document.querySelectorAll('#log li').length >= 1")
    assert off_origin == [] and page_errors == []


def invitation(name: str) -> str:
    """A remote-play invitation of a game, made as the creator's browser would."""
    game = games.get(name)
    side, _ = Remote.create(game, {}, game.seats[0])
    return side.outbox


@pytest.mark.parametrize("other", ["bitskrieg", "blitzkrieg-nippon"])
def test_a_remote_link_of_another_game_is_refused_before_anything_is_stored(other, page, site_url, off_origin,
                                                                          page_errors):
    open_game(page, site_url)
    page.goto("about:blank")
    page.goto(f"{site_url}/{GAME}.html#r={invitation(other)}")
    message = assert_ready_and_clear(page)
    assert "Nothing was changed" in message and ("Bitskrieg" in message or "Nippon" in message), message
    link = page.locator("#message a")
    assert link.get_attribute("href").split("#r=")[0] == f"{site_url}/{other}.html"
    stored = page.evaluate("Object.keys(localStorage).filter(k => k.includes(':remote'))")
    assert stored == []
    make_moves(page, 1)
    page.reload()
    wait_ready(page)
    assert page.inner_text("#message") == "" and page.locator("#log li").count() == 1
    assert off_origin == [] and page_errors == []


def test_start_a_new_game_after_a_failed_start_keeps_the_saved_game_aside(page, site_url, off_origin):
    open_game(page, site_url)
    make_moves(page, 2)
    saved = page.evaluate(f"localStorage.getItem('blitzbox:{GAME}:autosave')")
    page.goto(f"{site_url}/{GAME}.html?fresh=1")
    assert "kept aside in Saves" in assert_ready_and_clear(page)
    assert page.locator("#log li").count() == 0 and "fresh" not in page.url
    kept = page.evaluate(f"Object.keys(localStorage).filter(k => k.startsWith('blitzbox:{GAME}:kept:'))"
                         ".map(k => localStorage.getItem(k))")
    assert kept == [saved]
    assert off_origin == []
