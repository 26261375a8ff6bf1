"""The headers the site is served with (netlify.toml, served the same by build/serve.py): every page but the
embeds refuses to be framed by another site (no clickjacking of Saves or Delete), and an embed stays
frameable anywhere."""

import sys
import threading
import tomllib
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))
from serve import headers_for, make_server  # noqa: E402

GAMES = ("blitzkrieg", "blitzkrieg-nippon", "bitskrieg", "blitzed", "fall-blau")
# Every page the builder writes outside /embed/, each by both its addresses (Netlify serves /x as x.html).
FULL_PAGES = ["/", "/index.html", "/stats.html", "/stats"] + [
    address for name in GAMES for address in (f"/{name}.html", f"/{name}", f"/rules/{name}.html", f"/rules/{name}")]
EMBEDS = [address for name in GAMES for address in (f"/embed/{name}.html", f"/embed/{name}")]
FRAMED_BY_OURS_ONLY = {"Content-Security-Policy": "frame-ancestors 'self'", "X-Frame-Options": "SAMEORIGIN"}


def test_netlify_toml_keeps_every_page_but_the_embeds_from_other_sites_frames():
    for address in FULL_PAGES:
        headers = headers_for(address)
        assert {name: headers.get(name) for name in FRAMED_BY_OURS_ONLY} == FRAMED_BY_OURS_ONLY, address
    for address in EMBEDS:
        assert not {"Content-Security-Policy", "X-Frame-Options"} & set(headers_for(address)), address


def test_the_header_policy_holds_frame_ancestors_alone():
    """A header policy adds to the page's own <meta> policy: one that held more could refuse what the page
    allows (in WebKit a header's 'self' matches nothing in a sandboxed frame)."""
    with (ROOT / "netlify.toml").open("rb") as file:
        rules = tomllib.load(file)["headers"]
    policies = {rule["values"]["Content-Security-Policy"] for rule in rules
                if "Content-Security-Policy" in rule["values"]}
    assert policies == {"frame-ancestors 'self'"}


def test_netlify_paths_are_read_as_netlify_reads_them():
    assert headers_for("/fall-blau")["X-Frame-Options"] == "SAMEORIGIN"  # ":page": one segment
    assert "X-Frame-Options" not in headers_for("/embed/fall-blau.html")
    assert headers_for("/embed/fall-blau.html")["Cache-Control"] == "no-cache"  # "/*.html" holds every folder
    assert headers_for("/runtime/x/pyodide.asm.wasm")["Content-Type"] == "application/wasm"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """build/serve.py serving a folder laid out as the built site."""
    root = tmp_path_factory.mktemp("site")
    for address in FULL_PAGES + EMBEDS:
        if address.endswith(".html"):
            path = root / address.lstrip("/")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("<!doctype html><title>page</title>")
    server = make_server(root, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def test_serve_py_sends_the_framing_headers_to_every_page_but_the_embeds(served):
    for address in FULL_PAGES + EMBEDS:
        with urllib.request.urlopen(served + address) as response:
            sent = {name: response.headers.get(name) for name in FRAMED_BY_OURS_ONLY}
        if address.startswith("/embed/"):
            assert sent == {name: None for name in FRAMED_BY_OURS_ONLY}, address
        else:
            assert sent == FRAMED_BY_OURS_ONLY, address
