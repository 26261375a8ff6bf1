"""Every visit starts Python from the page's memory snapshot (web/snapshot.mjs, docs/snapshot.md).

The first visit boots normally and, once ready, a worker makes the page's snapshot on the device and it
is kept in Cache Storage; the next visit restores the kept copy, plays to the end, works offline and plays
the same games as CPython. A kept copy that is damaged or of an older build is never used: the page boots
normally instead, and makes a good one.
"""

import random
import re
import textwrap

import pytest

from support import wait_ready, wait_until
from test_play import play_to_end

pytestmark = pytest.mark.browser_context_args(service_workers="allow")  # (the worker lets the snapshot be made)
GAME = "blitzkrieg"
CACHE = "snapshots:blitzbox"
KEPT = f"() => caches.open('{CACHE}').then((c) => c.keys()).then((keys) => keys.map((r) => r.url))"
STARTED = "() => import('/snapshot.mjs').then((m) => m.started.from)"
EARLY = "() => import('/snapshot.mjs').then((m) => m.started.early)"

# Played in CPython here and in the page's restored interpreter: the digest of every position's to_json().
PLAYOUT = textwrap.dedent("""
    import hashlib
    from game_core import games
    from game_core.rng import Rng

    def playout(name, seed, steps=120):
        game = games.get(name)
        rng = Rng.from_seed(seed, "snapshot")
        state = game.new_game(seed)
        digest = hashlib.sha256(state.to_json().encode())
        while not state.is_over and len(state.actions) < steps:
            state = state.apply(rng.choice(state.legal_actions()))
            digest.update(state.to_json().encode())
        return digest.hexdigest()
    """)


def snapshot_url(page) -> str:
    return page.evaluate("() => new URL(document.body.dataset.snapshot, location.href).href")


def wait_kept(page, urls) -> None:
    wait_until(page, f"(urls) => ({KEPT})().then((kept) => JSON.stringify(kept) === JSON.stringify(urls))", urls,
               seconds=60)


def wait_started(page, key, done: str):
    """Wait until the page's `started[key]` (web/snapshot.mjs) satisfies `done` (a script of its value);
    return it."""
    return wait_until(page, f"() => import('/snapshot.mjs').then((m) => ({done})(m.started.{key}) && [m.started.{key}])",
                      seconds=120)[0]


def wait_note(page, notes, words) -> None:
    """Until the page has noted `words` in its console."""
    if not any(words in note for note in notes):
        page.wait_for_event("console", lambda message: message.type == "warning" and words in message.text,
                            timeout=30_000)


def test_a_return_visit_restores_the_snapshot_plays_to_the_end_and_offline(page, context, site_url, off_origin,
                                                                         page_errors):
    page.goto(f"{site_url}/{GAME}.html")
    url = snapshot_url(page)
    older = re.sub(r"/py/\w+/", "/py/000000000000/", url)  # the same page's snapshot, of an older build
    page.evaluate("(old) => caches.open('snapshots:blitzbox').then((c) => c.put(old, new Response('old build')))", older)
    wait_ready(page)
    assert page.evaluate(STARTED) == "boot"
    assert page.evaluate("() => import('/snapshot.mjs').then((m) => m.started.reason)") == "no snapshot kept yet"
    assert page.evaluate(EARLY) == {"kept": False, "compiled": True}  # the .wasm compiled on early.js's worker
    # Once ready, the snapshot is made on the device and kept (the older build's copy deleted), then the
    # next visit's start is rehearsed in a hidden frame (the embed page, which starts no game of its own),
    # and the frame goes.
    assert wait_started(page, "snapshot", "(how) => how !== 'waiting'") == "kept"
    wait_kept(page, [url])
    assert wait_started(page, "rehearsal", "(how) => how !== 'waiting'") == "done"
    assert page.locator("iframe").count() == 0

    page.reload()
    wait_ready(page)
    assert page.evaluate(STARTED) == "kept"
    assert page.evaluate(EARLY) == {"kept": True, "compiled": True}  # both read on early.js's worker
    # A restored interpreter starts without the standard library's zip and gets it once ready: a module of
    # it the snapshot never imported (the Blitzed! newcomer's command line reads argparse) still imports.
    wait_started(page, "stdlib", "Boolean")
    assert page.evaluate("() => import('/snapshot.mjs').then((m) => m.started.pyodide.runPython("
                         "'import sys; absent = \"argparse\" not in sys.modules; import argparse; absent'))")
    # Emscripten's tiny wrapper modules: each kind compiled once, and WebAssembly.Module itself again after.
    wrappers = page.evaluate("() => import('/snapshot.mjs').then((m) => m.started.wrappers)")
    assert wrappers["made"] > 100 and 0 < wrappers["compiled"] < wrappers["made"] / 4, wrappers
    assert page.evaluate("() => WebAssembly.Module.name") == "Module"
    # PyScript's package set-up is left out: none of its files written, the package never imported.
    assert page.evaluate("() => import('/snapshot.mjs').then((m) => m.started.pyscriptPackage)") == "left out"
    assert page.evaluate("() => import('/snapshot.mjs').then((m) => m.started.pyodide.runPython("
                         "'import os, sys; [\"pyscript\" in sys.modules, os.path.exists(\"pyscript\")]').toJs())") == [False, False]
    # Determinism in the restored interpreter: the same seeds and moves give the same positions as CPython.
    namespace = {}
    exec(PLAYOUT, namespace)
    for seed in (1, 2):
        inside = page.evaluate("([code, call]) => import('/snapshot.mjs').then((m) => "
                               "m.started.pyodide.runPython(code + '\\n' + call))",
                               [PLAYOUT, f"playout({GAME!r}, {seed})"])
        assert inside == namespace["playout"](GAME, seed), f"seed {seed}: a restored interpreter plays otherwise"
    assert play_to_end(page, random.Random(7)) > 0
    assert page.locator("#result").is_visible()

    page.evaluate("() => navigator.serviceWorker.ready")
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert page.evaluate(STARTED) == "kept" and page.evaluate(EARLY) == {"kept": True, "compiled": True}
    context.set_offline(False)
    assert off_origin == [], f"requests left the site: {off_origin}"
    assert page_errors == []


def test_a_damaged_kept_snapshot_is_never_used_and_a_good_one_is_made(page, site_url, off_origin, page_errors):
    notes = []
    page.on("console", lambda message: notes.append(message.text) if message.type == "warning" else None)
    page.goto(f"{site_url}/{GAME}.html")
    url = snapshot_url(page)
    wait_ready(page)
    assert wait_started(page, "rehearsal", "(how) => how !== 'waiting'") == "done"  # (its copy kept)
    # A kept copy that is not a snapshot (damaged on disk) is not restored: deleted, and a normal boot.
    page.evaluate("(url) => caches.open('snapshots:blitzbox').then((c) => c.put(url, new Response('BBS1 damaged', "
                  "{headers: {'x-heap-size': '33554432'}})))", url)
    page.reload()
    wait_ready(page)
    assert page.evaluate(STARTED) == "boot"
    wait_note(page, notes, "could not be used")
    page.locator("[data-action]:visible").first.click()
    # and the device makes a good one, which the next visit restores
    assert wait_started(page, "snapshot", "(how) => how !== 'waiting'") == "kept"
    wait_kept(page, [url])
    page.reload()
    wait_ready(page)
    assert page.evaluate(STARTED) == "kept"
    assert off_origin == [] and page_errors == []
