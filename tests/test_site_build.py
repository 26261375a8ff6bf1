"""The built site's Python: each page loads one precompiled bundle holding only what that page imports.

They read site/ as `build/site.py` built it (build/test.sh builds it before the tests run); where it is
missing, the first test builds it, so these tests never pass by being skipped.
"""

import base64
import gzip
import hashlib
import html
import importlib.util
import json
import marshal
import re
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
# build/site.py, loaded under another name: `site` is a standard library module.
_spec = importlib.util.spec_from_file_location("site_builder", ROOT / "build" / "site.py")
site_builder = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(site_builder)
_spec = importlib.util.spec_from_file_location("bytecode", ROOT / "build" / "bytecode.py")
bytecode = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bytecode)


@pytest.fixture(scope="module", autouse=True)
def built_site():
    if sys.platform == "emscripten":
        pytest.skip("the site is built by CPython (this suite also runs inside Pyodide, which has no site/)")
    if not (SITE / "index.html").exists():
        subprocess.run([sys.executable, str(ROOT / "build" / "site.py")], cwd=ROOT, check=True)


def page_config(path: Path) -> dict:
    """The PyScript config written inline on a page (the embed page hands it to embed-page.js)."""
    text = path.read_text()
    found = re.search(r'<script type="py" config="([^"]*)">', text) or re.search(r'data-config="([^"]*)"', text)
    return json.loads(html.unescape(found.group(1)))


def bundle_names(page: Path, config: dict) -> list:
    (url,) = config["files"]
    with zipfile.ZipFile((page.parent / url).resolve()) as bundle:
        return bundle.namelist()


@pytest.mark.parametrize("folder", ["", "embed/"])
def test_every_game_page_loads_its_own_game_and_nothing_else(folder):
    from game_core import games

    for name, package in games.PACKAGES.items():
        page = SITE / f"{folder}{name}.html"
        config = page_config(page)
        assert (page.parent / config["interpreter"]).resolve().is_file()
        names = bundle_names(page, config)
        assert "app.pyc" in names and "game_core/engine.pyc" in names and "game_core/session.pyc" in names
        assert f"game_core/{package}/__init__.pyc" in names
        assert not any(n.startswith("pyscript/") for n in names), "the glue never imports PyScript's package"
        packages = {n.split("/")[1] for n in names if n.count("/") == 2} & set(games.PACKAGES.values())
        assert packages == {package}, f"{name} ships other games' code: {packages}"  # (core packages: remote)
        assert not any(n.endswith(".py") for n in names), "sources are compiled, not shipped"
        assert not {n[:-1] for n in names} & site_builder.COMMAND_LINE_ONLY


def test_the_bytecode_is_for_the_vendored_pyodide():
    """A .pyc starts with its interpreter's magic number: it must be Pyodide's CPython 3.14's, not ours."""
    (bundle,) = (SITE / "py").rglob("blitzkrieg.zip")
    with zipfile.ZipFile(bundle) as archive:
        header = archive.read("game_core/engine.pyc")[:4]
    assert header[2:] == b"\r\n"
    magic = int.from_bytes(header[:2], "little")
    assert 3600 <= magic < 3700, f"magic {magic} is not CPython 3.14's range"
    assert header != importlib.util.MAGIC_NUMBER or sys.version_info[:2] == (3, 14)


def test_the_statistics_page_can_name_every_game():
    from game_core import games

    page = SITE / "stats.html"
    names = bundle_names(page, page_config(page))
    assert "stats.pyc" in names and "app.pyc" not in names
    for package in set(games.PACKAGES.values()):
        assert f"game_core/{package}/__init__.pyc" in names


@pytest.mark.parametrize("folder", ["", "embed/"])
def test_game_pages_paint_without_waiting_for_a_stylesheet(folder):
    """The board is drawn into the HTML; a linked stylesheet would hold its first paint back a request."""
    from game_core import games

    css = (ROOT / "web" / "style.css").read_text()
    for name in games.names():
        text = (SITE / f"{folder}{name}.html").read_text()
        assert 'rel="stylesheet"' not in text
        assert css in text


def test_a_page_asks_for_its_engine_at_once_and_an_embed_as_soon_as_it_is_clicked():
    """Both start every file the engine needs in one go (the snapshot's interpreter module included; the
    .wasm and the kept snapshot by early.js, with the page's own snapshot), except the standard library's
    zip, which a page restored from its snapshot only fetches once ready."""
    from game_core import games

    early = r'<script defer src="\.{1,2}/early\.js" data-snapshot="\.{1,2}/([^"]+)" data-wasm="\.{1,2}/([^"]+)"></script>'
    for name in games.names():
        page = (SITE / f"{name}.html").read_text()
        embed = (SITE / f"embed/{name}.html").read_text()
        hints = re.findall(r'<link rel="(?:module)?preload" href="\./([^"]+)"', page)
        assert "snapshot.mjs" in hints and not any(h.endswith(".wasm") for h in hints)  # early.js fetches it
        assert not any("stdlib" in h for h in hints)
        snapshot = re.search(r'<body[^>]* data-snapshot="\./([^"]+)"', page).group(1)
        pyodide = next((SITE / "runtime").glob("pyodide-*")).name
        assert re.findall(early, page) == [(snapshot, f"runtime/{pyodide}/pyodide.asm.wasm")]
        # before core.js: deferred scripts run in document order, so early.js's worker is there for snapshot.mjs
        assert page.index("/early.js") < page.index("/core.js")
        template = re.search(r'<template id="engine-preloads">(.*?)</template>', embed, re.S).group(1)
        assert re.findall(r'<link rel="(?:module)?preload" href="\.\./([^"]+)"', template) == hints
        assert re.findall(early, template) == re.findall(early, page)
        assert "preload\"" not in embed.replace(template, "")  # nothing loads before the click


def service_worker_lists() -> dict:
    source = (SITE / "sw.js").read_text()
    start = source.index("const LISTS = ") + len("const LISTS = ")
    return json.JSONDecoder().raw_decode(source[start:])[0]


def test_an_embed_worker_precaches_only_its_own_game():
    """A blog reader's browser should not download all five games for one embedded board."""
    from game_core import games

    lists = service_worker_lists()
    assert set(lists["embeds"]) == set(games.names())
    for name, urls in lists["embeds"].items():
        assert all((SITE / url).is_file() for url in urls), name
        zips = [url for url in urls if url.startswith("./py/")]
        assert zips == list(page_config(SITE / f"{name}.html")["files"]) + [stdlib_url()], "its own bundle, no other"
        assert f"./embed/{name}.html" in urls and not any(url.startswith(("./rules/", "./oembed/")) for url in urls)
        assert not [url for url in urls if url.endswith(".html") and url != f"./embed/{name}.html"]
    assert len(lists["site"]) > len(max(lists["embeds"].values(), key=len))


def test_every_page_gives_itself_the_policy_before_anything_else():
    """The security policy keeps base and form targets on this site; every page's first script gives it."""
    assert "base-uri 'self'" in site_builder.POLICY and "form-action 'self'" in site_builder.POLICY
    pages = sorted(SITE.rglob("*.html"))
    assert len(pages) > 10
    for page in pages:
        head = page.read_text().split("<head>\n", 1)[1]
        assert head.startswith(f'<meta charset="utf-8">\n{site_builder.policy_script()}\n'), page


def stdlib_url() -> str:
    """The pages' standard library, as web/snapshot.mjs names it."""
    return re.search(r'const STDLIB = new URL\("(\./py/\w+/stdlib\.zip)"', (SITE / "snapshot.mjs").read_text()).group(1)


@pytest.mark.parametrize("folder", ["", "embed/"])
def test_every_game_page_names_its_own_snapshot_by_what_it_is_made_of(folder):
    """A page keeps (web/snapshot.mjs) and restores only the snapshot its body names, made on the device:
    the name changes with anything the snapshot is made of, and no file is served there."""
    from game_core import games

    for name, package in games.PACKAGES.items():
        page = SITE / f"{folder}{name}.html"
        text = page.read_text()
        assert (page.parent / page_config(page)["interpreter"]).resolve() == SITE / "snapshot.mjs"
        url = re.search(r' data-snapshot="([^"]+)"', text).group(1)
        assert re.fullmatch(rf"\.{{1,2}}/py/\w{{12}}/{package}\.snap", url) and not (page.parent / url).exists()
        imports = re.search(r' data-snapshot-imports="([^"]+)"', text).group(1).split(", ")
        assert f"game_core.{package}" in imports and "game_core.session" in imports and "pyscript" not in imports
    bundles = {name: next(iter(page_config(SITE / f"{name}.html")["files"])) for name in games.names()}
    bundles["stdlib"] = stdlib_url()
    pyodide = f"runtime/{next((SITE / 'runtime').glob('pyodide-*')).name}"
    named = site_builder.snapshots(bundles, pyodide)["blitzkrieg"]["url"]
    assert f' data-snapshot="{named}"' in (SITE / "blitzkrieg.html").read_text()
    for changed in ({**bundles, "stdlib": "./py/000000000000/stdlib.zip"}, {**bundles, "blitzkrieg": "./py/0/b.zip"}):
        assert site_builder.snapshots(changed, pyodide)["blitzkrieg"]["url"] != named
    assert site_builder.snapshots(bundles, "runtime/pyodide-0")["blitzkrieg"]["url"] != named


def test_no_page_asks_for_a_snapshot_and_every_worker_precaches_its_maker():
    """A first visit downloads no snapshot (the device makes it): none is built, and the maker works offline."""
    assert not list(SITE.rglob("*.snap"))
    lists = service_worker_lists()
    for urls in [lists["site"], *lists["embeds"].values()]:
        assert {"./snapshot.mjs", "./snapshot-maker.mjs", stdlib_url()} <= set(urls)
        assert not any("python_stdlib" in url for url in urls)


def our_sources() -> dict:
    """The Python the pages' bundles are compiled from (build/site.py python_bundles)."""
    sources = {path.relative_to(ROOT).as_posix(): path.read_text() for path in (ROOT / "game_core").rglob("*.py")
               if path.relative_to(ROOT).as_posix() not in site_builder.COMMAND_LINE_ONLY}
    sources.update({f"web/{path.relative_to(ROOT / 'web')}": path.read_text() for path in (ROOT / "web").rglob("*.py")})
    return sources


IMPORT_ALL = """
import { readFileSync } from "node:fs";
import { loadPyodide } from "%s";
const [stdlib, bundles, imports] = JSON.parse(process.argv[1]);
const py = await loadPyodide({ stdLibURL: stdlib });
const paths = bundles.map((bundle, n) => { py.FS.writeFile(`/tmp/${n}.zip`, readFileSync(bundle)); return `/tmp/${n}.zip`; });
py.globals.set("JOB", JSON.stringify([paths, imports]));
console.log(py.runPython(`
import importlib, importlib.util, json, sys
bundles, imports = json.loads(JOB)
sys.path[:0] = bundles
missing = []
for module, names in imports:
    try:
        importlib.import_module(module)
        for name in names:
            if hasattr(sys.modules[module], "__path__") and importlib.util.find_spec(f"{module}.{name}"):
                importlib.import_module(f"{module}.{name}")
    except ImportError as error:
        missing.append(f"{module}: {error}")
json.dumps(missing)
`));
"""


def test_the_pages_standard_library_holds_every_module_their_code_imports():
    """Every standard-library module any line of the pages' Python imports (at any depth: in a function too),
    and the engine of every game, import in the vendored Pyodide given the pages' standard library alone."""
    from game_core import games

    imports = site_builder.standard_imports(our_sources())
    assert {"json", "asyncio", "html", "secrets", "pyodide.ffi", "urllib.parse"} <= set(imports)
    imports = sorted(imports.items()) + [(f"game_core.{package}", []) for package in sorted(set(games.PACKAGES.values()))]
    bundles = [str(path) for path in (SITE / "py").rglob("stats.zip")]  # (every game's engine)
    script = IMPORT_ALL % (ROOT / "build" / "node_modules" / "pyodide" / "pyodide.mjs").as_uri()
    done = subprocess.run(["node", "--input-type=module", "-e", script,
                           json.dumps([str(SITE / stdlib_url()), bundles, imports])],
                          capture_output=True, text=True, check=True, timeout=300)
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []
    with zipfile.ZipFile(SITE / stdlib_url()) as stdlib:
        names = stdlib.namelist()
    assert "asyncio/__init__.py" in names and "encodings/utf_8.py" in names
    assert not any(name.startswith(("unittest/", "xml/", "email/", "multiprocessing/")) for name in names), "only what the pages use"


def test_the_standard_library_keeps_its_code_and_lines_without_comments_and_docstrings():
    source = ('# -*- coding: utf-8 -*-\n"""A module.\n\nTwo lines."""\nimport json  # a comment\n'
              "class Piece:\n    '''A piece.'''\n    size = '# not a comment'\n\n"
              "def only_doc():\n    '''Nothing\n    else.'''\n\n"
              "def checked(x):\n    # why\n    raise ValueError(x)\n")
    lean = bytecode.lean_source(source, "sample.py")
    assert "A module" not in lean and "Nothing" not in lean and "# a comment" not in lean and "why" not in lean
    assert lean.startswith("# -*- coding: utf-8 -*-\n") and "'# not a comment'" in lean
    assert len(lean.splitlines()) == len(source.splitlines())
    namespace = {}
    exec(compile(lean, "sample.py", "exec"), namespace)
    assert namespace["Piece"].size == "# not a comment" and namespace["only_doc"]() is None and "json" in namespace
    with pytest.raises(ValueError) as raised:
        namespace["checked"](1)
    assert raised.traceback[-1].lineno + 1 == 16, "the raise stays on its line"


def test_bundled_bytecode_leaves_out_docstrings_and_keeps_asserts_and_line_numbers():
    source = ('"""A module."""\n'
              "class Piece:\n    '''A piece.'''\n\n"
              "def only_doc():\n    '''Nothing else.'''\n\n"
              "def checked(x):\n    '''Checked.'''\n    assert x, 'no x'\n    raise ValueError(x)\n")
    data = bytecode.pyc(source, "sample.py")
    assert data[:4] == importlib.util.MAGIC_NUMBER and b"A module" not in data and b"Nothing else" not in data
    namespace = {}
    exec(marshal.loads(data[16:]), namespace)
    assert namespace.get("__doc__") is None and namespace["Piece"].__doc__ is None and namespace["only_doc"]() is None
    with pytest.raises(AssertionError, match="no x"):
        namespace["checked"](0)
    with pytest.raises(ValueError) as raised:
        namespace["checked"](1)
    assert raised.traceback[-1].lineno + 1 == 11, "the raise stays on its line"


def test_each_pages_oembed_discovery_link_is_absolute_and_names_its_document():
    for document in sorted((SITE / "oembed").glob("*.json")):
        base = json.loads(document.read_text())["provider_url"]
        assert base.startswith(("https://", "http://"))
        page = (SITE / f"{document.stem}.html").read_text()
        assert f'type="application/json+oembed" href="{base}oembed/{document.stem}.json"' in page
