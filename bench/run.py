"""Blitzbox benchmark: the built site against a bare Pyodide page, in headless Chromium on loopback (and the
game pages' load times in Firefox ESR and WebKit too).

    .venv/bin/python bench/run.py                 # 5 runs; writes bench/results.json and bench/report.md
    .venv/bin/python bench/run.py --runs 9 --build --engine-seconds 3
    .venv/bin/python bench/run.py --only clicks   # a few minutes; writes bench/clicks.json and bench/clicks.md
    .venv/bin/python bench/run.py --only think    # the expert's think time; bench/think.json and bench/think.md

Every page figure is measured in the same run as the bare page (bench/bare.html: it only boots the
same vendored Pyodide), several times. A load ratio is taken within each run (page / bare of that run,
so a slow spell of the machine cancels out) and the median of those ratios is reported with its range:
- navigation to data-ready for every game page, cold (a new browser profile: the page boots Pyodide, and
  once ready makes its snapshot on the device) and warm (a reload in the same profile, once the page has
  kept the snapshot: the warm load restores the kept copy), and for every
  embed page from its click; as ratios to the bare page's cold and warm boot; on loopback and with the
  network throttled to 20 Mbit/s and 40 ms (Chromium's network emulation, through CDP), and on a
  phone-class profile (5 Mbit/s, 150 ms, the page's CPU slowed 4x: `--networks phone`);
- the same cold and warm load times of every game page in Firefox ESR and WebKit (e2e/engines.py's
  drivers), each against the bare page in that browser in the same run (loopback only);
- first paint (the board skeleton is in the HTML, so first contentful paint is the board);
- bytes transferred cold, counted by the server: what the page needs (a load with the service worker
  blocked), the runtime (runtime/) apart from our own code (Python bundle, CSS, pages, images); and all
  bytes of the timed cold load, the service worker's precache included (e2e/test_first_visit.py counts a
  first visit's bytes before and after ready, at gzip size);
- JS heap after 20 consecutive new games on each game page, against the heap after the first;
- inside Pyodide in the same browser (the bare page), and in CPython: per-action engine step plus SVG
  re-render, bot think time per level, random playouts per second (bench/engine_bench.py), and the
  cost of a click early and late in long games (bench/clicks.py; `--only clicks`: that alone).
The machine's load average is recorded: on a busy machine every time is inflated.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
SITE = ROOT / "site"
CHROMIUM = "/usr/bin/chromium"
# Requests that leave loopback fail at once (and, unlike request interception, the HTTP cache stays on).
LAUNCH_ARGS = ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
               "--disable-background-networking", "--disable-component-update", "--no-first-run",
               "--enable-precise-memory-info"]
READY_TIMEOUT_MS = 180_000
NETWORKS = {"loopback": None,  # Chromium's network emulation (CDP): 20 Mbit/s both ways, 40 ms latency
            "throttled": {"offline": False, "latency": 40, "downloadThroughput": 20e6 / 8, "uploadThroughput": 20e6 / 8},
            # issue 46: a phone-class device, the page's CPU slowed 4x (CDP's CPU throttling) on 5 Mbit/s, 150 ms
            "phone": {"offline": False, "latency": 150, "downloadThroughput": 5e6 / 8, "uploadThroughput": 5e6 / 8,
                      "cpu_slowdown": 4}}
# True once this page's snapshot is in Cache Storage (web/snapshot.mjs keeps it once ready) and the first
# visit's rehearsal of the next one is over: a return visit comes later than that.
SNAPSHOT_KEPT = """async () => !document.body.dataset.snapshot || await caches.open("snapshots:blitzbox").then((cache) =>
    cache.match(new URL(document.body.dataset.snapshot, location.href).href)).then(Boolean)
    && (await import(new URL("/snapshot.mjs", location.href).href)).started.rehearsal !== 'waiting'"""
NEW_GAMES = 20
# Issue 22: a warm load restores the page's snapshot; issue 46: 0.30 of the bare boot, first paint under 200 ms.
TARGETS = {"cold_ratio": 1.0, "warm_ratio": 0.30, "first_paint_ms": 200, "own_kb": 300,
           "step_render_p95_ms": 16, "heap_growth": 0.10}
THINK_TARGETS = {"p95": 1.0, "max": 2.0}  # issue 36: seconds per expert move in the page

sys.path.insert(0, str(ROOT))
from game_core.session import PAGE_THINK_MS  # noqa: E402  (the time cap the page gives a bot)

# Records when the page says it is ready and when the embed's play button is clicked: the first script of
# every measured page's head in the benchmark's copy of the site (a file of its own: the site's CSP allows
# no inline script), so that it runs in every browser, where no driver can add a script before the page's.
PROBE_FILE = "bench-probe.js"
PROBE = """
window.__bench = {};
new MutationObserver(() => {
  if (document.body && document.body.dataset.ready === "1" && !window.__bench.ready)
    window.__bench.ready = performance.now();
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
addEventListener("click", (e) => {
  if (e.target.closest && e.target.closest("#play-button")) window.__bench.click = performance.now();
}, true);
"""


def median(values):
    values = [v for v in values if v is not None]
    return round(statistics.median(values), 1) if values else None


# Every byte the server sent (runtime/, the rest), the service worker's too.
SERVED = {"runtime": 0, "own": 0}


def serve(folder: Path):
    sys.path.insert(0, str(ROOT / "build"))
    from serve import SiteHandler, make_server

    class CountingHandler(SiteHandler):
        def copyfile(self, source, outputfile):
            data = source.read()
            outputfile.write(data)
            # (the pages' standard library is Python's, not ours, though it is made for them: runtime)
            kind = "runtime" if "/runtime/" in self.path or self.path.endswith("/stdlib.zip") else "own"
            SERVED[kind] += len(data)

    server = make_server(folder, 0)
    server.RequestHandlerClass = functools.partial(CountingHandler, directory=str(folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def prepare(folder: Path) -> dict:
    """Copy the built site, add the bare page; return the pages to measure."""
    shutil.copytree(SITE, folder)
    pyodide_dir = next((folder / "runtime").glob("pyodide-*")).relative_to(folder).as_posix()
    # The bare boot is Pyodide as it ships, with its whole standard library (the site has its own, smaller)
    shutil.copy2(ROOT / "build" / "node_modules" / "pyodide" / "python_stdlib.zip", folder / pyodide_dir)
    # the bare page's module as a file of its own: the site's CSP (served by build/serve.py) runs no inline
    # script, and only Chromium is driven with the CSP bypassed
    bare = (BENCH / "bare.html").read_text().replace("{{PYODIDE}}", pyodide_dir)
    inline = re.search(r'<script type="module">\n(.*?)</script>', bare, re.S)
    (folder / "bench-bare.mjs").write_text(inline.group(1))
    bare = bare.replace(inline.group(0), '<script type="module" src="/bench-bare.mjs"></script>')
    (folder / "bench-bare.html").write_text(bare)
    # The game pages are the ones whose body names a game (not the landing, rules or statistics pages).
    games = sorted(p.stem for p in folder.glob("*.html") if 'data-game="' in p.read_text())
    embeds = sorted(p.stem for p in (folder / "embed").glob("*.html")) if (folder / "embed").is_dir() else []
    # The statistics page's Python bundle holds the whole engine (every game), precompiled as the pages load it.
    engine = next((folder / "py").rglob("stats.zip")).relative_to(folder).as_posix()
    pages = {name: folder / f"{name}.html" for name in games} | {f"embed/{n}": folder / "embed" / f"{n}.html" for n in embeds}
    (folder / PROBE_FILE).write_text(PROBE)
    for path in [folder / "bench-bare.html", *pages.values()]:
        path.write_text(path.read_text().replace("<head>", f'<head><script src="/{PROBE_FILE}"></script>', 1))
    return {"games": games, "embeds": embeds, "engine": engine}


class Loader:
    """One page load in a browser context: bytes the server sent until ready (runtime/ apart from our own
    files), after the service worker's precache, and as DevTools saw them (files the service worker
    served the page count there as almost nothing)."""

    def __init__(self, context, page, network=None):
        self.page = page
        self.sizes = {}
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        if network:
            network = dict(network)
            if "cpu_slowdown" in network:  # (the page's threads; its workers run at full speed)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": network.pop("cpu_slowdown")})
            cdp.send("Network.emulateNetworkConditions", network)
        cdp.on("Network.loadingFinished", lambda e: self.sizes.__setitem__(e["requestId"], e["encodedDataLength"]))
        self.cdp = cdp

    def load(self, url: str, click_play: bool = False) -> dict:
        self.sizes.clear()
        before = dict(SERVED)
        self.page.goto(url, wait_until="load")
        if click_play:
            self.page.click("#play-button")
        self.page.wait_for_function("window.__bench && window.__bench.ready", timeout=READY_TIMEOUT_MS)
        self.page.wait_for_timeout(300)  # let the last responses report their sizes
        at_ready = {kind: SERVED[kind] - before[kind] for kind in SERVED}
        # The service worker precaches the site after the page is up: wait for it, to count its bytes.
        self.page.evaluate("""() => 'serviceWorker' in navigator && navigator.serviceWorker.getRegistration()
            .then((r) => r && (r.active || new Promise((ok) => { const w = r.installing || r.waiting;
                if (!w) return ok(); w.addEventListener('statechange', () => w.state === 'activated' && ok()); })))""")
        marks = self.page.evaluate("""async () => ({ready: __bench.ready, click: __bench.click || 0,
            paint: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || null,
            from: document.body.dataset.snapshot ? (await import("/snapshot.mjs")).started.from : null})""")
        return {"ready_ms": round(marks["ready"] - marks["click"], 1), "first_paint_ms": marks["paint"],
                "started_from": marks["from"],
                "runtime_bytes": at_ready["runtime"], "own_bytes": at_ready["own"],
                "page_bytes_devtools": sum(self.sizes.values()),
                "served_bytes": sum(SERVED[kind] - before[kind] for kind in SERVED)}

    def heap(self) -> int:
        self.cdp.send("HeapProfiler.collectGarbage")
        return self.cdp.send("Runtime.getHeapUsage")["usedSize"]


# A browser just started loads its own pages (the headless omnibox's WebUI, hundreds of modules) for about
# a second and a half: on 2 cores that delayed a cold load's first paint by about 100 ms and its ready by
# 0.4 s. A visitor's browser is already running, so a cold load starts once that is over.
BROWSER_SETTLE_MS = 2000


def new_context(playwright, profile: Path, service_workers: str = "allow"):
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS, service_workers=service_workers,
        bypass_csp=True)  # the site's CSP forbids the eval that Playwright's page probes use
    (context.pages[0] if context.pages else context.new_page()).wait_for_timeout(BROWSER_SETTLE_MS)
    return context


def wait_snapshot_kept(page) -> None:
    for _ in range(READY_TIMEOUT_MS // 200):  # (wait_for_function does not wait for a promise)
        if page.evaluate(SNAPSHOT_KEPT):
            return
        page.wait_for_timeout(200)
    raise TimeoutError("the page never kept its snapshot")


CRASHES = []  # loads whose browser tab crashed (measured again in a new profile), reported


def measure_page(playwright, url: str, click_play: bool, scratch: Path, network=None) -> dict:
    """Cold load in a new profile, then a warm reload in the same profile."""
    for attempt in range(3):
        context = new_context(playwright, Path(tempfile.mkdtemp(dir=scratch)))
        page = context.pages[0] if context.pages else context.new_page()
        try:
            loader = Loader(context, page, network)
            cold = loader.load(url, click_play)
            wait_snapshot_kept(page)
            page.wait_for_timeout(500)  # the service worker finishes installing before the reload
            warm = loader.load(url, click_play)
            return {"cold": cold, "warm": warm}
        except Exception as error:  # a crashed tab shows up as Playwright's "Target crashed"
            if "crash" not in str(error).lower() or attempt == 2:
                raise
            CRASHES.append(url.split("/", 3)[-1])
        finally:
            context.close()


def page_bytes(playwright, url: str, click_play: bool, scratch: Path) -> dict:
    """What the page itself downloads cold (the service worker blocked, so its precache is not counted)."""
    context = new_context(playwright, Path(tempfile.mkdtemp(dir=scratch)), service_workers="block")
    try:
        page = context.pages[0] if context.pages else context.new_page()
        result = Loader(context, page).load(url, click_play)
    finally:
        context.close()
    return {"runtime_bytes": result["runtime_bytes"], "own_bytes": result["own_bytes"]}


def heap_after_new_games(playwright, url: str, scratch: Path) -> dict:
    context = new_context(playwright, Path(tempfile.mkdtemp(dir=scratch)))
    try:
        page = context.pages[0] if context.pages else context.new_page()
        loader = Loader(context, page)
        loader.load(url)
        sizes = []
        for _ in range(NEW_GAMES):
            page.keyboard.press("Escape")  # close whatever dialog the page opened (a first-visit welcome)
            page.click('nav [data-command="new"]')
            page.click('#new-game [data-command="start"]')
            page.wait_for_function("() => !document.getElementById('new-game').open")
            sizes.append(loader.heap())
    finally:
        context.close()
    return {"first_bytes": sizes[0], "last_bytes": sizes[-1], "growth": round(sizes[-1] / sizes[0] - 1, 3)}


BROWSERS = ("firefox", "webkit")  # measured besides Chromium, through e2e/engines.py's drivers
READY = "() => (window.__bench && window.__bench.ready) || null"
STARTED_FROM = """async () => document.body.dataset.snapshot
    ? (await import(new URL("/snapshot.mjs", location.href).href)).started.from : null"""


def other_browser(name: str):
    sys.path.insert(0, str(ROOT / "e2e"))
    import engines

    return {"firefox": engines.Firefox, "webkit": engines.WebKit}[name]()


def measure_in(browser: str, url: str) -> dict:
    """As measure_page, in Firefox or WebKit: a cold load in a new browser (a new profile, or WebKit's
    session, which keeps nothing), then a warm one once the snapshot is kept (load ready times only)."""
    driver = other_browser(browser)
    try:
        driver.wait_for_timeout(BROWSER_SETTLE_MS)

        def load() -> dict:
            driver.goto(url)
            deadline = time.monotonic() + READY_TIMEOUT_MS / 1000
            while (ready := driver.evaluate(READY)) is None:
                if time.monotonic() > deadline:
                    raise TimeoutError(f"{url} was never ready in {browser}")
                driver.wait_for_timeout(50)
            return {"ready_ms": round(ready, 1), "started_from": driver.evaluate(STARTED_FROM)}

        cold = load()
        for _ in range(READY_TIMEOUT_MS // 200):
            if driver.evaluate(SNAPSHOT_KEPT):
                break
            driver.wait_for_timeout(200)
        driver.wait_for_timeout(500)  # the service worker finishes installing before the next load
        return {"cold": cold, "warm": load()}
    finally:
        driver.close()


def browser_figures(browsers: list, base: str, games: list, runs: int) -> dict:
    """The game pages' cold and warm loads in each other browser, the bare page first in each run."""
    raw = {}
    for browser in browsers:
        raw[browser] = {"bare": [], "pages": {}}
        for run in range(runs):
            raw[browser]["bare"].append(measure_in(browser, f"{base}/bench-bare.html"))
            for name in games:
                raw[browser]["pages"].setdefault(name, []).append(measure_in(browser, f"{base}/{name}.html"))
            print(f"{browser}: run {run + 1}/{runs} done", flush=True)
    return raw


BENCH_MODULES = ("engine_bench.py", "clicks.py", "think_time.py")  # written to Pyodide's file system as they are
ENGINE_CALL = "engine_bench.measure({seconds})"
CLICKS_CALL = "clicks.measure()"
THINK_GAMES = 2  # --only think: the positions of this many seeded games per case (bench/think_time.py)
WARM_UP_SECONDS = 60  # Pyodide runs slower over its first minute in the page (engine_bench.warm_up)


def in_pyodide(playwright, base: str, engine: str, calls: dict, scratch: Path) -> dict:
    """Each of `calls` (key: a Python expression over the bench modules) evaluated inside Pyodide on the
    bare page, with the engine's precompiled bundle (the statistics page's) and the bench modules, after
    a warm-up."""
    context = new_context(playwright, Path(tempfile.mkdtemp(dir=scratch)))
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.set_default_timeout(1_800_000)
        page.goto(f"{base}/bench-bare.html")
        page.wait_for_function("window.__bench && window.__bench.ready", timeout=READY_TIMEOUT_MS)
        page.evaluate("""async ([engine, sources]) => {
            pyodide.unpackArchive(await (await fetch(engine)).arrayBuffer(), "zip");
            for (const [name, source] of Object.entries(sources)) pyodide.FS.writeFile(`/tmp/${name}`, source);
            pyodide.runPython(`import sys; sys.path.insert(0, "/tmp")`);
        }""", [engine, {name: (BENCH / name).read_text() for name in BENCH_MODULES}])
        page.evaluate("(seconds) => pyodide.runPython(`import engine_bench; engine_bench.warm_up(${seconds})`)",
                      WARM_UP_SECONDS)
        return {key: json.loads(page.evaluate("""(call) => pyodide.runPython(
            `import json, engine_bench, clicks, think_time\njson.dumps(${call})`)""", call)) for key, call in calls.items()}
    finally:
        context.close()


def in_cpython(script: str, *arguments: str) -> dict:
    return json.loads(cpython_output(script, *arguments))


def in_cpython_rows(script: str, *arguments: str) -> list:
    """A script's JSON lines."""
    return [json.loads(line) for line in cpython_output(script, *arguments).splitlines()]


def cpython_output(script: str, *arguments: str) -> str:
    return subprocess.run([sys.executable, str(BENCH / script), *arguments], check=True,
                          capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=str(ROOT))).stdout


def paired_ratio(runs: list, bare: list, phase: str) -> tuple:
    """The median over runs of the page's load / the bare page's load in the same run, and the range."""
    ratios = sorted(r[phase]["ready_ms"] / b[phase]["ready_ms"] for r, b in zip(runs, bare))
    return round(statistics.median(ratios), 3), [round(ratios[0], 3), round(ratios[-1], 3)]


def summarise(raw: dict) -> dict:
    """Medians over runs, ratios to the bare page, and which targets are met (per network, and per other
    browser on loopback)."""
    summary = {"bare_ms": {}, "pages": {}, "browsers": {}}
    for network, pages in raw["pages"].items():
        bare = raw["bare"][network]
        summary["bare_ms"][network] = {phase: median(r[phase]["ready_ms"] for r in bare) for phase in ("cold", "warm")}
        summary["pages"][network] = summarise_pages(raw, pages, bare)
    for browser, measured in raw.get("browsers", {}).items():
        summary["browsers"][browser] = {
            "bare_ms": {phase: median(r[phase]["ready_ms"] for r in measured["bare"]) for phase in ("cold", "warm")},
            "pages": {key: summarise_loads(runs, measured["bare"]) for key, runs in measured["pages"].items()}}
    return {**summary, **summarise_engine(raw)}


def summarise_loads(runs: list, bare: list) -> dict:
    """A page's cold and warm ready times, their ratios to the bare page, and how it started."""
    cold_ratio, cold_range = paired_ratio(runs, bare, "cold")
    warm_ratio, warm_range = paired_ratio(runs, bare, "warm")
    return {"cold_ms": median(r["cold"]["ready_ms"] for r in runs), "warm_ms": median(r["warm"]["ready_ms"] for r in runs),
            "cold_ratio": cold_ratio, "cold_ratio_range": cold_range,
            "warm_ratio": warm_ratio, "warm_ratio_range": warm_range,
            "cold_from": sorted({r["cold"].get("started_from") for r in runs} - {None}),
            "warm_from": sorted({r["warm"].get("started_from") for r in runs} - {None}),
            "meets": {"cold": cold_ratio <= TARGETS["cold_ratio"], "warm": warm_ratio <= TARGETS["warm_ratio"]}}


def summarise_pages(raw: dict, runs_by_page: dict, bare: list) -> dict:
    pages = {}
    for key, runs in runs_by_page.items():
        pages[key] = summarise_loads(runs, bare) | {
            "first_paint_ms": median(r["cold"]["first_paint_ms"] for r in runs),
            "runtime_kb": round(raw["bytes"][key]["runtime_bytes"] / 1024, 1),
            "own_kb": round(raw["bytes"][key]["own_bytes"] / 1024, 1),
            "served_kb_with_service_worker": round(median(r["cold"]["served_bytes"] for r in runs) / 1024, 1)}
        pages[key]["meets"] |= {
            "first_paint": key.startswith("embed/") or (pages[key]["first_paint_ms"] or 1e9) < TARGETS["first_paint_ms"],
            "own_bytes": pages[key]["own_kb"] < TARGETS["own_kb"]}
    return pages


def summarise_engine(raw: dict) -> dict:
    engines = {}
    for name, inside in raw["engine_pyodide"]["games"].items():
        outside = raw["engine_cpython"]["games"].get(name, {})
        engines[name] = {
            "step_render_ms_pyodide": inside["step_render_ms"], "step_render_ms_cpython": outside.get("step_render_ms"),
            "meets_step_render": inside["step_render_ms"]["p95"] < TARGETS["step_render_p95_ms"],
            "bot_think_ms_pyodide": inside["bot_think_ms"], "bot_think_ms_cpython": outside.get("bot_think_ms"),
            "playouts_per_second_pyodide": inside["playouts_per_second"],
            "playouts_per_second_cpython": outside.get("playouts_per_second"),
            "cpython_to_pyodide_speed": round(outside["playouts_per_second"] / inside["playouts_per_second"], 2)
            if outside.get("playouts_per_second") else None}
    heap = {name: dict(h, meets=h["growth"] <= TARGETS["heap_growth"]) for name, h in raw["heap"].items()}
    return {"engine": engines, "heap": heap}


def report(result: dict) -> str:
    s = result["summary"]
    mark = {True: "yes", False: "**NO**"}
    lines = [f"# Blitzbox benchmark ({result['date']})", "",
             f"{result['runs']} runs per page, medians; headless Chromium; load average at start "
             f"{result['load_average'][0]:.1f} on {os.cpu_count()} cores (a busy machine inflates every time).", "",
             f"Browser tabs that crashed during a load (measured again in a new profile): "
             f"{', '.join(result['crashed_loads']) or 'none'}.", "",
             "A ratio is the median over runs of the page's load / the bare page's load in the same run "
             "(lowest and highest run in brackets). A cold load boots Pyodide with the pages' standard library "
             "and, once ready, makes the page's snapshot on the device; a warm load restores the copy kept then "
             "(the \"started from\" column says how the cold and the warm loads started: kept or boot). The "
             "phone network also slows the page's CPU 4x (not its workers')."]
    for network, pages in s["pages"].items():
        bare = s["bare_ms"][network]
        lines += ["", f"## Page loads, {network} (ready = data-ready; embed pages from the click)", "",
                  f"Bare Pyodide boot: cold {bare['cold']} ms, warm {bare['warm']} ms.", "",
                  f"| page | cold ms | cold / bare (<= {TARGETS['cold_ratio']}) | warm ms | warm / bare (<= "
                  f"{TARGETS['warm_ratio']}) | started from (cold; warm) | first paint ms (< {TARGETS['first_paint_ms']}) | "
                  f"runtime KB | own KB (< {TARGETS['own_kb']}) | KB served incl. service worker |",
                  "|---|---|---|---|---|---|---|---|---|---|"]
        for key, p in pages.items():
            m = p["meets"]
            lines.append(f"| {key} | {p['cold_ms']} | {p['cold_ratio']} {mark[m['cold']]} "
                         f"({'-'.join(map(str, p['cold_ratio_range']))}) | {p['warm_ms']} | {p['warm_ratio']} "
                         f"{mark[m['warm']]} ({'-'.join(map(str, p['warm_ratio_range']))}) | "
                         f"{', '.join(p['cold_from'])}; {', '.join(p['warm_from'])} | {p['first_paint_ms']} {mark[m['first_paint']]} | "
                         f"{p['runtime_kb']} | {p['own_kb']} {mark[m['own_bytes']]} | "
                         f"{p['served_kb_with_service_worker']} |")
    for browser, measured in s["browsers"].items():
        bare = measured["bare_ms"]
        lines += ["", f"## Game page loads in {browser.capitalize()}, loopback (ready = data-ready)", "",
                  f"Bare Pyodide boot in {browser.capitalize()}: cold {bare['cold']} ms, warm {bare['warm']} ms. "
                  "The same targets as in Chromium.", "",
                  f"| page | cold ms | cold / bare (<= {TARGETS['cold_ratio']}) | warm ms | warm / bare (<= "
                  f"{TARGETS['warm_ratio']}) | started from (cold; warm) |", "|---|---|---|---|---|---|"]
        for key, p in measured["pages"].items():
            m = p["meets"]
            lines.append(f"| {key} | {p['cold_ms']} | {p['cold_ratio']} {mark[m['cold']]} "
                         f"({'-'.join(map(str, p['cold_ratio_range']))}) | {p['warm_ms']} | {p['warm_ratio']} "
                         f"{mark[m['warm']]} ({'-'.join(map(str, p['warm_ratio_range']))}) | "
                         f"{', '.join(p['cold_from'])}; {', '.join(p['warm_from'])} |")
    lines += ["", "## Engine inside Pyodide (Chromium) and in CPython", "",
              f"| game | step+render p95 ms, Pyodide (< {TARGETS['step_render_p95_ms']}) | median | p95 CPython | "
              "playouts/s Pyodide | playouts/s CPython | CPython/Pyodide |", "|---|---|---|---|---|---|---|"]
    for name, e in s["engine"].items():
        inside, outside = e["step_render_ms_pyodide"], e["step_render_ms_cpython"] or {}
        lines.append(f"| {name} | {inside['p95']} {mark[e['meets_step_render']]} | {inside['median']} | "
                     f"{outside.get('p95')} | {e['playouts_per_second_pyodide']} | {e['playouts_per_second_cpython']} | "
                     f"{e['cpython_to_pyodide_speed']} |")
    lines += ["", "## Bot think time per move (ms: median / p95 / max)", "",
              "| game | level | Pyodide | CPython |", "|---|---|---|---|"]
    for name, e in s["engine"].items():
        for level, inside in e["bot_think_ms_pyodide"].items():
            outside = (e["bot_think_ms_cpython"] or {}).get(level, {})
            lines.append(f"| {name} | {level} | {inside['median']} / {inside['p95']} / {inside['max']} | "
                         f"{outside.get('median')} / {outside.get('p95')} / {outside.get('max')} |")
    lines += ["", f"## JS heap after {NEW_GAMES} new games (growth over the first; target <= "
              f"{TARGETS['heap_growth']:.0%})", "", "| game | first KB | last KB | growth |", "|---|---|---|---|"]
    for name, h in s["heap"].items():
        lines.append(f"| {name} | {h['first_bytes'] // 1024} | {h['last_bytes'] // 1024} | "
                     f"{h['growth']:.1%} {mark[h['meets']]} |")
    if result["raw"]["clicks"]:
        lines += [""] + clicks_report(result["raw"]["clicks"])
    return "\n".join(lines) + "\n"


def clicks_report(clicks: dict) -> list:
    """Markdown lines: the cost of a click early and late in long games, per game and runtime."""
    mark = {True: "yes", False: "**NO**"}
    targets = next(iter(clicks.values()))["targets"]
    lines = ["## A click early and late in long games (issue 16)", "",
             "Session.act + Session.frame() per click (bench/clicks.py), in the longest of 15 random games per game; "
             "\"late\" is from move 600 or as late as the game goes (from which moves in the 5 longest games; the "
             "longest game's length). Early and late clicks take turns; each click counts with its fastest of 5 "
             "timings; the p95 is the dearer window's.", "",
             f"| game | runtime | early ms (from move) | late ms (from move; longest) | late / early (<= "
             f"{targets['ratio']}) | p95 ms (< {targets['p95_ms']}) |", "|---|---|---|---|---|---|"]
    for name in next(iter(clicks.values()))["games"]:
        for runtime, figures in clicks.items():
            c = figures["games"][name]
            early, late = c["move_20"], c["move_600"]
            lines.append(f"| {name} | {runtime} {figures['python']} | {early['median']} "
                         f"({'-'.join(map(str, early['from_move']))}) | {late['median']} "
                         f"({'-'.join(map(str, late['from_move']))}; {c['longest_game']}) | {c['ratio']} "
                         f"{mark[c['meets_ratio']]} | {c['p95_ms']} {mark[c['meets_p95']]} |")
    return lines


def think_report(think: dict) -> list:
    """Markdown lines: the expert's think time per move, per game, runtime and time cap."""
    mark = {True: "yes", False: "**NO**"}
    lines = ["## The expert's think time per move (issue 36)", "",
             f"Seconds per move over every position with a real choice in {THINK_GAMES} seeded games per case "
             "(bench/think_time.py; Bitskrieg every 12th position). \"whole search\": its full work, no cap; "
             f"\"page\": with the {PAGE_THINK_MS} ms cap the page gives every bot (Session.bot_thinker, the hint). "
             f"Targets in the page: p95 <= {THINK_TARGETS['p95']} s, max <= {THINK_TARGETS['max']} s.", "",
             "| game | runtime | cap | moves | mean s | p95 s | max s | target met |", "|---|---|---|---|---|---|---|---|"]
    for runtime, rows in think.items():
        for row in rows:
            case = row["game"] + (" (solo module, Hard)" if row["options"] else "")
            met = row["p95"] <= THINK_TARGETS["p95"] and row["max"] <= THINK_TARGETS["max"]
            lines.append(f"| {case} | {runtime} {row['python']} | {'page' if row['budget_ms'] else 'whole search'} | "
                         f"{row['moves']} | {row['mean']} | {row['p95']} | {row['max']} | "
                         f"{mark[met] if runtime == 'Pyodide' and row['budget_ms'] else '-'} |")
    return lines


def page_figures(playwright, base: str, pages: dict, runs: int, networks: list, scratch: Path) -> dict:
    """Every page load (bare first in each run), the bytes and the heap."""
    raw = {"bare": {n: [] for n in networks}, "pages": {n: {} for n in networks}, "bytes": {}, "heap": {}}
    for run in range(runs):
        for network in networks:
            # Bare first in every run, then each page: same run, same conditions.
            conditions = NETWORKS[network]
            raw["bare"][network].append(measure_page(playwright, f"{base}/bench-bare.html", False, scratch, conditions))
            for name in pages["games"]:
                raw["pages"][network].setdefault(name, []).append(
                    measure_page(playwright, f"{base}/{name}.html", False, scratch, conditions))
            for name in pages["embeds"]:
                raw["pages"][network].setdefault(f"embed/{name}", []).append(
                    measure_page(playwright, f"{base}/embed/{name}.html", True, scratch, conditions))
        print(f"run {run + 1}/{runs} done", flush=True)
    for name in pages["games"]:
        raw["bytes"][name] = page_bytes(playwright, f"{base}/{name}.html", False, scratch)
        raw["heap"][name] = heap_after_new_games(playwright, f"{base}/{name}.html", scratch)
    for name in pages["embeds"]:
        raw["bytes"][f"embed/{name}"] = page_bytes(playwright, f"{base}/embed/{name}.html", True, scratch)
    return raw


def write_alone(name: str, title: str, stamp: str, load: tuple, figures, lines: list) -> None:
    """An `--only` run's figures: bench/NAME.json and, as Markdown, bench/NAME.md (printed too)."""
    (BENCH / f"{name}.json").write_text(json.dumps({"date": stamp, "load_average": load, name: figures}, indent=1))
    text = "\n".join([f"# Blitzbox {title} ({stamp})", "", f"Load average at start {load[0]:.1f} on "
                      f"{os.cpu_count()} cores (a busy machine inflates every time).", ""] + lines)
    (BENCH / f"{name}.md").write_text(text + "\n")
    print(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--build", action="store_true", help="build the site first (python3 build/site.py)")
    parser.add_argument("--engine-seconds", type=float, default=2.0, help="playout time per game and runtime")
    parser.add_argument("--skip-engine", action="store_true", help="page figures only")
    parser.add_argument("--pages", help="only these game pages, with their embeds (comma-separated, e.g. blitzkrieg)")
    parser.add_argument("--networks", default=",".join(NETWORKS), help="some of loopback, throttled and phone "
                        "(default: all three)")
    parser.add_argument("--browsers", default=",".join(BROWSERS),
                        help="the other browsers whose game page loads are measured too (default: firefox,webkit; "
                        "'none': Chromium alone)")
    parser.add_argument("--only", choices=["clicks", "think"], help="only the click cost in Pyodide and CPython (a "
                        "few minutes; writes bench/clicks.json and bench/clicks.md), or only the expert's think "
                        "time (bench/think.json and bench/think.md)")
    args = parser.parse_args()
    if args.build or not (SITE / "index.html").exists():
        subprocess.run([sys.executable, str(ROOT / "build" / "site.py")], check=True)
    from playwright.sync_api import sync_playwright

    calls = {} if args.skip_engine else {"engine": ENGINE_CALL.format(seconds=args.engine_seconds),
                                         "clicks": CLICKS_CALL}
    if args.only == "clicks":
        calls = {"clicks": CLICKS_CALL}
    if args.only == "think":
        calls = {f"think {budget}": f"think_time.measure('expert', {THINK_GAMES}, budget_ms={budget})"
                 for budget in (0, PAGE_THINK_MS)}
    load = os.getloadavg()
    with tempfile.TemporaryDirectory() as scratch_dir:
        scratch = Path(scratch_dir)
        pages = prepare(scratch / "site")
        if args.pages:
            chosen = args.pages.split(",")
            pages |= {"games": [n for n in pages["games"] if n in chosen], "embeds": [n for n in pages["embeds"] if n in chosen]}
        server, base = serve(scratch / "site")
        with sync_playwright() as playwright:
            raw = {} if args.only else page_figures(playwright, base, pages, args.runs, args.networks.split(","),
                                                    scratch)
            inside = in_pyodide(playwright, base, pages["engine"], calls, scratch) if calls else {}
        browsers = [] if args.only or args.browsers == "none" else args.browsers.split(",")
        raw["browsers"] = browser_figures(browsers, base, pages["games"], args.runs)
        server.shutdown()
    stamp = time.strftime("%Y-%m-%d %H:%M")
    if args.only == "think":
        think = {"Pyodide": [row for key in calls for row in inside[key]],
                 "CPython": [row for budget in (0, PAGE_THINK_MS) for row in in_cpython_rows(
                     "think_time.py", "--games", str(THINK_GAMES), "--budget-ms", str(budget))]}
        return write_alone("think", "expert think time", stamp, load, think, think_report(think))
    clicks = {"Pyodide": inside["clicks"], "CPython": in_cpython("clicks.py", "--json")} if calls else None
    if args.only:
        return write_alone("clicks", "click cost", stamp, load, clicks, clicks_report(clicks))
    raw |= {"clicks": clicks,
            "engine_pyodide": inside.get("engine", {"games": {}}),
            "engine_cpython": in_cpython("engine_bench.py", str(args.engine_seconds)) if calls else {"games": {}}}
    result = {"date": stamp, "runs": args.runs, "load_average": load, "crashed_loads": CRASHES,
              "targets": TARGETS, "summary": summarise(raw), "raw": raw}
    (BENCH / "results.json").write_text(json.dumps(result, indent=1))
    (BENCH / "report.md").write_text(report(result))
    print(report(result))


if __name__ == "__main__":
    main()
