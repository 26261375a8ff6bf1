"""Build the static site into site/ (and optionally serve it).

    python3 build/site.py            # build site/
    python3 build/site.py --serve    # build, then serve on http://127.0.0.1:8000/

Steps: build the game_core wheel; vendor the pinned runtime from the registries (npm `pyodide` and
`@pyscript/core` from build/package-lock.json, PyPI `micropip`), patching Pyodide's lock file so its
sha256 matches the micropip wheel we ship (PyPI's wheel differs from Pyodide's rebuild, and the browser's
integrity check would otherwise refuse it); precompile the wheel's modules and the page glue with that
Pyodide and pack, per page, only what the page imports; render every game page with its board skeleton
drawn at build time, each naming the memory snapshot a visitor's device makes after a first visit (a
return visit restores it instead of booting CPython, see docs/snapshot.md); write the service worker with
a content-hashed cache name. The site makes no request off its origin.

The address the site is built for (its oEmbed files and their discovery links are absolute) is the
environment's URL, as Netlify sets it; a deploy preview uses its own DEPLOY_PRIME_URL. A production build,
CONTEXT=production as Netlify sets it on the production deploy, is refused without a URL; elsewhere the
default is the local server's http://127.0.0.1:8000.
"""

from __future__ import annotations

import argparse
import ast
import base64
import functools
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
WEB = ROOT / "web"
SITE = ROOT / "site"
DIST = ROOT / "dist"
VENDOR = BUILD / ".vendor"
sys.path.insert(0, str(ROOT))  # game_core: the bundles list its games; the pages show its boards
sys.path.append(str(BUILD))  # this folder, also when another program loads this file by its path
import diagrams  # noqa: E402  (the rules pages' pictures, drawn by game_core)

# Not python_stdlib.zip: the pages have their own, of the modules they import (python_bundles).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
MICROPIP = "micropip==0.11.1"
# The wheel's command-line tools (lab, fuzzer, terminal play): no page imports them.
COMMAND_LINE_ONLY = {f"game_core/{name}.py" for name in ("__main__", "cli", "fuzz", "lab", "terminal")}
# PyScript plugins these pages do not use; left out so they do not hold back the interpreter's start.
UNUSED_PLUGINS = ("codemirror", "deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")
PLUGINS_OFF = [f"!{plugin}" for plugin in UNUSED_PLUGINS]  # as a PyScript config says it

# Every game on the landing page, built or not (a game is built once game_core registers it).
CATALOGUE = (
    ("blitzkrieg", "Blitzkrieg!", "World War Two in twenty minutes: two coalitions, five theaters, a bag of units."),
    ("blitzkrieg-nippon", "Blitzkrieg! Nippon", "The expansion: Germany against Japan on a map of the USA, with Godzilla."),
    ("bitskrieg", "Bitskrieg", "A tank duel on an 8x8 board, with nine optional advanced rules."),
    ("blitzed", "Blitzed!", "A real-time dice race for 3 to 5 players: roll, grab a task, thunder!"),
    ("fall-blau", "Campaign: Fall Blau", "A solitaire card game of the 1942 summer offensive, with hard and missions modes."),
)
# The landing page's card facts: players and length as the box or the rules give them (source in brackets).
CARD_FACTS = {
    "blitzkrieg": {"players": "1–2 players", "length": "about 20 min"},  # title of the box; solo module (rulebook)
    "blitzkrieg-nippon": {"players": "2 players", "length": "about 20 min"},  # the base game's box (printed)
    "bitskrieg": {"players": "2 players", "length": "about 20 min"},  # designed: our estimate from bot games
    "blitzed": {"players": "3–5 players", "length": "about 15 min"},  # reviews (secondary source)
    "fall-blau": {"players": "1 player", "length": "12 turns, about 30 min"},  # 3 turns a month, Jul–Oct (rulebook)
}
THUMBNAIL_MOVES = 12  # the landing page shows each board a few moves into a game, not empty


def run(cmd, **kw):
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, **kw)


def package_version(name: str) -> str:
    lock = json.loads((BUILD / "package-lock.json").read_text())
    return lock["packages"][f"node_modules/{name}"]["version"]


PYSCRIPT_DIST = BUILD / "node_modules" / "@pyscript" / "core" / "dist"


def vendor_runtime() -> Path:
    """npm ci the pinned runtime (only when missing or the lock changed)."""
    stamp = BUILD / "node_modules" / ".lock-sha"
    want = hashlib.sha256((BUILD / "package-lock.json").read_bytes()).hexdigest()
    if not stamp.exists() or stamp.read_text() != want:
        run(["npm", "ci", "--no-audit", "--no-fund", "--prefix", BUILD])
        stamp.write_text(want)
    wheels = list(VENDOR.glob("micropip-*.whl"))
    if not wheels:
        VENDOR.mkdir(parents=True, exist_ok=True)
        # micropip >= 0.8 requires Python >= 3.13, so ask pip for the Pyodide interpreter's version.
        run([sys.executable, "-m", "pip", "download", MICROPIP, "--no-deps", "--only-binary=:all:",
             "--python-version", "3.14", "-d", VENDOR])
        wheels = list(VENDOR.glob("micropip-*.whl"))
    return wheels[0]


def build_wheel() -> Path:
    shutil.rmtree(DIST, ignore_errors=True)
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", DIST, ROOT])
    return next(DIST.glob("game_core-*.whl"))


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def copy_runtime(micropip_wheel: Path) -> tuple[str, str]:
    pyodide_src = BUILD / "node_modules" / "pyodide"
    pyscript_src = PYSCRIPT_DIST
    pyodide_dir = f"runtime/pyodide-{package_version('pyodide')}"
    pyscript_dir = f"runtime/pyscript-{package_version('@pyscript/core')}"
    out = SITE / pyodide_dir
    out.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide_src / name, out / name)
    shutil.copy2(micropip_wheel, out / micropip_wheel.name)
    # Point the lock entries at the wheels we actually ship (see the module docstring).
    lock_path = out / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    for wheel in out.glob("*.whl"):
        for entry in lock["packages"].values():
            if entry["file_name"] == wheel.name:
                entry["sha256"] = sha256(wheel)
    lock_path.write_text(json.dumps(lock, separators=(",", ":")))
    shutil.copytree(pyscript_src, SITE / pyscript_dir, ignore=shutil.ignore_patterns("*.map"))
    return pyodide_dir, pyscript_dir


def python_bundles(wheel: Path) -> dict:
    """Zips of bytecode compiled by the vendored Pyodide (build/precompile.mjs), one per game package and
    one for the statistics page: the engine core, the page's own game package and its glue (web/app.py
    as `app` with its modules web/glue/ as `glue`; web/stats.py as `stats`). PyScript copies the zip, as
    it is, into the working directory, and the page imports straight from it (see `pyscript_config`).
    PyScript's own Python package
    is not in them: the glue never imports it (web/snapshot.mjs leaves out its set-up on the game pages).
    Also the pages' standard library ("stdlib"): the modules of Pyodide's python_stdlib.zip (2.5 MB of
    sources) that a fresh interpreter holds once it has imported every standard module our code imports
    anywhere, the engine and PyScript's own (RUNTIME_IMPORTS), compiled: about a tenth of the bytes, and no
    compiling at a first visit's start (docs/snapshot.md).
    Returns {game name, "stats" or "stdlib": site-relative URL}; each zip sits in a folder named by its
    content hash, so it can be cached forever."""
    with zipfile.ZipFile(wheel) as archive:
        sources = {name: archive.read(name).decode() for name in archive.namelist()
                   if name.endswith(".py") and name not in COMMAND_LINE_ONLY}
    sources.update({"app.py": (WEB / "app.py").read_text(), "stats.py": (WEB / "stats.py").read_text()})
    sources.update({f"glue/{path.name}": path.read_text() for path in (WEB / "glue").glob("*.py")})
    from game_core import games

    imports = [[module, names] for module, names in sorted(standard_imports(sources).items())]
    imports += [[f"game_core.{package}", []] for package in sorted(set(games.PACKAGES.values()))]
    imports += [[module, []] for module in SNAPSHOT_IMPORTS.split(", ") + RUNTIME_IMPORTS]
    done = subprocess.run(["node", BUILD / "precompile.mjs"], input=json.dumps({"sources": sources, "imports": imports}),
                          capture_output=True, text=True, check=True)
    made = json.loads(done.stdout)
    compiled = {name: base64.b64decode(data) for name, data in made["bundles"].items()}
    game_packages = {f"game_core/{package}/" for package in games.PACKAGES.values()}
    core = {name for name in compiled if name.startswith("game_core/") and not name.startswith(tuple(game_packages))}
    contents = {"stats": {name for name in compiled if name.startswith("game_core/")} | {"stats.pyc"}}
    for package in games.PACKAGES.values():
        contents[package] = (core | {"app.pyc"} | {name for name in compiled if name.startswith("glue/")}
                             | {name for name in compiled if name.startswith(f"game_core/{package}/")})
    urls = {bundle: bytecode_zip(bundle, {name: compiled[name] for name in names}) for bundle, names in contents.items()}
    urls["stdlib"] = bytecode_zip("stdlib", {name: base64.b64decode(data) for name, data in made["stdlib"].items()})
    urls.update({name: urls[package] for name, package in games.PACKAGES.items()})
    return urls


def bytecode_zip(bundle: str, data: dict) -> str:
    """Write a zip of compiled modules into a folder named by its content's hash; returns its site URL."""
    digest = hashlib.sha256(b"".join(name.encode() + b"\0" + data[name] for name in sorted(data)))
    folder = SITE / "py" / digest.hexdigest()[:12]
    folder.mkdir(parents=True)
    with zipfile.ZipFile(folder / f"{bundle}.zip", "w") as archive:
        for name in sorted(data):
            archive.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data[name],
                             compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return f"./py/{folder.name}/{bundle}.zip"


def standard_imports(sources: dict) -> dict:
    """Every standard-library (or Pyodide) module the sources import anywhere, at any depth of their code:
    {module: names imported from it (some may be submodules)}."""
    found = {}
    for path, source in sources.items():
        for node in ast.walk(ast.parse(source, path)):
            if isinstance(node, ast.Import):
                modules = [(alias.name, []) for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                modules = [(node.module, [alias.name for alias in node.names])]
            else:
                continue
            for module, names in modules:
                if module.split(".")[0] in sys.stdlib_module_names | PYODIDE_MODULES:
                    found.setdefault(module, set()).update(names)
    return {module: sorted(names) for module, names in found.items()}


# What a page's snapshot has already imported: the engine, the page's game, and the standard-library
# modules the glue and PyScript's own Python package import (the pages leave out that package's set-up,
# web/snapshot.mjs, but should it ever run, it finds them). Never `pyscript`, `js` objects or the DOM:
# those are set up after the restore.
SNAPSHOT_IMPORTS = ("game_core, game_core.games, game_core.limits, game_core.records, game_core.saves, "
                    "game_core.remote, game_core.remote_session, game_core.session, game_core.stats, game_core.tray, asyncio, base64, "
                    "collections, datetime, functools, html, inspect, io, json, pathlib, time")
# What PyScript's own start imports (its Python, before the page's), and codecs a page may name.
RUNTIME_IMPORTS = ["os", "sys", "builtins", "binascii", "pyodide.ffi", "pyodide.code", "pyodide.webloop",
                   "encodings.ascii", "encodings.latin_1", "encodings.utf_8_sig", "encodings.utf_16", "encodings.utf_32"]
PYODIDE_MODULES = {"pyodide", "_pyodide"}  # Pyodide's own Python package, in its standard library's zip


def snapshots(bundles: dict, pyodide_dir: str) -> dict:
    """What names each game page's memory snapshot, made on the visitor's device after a first visit
    (web/snapshot-maker.mjs) and kept in Cache Storage under that name: {game name: {"url", "imports"}}. The
    name's folder is a hash of everything the snapshot is made of (the runtime, the standard library, the
    bundle, the imports, the maker), so a new build that changes any of them names a new one; no file is
    served there."""
    from game_core import games

    made = {}
    for name, package in games.PACKAGES.items():
        imports = f"{SNAPSHOT_IMPORTS}, game_core.{package}"
        digest = hashlib.sha256("\0".join([pyodide_dir, bundles["stdlib"], bundles[name], imports,
                                           (WEB / "snapshot-maker.mjs").read_text()]).encode())
        made[name] = {"url": f"./py/{digest.hexdigest()[:12]}/{package}.snap", "imports": imports}
    return made


def bundle_file(bundle_url: str) -> str:
    """Where a page's bundle lands in Pyodide's working folder: its own file name."""
    return bundle_url.rsplit("/", 1)[-1]


def pyscript_config(prefix: str, bundle_url: str) -> str:
    """The page's PyScript config, inline (one request less): the vendored interpreter with the pages' own
    standard library (web/snapshot.mjs, which on a game page restores it from the page's snapshot when this
    browser keeps one), the page's bundle.

    The bundle is copied as it is and imported from the zip (see `python_start`): unpacking it would run
    Pyodide's archive unpacker (shutil, zipfile) and write a file per module at every start."""
    return json.dumps({"interpreter": f"{prefix}snapshot.mjs",
                       "files": {prefix + bundle_url[2:]: "./" + bundle_file(bundle_url)},
                       "plugins": PLUGINS_OFF}, separators=(",", ":"))


def python_start(bundle_url: str, module: str) -> str:
    """The page's Python: put its bundle (copied next to the interpreter's working folder) on the path, run it.
    An error that stops it is reported to the page as an uncaught error (web/boot.js shows it with Reload and
    Start a new game); PyScript alone would only print it to the console."""
    return (f'import os, sys\nsys.path.insert(0, os.path.abspath("{bundle_file(bundle_url)}"))\n'
            f'try:\n    import {module}\n'
            'except BaseException as error:\n'
            '    import js\n'
            '    if hasattr(js, "reportError"):\n'
            '        js.reportError(js.Error.new(f"{type(error).__name__}: {error}"))\n'
            '    raise')


def micropython_config() -> str:
    """PyScript loads its plugins once per script type, and for MicroPython (`mpy`), which no page uses, it
    would load every one of them: a config for that type turns them off there too."""
    plugins = json.dumps({"plugins": PLUGINS_OFF}, separators=(",", ":"))
    return f"<mpy-config hidden>{html.escape(plugins, quote=False)}</mpy-config>"


@functools.cache
def pyscript_modules(pyscript_dir: str) -> tuple:
    """PyScript's core chunk (core.js only re-exports it) and its error plugin, the modules it loads first."""
    chunk = re.search(r"\./(core-[\w-]+\.js)", (SITE / pyscript_dir / "core.js").read_text()).group(1)
    error_plugin = re.search(r"\./(error-[\w-]+\.js)", (SITE / pyscript_dir / chunk).read_text())
    return tuple(f"./{pyscript_dir}/{name}" for name in [chunk] + ([error_plugin.group(1)] if error_plugin else []))


def preload_hints(pyodide_dir: str, pyscript_dir: str, bundle_url: str, snapshot_url: str) -> str:
    """Start the big downloads at once instead of after core.js -> config -> pyodide.mjs -> lock file."""
    # The kept snapshot's read and the .wasm's compile, off the main thread (web/early.js). Deferred and put
    # before core.js, it runs first once the page is parsed (such scripts run in document order), so
    # snapshot.mjs always finds its worker: as an async script it ran too late half the time under load.
    early = (f'<script defer src="./early.js" data-snapshot="{snapshot_url}" '
             f'data-wasm="./{pyodide_dir}/pyodide.asm.wasm"></script>')
    modules = list(pyscript_modules(pyscript_dir))
    # Not pyodide.asm.mjs: a preloaded module is compiled on the main thread at once, and those 1.2 MB
    # held back the first paint by about 100 ms; it is fetched while the .wasm still downloads anyway.
    modules += [f"./{pyodide_dir}/pyodide.mjs", "./snapshot.mjs"]
    # Not the standard library: a page restored from its snapshot starts without it (web/snapshot.mjs).
    fetches = [f"./{pyodide_dir}/pyodide-lock.json", bundle_url]
    return "\n".join([early] + [f'<link rel="modulepreload" href="{url}">' for url in modules]
                     + [f'<link rel="preload" href="{url}" as="fetch" crossorigin>' for url in fetches])


LOCAL_URL = "http://127.0.0.1:8000"


def site_url(environ) -> str:
    """The absolute address the site is built for (see the module's docstring); SystemExit saying why when
    a production build has none, or the address given is not an http(s) one."""
    production = environ.get("CONTEXT") == "production"
    url = (environ.get("URL") if production else environ.get("DEPLOY_PRIME_URL") or environ.get("URL")) or ""
    if not url:
        if production:
            raise SystemExit("a production build (CONTEXT=production) needs the site's address in URL, "
                             "e.g. URL=https://blitzbox.example: its oEmbed files name it")
        url = LOCAL_URL
    if not re.fullmatch(r"https?://[^\s/?#\"'<>]+(/[^\s?#\"'<>]*)?", url):
        raise SystemExit(f"URL must be the site's absolute http(s) address, not {url!r}")
    return url.rstrip("/")


# Every page's Content-Security-Policy: everything from the site's own origin only. WebAssembly needs
# 'wasm-unsafe-eval'; Pyodide/PyScript also evaluate JavaScript strings at start-up, so 'unsafe-eval' is
# required (measured: without it the page never becomes ready). base-uri and form-action (not covered by
# default-src) keep an injected <base> or <form> from sending anything elsewhere.
POLICY = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; "
          "img-src 'self' data: blob:; connect-src 'self' data: blob:; worker-src 'self' blob:; base-uri 'self'; "
          "form-action 'self'")
CHARSET = '<meta charset="utf-8">'


def policy_script() -> str:
    """The first script of every page: it gives the page POLICY with each 'self' followed by the page's own
    origin, read from its address. In a sandboxed frame (an opaque origin) WebKit matches 'self' with
    nothing, so our own scripts, styles and fetches would be refused; the address names the origin on any
    host, with nothing to configure. Nothing is loaded before it (only the charset comes first), and every
    element and request after it is under the policy: a policy never loosens once given."""
    own = "\"'self' \" + location.protocol + \"//\" + location.host"
    return ('<script>document.head.append(Object.assign(document.createElement("meta"), '
            f'{{httpEquiv: "Content-Security-Policy", content: {json.dumps(POLICY)}.replaceAll("\'self\'", {own})}}));'
            '</script>')


def protect_pages() -> None:
    """Put policy_script() right after the charset of every page of the site."""
    script = policy_script()
    for path in SITE.rglob("*.html"):
        page = path.read_text()
        if not page.startswith(f"<!doctype html>\n<html lang=\"en\">\n<head>\n{CHARSET}\n"):
            raise SystemExit(f"{path}: a page's head must begin with {CHARSET}, then its security policy")
        path.write_text(page.replace(CHARSET, f"{CHARSET}\n{script}", 1))


def page_variants(name: str, title: str, pyscript_dir: str, pyodide_dir: str, bundle_url: str, snapshot_url: str,
                  base_url: str) -> dict:
    """The template's fill-ins for the full page and for the click-to-play embed (`base_url`: site_url())."""
    boot = '<script src="./boot.js"></script>'
    full = {
        "BASE": "", "BODY_ATTRS": "", "LOADING_ATTRS": "", "PLAY_BUTTON": "",
        # No PyScript core.css: it styles PyScript's editor and config tags, which these pages do not use,
        # and a stylesheet in the head holds back the first paint.
        "HEAD": (f'{preload_hints(pyodide_dir, pyscript_dir, bundle_url, snapshot_url)}\n'
                 f'<script type="module" src="./{pyscript_dir}/core.js"></script>\n'
                 f'{oembed_link(name, title, base_url)}'),
        "HOME_LINK": '<a class="home" href="./">Blitzbox</a>',
        "STATUS": "Loading the game engine…",
        "SCRIPTS": (f'{micropython_config()}\n'
                    f'<script type="py" config="{html.escape(pyscript_config("./", bundle_url))}">'
                    f'{python_start(bundle_url, "app")}</script>\n{boot}'),
    }
    embed = {
        "BASE": "", "BODY_ATTRS": ' data-embed="1" class="embed"', "LOADING_ATTRS": " hidden",
        # The same hints, put in the head by the play button (embed-page.js): otherwise the runtime's
        # files would be asked for one after another (core.js -> config -> snapshot.mjs -> Pyodide).
        "HEAD": f'<template id="engine-preloads">\n{preload_hints(pyodide_dir, pyscript_dir, bundle_url, snapshot_url)}\n</template>',
        "PLAY_BUTTON": (f'<p id="click-to-play"><button type="button" id="play-button">Click to play '
                        f'{html.escape(title)}</button> <small>(loads the game engine, about 5 MB, once)</small></p>'),
        "HOME_LINK": (f'<a class="home" href="./{name}.html" target="_blank" rel="noopener" '
                      f'aria-label="Open the full game in a new tab">Full game ↗</a>'),
        "STATUS": "Press “Click to play” to start.",
        "SCRIPTS": (f'{micropython_config()}\n{boot}\n<script src="./embed-page.js" data-pyscript="./{pyscript_dir}" '
                    f'data-config="{html.escape(pyscript_config("../", bundle_url))}" '
                    f'data-python="{html.escape(python_start(bundle_url, "app"))}"></script>'),
    }
    return {"full": full, "embed": embed}


def oembed_link(name: str, title: str, base_url: str) -> str:
    """The page's oEmbed discovery link: absolute, as consumers read it from the page's address alone."""
    return (f'<link rel="alternate" type="application/json+oembed" href="{html.escape(base_url)}/oembed/{name}.json" '
            f'title="{html.escape(title)}">')


def oembed(name: str, title: str, base_url: str) -> str:
    """A `rich` oEmbed document so blog platforms can embed a game from its link (`base_url`: site_url())."""
    src = f"{base_url}/embed/{name}.html"
    return json.dumps({
        "version": "1.0", "type": "rich", "provider_name": "Blitzbox", "provider_url": f"{base_url}/",
        "title": title, "width": 900, "height": 600,
        "html": (f'<iframe src="{html.escape(src)}" title="{html.escape(title)} on Blitzbox" width="900" height="600" '
                 f'style="width:100%;aspect-ratio:3/2;border:0" loading="lazy" allow="fullscreen"></iframe>'),
    }, indent=1)


def quick_start(rules: Path) -> str:
    """The rules page's one-minute list (<ol class="quick-start">), shown on the game page."""
    text = rules.read_text() if rules.exists() else ""
    start = text.find('<ol class="quick-start">')
    return text[start:text.find("</ol>", start) + len("</ol>")] if start >= 0 else ""


def game_pages(bundles: dict, snaps: dict, pyodide_dir: str, pyscript_dir: str, base_url: str) -> list[dict]:
    """Render a page and an embed page per built game, with the board drawn now (before Python loads),
    naming its snapshot and what the snapshot imports on the body (web/snapshot.mjs reads them)."""
    from game_core import games
    from game_core.session import draw

    for folder in ("embed", "oembed", "rules"):
        (SITE / folder).mkdir(exist_ok=True)
    template = (WEB / "game.html").read_text()
    # The game pages carry the stylesheet inline: a linked one blocks the first paint for one more
    # request (about 100 ms of first contentful paint in the benchmark, on every game page).
    style = f"<style>\n{(WEB / 'style.css').read_text()}</style>"
    built = []
    for name, title, blurb in CATALOGUE:
        if name not in games.names():
            built.append({"name": name, "title": title, "blurb": blurb, "ready": False})
            continue
        game = games.get(name)
        skeleton = draw(games.package(game.name), game.new_game(1), None, {"interactive": False})
        rules = WEB / "rules" / f"{name}.html"
        common = {"GAME": name, "TITLE": html.escape(title), "BLURB": html.escape(blurb), "SKELETON": skeleton,
                  "QUICK_START": quick_start(rules), "STYLE": style,
                  "SNAPSHOT_ATTRS": (f' data-snapshot="{snaps[name]["url"]}"'
                                     f' data-snapshot-imports="{snaps[name]["imports"]}"')}
        for variant, fills in page_variants(name, title, pyscript_dir, pyodide_dir, bundles[name], snaps[name]["url"],
                                            base_url).items():
            page = template
            for key, value in {**fills, **common}.items():
                page = page.replace("{{" + key + "}}", value)
            if variant == "embed":  # one folder down: every site-relative link climbs one level
                page = page.replace('"./', '"../')
            (SITE / (f"{name}.html" if variant == "full" else f"embed/{name}.html")).write_text(page)
        (SITE / "oembed" / f"{name}.json").write_text(oembed(name, title, base_url))
        if rules.exists():
            wrapper = (WEB / "rules.html").read_text()
            (SITE / "rules" / f"{name}.html").write_text(
                wrapper.replace("{{TITLE}}", html.escape(title)).replace("{{GAME}}", name)
                .replace("{{RULES}}", diagrams.fill(name, rules.read_text())))
        built.append({"name": name, "title": title, "blurb": blurb, "ready": True})
    return built


def thumbnail(name: str) -> str:
    """The game's board drawn by its engine a few (seeded) moves into a game, for the landing page."""
    from game_core import games
    from game_core.rng import Rng
    from game_core.session import draw

    game = games.get(name)
    state, rng = game.new_game(1), Rng.from_seed(1, "thumbnail")
    for _ in range(THUMBNAIL_MOVES):
        if state.is_over or not state.legal_actions():
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return draw(games.package(game.name), state, None, {"interactive": False})


def landing_page(catalogue: list[dict]) -> None:
    (SITE / "thumbs").mkdir(exist_ok=True)
    cards = []
    for item in catalogue:
        name, title = item["name"], html.escape(item["title"])
        facts = "".join(f"<li>{html.escape(fact)}</li>" for fact in CARD_FACTS[name].values())
        if item["ready"]:
            (SITE / "thumbs" / f"{name}.svg").write_text(thumbnail(name))
            cards.append(
                f'<li class="game-card" data-card="{name}"><div class="thumb">'
                f'<img src="./thumbs/{name}.svg" alt=""></div>'
                f'<h2><a href="./{name}.html">{title}</a></h2><ul class="facts" aria-label="Facts">{facts}</ul>'
                f'<p>{html.escape(item["blurb"])}</p><p class="links">'
                f'<a class="button play" href="./{name}.html">Play</a>'
                f'<a class="button continue" href="./{name}.html" hidden>Continue your game</a>'
                f'<a class="button" href="./rules/{name}.html">Rules</a></p></li>')
        else:
            cards.append(f'<li class="game-card coming" data-card="{name}"><h2>{title}</h2>'
                         f'<ul class="facts" aria-label="Facts">{facts}</ul><p>{html.escape(item["blurb"])}</p>'
                         f'<p><em>Coming soon</em></p></li>')
    page = (WEB / "index.html").read_text().replace("{{CARDS}}", "\n".join(cards))
    (SITE / "index.html").write_text(page)


def embed_files(name: str, bundle_url: str, stdlib_url: str) -> list:
    """What an embed needs offline: its page and scripts, the runtime, its own game's bundle."""
    runtime = sorted("./" + p.relative_to(SITE).as_posix() for p in (SITE / "runtime").rglob("*") if p.is_file())
    return [f"./embed/{name}.html", "./boot.js", "./embed-page.js", "./early.js", "./snapshot.mjs",
            "./snapshot-maker.mjs", "./icon.svg", "./manifest.webmanifest", bundle_url, stdlib_url] + runtime


def service_worker(bundles: dict) -> None:
    """Precache every site file (or, for an embed's worker, its own game's files) under a cache name that
    changes whenever any file does."""
    files = sorted(p for p in SITE.rglob("*") if p.is_file() and p.name != "sw.js")
    digest = hashlib.sha256()
    urls = []
    for path in files:
        rel = path.relative_to(SITE).as_posix()
        digest.update(rel.encode() + b"\0" + path.read_bytes())
        urls.append("./" + rel)
    urls.append("./")
    from game_core import games

    lists = {"site": urls, "embeds": {name: embed_files(name, bundles[name], bundles["stdlib"]) for name in games.names()}}
    source = (WEB / "sw.js").read_text()
    source = source.replace("__HASH__", digest.hexdigest()[:12])
    source = source.replace("__PRECACHE__", json.dumps(lists, indent=1))
    (SITE / "sw.js").write_text(source)


def build() -> None:
    base_url = site_url(os.environ)  # first: a production build without its address stops before any work
    micropip_wheel = vendor_runtime()
    wheel = build_wheel()
    shutil.rmtree(SITE, ignore_errors=True)
    SITE.mkdir()
    pyodide_dir, pyscript_dir = copy_runtime(micropip_wheel)
    bundles = python_bundles(wheel)
    snaps = snapshots(bundles, pyodide_dir)
    for path in WEB.iterdir():
        if path.suffix in (".css", ".js", ".webmanifest", ".svg", ".png") and path.name != "sw.js":
            shutil.copy2(path, SITE / path.name)
    for module in ("snapshot.mjs", "snapshot-maker.mjs"):
        (SITE / module).write_text((WEB / module).read_text().replace("__PYODIDE__", pyodide_dir)
                                   .replace("__STDLIB__", bundles["stdlib"]))
    catalogue = game_pages(bundles, snaps, pyodide_dir, pyscript_dir, base_url)
    landing_page(catalogue)
    (SITE / "stats.html").write_text(
        (WEB / "stats.html").read_text().replace("{{PYSCRIPT}}", pyscript_dir)
        .replace("{{CONFIG}}", html.escape(pyscript_config("./", bundles["stats"])))
        .replace("{{PYTHON}}", python_start(bundles["stats"], "stats"))
        .replace("{{MICROPYTHON_CONFIG}}", micropython_config()))
    protect_pages()
    service_worker(bundles)
    print(f"built {SITE} ({sum(p.stat().st_size for p in SITE.rglob('*') if p.is_file()) // 1024} KB)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--serve", action="store_true", help="serve site/ after building")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    args = parser.parse_args()
    build()
    if args.serve:
        sys.path.insert(0, str(BUILD))
        from serve import serve
        serve(SITE, args.port)


if __name__ == "__main__":
    main()
